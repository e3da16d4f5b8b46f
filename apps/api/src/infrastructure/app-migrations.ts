import type { Migration } from '@storefront/eventstore';

/**
 * The API's own operational tables (not events, not read models), applied after the event store's
 * and the projections' migrations. Append only: never edit an applied migration. (The first four
 * were squashed into `api/001-operational-tables` before any production database existed; a
 * database that ran them is recognised by `replaces` and gets the same schema.)
 */
export const appMigrations: Migration[] = [
  {
    id: 'api/001-operational-tables',
    replaces: ['api/001-owner-sessions', 'api/002-media-blobs', 'api/checkout-001-test-payments-and-recovery-lease', 'api/003-server-secrets'],
    sql: /* sql */ `
-- Owner sign-in (apps/api/src/security/owner-session.store.ts, accounts/sign-in-throttle.ts).
-- One row per signed-in browser. id = SHA-256 (base64url) of the cookie's random token: the
-- token itself is never stored. roles is a snapshot taken at sign-in.
CREATE TABLE owner_sessions (
  id           text PRIMARY KEY,
  owner_id     text NOT NULL,
  email        text NOT NULL,
  roles        jsonb NOT NULL,
  xsrf_token   text NOT NULL,
  persistent   boolean NOT NULL DEFAULT false,
  ttl_seconds  integer NOT NULL CHECK (ttl_seconds > 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX owner_sessions_owner_id ON owner_sessions (owner_id);
CREATE INDEX owner_sessions_expires_at ON owner_sessions (expires_at);

-- Consecutive failed sign-ins per key ('email:<address>' or 'ip:<address>'); a success deletes
-- the row, and a count older than the throttle window starts again from zero.
CREATE TABLE owner_sign_in_attempts (
  key             text PRIMARY KEY,
  failures        integer NOT NULL,
  last_attempt_at timestamptz NOT NULL
);

-- Image files (apps/api/src/media/media-blob.store.ts, rendition-cache.ts). Not events: the
-- image streams name a content hash, and the bytes live here once per hash.
-- Originals as uploaded, keyed by the SHA-256 (hex) of their bytes: the same file uploaded twice
-- is stored once. Kept after an image is removed (its history still names the hash).
CREATE TABLE media_blobs (
  content_hash text PRIMARY KEY CHECK (content_hash ~ '^[0-9a-f]{64}$'),
  content_type text NOT NULL,
  byte_length  integer NOT NULL CHECK (byte_length > 0),
  data         bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- Resized renditions, a cache: any row may be deleted at any time and is made again on request.
-- width is the width actually made (never above the original's); format the encoding served.
CREATE TABLE media_renditions (
  content_hash text NOT NULL,
  width        integer NOT NULL CHECK (width > 0),
  format       text NOT NULL,
  content_type text NOT NULL,
  data         bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (content_hash, width, format)
);
-- Image files are compressed already: store them out of line without trying to compress again.
ALTER TABLE media_blobs ALTER COLUMN data SET STORAGE EXTERNAL;
ALTER TABLE media_renditions ALTER COLUMN data SET STORAGE EXTERNAL;

-- The checkout process (apps/api/src/checkout/process/): the test-mode payment provider's
-- ledger and the recovery worker's lease. Not events: the provider stands in for an outside
-- system that keeps its own records, and a lease is coordination only.
-- One row per payment, keyed by the checkout id (the provider's idempotency key). Moves only
-- authorized -> captured -> refunded or authorized -> voided; a void that arrives before its
-- authorization leaves a 'voided' row that the late authorization then meets and refuses.
CREATE TABLE test_payment_ledger (
  payment_key   text PRIMARY KEY,
  payment_id    text,
  status        text NOT NULL CHECK (status IN ('authorized', 'declined', 'captured', 'voided', 'refunded')),
  amount_minor  bigint NOT NULL,
  currency      text NOT NULL,
  decline_code  text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- Who runs checkout recovery now (one active instance); taken when free or expired.
CREATE TABLE process_leases (
  name       text PRIMARY KEY,
  owner      text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Server secrets (infrastructure/server-secrets.ts): made once by whichever process starts
-- first, then shared by every process on this database.
-- One random secret per name (base64url, at least 32 bytes). Keys for cart cookies, order ids
-- and order access tokens are derived from the 'master' secret with HMAC.
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  secret     text NOT NULL CHECK (length(secret) >= 43),
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    id: 'api/002-mail-outbox-and-bot-check',
    sql: /* sql */ `
-- Outgoing mail (apps/api/src/mail/): every message is written here before anything is sent, so
-- a crash, a refusing or unreachable SMTP server never loses it. Not events: it is the delivery
-- queue of a side effect (the intent is the event that caused the mail, e.g. FormSubmitted, and
-- its reactor queues the mail under a dedupe key made from that event, so a replay queues nothing
-- twice). status: 'queued' (due at next_attempt_at), 'sending' (claimed by a sender until
-- next_attempt_at; a sender that crashed leaves it to be claimed again), 'sent', 'held' (no
-- SMTP_URL: kept in the local outbox for the owner to read), 'failed' (refused for good or out of
-- attempts; kept with its last error). Rows are never deleted by the app.
CREATE TABLE mail_outbox (
  id              text PRIMARY KEY,
  -- Written order: timestamps tie (PGlite's clock has millisecond steps) and ids are random.
  position        bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  dedupe_key      text UNIQUE,
  recipients      jsonb NOT NULL,
  subject         text NOT NULL,
  text_body       text NOT NULL,
  html_body       text,
  reply_to        text,
  status          text NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'held', 'failed')),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  last_error      text,
  smtp_response   text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status IN ('queued', 'sending');

-- Proof-of-work (altcha) solutions already used (apps/api/src/bot-check/altcha-check.ts): one row
-- per challenge signature (hashed) until the challenge expires, so a solution works once.
CREATE TABLE bot_check_spent_challenges (
  id         text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX bot_check_spent_challenges_expires_at ON bot_check_spent_challenges (expires_at);
`,
  },
  {
    id: 'api/003-analytics-visitor-salts',
    sql: /* sql */ `
-- The census endpoints' daily salts (apps/api/src/analytics/visitor-identities.ts): a visitor id
-- is a hash of (salt of the UTC day, website, client address, user agent), so visitors are counted
-- within a day and cannot be followed across days. Every API process reads the same day's salt;
-- salts of days before yesterday are deleted, after which nobody can recompute those ids.
CREATE TABLE analytics_visitor_salts (
  day  date PRIMARY KEY,
  salt text NOT NULL
);
`,
  },
];
