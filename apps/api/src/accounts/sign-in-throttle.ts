import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';

/** How one kind of key (an email, a client IP) slows down and then refuses repeated failures. */
export type ThrottleRule = {
  /** Failures allowed without any delay. */
  freeFailures: number;
  /** From this many consecutive failures on, answer 429 without checking the password. */
  lockAfter: number;
};

export type SignInThrottleOptions = {
  /** Delay after `freeFailures` failures; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this (since the last attempt) are forgotten. */
  windowSeconds: number;
  email: ThrottleRule;
  /** Looser, as several owners may share an office IP. */
  ip: ThrottleRule;
};

export const SIGN_IN_THROTTLE_OPTIONS = Symbol('SIGN_IN_THROTTLE_OPTIONS');

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleOptions = {
  baseDelayMs: 250,
  maxDelayMs: 5000,
  windowSeconds: 15 * 60,
  email: { freeFailures: 3, lockAfter: 10 },
  ip: { freeFailures: 10, lockAfter: 50 },
};

/**
 * Options from the environment (SIGN_IN_DELAY_BASE_MS, SIGN_IN_DELAY_MAX_MS, SIGN_IN_WINDOW_SECONDS,
 * SIGN_IN_EMAIL_FREE_FAILURES, SIGN_IN_EMAIL_LOCK_AFTER, SIGN_IN_IP_FREE_FAILURES,
 * SIGN_IN_IP_LOCK_AFTER); unset ones keep the defaults. Tests shorten the delays here.
 */
export function signInThrottleOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SignInThrottleOptions {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const d = DEFAULT_SIGN_IN_THROTTLE;
  return {
    baseDelayMs: num('SIGN_IN_DELAY_BASE_MS', d.baseDelayMs),
    maxDelayMs: num('SIGN_IN_DELAY_MAX_MS', d.maxDelayMs),
    windowSeconds: num('SIGN_IN_WINDOW_SECONDS', d.windowSeconds),
    email: { freeFailures: num('SIGN_IN_EMAIL_FREE_FAILURES', d.email.freeFailures), lockAfter: num('SIGN_IN_EMAIL_LOCK_AFTER', d.email.lockAfter) },
    ip: { freeFailures: num('SIGN_IN_IP_FREE_FAILURES', d.ip.freeFailures), lockAfter: num('SIGN_IN_IP_LOCK_AFTER', d.ip.lockAfter) },
  };
}

/** 0 up to `freeFailures`, then base × 2^(failures − freeFailures), capped. */
export function delayFor(failures: number, rule: ThrottleRule, options: Pick<SignInThrottleOptions, 'baseDelayMs' | 'maxDelayMs'>): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(options.baseDelayMs * 2 ** (failures - rule.freeFailures), options.maxDelayMs);
}

export type ThrottleVerdict = { locked: true; retryAfterSeconds: number } | { locked: false; delayMs: number };

/**
 * Slows down password guessing per email and per client IP, in PostgreSQL so every API process
 * shares the counts. Each attempt counts as a failure up front (one atomic upsert per key), so
 * parallel guesses cannot slip past a count read before the others landed; a success deletes
 * the counts again.
 */
@Injectable()
export class SignInThrottle {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SIGN_IN_THROTTLE_OPTIONS) private readonly options: SignInThrottleOptions,
  ) {}

  /** Records an attempt and says whether to refuse it outright or how long to wait first. */
  async attempt(email: string, ip: string): Promise<ThrottleVerdict> {
    const [byEmail, byIp] = await Promise.all([this.count(`email:${email}`), this.count(`ip:${ip}`)]);
    // `count` includes this attempt; the rules are about the failures before it.
    const before = { email: byEmail - 1, ip: byIp - 1 };
    if (before.email >= this.options.email.lockAfter || before.ip >= this.options.ip.lockAfter) {
      return { locked: true, retryAfterSeconds: this.options.windowSeconds };
    }
    const delayMs = Math.max(delayFor(before.email, this.options.email, this.options), delayFor(before.ip, this.options.ip, this.options));
    return { locked: false, delayMs };
  }

  /** A successful sign-in clears both counts. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.db.query('DELETE FROM owner_sign_in_attempts WHERE key IN ($1, $2)', [`email:${email}`, `ip:${ip}`]);
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
