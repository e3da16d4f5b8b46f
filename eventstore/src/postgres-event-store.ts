import { randomUUID } from 'node:crypto';
import { EVENT_UPCASTERS, type EventUpcaster } from '@storefront/domain';
import { ConcurrencyError } from './errors';
import { EventUpcasters } from './upcasting';
import {
  EVENTS_CHANNEL,
  eventsNotification,
  START,
  type AppendManyResult,
  type AppendOptions,
  type AppendResult,
  type Checkpoint,
  type CommandContext,
  type CommandRecord,
  type Database,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type SqlExecutor,
  type StreamAppend,
  type Subscription,
} from './types';

const UNIQUE_VIOLATION = '23505';
/** An 'any' append that lost a race for the next stream position tries again this many times. */
const ANY_VERSION_ATTEMPTS = 5;

type EventRow = {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_position: number;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  /**
   * The stored metadata document as JSON text (selected `metadata::text`: see `eventDecoder`).
   * Before the one-row append (the old migration 003, now part of eventstore/001) also eventId,
   * schemaVersion and recordedAt (the columns' values).
   */
  metadata: string;
  recorded_at: Date;
};

/**
 * The metadata document as stored: what the command gave, the same for every event of an append.
 * eventId, schemaVersion and recordedAt are columns and are added back when an event is read.
 */
type StoredMetadata = Omit<EventMetadata, 'recordedAt' | 'eventId' | 'schemaVersion'>;

type AppendRow = {
  global_position: number;
  transaction_id: string;
  stream_position: number;
  recorded_at: Date;
};

type PreparedEvent = {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
};

/** An append checked and turned into appendStatement's parameters. */
type PreparedAppend = {
  streamId: string;
  streamType: string;
  expectedVersion: ExpectedVersion;
  commandId: string;
  metadata: StoredMetadata;
  events: PreparedEvent[];
};

/**
 * An append is one statement (see eventstore/001-event-store): one round trip, one transaction outside an
 * explicit one, one row written per event. It runs as a named prepared statement, parsed and
 * planned once per connection. Parameters:
 *   $1 command id, $2 stream id, $3 stream type, $4 the version the stream is expected at (0 for
 *   a new stream), $5 events [{ "eventId", "type", "schemaVersion", "data" }], $6 whether to
 *   NOTIFY EVENTS_CHANNEL inside it (PGlite; on a server see PostCommitNotifier), $7 the metadata
 *   document of every event (StoredMetadata), $8 the number of events.
 * It inserts nothing and returns no row when the expected version does not hold (the stream has no
 * event at that position) or, in a database written before the one-row append (the old migration 003), the command id is in
 * the legacy commands table. A writer that took the same position first, or an earlier append of
 * the same command id, makes it fail with a unique violation (events_pkey or events_command_id)
 * after waiting for that writer's commit. In every such case the caller looks the command id up
 * before it reports a conflict. The command id goes on the append's last event, whose position is
 * the version the append ended at.
 *
 * Variants, so that each runs only the steps it needs: `newStream` (expected version 0) registers
 * the stream and its type in `streams`; `legacyCommands` checks the commands table.
 */
export function appendStatement(variant: { newStream: boolean; legacyCommands: boolean }): { name: string; sql: string } {
  const name = `es_append${variant.newStream ? '_new' : ''}${variant.legacyCommands ? '_legacy' : ''}`;
  const sql = `WITH allowed AS (
  SELECT $4::integer AS version, $3::text AS stream_type
  WHERE ${variant.newStream ? '$4::integer = 0' : 'EXISTS (SELECT 1 FROM events e WHERE e.stream_id = $2 AND e.stream_position = $4::integer)'}
    ${variant.legacyCommands ? 'AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.command_id = $1)' : ''}
)${variant.newStream ? `, registered AS (
  INSERT INTO streams (stream_id, stream_type) SELECT $2, a.stream_type FROM allowed a
  ON CONFLICT (stream_id) DO NOTHING
)` : ''}, inserted AS (
  INSERT INTO events AS e (stream_id, stream_position, command_id, event_id, event_type, schema_version, data, metadata)
  SELECT $2, a.version + x.ord::integer, CASE WHEN x.ord = $8::integer THEN $1 END,
         (x.ev->>'eventId')::uuid, x.ev->>'type', (x.ev->>'schemaVersion')::integer, x.ev->'data', $7::jsonb
  FROM allowed a, jsonb_array_elements($5::jsonb) WITH ORDINALITY AS x(ev, ord)
  RETURNING e.global_position, e.transaction_id, e.stream_position, e.recorded_at
)
SELECT i.global_position, i.transaction_id::text AS transaction_id, i.stream_position, i.recorded_at,
       CASE WHEN $6::boolean THEN (SELECT true FROM pg_notify('${EVENTS_CHANNEL}',
         $2 || chr(31) || (SELECT string_agg(DISTINCT x->>'type', ',') FROM jsonb_array_elements($5::jsonb) x))) END AS notified
FROM inserted i ORDER BY i.stream_position`;
  return { name, sql };
}

/**
 * Key of the transaction-scoped advisory lock that 'any' appends of one stream queue on (two-key
 * form, class 'ESTR', apart from the projection runner's 'PROJ' keys), so that they do not fail
 * each other: each reads the stream's version only once the one before it has committed.
 */
const ANY_LOCK_CLASS = 0x45535452;

/**
 * A multi-stream append (`appendMany`) is one statement too. Parameters:
 *   $1 the entries [{ "s": stream id, "t": stream type, "v": expected version (0: a new stream),
 *      "f": whether it is the stream's first entry (a later one follows on where the one before
 *      it ends: only the first is checked against the stream), "c": command id, "m": metadata
 *      (StoredMetadata), "e": events as in appendStatement's $5 }],
 *   $2 whether to NOTIFY inside it (PGlite), $3 whether the legacy commands table must be checked.
 * First it takes the 'any' appends' advisory lock of every stream, in stream id order: two
 * multi-appends sharing streams queue on the first one they share instead of each holding a
 * position the other waits for (a deadlock). Then every entry's stream must be at exactly its
 * expected version (its highest position, read once the locks are held; a guard entry without
 * events is checked the same way), and no command id may be in the legacy table; if any check fails
 * nothing is inserted and no row comes back. The events are inserted in the order given, so their
 * global positions follow it. As with appendStatement, a writer that took a position first, or
 * an earlier append of one of the command ids, makes the statement fail with a unique violation
 * (all of it: one statement is one transaction).
 */
const APPEND_MANY_SQL = `WITH input AS MATERIALIZED (
  SELECT a.n::integer AS n, a.x->>'s' AS stream_id, a.x->>'t' AS stream_type, (a.x->>'v')::integer AS version, (a.x->>'f')::boolean AS first,
         a.x->>'c' AS command_id, a.x->'m' AS metadata, a.x->'e' AS events, jsonb_array_length(a.x->'e') AS count
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS a(x, n)
), locked AS MATERIALIZED (
  SELECT count(l.done) AS streams FROM (
    SELECT pg_advisory_xact_lock(${ANY_LOCK_CLASS}, hashtext(o.stream_id))::text AS done
    FROM (SELECT DISTINCT stream_id FROM input ORDER BY stream_id) o
  ) l
), checked AS MATERIALIZED (
  SELECT i.*, (SELECT coalesce(max(e.stream_position), 0) FROM events e WHERE e.stream_id = i.stream_id) AS head
  FROM input i, locked k WHERE k.streams >= 0
), allowed AS (
  SELECT c.* FROM checked c
  WHERE NOT EXISTS (SELECT 1 FROM checked m WHERE m.first AND m.head <> m.version)
    AND ($3::boolean IS NOT TRUE OR NOT EXISTS (SELECT 1 FROM commands k JOIN checked m ON k.command_id = m.command_id WHERE m.count > 0))
), registered AS (
  INSERT INTO streams (stream_id, stream_type) SELECT a.stream_id, a.stream_type FROM allowed a WHERE a.first AND a.version = 0 AND a.count > 0
  ON CONFLICT (stream_id) DO NOTHING
), inserted AS (
  INSERT INTO events AS e (stream_id, stream_position, command_id, event_id, event_type, schema_version, data, metadata)
  SELECT a.stream_id, a.version + x.ord::integer, CASE WHEN x.ord = a.count THEN a.command_id END,
         (x.ev->>'eventId')::uuid, x.ev->>'type', (x.ev->>'schemaVersion')::integer, x.ev->'data', a.metadata
  FROM allowed a, jsonb_array_elements(a.events) WITH ORDINALITY AS x(ev, ord)
  ORDER BY a.n, x.ord
  RETURNING e.global_position, e.transaction_id, e.stream_id, e.stream_position, e.recorded_at, e.event_type
)
SELECT i.global_position, i.transaction_id::text AS transaction_id, i.stream_id, i.stream_position, i.recorded_at,
       CASE WHEN $2::boolean THEN (SELECT count(pg_notify('${EVENTS_CHANNEL}', d.stream_id || chr(31) || d.types))
         FROM (SELECT stream_id, string_agg(DISTINCT event_type, ',') AS types FROM inserted GROUP BY stream_id) d) END AS notified
FROM inserted i ORDER BY i.global_position`;

/** A stream's version: its highest position (0 when it has no events). */
const STREAM_VERSION_SQL = 'SELECT max(stream_position) AS version FROM events WHERE stream_id = $1';

const EVENT_COLUMNS = `global_position, transaction_id::text AS transaction_id, stream_id, stream_position,
  event_id::text AS event_id, event_type, schema_version, data, metadata::text AS metadata, recorded_at`;

/**
 * Rows of transactions that may still be running (or not yet visible) are left for a later read.
 * es_read_horizon() is pg_snapshot_xmin(pg_current_snapshot()) minus transactions of other
 * databases (see the schema); the scalar subquery makes it an InitPlan, evaluated once.
 */
const VISIBLE = 'transaction_id < (SELECT es_read_horizon())';

/** The full metadata of an event: the stored document plus the values kept in columns. */
function fullMetadata(stored: StoredMetadata, eventId: string, schemaVersion: number, recordedAt: string): EventMetadata {
  // Built field by field (one object shape): readers call this for every event they read.
  const metadata: EventMetadata = {
    eventId,
    commandId: stored.commandId,
    correlationId: stored.correlationId,
    causationId: stored.causationId,
    actor: stored.actor,
    recordedAt,
    schemaVersion,
  };
  if (stored.requestId !== undefined) metadata.requestId = stored.requestId;
  if (stored.requestHash !== undefined) metadata.requestHash = stored.requestHash;
  return metadata;
}

/**
 * Turns the rows of one read into RecordedEvents in their current shape: every event the store
 * reads passes here, so this is where old schema versions are upcast (type, schemaVersion and
 * data; metadata.schemaVersion too).
 *
 * The events of one append share their metadata document and their recorded_at (one command, one
 * transaction), and a read returns them one after the other: the document (selected as text) is
 * parsed, and the time written as ISO text, once per run of equal values rather than per event,
 * which is most of the cost of reading a log of large appends (the batched visit events). Each
 * event still gets its own metadata object and its own Date.
 */
function eventDecoder(upcasters: EventUpcasters): (row: EventRow) => RecordedEvent {
  let metadataText: string | null = null;
  let stored: StoredMetadata | null = null;
  let recordedMs = Number.NaN;
  let recordedIso = '';
  return (row) => {
    if (row.metadata !== metadataText || stored === null) {
      stored = JSON.parse(row.metadata) as StoredMetadata;
      metadataText = row.metadata;
    }
    const ms = row.recorded_at.getTime();
    if (ms !== recordedMs) {
      recordedIso = row.recorded_at.toISOString();
      recordedMs = ms;
    }
    const current = upcasters.upcast({ type: row.event_type, schemaVersion: row.schema_version, data: row.data });
    return {
      globalPosition: row.global_position,
      transactionId: row.transaction_id,
      streamId: row.stream_id,
      streamPosition: row.stream_position,
      eventId: row.event_id,
      type: current.type,
      schemaVersion: current.schemaVersion,
      data: current.data,
      metadata: fullMetadata(stored, row.event_id, current.schemaVersion, recordedIso),
      recordedAt: row.recorded_at,
    };
  };
}

function sqlState(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

/** The metadata document stored with every event of an append by this command. */
function storedMetadata(command: CommandContext): StoredMetadata {
  return {
    commandId: command.commandId,
    correlationId: command.correlationId,
    causationId: command.causationId,
    actor: command.actor,
    ...(command.requestId !== undefined ? { requestId: command.requestId } : {}),
    ...(command.requestHash !== undefined ? { requestHash: command.requestHash } : {}),
  };
}

/** The result of an append whose events were inserted: `rows` are their positions, in order. */
function appendedResult(append: PreparedAppend, rows: AppendRow[]): Extract<AppendResult, { status: 'appended' }> {
  const events = rows.map((row, i): RecordedEvent => {
    const p = append.events[i]!;
    const recordedAt = row.recorded_at;
    return {
      globalPosition: row.global_position,
      transactionId: row.transaction_id,
      streamId: append.streamId,
      streamPosition: row.stream_position,
      eventId: p.eventId,
      type: p.type,
      schemaVersion: p.schemaVersion,
      data: p.data,
      metadata: fullMetadata(append.metadata, p.eventId, p.schemaVersion, recordedAt.toISOString()),
      recordedAt,
    };
  });
  return { status: 'appended', version: rows[rows.length - 1]!.stream_position, events };
}

export type EventStoreOptions = {
  /**
   * Applied to every event read (readStream, readAll, subscriptions), so callers only see current
   * event shapes. Default: the domain's EVENT_UPCASTERS.
   */
  upcasters?: readonly EventUpcaster[];
};

/** `new PostgresEventStore(db)`: cheap, no I/O. Run `await migrate(db)` first (once per process). */
export function createEventStore(db: Database, options: EventStoreOptions = {}): PostgresEventStore {
  return new PostgresEventStore(db, options);
}

/**
 * The event store over either driver. Construction is cheap and does no I/O; the schema must
 * exist already: `await migrate(db)` once at startup (the caller's job).
 */
export class PostgresEventStore implements EventStore {
  /** Server only: NOTIFY after commit (see appendStatement's $6). PGlite notifies inside the append. */
  private readonly notifier: PostCommitNotifier | null;
  private legacyCommands: Promise<boolean> | null = null;

  private readonly upcasters: EventUpcasters;

  constructor(readonly db: Database, options: EventStoreOptions = {}) {
    this.upcasters = new EventUpcasters(options.upcasters ?? EVENT_UPCASTERS);
    this.notifier = db.driver === 'postgres' ? new PostCommitNotifier(db) : null;
  }

  /** Resolves once the NOTIFYs of appends made so far have been sent (they are not awaited by append). */
  async flushNotifications(): Promise<void> {
    await this.notifier?.flush();
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const { expectedVersion, command } = options;
    if (typeof expectedVersion === 'number' && (!Number.isInteger(expectedVersion) || expectedVersion < 0)) {
      throw new RangeError(`Invalid expected version ${expectedVersion}`);
    }
    if (events.length === 0) return this.appendNothing(streamId, options);

    const prepared: PreparedAppend = {
      streamId,
      streamType: options.streamType,
      expectedVersion,
      commandId: command.commandId,
      metadata: storedMetadata(command),
      // recordedAt comes from the database clock (the recorded_at column).
      events: events.map((event) => ({ eventId: randomUUID(), type: event.type, schemaVersion: event.schemaVersion ?? 1, data: event.data ?? null })),
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.appendOnce(prepared);
      } catch (err) {
        // 'any' has no expected version to lose: a writer that took the next position first only
        // means trying again at the one after.
        if (!(err instanceof ConcurrencyError) || expectedVersion !== 'any' || attempt >= ANY_VERSION_ATTEMPTS) throw err;
      }
    }
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendManyResult> {
    /** Where each stream's entries so far end (a later entry of the same stream must start there). */
    const streamEnds = new Map<string, number | null>();
    const commandIds = new Set<string>();
    for (const { streamId, expectedVersion, events, command } of appends) {
      if (expectedVersion !== 'no_stream' && (typeof expectedVersion !== 'number' || !Number.isInteger(expectedVersion) || expectedVersion < 0)) {
        throw new RangeError(`Invalid expected version ${String(expectedVersion)} for a multi-stream append`);
      }
      const version = expectedVersion === 'no_stream' ? 0 : expectedVersion;
      if (streamEnds.has(streamId)) {
        // Chained: another command's events right after the previous entry's on this stream.
        const end = streamEnds.get(streamId);
        if (end === null || end !== version || events.length === 0) {
          throw new RangeError(`Stream ${streamId} appears twice in one multi-stream append without following on (expected ${String(end)}, got ${version})`);
        }
      }
      streamEnds.set(streamId, events.length === 0 ? null : version + events.length);
      if (events.length === 0) continue;
      if (commandIds.has(command.commandId)) throw new RangeError(`Command id ${command.commandId} appears twice in one multi-stream append`);
      commandIds.add(command.commandId);
    }
    const prepared: PreparedAppend[] = appends.map(({ streamId, streamType, events, expectedVersion, command }) => ({
      streamId,
      streamType,
      expectedVersion,
      commandId: command.commandId,
      metadata: storedMetadata(command),
      events: events.map((event) => ({ eventId: randomUUID(), type: event.type, schemaVersion: event.schemaVersion ?? 1, data: event.data ?? null })),
    }));
    const versionOf = (append: PreparedAppend) => (append.expectedVersion === 'no_stream' ? 0 : (append.expectedVersion as number));
    const writing = prepared.filter((append) => append.events.length > 0);
    if (writing.length === 0) {
      // Guards only: nothing to write, the versions are still checked.
      const versions = await this.streamVersions(prepared.map((append) => append.streamId));
      const moved = prepared.findIndex((append, i) => versions[i] !== versionOf(append));
      if (moved !== -1) throw new ConcurrencyError(prepared[moved]!.streamId, prepared[moved]!.expectedVersion, versions[moved]!);
      return { status: 'appended', streams: prepared.map((append) => ({ streamId: append.streamId, version: versionOf(append), events: [] })) };
    }
    const legacyCommands = await this.hasLegacyCommands();
    const seen = new Set<string>();
    const entries = prepared.map((append) => {
      const first = !seen.has(append.streamId);
      seen.add(append.streamId);
      return { s: append.streamId, t: append.streamType, v: versionOf(append), f: first, c: append.commandId, m: append.metadata, e: append.events };
    });
    let rows: (AppendRow & { stream_id: string })[];
    try {
      ({ rows } = await this.db.query<AppendRow & { stream_id: string }>(APPEND_MANY_SQL, [JSON.stringify(entries), !this.notifier, legacyCommands], { name: 'es_append_many' }));
    } catch (err) {
      if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
      rows = [];
    }
    if (rows.length === 0) {
      // Nothing inserted: the same multi-append was applied before (answer as it did), or a stream moved.
      const previous = await Promise.all(writing.map((append) => this.findCommand(append.commandId)));
      if (previous.every((record) => record !== null)) return { status: 'duplicate', streams: previous as CommandRecord[] };
      const versions = await this.streamVersions(prepared.map((append) => append.streamId));
      const moved = Math.max(0, prepared.findIndex((append, i) => versions[i] !== versionOf(append)));
      throw new ConcurrencyError(prepared[moved]!.streamId, prepared[moved]!.expectedVersion, versions[moved]!);
    }
    const byStream = new Map<string, AppendRow[]>();
    for (const row of rows) {
      const list = byStream.get(row.stream_id);
      if (list) list.push(row);
      else byStream.set(row.stream_id, [row]);
    }
    const streams = prepared.map((append) => {
      const from = versionOf(append);
      if (append.events.length === 0) return { streamId: append.streamId, version: from, events: [] };
      const own = byStream.get(append.streamId)!.filter((row) => row.stream_position > from && row.stream_position <= from + append.events.length);
      const appended = appendedResult(append, own.sort((a, b) => a.stream_position - b.stream_position));
      return { streamId: append.streamId, version: appended.version, events: appended.events };
    });
    for (const append of prepared) if (append.events.length > 0) this.notifier?.notify(append.streamId, append.events.map((e) => e.type));
    return { status: 'appended', streams };
  }

  private async appendOnce(append: PreparedAppend): Promise<AppendResult> {
    const { streamId, expectedVersion, commandId, events } = append;
    const legacyCommands = await this.hasLegacyCommands();
    const run = (db: SqlExecutor, version: number) => {
      const { name, sql } = appendStatement({ newStream: version === 0, legacyCommands });
      const params = [commandId, streamId, append.streamType, version, JSON.stringify(events), !this.notifier, JSON.stringify(append.metadata), events.length];
      return db.query<AppendRow>(sql, params, { name }).then((result) => result.rows);
    };
    let rows: AppendRow[];
    try {
      if (expectedVersion === 'any') {
        // Rare (nothing in the app appends without an expected version): lock, read the version, append.
        rows = await this.db.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock($1::integer, hashtext($2))', [ANY_LOCK_CLASS, streamId]);
          const { rows: head } = await tx.query<{ version: number | null }>(STREAM_VERSION_SQL, [streamId]);
          return run(tx, head[0]?.version ?? 0);
        });
      } else {
        rows = await run(this.db, expectedVersion === 'no_stream' ? 0 : expectedVersion);
      }
    } catch (err) {
      if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
      rows = [];
    }
    if (rows.length === 0) {
      // Nothing inserted: the same command id appended before (answer as it did), or the
      // expected version does not hold.
      const previous = await this.findCommand(commandId);
      if (previous) return { status: 'duplicate', ...previous };
      throw new ConcurrencyError(streamId, expectedVersion, await this.streamVersion(streamId));
    }
    this.notifier?.notify(streamId, events.map((e) => e.type));
    return appendedResult(append, rows);
  }

  /**
   * Whether the commands table (written before the one-row append, the old migration 003; never since) holds command ids that
   * appends must check. Asked once per store: the answer never changes from false to true.
   */
  private hasLegacyCommands(): Promise<boolean> {
    this.legacyCommands ??= this.db
      .query<{ legacy: boolean }>('SELECT EXISTS (SELECT 1 FROM commands) AS legacy')
      .then(({ rows }) => rows[0]!.legacy)
      .catch((err: unknown) => {
        this.legacyCommands = null;
        throw err;
      });
    return this.legacyCommands;
  }

  /** Where an already-applied command id's append ended, or null. */
  async findCommand(commandId: string): Promise<CommandRecord | null> {
    const { rows } = await this.db.query<{ stream_id: string; version: number; request_hash: string | null }>(
      `SELECT stream_id, stream_position AS version, metadata->>'requestHash' AS request_hash FROM events WHERE command_id = $1
       UNION ALL
       SELECT stream_id, version, NULL FROM commands WHERE command_id = $1
       LIMIT 1`,
      [commandId],
    );
    const row = rows[0];
    if (!row) return null;
    return row.request_hash === null ? { streamId: row.stream_id, version: row.version } : { streamId: row.stream_id, version: row.version, requestHash: row.request_hash };
  }

  /** Zero events: nothing is written (not even the command id); the expected version is still checked. */
  private async appendNothing(streamId: string, { expectedVersion }: AppendOptions): Promise<AppendResult> {
    const version = await this.streamVersion(streamId);
    const holds =
      expectedVersion === 'any' ||
      (expectedVersion === 'no_stream' ? version === 0 : expectedVersion === version);
    if (!holds) throw new ConcurrencyError(streamId, expectedVersion, version);
    return { status: 'appended', version, events: [] };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE stream_id = $1
         AND ($2::integer IS NULL OR stream_position <= $2::integer)
         AND ($3::timestamptz IS NULL OR recorded_at <= $3::timestamptz)
         AND ($4::integer IS NULL OR stream_position > $4::integer)
       ORDER BY stream_position`,
      [streamId, options.toVersion ?? null, options.toTime?.toISOString() ?? null, options.fromVersion ?? null],
    );
    return rows.map(eventDecoder(this.upcasters));
  }

  async streamVersion(streamId: string): Promise<number> {
    const { rows } = await this.db.query<{ version: number | null }>(STREAM_VERSION_SQL, [streamId]);
    return rows[0]?.version ?? 0;
  }

  async streamVersions(streamIds: readonly string[]): Promise<number[]> {
    if (streamIds.length === 0) return [];
    if (streamIds.length === 1) return [await this.streamVersion(streamIds[0]!)];
    // One index probe per stream (the same max() as streamVersion), in one round trip.
    const { rows } = await this.db.query<{ version: number | null }>(
      `SELECT (SELECT max(stream_position) FROM events WHERE stream_id = s.id) AS version
       FROM unnest($1::text[]) WITH ORDINALITY AS s(id, n) ORDER BY s.n`,
      [streamIds],
    );
    return rows.map((row) => row.version ?? 0);
  }

  /**
   * One query scans up to `limit` visible events after `after` (without the type filter, so
   * the checkpoint moves past non-matching events too); data and metadata are only fetched
   * for matching rows.
   */
  async readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    const { after, eventTypes, upTo, toTime, maxEvents } = options;
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError(`Invalid limit ${options.limit}`);
    if (maxEvents !== undefined && (!Number.isInteger(maxEvents) || maxEvents < 1)) throw new RangeError(`Invalid maxEvents ${maxEvents}`);
    const filtered = eventTypes !== undefined;
    // Without a type filter every event scanned matches: at most maxEvents are scanned.
    const limit = !filtered && maxEvents !== undefined ? Math.min(options.limit, maxEvents) : options.limit;
    const params: unknown[] = [after.transactionId, after.globalPosition, limit, filtered ? eventTypes : null];
    let bound = '';
    if (upTo) {
      params.push(upTo.transactionId, upTo.globalPosition);
      bound = 'AND (transaction_id, global_position) <= ($5::xid8, $6::bigint)';
    }
    let recordedBy = '';
    if (toTime) {
      params.push(toTime.toISOString());
      recordedBy = `AND recorded_at <= $${params.length}::timestamptz`;
    }
    const scan = `SELECT *, ($4::text[] IS NULL OR event_type = ANY ($4::text[])) ${recordedBy} AS matched
         FROM events
         WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
           AND ${VISIBLE}
           ${bound}
         ORDER BY transaction_id, global_position
         LIMIT $3`;
    // With a type filter, only the matching rows come back, and of the others only the last one
    // scanned (the checkpoint), numbered (how many were scanned): a read that passes a thousand
    // other events would otherwise parse a thousand rows (a timestamp each) to keep a few. With
    // maxEvents, rows after the maxEvents-th match are left out (the last one kept is then the
    // checkpoint). The window functions stream over the scan in its order (nothing is held back).
    let kept = 'matched OR scanned_last';
    if (filtered && maxEvents !== undefined) {
      params.push(maxEvents);
      kept = `(${kept}) AND matched_index <= $${params.length}::bigint`;
    }
    const scannedRows = filtered
      ? `SELECT *, row_number() OVER w AS scanned_index, lead(global_position) OVER w IS NULL AS scanned_last,
                count(*) FILTER (WHERE matched) OVER w AS matched_index
         FROM (${scan}) scanned
         WINDOW w AS (ORDER BY transaction_id, global_position)`
      : `SELECT *, NULL::bigint AS scanned_index FROM (${scan}) scanned`;
    const { rows } = await this.db.query<EventRow & { matched: boolean; scanned_index: string | null }>(
      `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_position,
              event_id::text AS event_id, event_type, schema_version, recorded_at, matched, scanned_index,
              CASE WHEN matched THEN data END AS data,
              CASE WHEN matched THEN metadata::text END AS metadata
       FROM (${scannedRows}) counted
       ${filtered ? `WHERE ${kept}` : ''}
       -- Qualified: the bare name would sort by the text alias above ('999' > '1000').
       ORDER BY counted.transaction_id, counted.global_position`,
      params,
      // One SQL text per combination of options: prepared once per connection, not parsed and
      // planned on every read (the projections and followers read the log many times a second).
      { name: `es_read_all_${filtered ? 'types' : 'all'}${upTo ? '_upto' : ''}${toTime ? '_totime' : ''}${filtered && maxEvents !== undefined ? '_max' : ''}` },
    );
    const last = rows[rows.length - 1];
    return {
      events: rows.filter((row) => row.matched).map(eventDecoder(this.upcasters)),
      checkpoint: last ? { transactionId: last.transaction_id, globalPosition: last.global_position } : after,
      // The last row returned is the last one scanned (or kept, with maxEvents): its number is the count.
      scanned: filtered ? Number(last?.scanned_index ?? 0) : rows.length,
    };
  }

  async headCheckpoint(): Promise<Checkpoint> {
    const { rows } = await this.db.query<{ transaction_id: string; global_position: number }>(
      `SELECT transaction_id::text AS transaction_id, global_position FROM events
       ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
    );
    const head = rows[0];
    return head ? { transactionId: head.transaction_id, globalPosition: head.global_position } : START;
  }

  async subscribe(
    handler: (events: RecordedEvent[], checkpoint: Checkpoint) => Promise<void>,
    options: SubscribeOptions,
  ): Promise<Subscription> {
    const subscription = new PollingSubscription(this, handler, options);
    await subscription.start();
    return subscription;
  }
}

/**
 * Sends EVENTS_CHANNEL notifications right after appends commit, without holding up the append.
 * At most one NOTIFY statement is in flight, and consecutive ones start at least
 * `minIntervalMs` apart; stream ids that pile up meanwhile go out together (one notification per
 * stream id; PostgreSQL folds identical ones within a transaction). Under load that is at most
 * fifty NOTIFY statements (transactions) a second instead of one per append, for at most 20 ms of
 * extra wake-up latency (the projection runner paces its rounds about as much anyway). A failure (connection lost, database closed) only costs the wake-up:
 * subscribers also poll.
 */
class PostCommitNotifier {
  /** Stream id → the types appended to it since the last NOTIFY statement. */
  private readonly pending = new Map<string, Set<string>>();
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly minIntervalMs = 20,
  ) {}

  notify(streamId: string, eventTypes: string[]): void {
    const types = this.pending.get(streamId);
    if (types) for (const type of eventTypes) types.add(type);
    else this.pending.set(streamId, new Set(eventTypes));
    this.inFlight ??= this.drain();
  }

  flush(): Promise<void> {
    return this.inFlight ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const startedAt = Date.now();
      const payloads = [...this.pending].map(([streamId, types]) => eventsNotification(streamId, types));
      this.pending.clear();
      try {
        await this.db.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [EVENTS_CHANNEL, payloads]);
      } catch {
        // Best effort, see above.
      }
      const wait = startedAt + this.minIntervalMs - Date.now();
      if (this.pending.size > 0 && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    this.inFlight = null;
  }
}

/**
 * readAll in a loop. After a batch shorter than `batchSize` it sleeps until a NOTIFY on
 * EVENTS_CHANNEL or `pollIntervalMs`. Polling matters even with NOTIFY: a committed event stays
 * invisible while an older transaction is open (the xmin rule), and notifications are lost while
 * a pg listener reconnects.
 *
 * If the handler (or a read) throws, the error is logged and the same batch is retried after
 * `pollIntervalMs`; the checkpoint only moves once the handler succeeded (at-least-once).
 */
class PollingSubscription implements Subscription {
  private checkpoint: Checkpoint;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private stopped = false;
  private woken = false;
  private wake: (() => void) | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly handler: (events: RecordedEvent[], checkpoint: Checkpoint) => Promise<void>,
    options: SubscribeOptions,
  ) {
    this.checkpoint = options.from;
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
  }

  async start(): Promise<void> {
    // Listen before the first read so no notification falls between the two.
    this.unlisten = await this.store.db.listen(EVENTS_CHANNEL, () => this.signal());
    this.loop = this.run();
  }

  private signal() {
    this.woken = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let caughtUp = true;
      try {
        const { events, checkpoint } = await this.store.readAll({ after: this.checkpoint, limit: this.batchSize });
        if (this.stopped) break;
        if (events.length > 0) await this.handler(events, checkpoint);
        this.checkpoint = checkpoint;
        caughtUp = events.length < this.batchSize;
      } catch (err) {
        if (this.stopped) break;
        console.error('[eventstore] subscription batch failed, retrying:', err);
      }
      if (caughtUp) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    if (this.woken || this.stopped) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.wake = done;
    });
  }

  async stop(): Promise<void> {
    if (this.stopped) return this.loop ?? undefined;
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.unlisten?.();
  }
}
