import type { SqlExecutor } from '@storefront/eventstore';
import type { Row } from '../runner/sql-batch';
import { quoteIdent } from '../runner/sql-identifier';

/**
 * The analytics projection's set-based writes: one statement per table per batch, rows as one
 * JSON parameter typed by the table itself (`jsonb_populate_recordset`), as in runner/sql-batch.
 */

function json(rows: Row[]): string {
  return JSON.stringify(rows);
}

/**
 * Adds counters: `insert … on conflict (key) do update set c = t.c + excluded.c` for `sums`,
 * `greatest(t.m, excluded.m)` for `maxima`. Rows must have distinct keys (aggregate per batch first).
 */
export async function addCounts(tx: SqlExecutor, table: string, rows: Row[], keys: string[], sums: string[], maxima: string[] = []): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...keys, ...sums, ...maxima];
  const list = columns.map(quoteIdent).join(', ');
  const set = [
    ...sums.map((c) => `${quoteIdent(c)} = t.${quoteIdent(c)} + excluded.${quoteIdent(c)}`),
    ...maxima.map((c) => `${quoteIdent(c)} = greatest(t.${quoteIdent(c)}, excluded.${quoteIdent(c)})`),
  ];
  await tx.query(
    `insert into ${quoteIdent(table)} as t (${list})
     select ${list} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb)
     on conflict (${keys.map(quoteIdent).join(', ')}) do update set ${set.join(', ')}`,
    [json(rows)],
  );
}

/** Inserts rows whose key is new and answers the inserted rows' `returning` columns (a seen set). */
export async function insertNew<R extends Row>(tx: SqlExecutor, table: string, rows: Row[], returning: string[]): Promise<R[]> {
  if (rows.length === 0) return [];
  const list = Object.keys(rows[0]).map(quoteIdent).join(', ');
  const { rows: inserted } = await tx.query<R>(
    `insert into ${quoteIdent(table)} (${list})
     select ${list} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb)
     on conflict do nothing
     returning ${returning.map((c) => `${quoteIdent(c)}::text as ${quoteIdent(c)}`).join(', ')}`,
    [json(rows)],
  );
  return inserted;
}

/** Sums per key, in insertion order; `add` merges one more contribution. */
export class Counters<V extends Record<string, number>> {
  readonly rows = new Map<string, Row & V>();
  constructor(private readonly keys: string[], private readonly zero: () => V) {}

  at(key: Row): Row & V {
    const k = this.keys.map((c) => String(key[c])).join('\u0000');
    let row = this.rows.get(k);
    if (!row) {
      row = { ...pick(key, this.keys), ...this.zero() } as Row & V;
      this.rows.set(k, row);
    }
    return row;
  }

  add(key: Row, delta: Partial<V>): void {
    const row = this.at(key) as Record<string, unknown>;
    for (const [c, v] of Object.entries(delta)) row[c] = (row[c] as number) + (v as number);
  }

  list(): Row[] {
    return [...this.rows.values()];
  }
}

function pick(row: Row, columns: string[]): Row {
  const out: Row = {};
  for (const c of columns) out[c] = row[c];
  return out;
}
