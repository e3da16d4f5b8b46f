import { mkdirSync } from 'node:fs';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { Database, QueryOptions, QueryResult, SqlExecutor } from '../types';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { copyStatement, copyText } from './copy-text';
import { OID, parseDate, parseInt8 } from './type-parsers';
import { arrayLiteral, valueText } from './value-text';

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

/**
 * A parameter value as an SQL literal of unknown type (EXECUTE casts it to the prepared
 * statement's parameter type). Strings are quoted by doubling single quotes, which is complete
 * with standard_conforming_strings on (checked when the database opens).
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Cannot send ${value} as a parameter`);
    return `'${String(value)}'`;
  }
  const text = Array.isArray(value) ? arrayLiteral(value) : valueText(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** COPY … FROM '/dev/blob': PGlite reads the text from a Blob (see SqlExecutor.copyRows). */
async function copy(target: PGliteLike, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await target.query(copyStatement(table, columns, `'/dev/blob'`), [], { blob: new Blob([copyText(rows)]) });
  return result.affectedRows ?? 0;
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

  /** Named statements PREPAREd in the session (name → the PREPARE, resolved once it succeeded). */
  private readonly prepared = new Map<string, { sql: string; done: Promise<void> }>();

  private constructor(
    readonly pglite: PGlite,
    private readonly lock: DataDirLock | null,
  ) {}

  /**
   * `dataDir` undefined or 'memory://…' → in-memory; otherwise a directory (created if missing),
   * which only one process may have open: it is locked (see data-dir-lock.ts) until `close()`,
   * and a second open, in this or another process, throws DataDirectoryInUseError naming it.
   * `initialData` (in memory only): start from this dump of a data directory (PGlite's
   * `dumpDataDir`) instead of creating a new cluster.
   */
  static async open(dataDir?: string, initialData?: Blob): Promise<PGliteDatabase> {
    const inMemory = !dataDir || dataDir.startsWith('memory://');
    let lock: DataDirLock | null = null;
    if (initialData && !inMemory) throw new Error('initialData is for an in-memory PGlite only');
    if (!inMemory) {
      const dir = dataDir.replace(/^file:\/\//, '');
      mkdirSync(dir, { recursive: true });
      lock = acquireDataDirLock(dir);
    }
    let pglite: PGlite | undefined;
    try {
      pglite = await PGlite.create({
        dataDir: inMemory ? undefined : dataDir,
        loadDataDir: initialData,
        parsers: { [OID.INT8]: parseInt8, [OID.DATE]: parseDate },
      });
      const { rows } = await pglite.query<{ standard_conforming_strings: string }>('SHOW standard_conforming_strings');
      if (rows[0]?.standard_conforming_strings !== 'on') throw new Error('PGlite must run with standard_conforming_strings on');
      return new PGliteDatabase(pglite, lock);
    } catch (err) {
      if (pglite && !pglite.closed) await pglite.close().catch(() => undefined);
      lock?.release();
      throw err;
    }
  }

  /**
   * A named statement is PREPAREd once in PGlite's single session and then EXECUTEd, so it is
   * parsed and planned once, as on a server connection. (Inside `transaction` names are ignored.)
   */
  async query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
    if (!options?.name || !params || params.length === 0) return run<R>(this.pglite, sql, params);
    const name = options.name;
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid statement name ${name}`);
    let entry = this.prepared.get(name);
    if (entry && entry.sql !== sql) throw new Error(`Statement name ${name} is already used for other SQL`);
    if (!entry) {
      entry = { sql, done: this.pglite.exec(`PREPARE ${name} AS ${sql}`).then(() => undefined) };
      this.prepared.set(name, entry);
      entry.done.catch(() => this.prepared.delete(name)); // e.g. a table not created yet: try again next time
    }
    await entry.done;
    // EXECUTE is a utility statement: it takes no bind parameters, so the values go in as literals.
    return run<R>(this.pglite, `EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})`);
  }

  copyRows(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<number> {
    return copy(this.pglite, table, columns, rows);
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.pglite.transaction(async (tx) => {
      const executor: SqlExecutor = {
        query: (sql, params) => run(tx, sql, params),
        copyRows: (table, columns, rows) => copy(tx, table, columns, rows),
      };
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
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      this.lock?.release();
    }
  }
}
