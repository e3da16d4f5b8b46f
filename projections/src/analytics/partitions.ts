import type { SqlExecutor } from '@storefront/eventstore';
import { quoteIdent } from '../runner/sql-identifier';
import { addDays, addMonths, monthOf } from './local-day';

/**
 * Partitions of the analytics tables (PostgreSQL declarative partitioning, `partition by range
 * (day)`), created on demand as rows for a day arrive: raw visit tables have one partition per
 * day (`<table>_p20261128`), the per-visit and per-visitor rollups one per month
 * (`<table>_m202611`). No default partition: a row can only land in a partition made for it.
 * `create table … partition of` works the same on PGlite (PostgreSQL 17 in WASM) and a server.
 */
export type PartitionUnit = 'day' | 'month';

export function partitionName(parent: string, day: string, unit: PartitionUnit): string {
  return unit === 'day' ? `${parent}_p${day.replace(/-/g, '')}` : `${parent}_m${day.slice(0, 7).replace('-', '')}`;
}

/** Creates the partitions of `parent` that hold `days` when they do not exist yet. */
export async function ensurePartitions(tx: SqlExecutor, parent: string, days: Iterable<string>, unit: PartitionUnit): Promise<void> {
  const starts = new Set<string>();
  for (const day of days) starts.add(unit === 'day' ? day : monthOf(day));
  for (const start of [...starts].sort()) {
    const end = unit === 'day' ? addDays(start, 1) : addMonths(start, 1);
    await tx.query(
      `create table if not exists ${quoteIdent(partitionName(parent, start, unit))} partition of ${quoteIdent(parent)} for values from ('${start}') to ('${end}')`,
    );
  }
}

/** The day partitions of `parent` as (partition name, day), oldest first. */
export async function listDayPartitions(tx: SqlExecutor, parent: string): Promise<{ name: string; day: string }[]> {
  const { rows } = await tx.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass($1)`,
    [quoteIdent(parent)],
  );
  const pattern = /_p(\d{4})(\d{2})(\d{2})$/;
  return rows
    .map((r) => {
      const m = pattern.exec(r.name);
      return m ? { name: r.name, day: `${m[1]}-${m[2]}-${m[3]}` } : null;
    })
    .filter((p): p is { name: string; day: string } => p !== null)
    .sort((a, b) => a.day.localeCompare(b.day));
}
