import type { Database } from '@storefront/eventstore';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Injection token of the process's ServerSecrets (InfrastructureModule provides it). */
export const SERVER_SECRETS = Symbol('SERVER_SECRETS');

/**
 * A random master secret persisted in the database (`server_secrets`), so every API process on
 * one database signs and checks the same tokens; never sent anywhere. Purpose keys are derived
 * from it with HMAC-SHA-256, so a token made for one purpose is worthless for another.
 */
export class ServerSecrets {
  private readonly keys = new Map<string, Buffer>();

  constructor(private readonly master: Buffer) {}

  /** Loads the master secret, creating it if this is the first process on the database. */
  static async load(db: Database): Promise<ServerSecrets> {
    await db.query(`INSERT INTO server_secrets (name, secret) VALUES ('master', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32).toString('base64url')]);
    const { rows } = await db.query<{ secret: string }>(`SELECT secret FROM server_secrets WHERE name = 'master'`);
    return new ServerSecrets(Buffer.from(rows[0]!.secret, 'base64url'));
  }

  /** HMAC-SHA-256 of `value` under this purpose's key, base64url (43 characters, 256 bits). */
  mac(purpose: string, value: string): string {
    return createHmac('sha256', this.key(purpose)).update(value).digest('base64url');
  }

  /** Whether `mac` is this purpose's MAC of `value`, compared in constant time. */
  verify(purpose: string, value: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(purpose, value));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A UUID (version 4 layout) that only this server can compute from `value`: unguessable, yet the same on a retry. */
  uuid(purpose: string, value: string): string {
    const bytes = createHmac('sha256', this.key(purpose)).update(value).digest().subarray(0, 16);
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  private key(purpose: string): Buffer {
    let key = this.keys.get(purpose);
    if (!key) this.keys.set(purpose, (key = createHmac('sha256', this.master).update(`storefront/${purpose}`).digest()));
    return key;
  }
}
