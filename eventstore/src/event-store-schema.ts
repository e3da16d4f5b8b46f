import { type Migration } from './types';

/**
 * The event store's own tables. Applied by `migrate()` before any caller-supplied migration.
 * Never edit a migration that has shipped: add a new one. (The early ones, 001 to 003, were
 * squashed into `eventstore/001-event-store` before any production database existed; a database
 * that ran them is recognised by `replaces` and gets the same schema.)
 */
export const eventStoreMigrations: Migration[] = [
  {
    id: 'eventstore/001-event-store',
    replaces: ['eventstore/001-schema', 'eventstore/002-append-batch', 'eventstore/003-one-row-append'],
    sql: /* sql */ `
-- The registry of streams and their types, written with a stream's first event. A stream's
-- version is its highest stream_position in events.
CREATE TABLE streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL
);

-- The log. Readers order by (transaction_id, global_position) and only read transactions older
-- than pg_snapshot_xmin(pg_current_snapshot()) (see es_read_horizon), so a late-committing
-- writer is never skipped.
-- An append is one INSERT into events (appendStatement in postgres-event-store.ts): the primary
-- key (stream_id, stream_position) turns a lost race into a unique violation. No foreign key to
-- streams: the append writes both in one statement and the key check would only cost time.
-- event_id: a v4 UUID minted by the store for each event (122 random bits); nothing looks events
-- up by it, so it has no unique index (one index insertion less per append).
-- command_id: set on the last event of each append (NULL on the others), so the unique index
-- refuses a second append of a command and the row it points at carries the version the append
-- ended at.
CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL,
  stream_position integer NOT NULL CHECK (stream_position >= 1),
  event_id        uuid NOT NULL,
  event_type      text NOT NULL,
  schema_version  integer NOT NULL DEFAULT 1,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL,
  recorded_at     timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  command_id      text,
  PRIMARY KEY (stream_id, stream_position)
);
-- global_position needs no index of its own: it is GENERATED ALWAYS (unique by construction)
-- and readers go through (transaction_id, global_position). One index less per append.
CREATE INDEX events_transaction_order ON events (transaction_id, global_position);
CREATE UNIQUE INDEX events_command_id ON events (command_id);

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

-- Command ids of appends made before command_id moved onto events (the retired es_append
-- function wrote one row per command: version = the stream version the append ended at). Only
-- read now: an append checks it while it holds any row, and findCommand looks here too.
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
`,
  },
  {
    // The same horizon, as PL/pgSQL: a SQL function with a FROM clause is not inlined, so every
    // call planned its body again (about 1.4 ms of the server's time on each log read, more than
    // the read itself; pg_stat_statements in the form-submission bench: the log reads cost twice
    // what the appends did). PL/pgSQL keeps the plan for the session. The other databases'
    // transactions are looked up once (a hashed NOT IN), not once per in-progress xid. Same
    // snapshot: a STABLE function runs with the snapshot of the query that calls it.
    id: 'eventstore/002-read-horizon-plpgsql',
    sql: `
CREATE OR REPLACE FUNCTION es_read_horizon() RETURNS xid8 LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
  horizon xid8;
BEGIN
  SELECT min(x.xid) INTO horizon
    FROM pg_snapshot_xip(snap) AS x(xid)
   WHERE x.xid::text::bigint % 4294967296 NOT IN (
     SELECT a.backend_xid::text::bigint FROM pg_stat_activity a
      WHERE a.backend_xid IS NOT NULL
        AND a.datid IS DISTINCT FROM (SELECT d.oid FROM pg_database d WHERE d.datname = current_database()));
  RETURN coalesce(horizon, pg_snapshot_xmax(snap));
END
$$;
`,
  },
];
