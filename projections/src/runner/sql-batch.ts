import type { SqlExecutor } from '@storefront/eventstore';
import { quoteIdent } from './sql-identifier';

/**
 * Set-based read-model writes: one SQL statement per batch instead of one per event.
 *
 * Rows travel as one JSON array parameter and are turned into typed rows by
 * `jsonb_populate_recordset(null::<table>, $1)`, so the table's own column types drive the
 * conversion (text, integer, numeric, jsonb, timestamptz, arrays) and no per-column casts are
 * needed. Both drivers (PGlite and pg) run the same statements.
 */

export type Row = Record<string, unknown>;

/** JSON for a parameter: bigints (PGlite int8 beyond 2^53, pg values parsed by callers) as text. */
function rowsJson(rows: Row[]): string {
  return JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
}

function columnsOf(rows: Row[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const column of Object.keys(row)) seen.add(column);
  return [...seen];
}

/** Map key for a row's key columns (values compared as text: pg returns bigint as text). */
export function rowKey(row: Row, keyColumns: string[]): string {
  if (keyColumns.length === 1) return String(row[keyColumns[0]]);
  return JSON.stringify(keyColumns.map((c) => String(row[c])));
}

/**
 * INSERT … ON CONFLICT (key) DO UPDATE of many rows in one statement. Columns are the union of the
 * rows' properties; a property missing from a row is written as NULL. Non-key columns are replaced.
 * Rows must have distinct keys (PostgreSQL refuses to update one row twice in a statement).
 */
export async function upsertRows(tx: SqlExecutor, table: string, rows: Row[], keyColumns: string[]): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = columnsOf(rows);
  const list = columns.map(quoteIdent).join(', ');
  const updates = columns.filter((c) => !keyColumns.includes(c)).map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`);
  const conflict = updates.length > 0 ? `do update set ${updates.join(', ')}` : 'do nothing';
  const result = await tx.query(
    `insert into ${quoteIdent(table)} (${list})
     select ${list} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb)
     on conflict (${keyColumns.map(quoteIdent).join(', ')}) ${conflict}`,
    [rowsJson(rows)],
  );
  return result.rowCount;
}

/** INSERT of many rows in one statement; `onConflict: 'nothing'` ignores rows whose key exists. */
export async function insertRows(
  tx: SqlExecutor,
  table: string,
  rows: Row[],
  options: { onConflict?: 'error' | 'nothing' } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const list = columnsOf(rows).map(quoteIdent).join(', ');
  const result = await tx.query(
    `insert into ${quoteIdent(table)} (${list})
     select ${list} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb)
     ${options.onConflict === 'nothing' ? 'on conflict do nothing' : ''}`,
    [rowsJson(rows)],
  );
  return result.rowCount;
}

/** Rows whose key columns match one of `keys` (objects holding at least the key columns). */
export async function selectRows<R extends Row = Row>(
  tx: SqlExecutor,
  table: string,
  keyColumns: string[],
  keys: Row[],
): Promise<R[]> {
  if (keys.length === 0) return [];
  const keyList = keyColumns.map(quoteIdent).join(', ');
  const result = await tx.query<R>(
    `select t.* from ${quoteIdent(table)} t
     where (${keyColumns.map((c) => `t.${quoteIdent(c)}`).join(', ')}) in
       (select ${keyList} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb))`,
    [rowsJson(keys.map((k) => pick(k, keyColumns)))],
  );
  return result.rows;
}

/** DELETE of the rows matching `keys` in one statement. */
export async function deleteRows(tx: SqlExecutor, table: string, keyColumns: string[], keys: Row[]): Promise<number> {
  if (keys.length === 0) return 0;
  const keyList = keyColumns.map(quoteIdent).join(', ');
  const result = await tx.query(
    `delete from ${quoteIdent(table)} t
     where (${keyColumns.map((c) => `t.${quoteIdent(c)}`).join(', ')}) in
       (select ${keyList} from jsonb_populate_recordset(null::${quoteIdent(table)}, $1::jsonb))`,
    [rowsJson(keys.map((k) => pick(k, keyColumns)))],
  );
  return result.rowCount;
}

function pick(row: Row, columns: string[]): Row {
  const out: Row = {};
  for (const c of columns) out[c] = row[c];
  return out;
}

/**
 * The rows one batch touches, loaded in one SELECT, changed in memory while folding the batch's
 * events, and written back with one upsert plus one delete:
 *
 * ```ts
 * const carts = await RowBatch.load(ctx.tx, ctx.table('carts'), ['cart_id'], events.map((e) => ({ cart_id: e.streamId })));
 * for (const e of events) {
 *   const cart = carts.get({ cart_id: e.streamId }) ?? { cart_id: e.streamId, item_count: 0 };
 *   carts.set({ ...cart, item_count: Number(cart.item_count) + 1 });
 * }
 * await carts.flush();
 * ```
 *
 * Values come back as the driver returns them (pg: bigint and numeric as text; PGlite: numeric as
 * text), so convert numbers with `Number(...)` when folding.
 */
export class RowBatch<R extends Row = Row> {
  private readonly rows = new Map<string, R>();
  private readonly changed = new Set<string>();
  private readonly deleted = new Map<string, Row>();

  private constructor(
    private readonly tx: SqlExecutor,
    readonly table: string,
    readonly keyColumns: string[],
  ) {}

  /** Loads the existing rows for `keys` (duplicates are fine). */
  static async load<R extends Row = Row>(tx: SqlExecutor, table: string, keyColumns: string[], keys: Row[]): Promise<RowBatch<R>> {
    const batch = new RowBatch<R>(tx, table, keyColumns);
    const unique = new Map<string, Row>();
    for (const k of keys) unique.set(rowKey(k, keyColumns), k);
    for (const row of await selectRows<R>(tx, table, keyColumns, [...unique.values()])) {
      batch.rows.set(rowKey(row, keyColumns), row);
    }
    return batch;
  }

  /** An empty batch that writes without loading (for tables whose rows never need reading back). */
  static empty<R extends Row = Row>(tx: SqlExecutor, table: string, keyColumns: string[]): RowBatch<R> {
    return new RowBatch<R>(tx, table, keyColumns);
  }

  get(key: Row): R | undefined {
    return this.rows.get(rowKey(key, this.keyColumns));
  }

  set(row: R): void {
    const k = rowKey(row, this.keyColumns);
    this.rows.set(k, row);
    this.changed.add(k);
    this.deleted.delete(k);
  }

  delete(key: Row): void {
    const k = rowKey(key, this.keyColumns);
    this.rows.delete(k);
    this.changed.delete(k);
    this.deleted.set(k, key);
  }

  /** Writes the changes: one DELETE for removed keys, one upsert for changed rows. */
  async flush(): Promise<void> {
    await deleteRows(this.tx, this.table, this.keyColumns, [...this.deleted.values()]);
    const changed = [...this.changed].map((k) => this.rows.get(k)).filter((r): r is R => r !== undefined);
    await upsertRows(this.tx, this.table, changed, this.keyColumns);
    this.changed.clear();
    this.deleted.clear();
  }
}
