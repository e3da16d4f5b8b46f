import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { asUnavailable, DatabaseUnavailableError, isConnectionFailure } from '../errors';
import type { Database, QueryOptions, QueryResult, SqlExecutor } from '../types';
import { copyStatement, copyText } from './copy-text';
import { OID, parseDate, parseInt8 } from './type-parsers';
import { quoteIdent } from './value-text';

/** Per-pool type parsers (see type-parsers.ts); the global `pg.types` registry is left alone. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === OID.INT8) return parseInt8;
    if (oid === OID.DATE) return parseDate;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

type Queryable = pg.Pool | pg.PoolClient | pg.Client;

/**
 * Without parameters node-postgres uses the simple protocol, so a script may hold several statements; keep the last result.
 * A connection-level failure comes out as DatabaseUnavailableError.
 */
async function run<R>(target: Queryable, sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
  const values = params && params.length > 0 ? params : undefined;
  let raw: pg.QueryResult | pg.QueryResult[];
  try {
    raw = (await (options?.name ? target.query({ name: options.name, text: sql, values }) : target.query(sql, values))) as
      | pg.QueryResult
      | pg.QueryResult[];
  } catch (err) {
    throw asUnavailable(err);
  }
  const result = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (!result) return { rows: [], rowCount: 0 };
  return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
}

/** COPY … FROM STDIN on one connection (see SqlExecutor.copyRows). */
async function copy(client: pg.PoolClient | pg.Client, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<number> {
  if (rows.length === 0) return 0;
  const ingest = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
  try {
    await pipeline(Readable.from([Buffer.from(copyText(rows))]), ingest);
  } catch (err) {
    throw asUnavailable(err);
  }
  return ingest.rowCount;
}

/**
 * A PostgreSQL server through a `pg.Pool`. A lost connection or a server that is down or
 * restarting never ends the process: the calls using it fail with DatabaseUnavailableError, the
 * broken connections are discarded, and the next calls connect again (LISTEN reconnects by itself).
 */
export class PgDatabase implements Database {
  readonly driver = 'postgres' as const;
  readonly pool: pg.Pool;
  private readonly listener: NotificationListener;

  constructor(readonly connectionString: string, options: { max?: number } = {}) {
    this.pool = new pg.Pool({ connectionString, types, max: options.max ?? 10 });
    // An idle client losing its connection (server restart) must not crash the process; the pool
    // has already dropped it and connects a new one on a later checkout. (A client checked out by
    // `query` has pg-pool's own listener, and one checked out by `transaction` has ours.)
    this.pool.on('error', (err) => console.warn(`[eventstore] idle PostgreSQL client error: ${err.message}`));
    // And at every moment in between: pg-pool hands a client out (removing its idle listener)
    // before `transaction` can attach its own, and a chunk read from the socket can carry both the
    // ReadyForQuery that freed the client and the FATAL of a terminated backend, emitted before
    // that. An 'error' event nobody listens to ends the process (the worker died so in the faults
    // spec). This listener does nothing else: the call in flight, `transaction`'s listener or the
    // pool's idle listener reports the error, and the broken client is dropped on release.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.listener = new NotificationListener(connectionString);
  }

  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
    return run<R>(this.pool, sql, params, options);
  }

  /** On a connection of its own, in a transaction of its own. */
  copyRows(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<number> {
    return this.transaction((tx) => tx.copyRows(table, columns, rows));
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw asUnavailable(err);
    }
    // pg-pool listens for 'error' only while a client is idle in the pool. From checkout to release
    // this listener must be there: a connection that breaks while the transaction waits on the
    // application (backend terminated, server shut down) emits 'error', and an 'error' event
    // without a listener ends the process. The error is kept to be thrown by the next statement.
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken ??= err;
    };
    client.on('error', onError);
    const release = (destroy?: Error) => {
      client.release(destroy); // with an error: the connection is closed, not returned to the pool
      client.removeListener('error', onError); // after release, which puts the pool's listener back
    };

    let result: T;
    try {
      await run(client, 'BEGIN');
      result = await fn({
        query: (sql, params, options) => run(client, sql, params, options),
        copyRows: (table, columns, rows) => copy(client, table, columns, rows),
      });
      await run(client, 'COMMIT');
    } catch (err) {
      if (!broken && !isConnectionFailure(err)) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken ??= rollbackError as Error;
        }
      }
      const connectionLost = broken ?? (isConnectionFailure(err) ? (err as Error) : undefined);
      release(connectionLost);
      if (!isConnectionFailure(err)) throw err; // an SQL or application error stays what it was
      // Name the first failure (e.g. the 57P01 that broke the idle connection) rather than its
      // follow-up ("Client has encountered a connection error and is not queryable").
      throw broken ? new DatabaseUnavailableError(broken) : asUnavailable(err);
    }
    release(broken);
    return result;
  }

  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    return this.listener.listen(channel, onNotify);
  }

  async close(): Promise<void> {
    await this.listener.close();
    // pool.end() resolves once clients are told to end, before their sockets close; wait for
    // the 'remove' events too, so a DROP DATABASE right after close() finds no sessions left.
    const open = this.pool.totalCount;
    let removed = 0;
    const allRemoved = new Promise<void>((resolve) => {
      if (open === 0) return resolve();
      this.pool.on('remove', () => {
        if (++removed >= open) resolve();
      });
    });
    await this.pool.end();
    await allRemoved;
  }
}

/**
 * One dedicated connection (outside the pool) carrying every LISTEN of a `PgDatabase`.
 * If it drops it reconnects with backoff and re-issues the LISTENs. Notifications sent while
 * it was down are lost, which is why subscribers also poll.
 */
class NotificationListener {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;
  private retryDelayMs = 100;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('Database is closed');
    let set = this.handlers.get(channel);
    const isNewChannel = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onNotify);
    try {
      const client = await this.connect();
      if (isNewChannel) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      // Not listening: take the handler back. Channels listened before stay registered and are
      // LISTENed again when the connection comes back.
      set.delete(onNotify);
      if (set.size === 0 && this.handlers.get(channel) === set) this.handlers.delete(channel);
      this.scheduleReconnect();
      throw asUnavailable(err);
    }

    return async () => {
      const current = this.handlers.get(channel);
      if (!current?.delete(onNotify) || current.size > 0) return;
      this.handlers.delete(channel);
      if (this.client && !this.closed) await this.client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.connectionString, types });
      client.on('notification', (msg) => {
        for (const handler of this.handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      client.on('error', () => this.dropped(client));
      client.on('end', () => this.dropped(client));
      try {
        await client.connect();
        for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (err) {
        client.removeAllListeners();
        client.on('error', () => undefined); // a late socket error must not end the process
        await client.end().catch(() => undefined);
        throw err;
      }
      this.client = client;
      this.retryDelayMs = 100;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private dropped(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.retryTimer || this.handlers.size === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch(() => {
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, 5000);
        this.scheduleReconnect();
      });
    }, this.retryDelayMs);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
