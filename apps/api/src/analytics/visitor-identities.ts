import { Inject, Injectable } from '@nestjs/common';
import type { CensusCookie } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { createHash, randomBytes } from 'node:crypto';
import { DATABASE } from '../infrastructure/database/tokens';
import { SERVER_SECRETS, type ServerSecrets } from '../infrastructure/server-secrets';

const VISIT_PURPOSE = 'analytics-visit';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a time, `YYYY-MM-DD`. */
export const utcDayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * The identities of visit events (events.ts), none of them a raw address or cookie id:
 *
 * - `visitorId`: SHA-256 of (the UTC day's salt, website, client address, user agent), 128 bits
 *   base64url. The salt is random, one per UTC day, kept in `analytics_visitor_salts` so every API
 *   process on the database computes the same id; salts before yesterday are deleted (the first
 *   process to need a new day's salt does it), and with them any way to link a visitor to an
 *   address or across days.
 * - `visitId`: HMAC of the census cookie's id and visit count under the server's secret (a UUID,
 *   `ServerSecrets.uuid`): the same for every call of one visit, unlinkable to the cookie without
 *   the secret.
 */
@Injectable()
export class VisitorIdentities {
  private salts = new Map<string, Promise<Buffer>>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SERVER_SECRETS) private readonly secrets: ServerSecrets,
  ) {}

  visitId(cookie: CensusCookie): string {
    return this.secrets.uuid(VISIT_PURPOSE, `${cookie.id}|${cookie.visitCount}`);
  }

  /** The day's visitor id; the salt is read once per day and process. */
  async visitorId(now: number, websiteId: string, clientAddress: string, userAgent: string): Promise<string> {
    const salt = await this.saltOf(utcDayOf(now));
    return createHash('sha256').update(salt).update('\0').update(websiteId).update('\0').update(clientAddress).update('\0').update(userAgent).digest('base64url').slice(0, 22);
  }

  private saltOf(day: string): Promise<Buffer> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.loadSalt(day);
      // Only today's (and a late request's yesterday) are kept in memory.
      if (this.salts.size >= 2) this.salts = new Map([...this.salts].slice(-1));
      this.salts.set(day, salt);
      salt.catch(() => this.salts.delete(day));
    }
    return salt;
  }

  private async loadSalt(day: string): Promise<Buffer> {
    await this.db.query('INSERT INTO analytics_visitor_salts (day, salt) VALUES ($1::date, $2) ON CONFLICT (day) DO NOTHING', [day, randomBytes(32).toString('base64url')]);
    const { rows } = await this.db.query<{ salt: string }>('SELECT salt FROM analytics_visitor_salts WHERE day = $1::date', [day]);
    const yesterday = utcDayOf(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
    await this.db.query('DELETE FROM analytics_visitor_salts WHERE day < $1::date', [yesterday]);
    return Buffer.from(rows[0]!.salt, 'base64url');
  }
}
