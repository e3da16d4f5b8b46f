import type { SqlExecutor } from '@storefront/eventstore';
import type { Row } from '../runner/sql-batch';
import { quoteIdent } from '../runner/sql-identifier';

/**
 * The analytics projection's set-based writes: one statement per table per batch, rows as one
 * JSON parameter typed by the table itself (`jsonb_populate_recordset`), as in runner/sql-batch,
 * or, where rows are many or wide, through COPY (`SqlExecutor.copyRows`), several times cheaper
 * per row than parsing them out of JSON.
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
  await tx.query(
    `insert into ${quoteIdent(table)} as t (${list})
     select ${list} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb)
     ${onConflictAdd(keys, sums, maxima)}`,
    [json(rows)],
  );
}

/**
 * `addCounts` for a wide table (the web vitals histogram's 180-odd counters), rows as arrays of
 * values in `[...keys, ...sums]` order: they are copied into a temporary table shaped like it (one
 * per session, emptied at commit) and added from there, about three times faster than taking so
 * many columns out of JSON.
 */
export async function addCountsCopied(tx: SqlExecutor, table: string, keys: string[], sums: string[], rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...keys, ...sums];
  const list = columns.map(quoteIdent).join(', ');
  const staged = `${table}_staged`;
  await tx.query(`create temp table if not exists ${quoteIdent(staged)} (like ${quoteIdent(table)}) on commit delete rows`);
  await tx.copyRows(staged, columns, rows);
  await tx.query(`insert into ${quoteIdent(table)} as t (${list}) select ${list} from ${quoteIdent(staged)} ${onConflictAdd(keys, sums, [])}`);
}

function onConflictAdd(keys: string[], sums: string[], maxima: string[]): string {
  const set = [
    ...sums.map((c) => `${quoteIdent(c)} = t.${quoteIdent(c)} + excluded.${quoteIdent(c)}`),
    ...maxima.map((c) => `${quoteIdent(c)} = greatest(t.${quoteIdent(c)}, excluded.${quoteIdent(c)})`),
  ];
  return `on conflict (${keys.map(quoteIdent).join(', ')}) do update set ${set.join(', ')}`;
}

/**
 * Inserts raw rows (every row has a key of its own: a hit id, an event id) with COPY, and answers
 * the rows stored. COPY cannot skip a key already stored (see `copyUnlessRepeated`): should a key
 * come again (not expected: every hit and event has its own id, and a batch commits with its
 * checkpoint), the batch's rows go in again through `insertNew`, which skips those keys.
 */
export async function insertRaw(tx: SqlExecutor, table: string, columns: string[], rows: (Row & { day: string })[]): Promise<{ day: string }[]> {
  if (rows.length === 0) return [];
  if (await copyUnlessRepeated(tx, table, columns, rows.map((r) => columns.map((c) => r[c])))) return rows;
  return insertNew<{ day: string }>(tx, table, rows, ['day'], columns);
}

/**
 * COPYs rows (values in `columns` order) under a savepoint and answers true; if a row's key is
 * stored already, the copy is rolled back to the savepoint (nothing of it stays) and the answer
 * is false. Any other error is thrown.
 */
export async function copyUnlessRepeated(tx: SqlExecutor, table: string, columns: string[], rows: unknown[][]): Promise<boolean> {
  await tx.query('savepoint copied_rows');
  try {
    await tx.copyRows(table, columns, rows);
  } catch (err) {
    if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
    await tx.query('rollback to savepoint copied_rows');
    return false;
  }
  await tx.query('release savepoint copied_rows');
  return true;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Inserts rows whose key is new and answers the inserted rows' `returning` columns (a seen set).
 * `columns` are those written (a row without one of them writes null there).
 */
export async function insertNew<R extends Row>(tx: SqlExecutor, table: string, rows: Row[], returning: string[], columns = Object.keys(rows[0] ?? {})): Promise<R[]> {
  if (rows.length === 0) return [];
  const list = columns.map(quoteIdent).join(', ');
  const { rows: inserted } = await tx.query<R>(
    `insert into ${quoteIdent(table)} (${list})
     select ${list} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb)
     on conflict do nothing
     returning ${returning.map((c) => `${quoteIdent(c)}::text as ${quoteIdent(c)}`).join(', ')}`,
    [json(rows)],
  );
  return inserted;
}

/**
 * Sums per key (one or two text key columns), in insertion order; `add` merges one more
 * contribution, `bump` adds to one counter.
 */
export class Counters<V extends Record<string, number>> {
  readonly rows = new Map<string, Row & V>();
  constructor(private readonly keys: [string] | [string, string], private readonly zero: () => V) {}

  /** The row of `key` (its key columns' values), made with zero counters if new. */
  at(key: Row): Row & V {
    const [first, second] = this.keys;
    return this.row(String(key[first]), second === undefined ? undefined : String(key[second]));
  }

  add(key: Row, delta: Partial<V>): void {
    const row = this.at(key) as Record<string, number>;
    for (const c in delta) row[c] += delta[c] as number;
  }

  /**
   * Adds `n` to `column` of the row whose key columns hold `first` and `second`: `add` without the
   * key and delta objects, for the fold's per-event counts.
   */
  bump(column: keyof V & string, n: number, first: string, second?: string): void {
    (this.row(first, second) as Record<string, number>)[column] += n;
  }

  list(): Row[] {
    return [...this.rows.values()];
  }

  private row(first: string, second: string | undefined): Row & V {
    const k = second === undefined ? first : first + '\u0000' + second;
    let row = this.rows.get(k);
    if (!row) {
      const key: Row = { [this.keys[0]]: first };
      if (second !== undefined) key[this.keys[1]!] = second;
      row = Object.assign(key, this.zero()) as Row & V;
      this.rows.set(k, row);
    }
    return row;
  }
}
