import type { Migration } from '@storefront/eventstore';

/**
 * The API's own operational tables (not events, not read models), applied after the event store's
 * and the projections' migrations. Append only: never edit an applied migration.
 */
export const appMigrations: Migration[] = [
  {
    // Owner sign-in (apps/api/src/security/owner-session.store.ts, accounts/sign-in-throttle.ts).
    id: 'api/001-owner-sessions',
    sql: /* sql */ `
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
`,
  },
];
