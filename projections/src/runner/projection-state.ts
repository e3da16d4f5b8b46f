import type { Checkpoint, SqlExecutor } from '@storefront/eventstore';
import { checkpointFromRow } from './checkpoint-order';

/**
 * The bookkeeping rows of one projection:
 * - `checkpoints(name, transaction_id, global_position)` (event store table): where the live
 *   generation has applied up to;
 * - `projection_generations(name, active_generation, rebuild_generation, rebuild_transaction_id,
 *   rebuild_global_position, stopped_at, stopped_error)` (our migration): which generation the
 *   views point at, the progress of a running rebuild, and whether the 'stop' policy halted it.
 */
export type ProjectionState = {
  generation: number;
  /** projectionVersion() of the code that filled the active generation (null: unknown, before versions). */
  version: string | null;
  checkpoint: Checkpoint;
  rebuildGeneration: number | null;
  rebuildCheckpoint: Checkpoint | null;
  /** The version the rebuild in progress fills its generation with. */
  rebuildVersion: string | null;
  stoppedAt: Date | null;
  stoppedError: string | null;
};

/** A new projection's first generation is made by this code: it starts at `version`. */
export async function ensureProjectionRows(db: SqlExecutor, name: string, version: string): Promise<void> {
  await db.query(`insert into projection_generations (name, active_version) values ($1, $2) on conflict (name) do nothing`, [name, version]);
  await db.query(
    `insert into checkpoints (name, transaction_id, global_position) values ($1, '0'::xid8, 0) on conflict (name) do nothing`,
    [name],
  );
}

type StateRow = {
  active_generation: number;
  active_version: string | null;
  rebuild_version: string | null;
  rebuild_generation: number | null;
  rebuild_transaction_id: string | null;
  rebuild_global_position: number | null;
  stopped_at: Date | null;
  stopped_error: string | null;
  transaction_id: string | null;
  global_position: number | null;
};

/** `forUpdate` locks the generations row (rebuild steps use it to serialise with each other). */
export async function readProjectionState(ex: SqlExecutor, name: string, forUpdate = false): Promise<ProjectionState | null> {
  const { rows } = await ex.query<StateRow>(
    `select g.active_generation, g.active_version, g.rebuild_version, g.rebuild_generation, g.rebuild_transaction_id::text as rebuild_transaction_id,
            g.rebuild_global_position, g.stopped_at, g.stopped_error,
            c.transaction_id::text as transaction_id, c.global_position
     from projection_generations g left join checkpoints c on c.name = g.name
     where g.name = $1 ${forUpdate ? 'for update of g' : ''}`,
    [name],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    generation: Number(row.active_generation),
    version: row.active_version,
    checkpoint: checkpointFromRow(row.transaction_id, row.global_position),
    rebuildGeneration: row.rebuild_generation === null ? null : Number(row.rebuild_generation),
    rebuildCheckpoint:
      row.rebuild_generation === null ? null : checkpointFromRow(row.rebuild_transaction_id, row.rebuild_global_position),
    rebuildVersion: row.rebuild_generation === null ? null : row.rebuild_version,
    stoppedAt: row.stopped_at,
    stoppedError: row.stopped_error,
  };
}

export async function writeCheckpoint(tx: SqlExecutor, name: string, checkpoint: Checkpoint): Promise<void> {
  await tx.query(
    `insert into checkpoints (name, transaction_id, global_position, updated_at) values ($1, $2::xid8, $3, now())
     on conflict (name) do update set transaction_id = excluded.transaction_id,
       global_position = excluded.global_position, updated_at = excluded.updated_at`,
    [name, checkpoint.transactionId, checkpoint.globalPosition],
  );
}

export async function markStopped(tx: SqlExecutor, name: string, error: string): Promise<void> {
  await tx.query(
    `update projection_generations set stopped_at = now(), stopped_error = $2, updated_at = now() where name = $1`,
    [name, error],
  );
}

export async function clearStopped(ex: SqlExecutor, name: string): Promise<void> {
  await ex.query(
    `update projection_generations set stopped_at = null, stopped_error = null, updated_at = now() where name = $1`,
    [name],
  );
}

export async function writeRebuildCheckpoint(tx: SqlExecutor, name: string, generation: number, checkpoint: Checkpoint): Promise<void> {
  await tx.query(
    `update projection_generations set rebuild_generation = $2, rebuild_transaction_id = $3::xid8,
       rebuild_global_position = $4, updated_at = now() where name = $1`,
    [name, generation, checkpoint.transactionId, checkpoint.globalPosition],
  );
}

/** Starts a rebuild into `generation` from `checkpoint` (START) with the code at `version`. */
export async function startRebuild(tx: SqlExecutor, name: string, generation: number, checkpoint: Checkpoint, version: string): Promise<void> {
  await tx.query(
    `update projection_generations set rebuild_generation = $2, rebuild_transaction_id = $3::xid8,
       rebuild_global_position = $4, rebuild_version = $5, updated_at = now() where name = $1`,
    [name, generation, checkpoint.transactionId, checkpoint.globalPosition, version],
  );
}

/**
 * Which of `projections` a round should wake now (one statement for all of them: the runner's idle
 * poll): those with an unread event of a type they read among the next `window` events after their
 * checkpoint (a NOTIFY that was missed), and those with unread events of other types only whose
 * checkpoint has not moved for `foreignAfterMs` (a round moves it past them: lag and status stay
 * true, but a stream of other events costs a projection one round per `foreignAfterMs`, not one
 * per poll).
 */
export async function namesWithUnreadEvents(
  ex: SqlExecutor,
  projections: { name: string; eventTypes: readonly string[] }[],
  options: { foreignAfterMs: number; window?: number },
): Promise<string[]> {
  if (projections.length === 0) return [];
  const { rows } = await ex.query<{ name: string }>(
    `select c.name
       from unnest($1::text[], $2::text[]) as p(name, types)
       join checkpoints c on c.name = p.name
      where exists (select 1 from (select e.event_type from events e
                                    where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
                                      and e.transaction_id < (select es_read_horizon())
                                    order by e.transaction_id, e.global_position
                                    limit $4) unread
                     where unread.event_type = any (string_to_array(p.types, ','))
                        or c.updated_at < now() - $3::integer * interval '1 millisecond')`,
    [projections.map((p) => p.name), projections.map((p) => p.eventTypes.join(',')), Math.round(options.foreignAfterMs), options.window ?? 1000],
  );
  return rows.map((r) => r.name);
}
