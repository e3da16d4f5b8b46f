import type { Migration } from './migrations';
import { EVENTS_CHANNEL } from './types';

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
];
