import { START, type Checkpoint, type Database, type EventStore } from '@storefront/eventstore';
import { applyRead, BatchMemory, sleep, withTransientRetry, type ApplyOptions, type ApplyTarget } from './batch-applier';
import { checkpointsEqual, compareCheckpoints, formatCheckpoint } from './checkpoint-order';
import { describeError, parkEvent } from './dead-letters';
import { isTransientError, transientDelayMs, type TransientBackoff } from './error-kinds';
import type { Projection } from './projection';
import { lockProjection } from './projection-lock';
import { readProjectionState, startRebuild, writeCheckpoint, writeRebuildCheckpoint } from './projection-state';
import { projectionVersion } from './projection-version';
import { createTables, dropTables, generationTable, pointViews, tableResolver } from './read-model-tables';

export type RunnerDeps = {
  db: Database;
  store: EventStore;
  batchSize: number;
  applyOptions: ApplyOptions;
  /** Backoff of transient database errors, and how many retries before giving up. */
  transient: TransientBackoff & { maxRetries: number };
  log: { info(message: string): void; warn(message: string, error?: unknown): void };
};

export type RebuildResult = {
  name: string;
  /** The generation now active. */
  generation: number;
  previousGeneration: number;
  /** Live checkpoint after the switch. */
  checkpoint: Checkpoint;
  /** Events applied into the new generation by this call (a resumed rebuild counts only its part). */
  eventsApplied: number;
  resumed: boolean;
};

/** A rebuild stopped on an event its 'stop' policy refuses to skip; the live generation is untouched. */
export class RebuildFailedError extends Error {
  readonly name = 'RebuildFailedError';
  constructor(readonly projection: string, message: string) {
    super(`Rebuild of ${projection} failed: ${message}`);
  }
}

const MAX_SWITCH_ROUNDS = 50;

/** Error text of a dead letter parked while rebuilding generation `generation` starts with this. */
function rebuildErrorPrefix(generation: number): string {
  return `rebuild g${generation}: `;
}

/**
 * Blue/green rebuild. Progress lives in projection_generations (rebuild_generation, its
 * checkpoint and the version of the code filling it), written in the same transaction as each
 * batch, so a crashed rebuild resumes (with the same version; other code starts it over). The
 * switch records that version as the active generation's.
 *
 * The switch: the tail up to the live checkpoint is applied in batches just before; then one
 * transaction takes the projection's advisory lock (live applying waits), re-reads the live
 * checkpoint and — only if the new generation has reached it — points the views at g+1, moves the
 * live checkpoint to the rebuild's, bumps the active generation and drops g. If live moved on in
 * between, it applies the difference and tries again. (The tail cannot be read inside the switch
 * transaction itself: on PGlite `store.readAll` would wait for that transaction to end.)
 */
export async function rebuildProjection(deps: RunnerDeps, p: Projection, options: { restart?: boolean }): Promise<RebuildResult> {
  const { db, store, batchSize, applyOptions, log } = deps;
  const state = await readProjectionState(db, p.name);
  if (!state) throw new Error(`Projection ${p.name} is not prepared`);
  const previousGeneration = state.generation;
  const next = state.generation + 1;
  const version = projectionVersion(p);
  const physical = (t: { name: string }) => generationTable(t.name, next);
  // A rebuild left by other code (another version) starts over: its rows are not this code's.
  const resumed = state.rebuildGeneration === next && state.rebuildCheckpoint !== null && state.rebuildVersion === version && !options.restart;
  let position: Checkpoint;

  if (resumed && state.rebuildCheckpoint) {
    position = state.rebuildCheckpoint;
    await db.transaction((tx) => createTables(tx, p, physical));
    log.info(`${p.name}: resuming rebuild of generation ${next} from ${formatCheckpoint(position)}`);
  } else {
    await db.transaction(async (tx) => {
      await lockProjection(tx, p.name);
      const s = await readProjectionState(tx, p.name, true);
      if (!s || s.generation !== state.generation) throw new Error(`Projection ${p.name} switched generation meanwhile`);
      if (s.rebuildGeneration !== null && s.rebuildGeneration !== s.generation) {
        await dropTables(tx, p, (t) => generationTable(t.name, s.rebuildGeneration as number));
      }
      await dropTables(tx, p, physical);
      await createTables(tx, p, physical);
      await startRebuild(tx, p.name, next, START, version);
    });
    position = START;
    log.info(`${p.name}: rebuilding into generation ${next} (version ${version})`);
  }

  let applied = 0;
  const target: ApplyTarget = {
    replaying: true,
    memory: new BatchMemory(),
    begin: async (tx, expected) => {
      const s = await readProjectionState(tx, p.name, true);
      if (!s || s.rebuildGeneration !== next || s.rebuildVersion !== version || !s.rebuildCheckpoint || !checkpointsEqual(s.rebuildCheckpoint, expected)) return null;
      return tableResolver(p, physical);
    },
    advance: (tx, to) => writeRebuildCheckpoint(tx, p.name, next, to),
    park: (tx, event, error, attempts) => parkEvent(tx, p.name, event, `${rebuildErrorPrefix(next)}${describeError(error)}`, attempts),
  };

  /** Applies batches until nothing more is visible (or `upTo` is reached). */
  const fill = async (upTo?: Checkpoint): Promise<void> => {
    let failures = 0;
    for (;;) {
      let read: Awaited<ReturnType<typeof store.readAll>>;
      let outcome: Awaited<ReturnType<typeof applyRead>>;
      try {
        if (failures > 0) {
          // A transient error may have come after part of the batch committed (bisecting): go on
          // from the rebuild checkpoint as committed.
          const s = await readProjectionState(db, p.name);
          if (s?.rebuildGeneration === next && s.rebuildCheckpoint) position = s.rebuildCheckpoint;
        }
        read = await store.readAll({ after: position, limit: p.batchSize ?? batchSize, eventTypes: p.eventTypes, upTo });
        if (read.events.length === 0 && checkpointsEqual(read.checkpoint, position)) return;
        outcome = await applyRead(db, p, target, position, read.events, read.checkpoint, applyOptions);
        failures = 0;
      } catch (err) {
        failures++;
        if (!isTransientError(err) || failures > deps.transient.maxRetries) throw err;
        const delay = transientDelayMs(deps.transient, failures);
        log.warn(`${p.name}: rebuild: transient database error (not the event's fault), retry ${failures}/${deps.transient.maxRetries} in ${delay} ms`, err);
        await sleep(delay);
        continue;
      }
      if (outcome.kind === 'busy') throw new RebuildFailedError(p.name, 'another rebuild of this projection is running');
      if (outcome.kind === 'stopped') {
        throw new RebuildFailedError(p.name, `event ${outcome.failed.globalPosition} (${outcome.failed.type}): ${outcome.error.message}`);
      }
      applied += read.events.length;
      position = outcome.checkpoint;
    }
  };

  await fill();
  for (let round = 0; round < MAX_SWITCH_ROUNDS; round++) {
    const live = (await withTransientRetry(() => readProjectionState(db, p.name), deps.transient, log.warn.bind(log), `${p.name}: rebuild`))?.checkpoint ?? START;
    if (compareCheckpoints(live, position) > 0) await fill(live);
    const switched = await withTransientRetry(() => db.transaction(async (tx) => {
      await lockProjection(tx, p.name);
      const s = await readProjectionState(tx, p.name, true);
      if (!s || s.rebuildGeneration !== next || !s.rebuildCheckpoint || !checkpointsEqual(s.rebuildCheckpoint, position) || s.rebuildVersion !== version) {
        throw new RebuildFailedError(p.name, 'another rebuild of this projection took over');
      }
      if (compareCheckpoints(s.checkpoint, position) > 0) return false; // live moved on: catch up and retry
      await pointViews(tx, p, next);
      await dropTables(tx, p, (t) => generationTable(t.name, s.generation));
      await writeCheckpoint(tx, p.name, position);
      await tx.query(
        `update projection_generations set active_generation = $2, active_version = $3, rebuild_generation = null,
           rebuild_transaction_id = null, rebuild_global_position = null, rebuild_version = null, stopped_at = null,
           stopped_error = null, updated_at = now() where name = $1`,
        [p.name, next, version],
      );
      // dead_letters lists the events the ACTIVE generation skipped: the ones this rebuild parked
      // again stay (their error now says `rebuild g<next>:`); the ones it could apply (the
      // projector was fixed meanwhile) are no longer missing from the read model.
      await tx.query(`delete from dead_letters where projection = $1 and error not like $2`, [p.name, `${rebuildErrorPrefix(next)}%`]);
      return true;
    }), deps.transient, log.warn.bind(log), `${p.name}: rebuild switch`);
    if (switched) {
      log.info(`${p.name}: switched to generation ${next} at ${formatCheckpoint(position)} (${applied} events applied)`);
      return { name: p.name, generation: next, previousGeneration, checkpoint: position, eventsApplied: applied, resumed };
    }
  }
  throw new RebuildFailedError(p.name, `could not catch up with the live projection in ${MAX_SWITCH_ROUNDS} rounds`);
}
