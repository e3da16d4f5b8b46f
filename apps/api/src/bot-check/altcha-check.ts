import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { BOT_CHECK_MESSAGES, BOT_CHECK_TOKEN_MAX_LENGTH, type BotCheckAction } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { createChallenge, deriveKey, randomInt, verifySolution, type Challenge, type Payload } from './altcha-lib';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE } from '../infrastructure/database/tokens';
import { SERVER_SECRETS, type ServerSecrets } from '../infrastructure/server-secrets';
import type { BotCheckResult, BotCheckVerifier } from './bot-check.types';

/** The proof of work: SHA-256 of salt and counter, the counter drawn in this range (about 0.1 to 1.5 s of a browser's time). */
export const ALTCHA_ALGORITHM = 'SHA-256';
export const ALTCHA_COUNTER_MIN = 5_000;
export const ALTCHA_COUNTER_MAX = 40_000;
/** A challenge must be solved and submitted within this long. */
export const ALTCHA_EXPIRY_SECONDS = 10 * 60;

const refuse = (reason: 'missing' | 'invalid' | 'expired' | 'replayed'): BotCheckResult => ({ ok: false, message: BOT_CHECK_MESSAGES.incomplete, reason });

/**
 * The self-hosted proof-of-work check (altcha, no third party). `challenge` makes a signed
 * challenge whose answer is a counter the browser must find by brute force; `verify` checks a
 * solution (the widget's base64 payload of challenge and solution) against the signatures and the
 * expiry, then records the challenge as spent, so each solution passes once. The signing keys come
 * from ALTCHA_HMAC_KEY, or are derived from the database's server secret (the same in every process).
 */
@Injectable()
export class AltchaCheck implements BotCheckVerifier, OnModuleInit {
  private signatureSecret = '';
  private keySignatureSecret = '';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SERVER_SECRETS) private readonly secrets: ServerSecrets,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  onModuleInit() {
    const base = this.config.botCheck.altchaHmacKey;
    this.signatureSecret = base ? createHash('sha256').update(`altcha-signature:${base}`).digest('base64url') : this.secrets.mac('altcha', 'signature');
    this.keySignatureSecret = base ? createHash('sha256').update(`altcha-key:${base}`).digest('base64url') : this.secrets.mac('altcha', 'key-signature');
  }

  /** A new challenge for a visitor's browser (GET /api/bot-check/altcha/challenge). */
  async challenge(now: Date = new Date()): Promise<Challenge> {
    return createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost: 1,
      counter: randomInt(ALTCHA_COUNTER_MAX, ALTCHA_COUNTER_MIN),
      deriveKey,
      expiresAt: Math.floor(now.getTime() / 1000) + ALTCHA_EXPIRY_SECONDS,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  async verify(token: string | undefined, _action: BotCheckAction): Promise<BotCheckResult> {
    if (token === undefined || token === '') return refuse('missing');
    if (typeof token !== 'string' || token.length > BOT_CHECK_TOKEN_MAX_LENGTH) return refuse('invalid');
    const payload = parsePayload(token);
    if (!payload) return refuse('invalid');
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
    } catch {
      return refuse('invalid');
    }
    if (result.expired) return refuse('expired');
    if (!result.verified) return refuse('invalid');
    // Passed: spend it. The signature names the challenge; a second use finds its row.
    const id = createHash('sha256').update(payload.challenge.signature!).digest('base64url');
    const expiresAt = new Date(((payload.challenge.parameters.expiresAt ?? 0) + 60) * 1000);
    const { rowCount } = await this.db.query(
      'INSERT INTO bot_check_spent_challenges (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
      [id, expiresAt.toISOString()],
    );
    if (rowCount !== 1) return refuse('replayed');
    // Forget challenges that can no longer be used anyway (cheap: indexed, usually nothing).
    await this.db.query('DELETE FROM bot_check_spent_challenges WHERE expires_at < now()');
    return { ok: true };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`; null when it is not one. */
export function parsePayload(token: string): Payload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) return null;
  const { challenge, solution } = value;
  const parameters = challenge.parameters;
  if (!isRecord(parameters) || typeof challenge.signature !== 'string' || challenge.signature === '') return null;
  if (typeof parameters.algorithm !== 'string' || parameters.algorithm !== ALTCHA_ALGORITHM) return null;
  if (typeof parameters.expiresAt !== 'number' || !Number.isFinite(parameters.expiresAt)) return null;
  if (typeof solution.counter !== 'number' || !Number.isInteger(solution.counter) || typeof solution.derivedKey !== 'string') return null;
  return value as unknown as Payload;
}
