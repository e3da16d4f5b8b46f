/**
 * Public contract of the event store. One implementation (`PostgresEventStore`) runs over two
 * drivers (`Database`): PGlite in-process and a PostgreSQL server through `pg`.
 */

/** Rows and count of one SQL statement. Column names come back as written in the SQL. */
export type QueryResult<R> = { rows: R[]; rowCount: number };

/**
 * `name` makes a hot statement a prepared one: parsed and planned once per server connection, or
 * once in PGlite's single session (PREPARE/EXECUTE), then only executed. The name must always come
 * with the same SQL. Inside a PGlite `transaction` it is ignored.
 */
export type QueryOptions = { name?: string };

export interface SqlExecutor {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
  /**
   * Bulk-loads rows into `table` with COPY (text format; each row's values in `columns` order,
   * written as `query` parameters are). Much cheaper per row than an INSERT of the same rows, with
   * a plain insert's rules: no ON CONFLICT, and a violated constraint fails the statement (and the
   * transaction: run it under a SAVEPOINT to go on). Answers the number of rows copied.
   */
  copyRows(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<number>;
}

/**
 * A database connection (PGlite) or pool (pg). Both speak the same SQL.
 * PGlite has one session: `transaction` runs transactions one at a time and plain `query`
 * calls never interleave with a running transaction.
 */
export interface Database extends SqlExecutor {
  readonly driver: 'pglite' | 'postgres';
  /** BEGIN … COMMIT around `fn`; ROLLBACK and rethrow if it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Who caused a command: a visitor (cart cookie), a signed-in owner, or the system (seed, worker).
 * An owner's email is recorded too (from issue 12 on: events appended before have only the id), so
 * an edit's history names who made it without looking the account up.
 */
export type Actor =
  | { kind: 'visitor'; id: string }
  | { kind: 'owner'; id: string; email?: string }
  | { kind: 'system'; id: string };

/** Supplied by whoever issues a command; copied into every event it appends. */
export type CommandContext = {
  /** Unique per logical command; a retried request reuses it. */
  commandId: string;
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  requestId?: string;
  /**
   * True when the command id was minted for this request (no client-supplied idempotency key), so
   * it cannot have been used before and handleCommand skips the up-front duplicate lookup. The
   * append still refuses a duplicate id. Not stored with events.
   */
  commandIdIsNew?: boolean;
  /**
   * A fingerprint of the request that carried a client-supplied idempotency key (method, route,
   * body). Stored with the events; a later command with the same id and another fingerprint is
   * refused (`IdempotencyKeyReusedError`) instead of answering with the first request's outcome.
   */
  requestHash?: string;
};

export type EventMetadata = {
  eventId: string;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  requestId?: string;
  /** See CommandContext.requestHash. */
  requestHash?: string;
  /** ISO-8601, set by the database clock at append. */
  recordedAt: string;
  schemaVersion: number;
};

/** Where an applied command id's append ended, and the request fingerprint it was stored with. */
export type CommandRecord = { streamId: string; version: number; requestHash?: string };

export type NewEvent = { type: string; data: unknown; schemaVersion?: number };

export type RecordedEvent<Data = unknown> = {
  globalPosition: number;
  /** xid8 of the appending transaction, as a decimal string. */
  transactionId: string;
  streamId: string;
  /** 1-based position in its stream. */
  streamPosition: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
};

/**
 * 'no_stream': the stream must not exist yet. 'any': no check.
 * A number: the stream's current version (number of events) must equal it; 0 behaves as 'no_stream'.
 */
export type ExpectedVersion = 'no_stream' | 'any' | number;

export type AppendOptions = {
  streamType: string;
  expectedVersion: ExpectedVersion;
  command: CommandContext;
};

export type AppendResult =
  /** Appended now. `version` is the stream's version after the append. */
  | { status: 'appended'; version: number; events: RecordedEvent[] }
  /**
   * The command id had already appended (a retried request). Nothing was written;
   * `streamId`/`version` say where and at which stream version the original append ended.
   */
  | { status: 'duplicate'; streamId: string; version: number; requestHash?: string };

/**
 * One stream's part of an `appendMany`. `expectedVersion` is required and exact (no 'any': a
 * multi-stream append is a decision taken on every stream's state). An entry with no events
 * appends nothing but its expected version is still checked (a guard: "this stream was still at
 * the version my decision was based on"), in the same statement as the rest.
 */
export type StreamAppend = {
  streamId: string;
  streamType: string;
  events: NewEvent[];
  expectedVersion: Exclude<ExpectedVersion, 'any'>;
  command: CommandContext;
};

export type AppendManyResult =
  /** Every entry's events appended, in one transaction; `streams` in the order given (guards included, with no events). */
  | { status: 'appended'; streams: { streamId: string; version: number; events: RecordedEvent[] }[] }
  /**
   * Every entry with events had already been appended by these same command ids (a retried
   * multi-append). Nothing was written; where each one ended, in the order given (entries with events only).
   */
  | { status: 'duplicate'; streams: CommandRecord[] };

/** Position in the global log: readers order by (transactionId, globalPosition). */
export type Checkpoint = { transactionId: string; globalPosition: number };
export const START: Checkpoint = { transactionId: '0', globalPosition: 0 };

export type ReadStreamOptions = {
  /** Only events with streamPosition > fromVersion (what was appended after that version). */
  fromVersion?: number;
  /** Only events with streamPosition <= toVersion. */
  toVersion?: number;
  /** Only events recorded at or before this time. */
  toTime?: Date;
};

export type ReadAllOptions = {
  after: Checkpoint;
  limit: number;
  /** Only these event types (the checkpoint still advances past skipped ones). */
  eventTypes?: string[];
  /**
   * At most this many matching events: when more match within `limit`, the read ends at the last
   * one returned (its checkpoint), and the events after it are read next time.
   */
  maxEvents?: number;
  /** Stop at (and include) this checkpoint; used by rebuild/verify to reach a fixed point. */
  upTo?: Checkpoint;
  /**
   * Only events recorded at or before this time (the checkpoint still advances past later ones,
   * as past other types): the log as it stood at a moment, for "the site as it was".
   */
  toTime?: Date;
};

export type ReadAllResult = {
  events: RecordedEvent[];
  /** Where the next read continues; equals `after` when nothing new is visible. */
  checkpoint: Checkpoint;
  /**
   * Events scanned up to the checkpoint, matching the type filter or not: `limit` (or `maxEvents`
   * events) means there may be more right away.
   */
  scanned: number;
};

export type Subscription = { stop(): Promise<void> };

export type SubscribeOptions = {
  from: Checkpoint;
  batchSize?: number;
  /** Poll interval when no NOTIFY arrives (ms). */
  pollIntervalMs?: number;
};

export interface EventStore {
  readonly db: Database;
  /** Appends atomically; throws `ConcurrencyError` when the expected version does not hold. */
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Appends to several streams atomically, in one statement (one round trip, one transaction): all
   * or nothing. Every entry's expected version is checked; if any does not hold (or another writer
   * takes a position first) nothing is written and `ConcurrencyError` names a stream that moved.
   * Events take global positions in the order given (entries, then each entry's events) and share
   * one transaction id, so readAll hands them out together and in that order. Each entry with
   * events records its own command id (they must differ); a repeat of the same multi-append
   * answers 'duplicate'. A stream may appear again only right after where its entry before ends
   * (another command's events following on: several commands' appends in one statement).
   * Concurrent multi-appends sharing streams queue on a per-stream lock taken in stream id order,
   * so they never deadlock.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendManyResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Current version of a stream, 0 when it does not exist. */
  streamVersion(streamId: string): Promise<number>;
  /** Current versions of several streams in one query, in the order asked (0 for a stream that does not exist). */
  streamVersions(streamIds: readonly string[]): Promise<number[]>;
  /** Where the append of an already-applied command id ended (its stream and version), or null. */
  findCommand(commandId: string): Promise<CommandRecord | null>;
  /**
   * Events after a checkpoint, in (transaction_id, global_position) order, only from transactions
   * older than pg_snapshot_xmin(pg_current_snapshot()): no committed event is ever skipped.
   */
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  /**
   * The checkpoint of the newest committed event (START when the log is empty). `readAll` may not
   * return it yet while an older transaction anywhere on the server is still open; it will once
   * that transaction ends. Waiting for a projection to reach it means "everything committed so far".
   */
  headCheckpoint(): Promise<Checkpoint>;
  /** Calls `handler` with each visible batch in order; woken by NOTIFY, polling as a fallback. */
  subscribe(handler: (events: RecordedEvent[], checkpoint: Checkpoint) => Promise<void>, options: SubscribeOptions): Promise<Subscription>;
}

/**
 * Channel notified by every append, delivered on commit: one notification per stream the append
 * wrote, its payload the stream id and the types of the events appended to it
 * (`eventsNotification`; read it with `parseEventsNotification`), so that a listener that follows
 * only some event types wakes only for those.
 */
export const EVENTS_CHANNEL = 'events_appended';

/** Separates the stream id from the event types in an EVENTS_CHANNEL payload (ASCII unit separator; in SQL `chr(31)`). */
export const EVENTS_NOTIFICATION_SEPARATOR = '\u001f';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a longer list of types is left out (listeners then wake for it whatever they follow). */
const MAX_NOTIFICATION_BYTES = 7900;

/** The payload of an EVENTS_CHANNEL notification: the stream id, and the event types appended to it. */
export function eventsNotification(streamId: string, eventTypes: Iterable<string>): string {
  const payload = `${streamId}${EVENTS_NOTIFICATION_SEPARATOR}${[...new Set(eventTypes)].join(',')}`;
  return Buffer.byteLength(payload) < MAX_NOTIFICATION_BYTES ? payload : streamId;
}

/**
 * An EVENTS_CHANNEL payload read back: the stream id, and the types appended (null when the
 * payload does not say: a listener must then assume any type).
 */
export function parseEventsNotification(payload: string): { streamId: string; eventTypes: string[] | null } {
  const at = payload.indexOf(EVENTS_NOTIFICATION_SEPARATOR);
  if (at < 0) return { streamId: payload, eventTypes: null };
  const types = payload.slice(at + 1);
  return { streamId: payload.slice(0, at), eventTypes: types ? types.split(',') : null };
}

/** Whether a notification's types (null: unknown) concern a listener that follows `followed` (empty or undefined: every type). */
export function notificationConcerns(eventTypes: string[] | null, followed: readonly string[] | undefined): boolean {
  if (eventTypes === null || !followed || followed.length === 0) return true;
  return eventTypes.some((type) => followed.includes(type));
}

/** One schema change. `id` is recorded in `schema_migrations`; `sql` may hold several statements. */
export type Migration = {
  id: string;
  sql: string;
  /**
   * Ids of the migrations this one was squashed from (same resulting schema). A database that
   * applied all of them records this one as applied without running it; one that applied only
   * some of them is refused (it predates the squash half-way: recreate it).
   */
  replaces?: string[];
};
