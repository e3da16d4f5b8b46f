import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DATABASE } from '../infrastructure/database/tokens';
import { REMEMBERED_SESSION_TTL_MS, SESSION_TTL_MS } from './session-cookie';

export type SessionOwner = { id: string; email: string; roles: string[] };

/** A live session as the request pipeline sees it. `id` is the token's hash, safe to log. */
export type OwnerSession = {
  id: string;
  owner: SessionOwner;
  xsrfToken: string;
  persistent: boolean;
  ttlMs: number;
  expiresAt: Date;
};

export type CreatedSession = OwnerSession & { token: string };

/** 32 random bytes, base64url: 43 characters. Anything else is not worth a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Sliding writes at most once a minute per session, not on every request. */
const SLIDE_EVERY_SECONDS = 60;

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Constant-time string comparison (hashing first makes the lengths equal). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

type SessionRow = { id: string; owner_id: string; email: string; roles: string[]; xsrf_token: string; ttl_seconds: number; persistent: boolean; expires_at: Date | string; slid: boolean };

/**
 * Owner sessions in PostgreSQL (`owner_sessions`), shared by every API process. Only the SHA-256
 * of the cookie's token is stored, so a leaked table cannot be replayed as cookies. Expiry is
 * judged by the database clock so several processes agree.
 */
@Injectable()
export class OwnerSessionStore {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async create(owner: SessionOwner, rememberMe: boolean): Promise<CreatedSession> {
    const token = randomBytes(32).toString('base64url');
    const xsrfToken = randomBytes(32).toString('base64url');
    const ttlMs = rememberMe ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS;
    const id = hashSessionToken(token);
    const { rows } = await this.db.query<{ expires_at: Date | string }>(
      `INSERT INTO owner_sessions (id, owner_id, email, roles, xsrf_token, persistent, ttl_seconds, created_at, expires_at, last_seen_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7::int, now(), now() + make_interval(secs => $7::int), now())
       RETURNING expires_at`,
      [id, owner.id, owner.email, JSON.stringify(owner.roles), xsrfToken, rememberMe, ttlMs / 1000],
    );
    // Housekeeping: this owner's long-expired sessions go when they sign in again.
    await this.db.query(`DELETE FROM owner_sessions WHERE owner_id = $1 AND expires_at < now()`, [owner.id]);
    return { id, token, owner, xsrfToken, persistent: rememberMe, ttlMs, expiresAt: new Date(rows[0]!.expires_at) };
  }

  /**
   * The live session for a cookie token, sliding its expiry forward; null when the token is
   * malformed, unknown or expired. `slid` says whether the cookie should be sent again.
   */
  async resolve(token: string): Promise<(OwnerSession & { slid: boolean }) | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const id = hashSessionToken(token);
    // One statement: slide when the last write is older than a minute, and read the row either way.
    const { rows } = await this.db.query<SessionRow>(
      `WITH slid AS (
         UPDATE owner_sessions
            SET last_seen_at = now(), expires_at = now() + make_interval(secs => ttl_seconds)
          WHERE id = $1 AND expires_at > now() AND last_seen_at < now() - make_interval(secs => $2::int)
          RETURNING id, owner_id, email, roles, xsrf_token, ttl_seconds, persistent, expires_at, true AS slid
       )
       SELECT * FROM slid
       UNION ALL
       SELECT id, owner_id, email, roles, xsrf_token, ttl_seconds, persistent, expires_at, false AS slid
         FROM owner_sessions
        WHERE id = $1 AND expires_at > now() AND NOT EXISTS (SELECT 1 FROM slid)`,
      [id, SLIDE_EVERY_SECONDS],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      owner: { id: row.owner_id, email: row.email, roles: row.roles },
      xsrfToken: row.xsrf_token,
      persistent: row.persistent,
      ttlMs: row.ttl_seconds * 1000,
      expiresAt: new Date(row.expires_at),
      slid: row.slid,
    };
  }

  async delete(sessionId: string): Promise<void> {
    await this.db.query('DELETE FROM owner_sessions WHERE id = $1', [sessionId]);
  }
}
