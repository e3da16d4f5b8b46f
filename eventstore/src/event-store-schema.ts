import { EVENTS_CHANNEL, type Migration } from './types';

/**
 * The event store's own tables. Applied by `migrate()` before any caller-supplied migration.
 * Never edit a migration that has shipped: add a new one.
 */
export const eventStoreMigrations: Migration[] = [
  {
    id: 'eventstore/001-schema',
    sql: /* sql */ `
-- One row per stream; version = number of events, the optimistic-concurrency token.
CREATE TABLE streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  version     integer NOT NULL CHECK (version >= 0)
);

-- The log. Readers order by (transaction_id, global_position) and only read transactions older
-- than pg_snapshot_xmin(pg_current_snapshot()) (see es_read_horizon), so a late-committing
-- writer is never skipped.
-- No foreign key to streams: es_append writes both in one statement and the key check would only
-- cost time.
CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL,
  stream_position integer NOT NULL CHECK (stream_position >= 1),
  event_id        uuid NOT NULL UNIQUE,
  event_type      text NOT NULL,
  schema_version  integer NOT NULL DEFAULT 1,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  PRIMARY KEY (stream_id, stream_position)
);
-- global_position needs no index of its own: it is GENERATED ALWAYS (unique by construction)
-- and readers go through (transaction_id, global_position). One index less per append.
CREATE INDEX events_transaction_order ON events (transaction_id, global_position);

CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are immutable: % on events is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation', HINT = 'Append a compensating event instead.';
END
$$;
CREATE TRIGGER events_refuse_update_delete BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_are_immutable();
CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable();

-- Idempotency: one row per command id that appended, written by es_append in the same
-- transaction as the events. version = the stream version the append ended at.
CREATE TABLE commands (
  command_id  text PRIMARY KEY,
  stream_id   text NOT NULL,
  version     integer NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

-- Projection checkpoints (written by the projection runner), one row per projection name:
--   name            projection / subscription name
--   transaction_id  Checkpoint.transactionId of the last event applied ('0' = START)
--   global_position Checkpoint.globalPosition of the last event applied (0 = START)
--   updated_at      when the checkpoint last moved
CREATE TABLE checkpoints (
  name            text PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT '0',
  global_position bigint NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- Events a projection gave up on (written by the projection runner):
--   id              surrogate key
--   projection      projection name (checkpoints.name)
--   global_position / event_id / stream_id / event_type   the parked event
--   error           last error message (and stack, if wanted)
--   attempts        how many times it was tried
--   parked_at       when it was parked
-- UNIQUE (projection, event_id) lets the runner upsert attempts.
CREATE TABLE dead_letters (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  projection      text NOT NULL,
  global_position bigint NOT NULL,
  event_id        uuid NOT NULL,
  stream_id       text NOT NULL,
  event_type      text NOT NULL,
  error           text NOT NULL,
  attempts        integer NOT NULL DEFAULT 1,
  parked_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (projection, event_id)
);

-- The read horizon: events of transactions below it are final (committed or never there), so
-- readers may hand them out and move their checkpoint past them. It is pg_snapshot_xmin of the
-- current snapshot, except that in-progress transactions positively identified as belonging to
-- another database are skipped: they can never write to this events table, and on a shared
-- server (tests, several apps) one long transaction elsewhere would otherwise stall every reader
-- here. Unidentified in-progress xids (prepared transactions, or sessions whose backend_xid
-- this role may not see) count, so the horizon errs on the safe side. The in-progress list comes
-- from the snapshot itself; pg_stat_activity is only used to discard entries, so a transaction
-- finishing in between cannot make the horizon skip anything.
CREATE FUNCTION es_read_horizon() RETURNS xid8 LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT min(x.xid) FROM pg_snapshot_xip(snap.s) AS x(xid)
     WHERE NOT EXISTS (
       SELECT 1 FROM pg_stat_activity a
       WHERE a.backend_xid IS NOT NULL
         AND a.datid IS DISTINCT FROM (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
         AND a.backend_xid::text::bigint = x.xid::text::bigint % 4294967296)),
    pg_snapshot_xmax(snap.s))
  FROM (SELECT pg_current_snapshot() AS s) AS snap
$$;

-- Append = one call, i.e. one statement and (outside an explicit transaction) one transaction
-- and one round trip. Steps:
--   1. move the stream version: UPDATE … WHERE version = expected, INSERT … ON CONFLICT DO
--      NOTHING for a new stream, or an upsert for 'any'. No row → SQLSTATE ES409 (conflict).
--      A concurrent writer holding the stream row makes this wait for its commit, then the
--      WHERE clause is re-checked against the committed version.
--   2. record the command id with the final version: a plain INSERT, so a repeated command id
--      raises unique_violation on commands_pkey (after waiting for a concurrent claimer to
--      commit); the caller turns that into a 'duplicate' answer. Any error aborts the whole
--      call, so the version bump disappears with it.
--   3. if p_notify, NOTIFY (delivered on commit); insert the events, returning their positions.
-- The stream goes first so each append needs no speculative insertion and no second write to
-- its command row (measured: noticeably cheaper than "claim the command, then bump"). A
-- conflicting append of an already-applied command id is recognised by the caller, which looks
-- the command id up before reporting a conflict.
-- p_notify: a NOTIFY inside a writing transaction takes a cluster-wide lock held through the
-- commit's WAL flush, which serialises concurrent appends on a server (measured: ~half the
-- throughput with 8 writers). So on a server the store notifies right after commit instead;
-- PGlite has one session and no such contention and notifies atomically here.
-- p_events: [{ "eventId", "type", "schemaVersion", "data", "metadata" }]; metadata gets
-- "recordedAt" from the database clock here.
CREATE FUNCTION es_append(
  p_command_id  text,
  p_stream_id   text,
  p_stream_type text,
  p_expected    text,   -- 'any' | 'no_stream' | a version number
  p_events      jsonb,
  p_notify      boolean
) RETURNS TABLE (
  version         integer,
  global_position bigint,
  transaction_id  text,
  stream_position integer,
  recorded_at     timestamptz
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_count       integer := jsonb_array_length(p_events);
  v_recorded_at timestamptz := date_trunc('milliseconds', now());
  v_version     integer;
  v_actual      integer;
BEGIN
  IF p_expected = 'any' THEN
    INSERT INTO streams AS s (stream_id, stream_type, version) VALUES (p_stream_id, p_stream_type, v_count)
    ON CONFLICT (stream_id) DO UPDATE SET version = s.version + v_count
    RETURNING s.version INTO v_version;
  ELSIF p_expected = 'no_stream' OR p_expected = '0' THEN
    INSERT INTO streams AS s (stream_id, stream_type, version) VALUES (p_stream_id, p_stream_type, v_count)
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING s.version INTO v_version;
  ELSIF p_expected ~ '^[0-9]+$' THEN
    UPDATE streams AS s SET version = s.version + v_count
    WHERE s.stream_id = p_stream_id AND s.version = p_expected::integer
    RETURNING s.version INTO v_version;
  ELSE
    RAISE EXCEPTION 'invalid expected version %', p_expected USING ERRCODE = 'invalid_parameter_value';
  END IF;

  IF v_version IS NULL THEN
    SELECT s.version INTO v_actual FROM streams s WHERE s.stream_id = p_stream_id;
    RAISE EXCEPTION 'stream % expected at version % but was at %', p_stream_id, p_expected, coalesce(v_actual, 0)
      USING ERRCODE = 'ES409', DETAIL = coalesce(v_actual, 0)::text;
  END IF;

  INSERT INTO commands (command_id, stream_id, version) VALUES (p_command_id, p_stream_id, v_version);

  IF p_notify THEN
    PERFORM pg_notify('${EVENTS_CHANNEL}', p_stream_id);
  END IF;

  RETURN QUERY
  WITH inserted AS (
    INSERT INTO events AS e (stream_id, stream_position, event_id, event_type, schema_version, data, metadata, recorded_at)
    SELECT p_stream_id,
           v_version - v_count + x.ord::integer,
           (x.ev->>'eventId')::uuid,
           x.ev->>'type',
           coalesce((x.ev->>'schemaVersion')::integer, 1),
           coalesce(x.ev->'data', 'null'::jsonb),
           coalesce(x.ev->'metadata', '{}'::jsonb)
             || jsonb_build_object('recordedAt', to_char(v_recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
           v_recorded_at
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(ev, ord)
    ORDER BY x.ord
    RETURNING e.global_position, e.transaction_id, e.stream_position, e.recorded_at
  )
  SELECT v_version, i.global_position, i.transaction_id::text, i.stream_position, i.recorded_at
  FROM inserted i ORDER BY i.stream_position;
END
$$;
`,
  },
  {
    id: 'eventstore/002-append-batch',
    sql: /* sql */ `
-- Group commit: several appends (from concurrent callers) in one call, i.e. one transaction and
-- one commit (one WAL flush) for all of them. Each append gets its own outcome; a conflict or a
-- duplicate of one does not fail the others.
--
-- p_appends: [{ "commandId", "streamId", "streamType", "expected", "events": [...] }] with
--   "expected" and "events" as es_append's p_expected and p_events.
-- Returns, per append (idx = its 0-based position in p_appends):
--   'appended'  one row per event: version = the stream version after the append, and the
--               event's global_position, transaction_id, stream_position, recorded_at;
--   'duplicate' one row: stream_id / version where the command id's earlier append ended;
--   'conflict'  one row: version = the stream's actual version (0 if it does not exist).
--
-- Per append, the outcome is that of these steps, in stream id order (ties in input order):
--   1. claim the command id: INSERT … ON CONFLICT DO NOTHING. Nothing inserted → 'duplicate'
--      (a concurrent claimer is waited for first, so an uncommitted claim is never reported).
--      The row is written with the version the append will end at when that is known up front
--      (a numeric expected version or 'no_stream'), so the common path writes it once.
--   2. move the stream version exactly as es_append does. No row → 'conflict', and the claim of
--      step 1 is deleted again, so a retry of the same command is not mistaken for a duplicate.
--   3. insert the events.
-- No EXCEPTION blocks (each would open a subtransaction). Any error (an invalid expected
-- version or event, a deadlock) fails the whole call; the caller then appends the members one
-- by one.
--
-- Cost: the per-statement overhead of PL/pgSQL is most of an append's CPU time, so the steps run
-- set-based, a few statements per batch whatever its size, for every append whose stream and
-- command id are the first of their kind in the batch (the "lead" appends; each stream at most
-- once, so every outcome is independent of the others). A second occurrence of a stream or of
-- a command id depends on the earlier one's outcome and goes through the same steps one append
-- at a time afterwards (rare: two writers of one stream, or a retried command, in one batch).
-- Lock order: all command ids are claimed before any stream is touched, and streams are locked
-- in stream id order (the ordered input drives a nested loop over the primary key), so two
-- batches sharing streams queue up instead of deadlocking. Two batches holding one command id
-- on two different streams can still deadlock; PostgreSQL then aborts one and its members are
-- appended one by one.
CREATE TYPE es_append_item AS (
  i           integer,  -- index in p_appends
  command_id  text,
  stream_id   text,
  stream_type text,
  expected    text,
  n           integer,  -- number of events
  final       integer,  -- version after the append, if known up front (numeric or 'no_stream')
  events      jsonb,
  lead        boolean   -- first of its stream and of its command id in the batch
);

CREATE FUNCTION es_append_batch(p_appends jsonb, p_notify boolean)
RETURNS TABLE (
  idx             integer,
  status          text,
  stream_id       text,
  version         integer,
  global_position bigint,
  transaction_id  text,
  stream_position integer,
  recorded_at     timestamptz
) LANGUAGE plpgsql
-- The statements take arrays whose size varies by call; custom plans would be re-planned on
-- every call (measured: ~30% of a small batch's time) for no better plan.
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  v_recorded_at   timestamptz := date_trunc('milliseconds', now());
  v_recorded_text text := to_char(v_recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_items         es_append_item[];
  v_claimed       text[];     -- command ids claimed by lead appends
  v_moved_i       integer[];  -- lead appends whose stream moved …
  v_moved_version integer[];  -- … and the version it moved to
  v_leads         integer;    -- number of lead appends
  v_rest          boolean;    -- any non-lead append
  v_numeric       boolean;    -- any lead append with an expected version number (not 0)
  v_new           boolean;    -- … with 'no_stream' (or 0)
  v_any           boolean;    -- … with 'any'
  v_invalid       integer;    -- number of invalid expected versions …
  v_bad           text;       -- … and one of them
  v_i             integer[];
  v_v             integer[];
  a               es_append_item;
  v_version       integer;
  v_claim         text;
BEGIN
  -- Parse and order the batch, and find out which statements below have anything to do: a
  -- statement skipped is time saved (most of a small batch's cost is per statement).
  SELECT array_agg(ROW(t.i, t.command_id, t.stream_id, t.stream_type, t.expected, t.n,
                       CASE WHEN t.expected = 'any' THEN NULL
                            WHEN t.expected = 'no_stream' THEN t.n
                            WHEN t.expected ~ '^[0-9]+$' THEN t.expected::integer + t.n END,
                       t.events, t.lead)::es_append_item
                   ORDER BY t.stream_id COLLATE "C", t.i),
         count(*) FILTER (WHERE t.lead),
         coalesce(bool_or(NOT t.lead), false),
         coalesce(bool_or(t.lead AND t.expected ~ '^[0-9]+$' AND t.expected <> '0'), false),
         coalesce(bool_or(t.lead AND (t.expected = 'no_stream' OR t.expected = '0')), false),
         coalesce(bool_or(t.lead AND t.expected = 'any'), false),
         count(*) FILTER (WHERE t.expected IS NULL OR t.expected !~ '^(any|no_stream|[0-9]+)$'),
         min(t.expected) FILTER (WHERE t.expected !~ '^(any|no_stream|[0-9]+)$')
  INTO v_items, v_leads, v_rest, v_numeric, v_new, v_any, v_invalid, v_bad
  FROM (
    SELECT p.*,
           row_number() OVER (PARTITION BY p.stream_id ORDER BY p.i) = 1
             AND row_number() OVER (PARTITION BY p.command_id ORDER BY p.i) = 1 AS lead
    FROM (
      SELECT (x.ord - 1)::integer AS i, x.item->>'commandId' AS command_id, x.item->>'streamId' AS stream_id,
             x.item->>'streamType' AS stream_type, x.item->>'expected' AS expected,
             jsonb_array_length(x.item->'events') AS n, x.item->'events' AS events
      FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS x(item, ord)
    ) p
  ) t;
  IF v_invalid > 0 THEN
    RAISE EXCEPTION 'invalid expected version %', coalesce(v_bad, 'null') USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF v_items IS NULL THEN
    RETURN;
  END IF;

  -- 1. Claim the lead appends' command ids; the others of them are duplicates.
  WITH claimed AS (
    INSERT INTO commands AS c (command_id, stream_id, version)
    SELECT u.command_id, u.stream_id, coalesce(u.final, 0) FROM unnest(v_items) u WHERE u.lead
    ON CONFLICT (command_id) DO NOTHING
    RETURNING c.command_id
  )
  SELECT coalesce(array_agg(claimed.command_id), '{}') INTO v_claimed FROM claimed;

  IF cardinality(v_claimed) < v_leads THEN
    RETURN QUERY
    SELECT u.i, 'duplicate'::text, c.stream_id, c.version, NULL::bigint, NULL::text, NULL::integer, NULL::timestamptz
    FROM unnest(v_items) u JOIN commands c ON c.command_id = u.command_id
    WHERE u.lead AND u.command_id <> ALL (v_claimed);
  END IF;

  -- 2. Move the streams (as in es_append), in stream id order (a lead append's stream id is
  --    unique in the batch, so it identifies the append): an expected version number …
  v_moved_i := '{}';
  v_moved_version := '{}';
  IF v_numeric THEN
    WITH moved AS (
      UPDATE streams AS s SET version = s.version + u.n
      FROM (SELECT * FROM unnest(v_items) v
            WHERE v.lead AND v.command_id = ANY (v_claimed) AND v.expected ~ '^[0-9]+$' AND v.expected <> '0'
            ORDER BY v.stream_id COLLATE "C") u
      WHERE s.stream_id = u.stream_id AND s.version = u.expected::integer
      RETURNING u.i, s.version
    )
    SELECT array_agg(moved.i), array_agg(moved.version) INTO v_i, v_v FROM moved;
    v_moved_i := v_moved_i || coalesce(v_i, '{}');
    v_moved_version := v_moved_version || coalesce(v_v, '{}');
  END IF;
  -- … 'no_stream' (or 0) …
  IF v_new THEN
    WITH created AS (
      INSERT INTO streams AS s (stream_id, stream_type, version)
      SELECT u.stream_id, u.stream_type, u.n FROM unnest(v_items) u
      WHERE u.lead AND u.command_id = ANY (v_claimed) AND (u.expected = 'no_stream' OR u.expected = '0')
      ORDER BY u.stream_id COLLATE "C"
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING s.stream_id, s.version
    )
    SELECT array_agg(u.i), array_agg(x.version) INTO v_i, v_v
    FROM created x JOIN unnest(v_items) u ON u.lead AND u.stream_id = x.stream_id;
    v_moved_i := v_moved_i || coalesce(v_i, '{}');
    v_moved_version := v_moved_version || coalesce(v_v, '{}');
  END IF;
  -- … or 'any', where the command's final version is only known now.
  IF v_any THEN
    WITH upserted AS (
      INSERT INTO streams AS s (stream_id, stream_type, version)
      SELECT u.stream_id, u.stream_type, u.n FROM unnest(v_items) u
      WHERE u.lead AND u.command_id = ANY (v_claimed) AND u.expected = 'any'
      ORDER BY u.stream_id COLLATE "C"
      ON CONFLICT (stream_id) DO UPDATE SET version = s.version + excluded.version
      RETURNING s.stream_id, s.version
    )
    SELECT array_agg(u.i), array_agg(x.version) INTO v_i, v_v
    FROM upserted x JOIN unnest(v_items) u ON u.lead AND u.stream_id = x.stream_id;
    v_moved_i := v_moved_i || coalesce(v_i, '{}');
    v_moved_version := v_moved_version || coalesce(v_v, '{}');
    UPDATE commands AS c SET version = m.version
    FROM unnest(v_items) u JOIN unnest(v_moved_i, v_moved_version) AS m(i, version) ON m.i = u.i
    WHERE u.expected = 'any' AND c.command_id = u.command_id;
  END IF;

  -- Conflicts: release the claim, report the actual version.
  IF cardinality(v_moved_i) < cardinality(v_claimed) THEN
    DELETE FROM commands AS c USING unnest(v_items) u
    WHERE u.lead AND c.command_id = u.command_id AND u.command_id = ANY (v_claimed) AND u.i <> ALL (v_moved_i);
    RETURN QUERY
    SELECT u.i, 'conflict'::text, u.stream_id,
           coalesce((SELECT s.version FROM streams s WHERE s.stream_id = u.stream_id), 0),
           NULL::bigint, NULL::text, NULL::integer, NULL::timestamptz
    FROM unnest(v_items) u
    WHERE u.lead AND u.command_id = ANY (v_claimed) AND u.i <> ALL (v_moved_i);
  END IF;

  IF p_notify THEN
    PERFORM pg_notify('${EVENTS_CHANNEL}', u.stream_id) FROM unnest(v_items) u WHERE u.i = ANY (v_moved_i);
  END IF;

  -- 3. The lead appends' events, in one statement.
  IF cardinality(v_moved_i) > 0 THEN
  RETURN QUERY
  WITH batch AS (
    SELECT u.*, m.version AS moved_to FROM unnest(v_items) u JOIN unnest(v_moved_i, v_moved_version) AS m(i, version) ON m.i = u.i
  ),
  inserted AS (
    INSERT INTO events AS e (stream_id, stream_position, event_id, event_type, schema_version, data, metadata, recorded_at)
    SELECT b.stream_id,
           b.moved_to - b.n + x.ord::integer,
           (x.ev->>'eventId')::uuid,
           x.ev->>'type',
           coalesce((x.ev->>'schemaVersion')::integer, 1),
           coalesce(x.ev->'data', 'null'::jsonb),
           coalesce(x.ev->'metadata', '{}'::jsonb) || jsonb_build_object('recordedAt', v_recorded_text),
           v_recorded_at
    FROM batch b CROSS JOIN LATERAL jsonb_array_elements(b.events) WITH ORDINALITY AS x(ev, ord)
    ORDER BY b.stream_id COLLATE "C", x.ord
    RETURNING e.stream_id, e.global_position, e.transaction_id, e.stream_position, e.recorded_at
  )
  SELECT b.i, 'appended'::text, b.stream_id, b.moved_to, ins.global_position, ins.transaction_id::text, ins.stream_position, ins.recorded_at
  FROM inserted ins JOIN batch b ON b.stream_id = ins.stream_id
  ORDER BY ins.global_position;
  END IF;

  -- The rest, one at a time (same steps as above).
  IF NOT v_rest THEN
    RETURN;
  END IF;
  FOR a IN SELECT * FROM unnest(v_items) u WHERE NOT u.lead LOOP
    v_claim := NULL;
    INSERT INTO commands AS c (command_id, stream_id, version)
    VALUES (a.command_id, a.stream_id, coalesce(a.final, 0))
    ON CONFLICT (command_id) DO NOTHING
    RETURNING c.command_id INTO v_claim;
    IF v_claim IS NULL THEN
      RETURN QUERY
      SELECT a.i, 'duplicate'::text, c.stream_id, c.version, NULL::bigint, NULL::text, NULL::integer, NULL::timestamptz
      FROM commands c WHERE c.command_id = a.command_id;
      CONTINUE;
    END IF;

    v_version := NULL;
    IF a.expected = 'any' THEN
      INSERT INTO streams AS s (stream_id, stream_type, version) VALUES (a.stream_id, a.stream_type, a.n)
      ON CONFLICT (stream_id) DO UPDATE SET version = s.version + a.n
      RETURNING s.version INTO v_version;
      UPDATE commands AS c SET version = v_version WHERE c.command_id = a.command_id;
    ELSIF a.expected = 'no_stream' OR a.expected = '0' THEN
      INSERT INTO streams AS s (stream_id, stream_type, version) VALUES (a.stream_id, a.stream_type, a.n)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING s.version INTO v_version;
    ELSE
      UPDATE streams AS s SET version = s.version + a.n
      WHERE s.stream_id = a.stream_id AND s.version = a.expected::integer
      RETURNING s.version INTO v_version;
    END IF;

    IF v_version IS NULL THEN
      DELETE FROM commands AS c WHERE c.command_id = a.command_id;
      RETURN QUERY
      SELECT a.i, 'conflict'::text, a.stream_id,
             coalesce((SELECT s.version FROM streams s WHERE s.stream_id = a.stream_id), 0),
             NULL::bigint, NULL::text, NULL::integer, NULL::timestamptz;
      CONTINUE;
    END IF;

    IF p_notify THEN
      PERFORM pg_notify('${EVENTS_CHANNEL}', a.stream_id);
    END IF;

    RETURN QUERY
    WITH inserted AS (
      INSERT INTO events AS e (stream_id, stream_position, event_id, event_type, schema_version, data, metadata, recorded_at)
      SELECT a.stream_id,
             v_version - a.n + x.ord::integer,
             (x.ev->>'eventId')::uuid,
             x.ev->>'type',
             coalesce((x.ev->>'schemaVersion')::integer, 1),
             coalesce(x.ev->'data', 'null'::jsonb),
             coalesce(x.ev->'metadata', '{}'::jsonb) || jsonb_build_object('recordedAt', v_recorded_text),
             v_recorded_at
      FROM jsonb_array_elements(a.events) WITH ORDINALITY AS x(ev, ord)
      ORDER BY x.ord
      RETURNING e.global_position, e.transaction_id, e.stream_position, e.recorded_at
    )
    SELECT a.i, 'appended'::text, a.stream_id, v_version, ins.global_position, ins.transaction_id::text, ins.stream_position, ins.recorded_at
    FROM inserted ins ORDER BY ins.stream_position;
  END LOOP;
END
$$;
`,
  },
  {
    id: 'eventstore/003-one-row-append',
    sql: /* sql */ `
-- An append becomes one INSERT into events (appendStatement in postgres-event-store.ts) instead
-- of three row writes (stream version, command id, event) in a PL/pgSQL function: the stream
-- version is the stream's highest stream_position, the primary key (stream_id, stream_position)
-- turns a lost race into a unique violation, and the command id moves onto the events.
--
-- command_id: set on the last event of each append (NULL on the others), so the unique index
-- refuses a second append of a command and the row it points at carries the version the
-- append ended at. Events from before this migration have NULL here; their command ids stay in
-- the commands table, which is now only read (an append checks it, findCommand looks there too).
-- ADD COLUMN without a default rewrites no row, so the immutability triggers are not involved.
ALTER TABLE events ADD COLUMN command_id text;
CREATE UNIQUE INDEX events_command_id ON events (command_id);

-- event_id: a v4 UUID minted by the store for each event (122 random bits); nothing looks events
-- up by it, and its unique index cost every append one more index insertion. The column stays.
ALTER TABLE events DROP CONSTRAINT events_event_id_key;

-- streams is now the registry of streams and their types, written when a stream's first event is.
ALTER TABLE streams DROP COLUMN version;

-- The append is now one statement run by the store (appendStatement in postgres-event-store.ts);
-- recordedAt is no longer copied into metadata (readers take it from recorded_at, the same value).
DROP FUNCTION es_append(text, text, text, text, jsonb, boolean);
DROP FUNCTION es_append_batch(jsonb, boolean);
DROP TYPE es_append_item;
`,
  },
];
