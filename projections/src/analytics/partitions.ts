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

/** A partition `ensurePartitions` may have to create: its parent, a day it must hold, and its unit. */
export type PartitionNeed = { parent: string; day: string; unit: PartitionUnit };

/**
 * Creates the partitions that hold the given days when they do not exist yet: one catalog query
 * for all of them, then a `create table … partition of` for each missing one (a day's first batch).
 */
export async function ensurePartitions(tx: SqlExecutor, needs: PartitionNeed[]): Promise<void> {
  const wanted = new Map<string, { parent: string; start: string; end: string }>();
  for (const { parent, day, unit } of needs) {
    const start = unit === 'day' ? day : monthOf(day);
    const name = partitionName(parent, start, unit);
    if (!wanted.has(name)) wanted.set(name, { parent, start, end: unit === 'day' ? addDays(start, 1) : addMonths(start, 1) });
  }
  if (wanted.size === 0) return;
  const { rows } = await tx.query<{ name: string }>(`select relname as name from pg_class where relname = any($1::text[]) and relkind in ('r', 'p')`, [[...wanted.keys()]]);
  for (const r of rows) wanted.delete(r.name);
  for (const [name, p] of [...wanted].sort((a, b) => a[0].localeCompare(b[0]))) {
    await tx.query(`create table if not exists ${quoteIdent(name)} partition of ${quoteIdent(p.parent)} for values from ('${p.start}') to ('${p.end}')`);
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
