import type { Database } from '@storefront/eventstore';
import { lockProjection } from '../runner/projection-lock';
import { readProjectionState } from '../runner/projection-state';
import { generationTable } from '../runner/read-model-tables';
import { quoteIdent } from '../runner/sql-identifier';
import { ANALYTICS_PROJECTION } from './analytics.projection';
import { RAW_TABLES, T } from './analytics-tables';
import { addDays, utcDay } from './local-day';
import { listDayPartitions } from './partitions';

export type RetentionResult = {
  /** Raw rows are kept from this UTC day on. */
  keptFrom: string;
  /** Partitions dropped (physical names). */
  dropped: string[];
  /** Partitions older than keptFrom left in place, with why (their rows are not all in the rollups). */
  kept: { partition: string; reason: string }[];
};

/**
 * Retention of the raw visit tables: every day partition of the active generation older than
 * `keepDays` UTC days before `now` is dropped (DROP TABLE of the partition: no row-by-row delete,
 * no vacuum debt), after checking that the rollups cover it: the partition holds exactly the rows
 * the projection counted for that day and table in `analytics_raw_days` when it wrote the rollups
 * in the same transaction. A partition that fails the check is kept and reported.
 *
 * Each partition is dropped in its own short transaction holding the projection's advisory lock,
 * so no batch is being applied to it meanwhile. Afterwards `analytics_raw_retention.kept_from`
 * records the horizon, which `verify` honours (a rebuild refills older days from the log; the
 * next run drops them again). The rebuild generation, if one is in progress, is left alone.
 */
export async function dropExpiredRawPartitions(db: Database, keepDays: number, now = new Date()): Promise<RetentionResult> {
  if (!Number.isInteger(keepDays) || keepDays < 1) throw new RangeError(`keepDays must be a whole number of days, 1 or more (got ${keepDays})`);
  const keptFrom = addDays(utcDay(now), -keepDays);
  const result: RetentionResult = { keptFrom, dropped: [], kept: [] };
  const state = await readProjectionState(db, ANALYTICS_PROJECTION);
  if (!state) return result;
  const ingested = generationTable(T.ingested, state.generation);
  for (const raw of RAW_TABLES) {
    const parent = generationTable(raw, state.generation);
    for (const partition of await listDayPartitions(db, parent)) {
      if (partition.day >= keptFrom) break;
      await db.transaction(async (tx) => {
        await lockProjection(tx, ANALYTICS_PROJECTION);
        const now = await readProjectionState(tx, ANALYTICS_PROJECTION);
        if (now?.generation !== state.generation) return; // switched meanwhile: the next run handles the new one
        const { rows: exists } = await tx.query<{ ok: boolean }>(`select to_regclass($1) is not null as ok`, [quoteIdent(partition.name)]);
        if (!exists[0]?.ok) return;
        const { rows: stored } = await tx.query<{ n: number }>(`select count(*)::bigint as n from ${quoteIdent(partition.name)}`);
        const { rows: counted } = await tx.query<{ n: number }>(
          `select coalesce(sum(rows), 0)::bigint as n from ${quoteIdent(ingested)} where day = $1 and raw_table = $2`, [partition.day, raw],
        );
        const rows = Number(stored[0]?.n ?? 0);
        const rolledUp = Number(counted[0]?.n ?? 0);
        if (rows !== rolledUp) {
          result.kept.push({ partition: partition.name, reason: `${rows} raw rows but the rollups counted ${rolledUp}` });
          return;
        }
        await tx.query(`drop table ${quoteIdent(partition.name)}`);
        result.dropped.push(partition.name);
      });
    }
  }
  await db.query(
    `insert into analytics_raw_retention (singleton, kept_from, updated_at) values (true, $1, now())
     on conflict (singleton) do update set kept_from = greatest(analytics_raw_retention.kept_from, excluded.kept_from), updated_at = now()`,
    [keptFrom],
  );
  return result;
}
