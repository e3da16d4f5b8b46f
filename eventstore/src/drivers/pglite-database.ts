import { mkdirSync } from 'node:fs';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { Database, QueryResult, SqlExecutor } from '../types';
import { OID, parseDate, parseInt8 } from './type-parsers';

type PGliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

/**
 * Runs one statement (parameters given) through the extended protocol, or a script of
 * several statements (no parameters) through the simple protocol, like node-postgres does.
 * A script returns the last statement's rows.
 */
async function run<R>(target: PGliteLike, sql: string, params?: unknown[]): Promise<QueryResult<R>> {
  if (params && params.length > 0) return toQueryResult<R>(await target.query<R>(sql, params));
  const results = await target.exec(sql);
  const last = results[results.length - 1];
  return last ? toQueryResult<R>(last as Results<R>) : { rows: [], rowCount: 0 };
}

/** PGlite reports `affectedRows` for writes and 0 for SELECT; pg's rowCount covers both. */
function toQueryResult<R>(result: Results<R>): QueryResult<R> {
  return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
}

/**
 * PGlite in-process. It has ONE session, so everything goes through PGlite's own mutex:
 * `transaction()` uses `PGlite.transaction` (exclusive until COMMIT/ROLLBACK) and `query()`
 * waits for any running transaction, so statements never interleave with someone else's
 * transaction and one transaction's rollback never touches another's rows.
 *
 * Inside `transaction(fn)` use the `tx` executor only: calling `db.query` from within `fn`
 * waits for the transaction to finish, i.e. deadlocks.
 */
export class PGliteDatabase implements Database {
  readonly driver = 'pglite' as const;

  private constructor(readonly pglite: PGlite) {}

  /** `dataDir` undefined or 'memory://…' → in-memory; otherwise a directory (created if missing). */
  static async open(dataDir?: string): Promise<PGliteDatabase> {
    const inMemory = !dataDir || dataDir.startsWith('memory://');
    if (!inMemory) mkdirSync(dataDir.replace(/^file:\/\//, ''), { recursive: true });
    const pglite = await PGlite.create({
      dataDir: inMemory ? undefined : dataDir,
      parsers: { [OID.INT8]: parseInt8, [OID.DATE]: parseDate },
    });
    return new PGliteDatabase(pglite);
  }

  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return run<R>(this.pglite, sql, params);
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.pglite.transaction(async (tx) => {
      const executor: SqlExecutor = { query: (sql, params) => run(tx, sql, params) };
      return fn(executor);
    });
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const unlisten = await this.pglite.listen(channel, onNotify);
    return async () => {
      if (!this.pglite.closed) await unlisten();
    };
  }

  async close(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}
