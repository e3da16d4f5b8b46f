import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { DEFAULT_CONFIG, type SignInThrottleOptions, type ThrottleRule } from '../config/app-config';
import { DATABASE } from '../infrastructure/database/tokens';

export type { SignInThrottleOptions, ThrottleRule } from '../config/app-config';

/**
 * SIGN_IN_THROTTLE_OPTIONS: the app config's `signInThrottle` part (SIGN_IN_DELAY_BASE_MS,
 * SIGN_IN_DELAY_MAX_MS, SIGN_IN_WINDOW_SECONDS, SIGN_IN_EMAIL_FREE_FAILURES, SIGN_IN_EMAIL_LOCK_AFTER,
 * SIGN_IN_IP_FREE_FAILURES, SIGN_IN_IP_LOCK_AFTER; see `config/settings.ts`). Tests shorten the delays.
 */
export const SIGN_IN_THROTTLE_OPTIONS = Symbol('SIGN_IN_THROTTLE_OPTIONS');

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleOptions = DEFAULT_CONFIG.signInThrottle;

/** 0 up to `freeFailures`, then base × 2^(failures − freeFailures), capped. */
export function delayFor(failures: number, rule: ThrottleRule, options: Pick<SignInThrottleOptions, 'baseDelayMs' | 'maxDelayMs'>): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(options.baseDelayMs * 2 ** (failures - rule.freeFailures), options.maxDelayMs);
}

export type ThrottleVerdict = { locked: true; retryAfterSeconds: number } | { locked: false; delayMs: number };

/** An address an owner signed in from stays known this long (it may pass a lock on the email). */
export const KNOWN_ADDRESS_DAYS = 90;

/** 'Too many sign-in attempts. Please try again in 15 minutes.' (seconds under a minute). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many sign-in attempts. Please try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
}

/**
 * Slows down password guessing, in PostgreSQL so every API process shares the counts. Each
 * attempt counts as a failure up front (one atomic upsert per key), so parallel guesses cannot
 * slip past a count read before the others landed; a success deletes the counts again. Three
 * counts, each forgotten after `windowSeconds` without attempts:
 *
 * - per client address and email: `email.lockAfter` failures lock that address out of that
 *   email for the window. Only the guesser is locked out.
 * - per client address, whatever the email: `ip.lockAfter` failures lock the address out.
 * - per email, from anywhere: failures delay every attempt (up to `maxDelayMs`), and from
 *   `email.lockAfter` on refuse attempts from addresses the owner never signed in from, so
 *   guesses spread over many addresses stay slow. An address this email signed in from in the
 *   last KNOWN_ADDRESS_DAYS passes that lock and its delay: others' guesses never lock the owner
 *   out of their usual address.
 *
 * A refusal says how long to wait (the window: any further attempt restarts it).
 */
@Injectable()
export class SignInThrottle {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SIGN_IN_THROTTLE_OPTIONS) private readonly options: SignInThrottleOptions,
  ) {}

  /** Records an attempt and says whether to refuse it outright or how long to wait first. */
  async attempt(email: string, ip: string): Promise<ThrottleVerdict> {
    const [byEmail, byPair, byIp, known] = await Promise.all([
      this.count(`email:${email}`),
      this.count(pairKey(email, ip)),
      this.count(`ip:${ip}`),
      this.isKnown(email, ip),
    ]);
    // `count` includes this attempt; the rules are about the failures before it.
    const before = { email: byEmail - 1, pair: byPair - 1, ip: byIp - 1 };
    const { email: emailRule, ip: ipRule } = this.options;
    if (before.pair >= emailRule.lockAfter || before.ip >= ipRule.lockAfter || (!known && before.email >= emailRule.lockAfter)) {
      return { locked: true, retryAfterSeconds: this.options.windowSeconds };
    }
    const delayMs = Math.max(
      known ? 0 : delayFor(before.email, emailRule, this.options),
      delayFor(before.pair, emailRule, this.options),
      delayFor(before.ip, ipRule, this.options),
    );
    return { locked: false, delayMs };
  }

  /** A successful sign-in clears the counts and remembers the address for this email. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.db.query('DELETE FROM owner_sign_in_attempts WHERE key IN ($1, $2, $3)', [`email:${email}`, `ip:${ip}`, pairKey(email, ip)]);
    await this.db.query(
      `INSERT INTO owner_sign_in_attempts AS a (key, failures, last_attempt_at) VALUES ($1, 0, now())
       ON CONFLICT (key) DO UPDATE SET last_attempt_at = now()`,
      [knownKey(email, ip)],
    );
  }

  private async isKnown(email: string, ip: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM owner_sign_in_attempts WHERE key = $1 AND last_attempt_at > now() - make_interval(days => $2::int)`,
      [knownKey(email, ip), KNOWN_ADDRESS_DAYS],
    );
    return rows.length === 1;
  }

  private async count(key: string): Promise<number> {
    const { rows } = await this.db.query<{ failures: number }>(
      `INSERT INTO owner_sign_in_attempts AS a (key, failures, last_attempt_at) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN a.last_attempt_at < now() - make_interval(secs => $2::int) THEN 1 ELSE a.failures + 1 END,
         last_attempt_at = now()
       RETURNING failures`,
      [key, this.options.windowSeconds],
    );
    return rows[0]!.failures;
  }
}

const pairKey = (email: string, ip: string) => `email-ip:${email}|${ip}`;
const knownKey = (email: string, ip: string) => `known:${email}|${ip}`;
