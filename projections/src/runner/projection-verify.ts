import { randomBytes } from 'node:crypto';
import { START, type Checkpoint, type SqlExecutor } from '@storefront/eventstore';
import { applyRead, BatchMemory, type ApplyTarget } from './batch-applier';
import { checkpointsEqual, compareCheckpoints, formatCheckpoint } from './checkpoint-order';
import type { Projection, ReadModelTable } from './projection';
import type { RunnerDeps } from './projection-rebuild';
import { lockProjection } from './projection-lock';
import { projectionVersion } from './projection-version';
import { readProjectionState } from './projection-state';
import { createTables, dropTables, generationTable, scratchTable, tableResolver } from './read-model-tables';
import { quoteIdent } from './sql-identifier';

/** A row present on one side only: `row` is the whole row as JSON. */
export type VerifyRow = { table: string; row: Record<string, unknown> };

/** Same key, different content. `key` holds the table's `orderBy` columns. */
export type VerifyDifference = {
  table: string;
  key: Record<string, unknown>;
  live: Record<string, unknown>;
  rebuilt: Record<string, unknown>;
};

export type VerifyResult = {
  name: string;
  /** The live read model equals a rebuild from the log up to `checkpoint` (the row comparison only; see `problems`). */
  ok: boolean;
  /** The live checkpoint both sides were compared at. */
  checkpoint: Checkpoint;
  /** Rows the rebuild produced that the live tables lack. */
  missing: VerifyRow[];
  /** Rows in the live tables the rebuild did not produce. */
  unexpected: VerifyRow[];
  differing: VerifyDifference[];
  /** Total mismatching rows over all tables (the lists above are capped at maxDiff per table). */
  mismatches: number;
  /** The rebuild itself failed (e.g. an event a 'stop' projection refuses); nothing compared. */
  error?: string;
  /** The log's head when verify started; the live checkpoint should have reached it. */
  headCheckpoint: Checkpoint;
  /** Halted by its 'stop' policy: the stored reason, else null. */
  stopped: string | null;
  /** The compared checkpoint is before `headCheckpoint`: the read model misses events. */
  behind: boolean;
  /** Events parked in dead_letters (skipped by the live generation and, the same way, by the rebuild). */
  deadLetters: number;
  /**
   * Everything wrong, one line each: stopped, behind the head, rows differing from a rebuild, the
   * rebuild failing. Empty when all is well. `cli verify` fails when any projection has one.
   */
  problems: string[];
};

const MAX_ROUNDS = 50;

/**
 * Rebuilds a projection into scratch tables (`replaying: true`, nothing persisted but the
 * scratch tables, which are dropped at the end) up to exactly the live checkpoint, then compares
 * inside one transaction holding the projection's advisory lock, so live applying cannot move the
 * checkpoint during the comparison. If the live checkpoint moved while the scratch copy was being
 * built, the scratch copy catches up to the new checkpoint first.
 *
 * Compared with a FULL JOIN on the `orderBy` columns of `to_jsonb(row)` of both sides; `orderBy`
 * must identify a row (normally the primary key).
 */
export async function verifyProjection(deps: RunnerDeps, p: Projection, options: { maxDiff?: number }): Promise<VerifyResult> {
  const { db, store, batchSize, applyOptions } = deps;
  const maxDiff = options.maxDiff ?? 20;
  const tag = randomBytes(4).toString('hex');
  const scratch = (t: { name: string }) => scratchTable(t.name, tag);
  const resolver = tableResolver(p, scratch);
  const target: ApplyTarget = {
    replaying: true,
    memory: new BatchMemory(),
    begin: async () => resolver,
    advance: async () => undefined, // progress is kept in memory: the scratch tables are throw-away
    park: async () => undefined, // verify writes no dead letters
  };

  const head = await store.headCheckpoint();
  let position: Checkpoint = START;
  const live = await readProjectionState(db, p.name);
  let goal = live?.checkpoint ?? START;
  const version = projectionVersion(p);
  if (live && live.version !== version) {
    // Rows of other code (maybe other columns): nothing to compare until the upgrade rebuild.
    return withProblems(db, failed(p.name, goal, head, `the read model is at version ${live.version ?? '(none)'}, the code at ${version}: the next live round rebuilds it`));
  }
  await db.transaction((tx) => createTables(tx, p, scratch));
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      // Build the scratch copy up to `goal` (the live checkpoint).
      for (;;) {
        const read = await store.readAll({ after: position, limit: p.batchSize ?? batchSize, eventTypes: p.eventTypes, upTo: goal });
        if (read.events.length === 0 && checkpointsEqual(read.checkpoint, position)) break;
        const outcome = await applyRead(db, p, target, position, read.events, read.checkpoint, applyOptions);
        if (outcome.kind === 'stopped') {
          return withProblems(db, failed(p.name, goal, head, `event ${outcome.failed.globalPosition} (${outcome.failed.type}): ${outcome.error.message}`));
        }
        position = outcome.checkpoint;
      }
      const compared = await db.transaction(async (tx): Promise<{ moved: Checkpoint } | { result: VerifyResult }> => {
        await lockProjection(tx, p.name);
        const s = await readProjectionState(tx, p.name);
        if (!s) throw new Error(`Projection ${p.name} is not prepared`);
        if (!checkpointsEqual(s.checkpoint, goal)) return { moved: s.checkpoint };
        const result: VerifyResult = {
          name: p.name, ok: true, checkpoint: goal, missing: [], unexpected: [], differing: [], mismatches: 0,
          headCheckpoint: head, stopped: s.stoppedError, behind: false, deadLetters: 0, problems: [],
        };
        for (const table of p.tables) {
          await compareTable(tx, table, generationTable(table.name, s.generation), scratch(table), maxDiff, result);
        }
        result.ok = result.mismatches === 0;
        return { result };
      });
      if ('result' in compared) return withProblems(db, compared.result);
      if (compareCheckpoints(compared.moved, position) < 0) {
        // Only a rebuild moves the live checkpoint to somewhere the scratch copy has not been;
        // it never moves backwards. Start over to be safe.
        return withProblems(db, failed(p.name, goal, head, 'live checkpoint moved backwards during verify (concurrent rebuild?)'));
      }
      goal = compared.moved;
    }
    return withProblems(db, failed(p.name, goal, head, `could not catch up with the live projection in ${MAX_ROUNDS} rounds`));
  } finally {
    await db.transaction((tx) => dropTables(tx, p, scratch));
  }
}

function failed(name: string, checkpoint: Checkpoint, head: Checkpoint, error: string): VerifyResult {
  return {
    name, ok: false, checkpoint, missing: [], unexpected: [], differing: [], mismatches: 0, error,
    headCheckpoint: head, stopped: null, behind: false, deadLetters: 0, problems: [],
  };
}

/**
 * Fills in stopped (if not known yet), behind, dead letters and the problem lines. `behind` compares
 * the checkpoint the rows were compared at with the head as of verify's start: a projection that
 * was caught up then has reached it (verify follows the live checkpoint while it moves).
 */
async function withProblems(db: SqlExecutor, result: VerifyResult): Promise<VerifyResult> {
  const state = await readProjectionState(db, result.name);
  const stopped = result.stopped ?? state?.stoppedError ?? null;
  const behind = compareCheckpoints(result.checkpoint, result.headCheckpoint) < 0;
  const { rows } = await db.query<{ n: number }>(`select count(*) as n from dead_letters where projection = $1`, [result.name]);
  const problems: string[] = [];
  if (stopped !== null) problems.push(`stopped: ${stopped.split('\n')[0]}`);
  if (behind) {
    problems.push(`behind: checkpoint ${formatCheckpoint(result.checkpoint)} is before the log's head ${formatCheckpoint(result.headCheckpoint)}`);
  }
  if (result.error) problems.push(`rebuild failed: ${result.error}`);
  else if (!result.ok) problems.push(`${result.mismatches} row(s) differ from a rebuild`);
  return { ...result, stopped, behind, deadLetters: Number(rows[0]?.n ?? 0), problems };
}

async function compareTable(
  tx: SqlExecutor,
  table: ReadModelTable,
  live: string,
  rebuilt: string,
  maxDiff: number,
  result: VerifyResult,
): Promise<void> {
  const keys = table.orderBy.map(quoteIdent).join(', ');
  const where = table.verifyWhere ? ` where ${table.verifyWhere}` : '';
  const { rows } = await tx.query<{ live: Record<string, unknown> | null; rebuilt: Record<string, unknown> | null; total: number }>(
    `select l.row as live, r.row as rebuilt, count(*) over () as total
     from (select ${keys}, to_jsonb(t) as row from ${quoteIdent(live)} t${where}) l
     full join (select ${keys}, to_jsonb(t) as row from ${quoteIdent(rebuilt)} t${where}) r using (${keys})
     where l.row is distinct from r.row
     order by ${keys}
     limit $1`,
    [maxDiff],
  );
  if (rows.length === 0) return;
  result.mismatches += Number(rows[0].total);
  for (const row of rows) {
    if (row.live === null && row.rebuilt !== null) result.missing.push({ table: table.name, row: row.rebuilt });
    else if (row.rebuilt === null && row.live !== null) result.unexpected.push({ table: table.name, row: row.live });
    else if (row.live !== null && row.rebuilt !== null) {
      const key: Record<string, unknown> = {};
      for (const column of table.orderBy) key[column] = row.live[column];
      result.differing.push({ table: table.name, key, live: row.live, rebuilt: row.rebuilt });
    }
  }
}
