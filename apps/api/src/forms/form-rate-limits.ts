import { Inject, Injectable } from '@nestjs/common';
import type { RateLimit } from '../config/app-config';
import { FORMS_SETTINGS, type FormSettings } from './form-settings';

type Bucket = { tokens: number; at: number };

/**
 * Token buckets per key, in memory per process (as the cart's): `burst` at once, `refillPerSecond`
 * regained. With N API processes a visitor may submit up to N times the rate: enough to stop a
 * script hammering one form. At most `maxKeys` buckets: the least recently used go first.
 */
export class Buckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limit: RateLimit, private readonly maxKeys = 100_000, private readonly now: () => number = Date.now) {}

  take(key: string): boolean {
    const { burst, refillPerSecond } = this.limit;
    if (burst <= 0) return true;
    const now = this.now();
    const previous = this.buckets.get(key);
    const tokens = previous ? Math.min(burst, previous.tokens + ((now - previous.at) / 1000) * refillPerSecond) : burst;
    this.buckets.delete(key);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > this.maxKeys) {
      for (const k of this.buckets.keys()) {
        if (this.buckets.size <= this.maxKeys) break;
        this.buckets.delete(k);
      }
    }
    return true;
  }
}

/**
 * The forms' limits (SPEC 8 429 'Unable to submit form. Submission rate limit exceeded.'): per
 * visitor over saves, per visitor over keys and validations (five times looser: a visitor may
 * validate and fetch a key for every attempt), and per form over every visitor's saves.
 */
@Injectable()
export class FormRateLimits {
  private readonly visitorSaves: Buckets;
  private readonly visitorCalls: Buckets;
  private readonly formSaves: Buckets;
  /** Calls without a visitor cookie (a first key), per client address: several visitors may share one. */
  private readonly newVisitors = new Buckets({ burst: 100, refillPerSecond: 10 });

  constructor(@Inject(FORMS_SETTINGS) settings: FormSettings) {
    const { burst, refillPerSecond } = settings.visitorRateLimit;
    this.visitorSaves = new Buckets(settings.visitorRateLimit);
    this.visitorCalls = new Buckets({ burst: burst * 5, refillPerSecond: refillPerSecond * 5 });
    this.formSaves = new Buckets(settings.formRateLimit, 10_000);
  }

  save(visitorKey: string): boolean {
    return this.visitorSaves.take(visitorKey);
  }

  call(visitorKey: string): boolean {
    return visitorKey.startsWith('ip:') ? this.newVisitors.take(visitorKey) : this.visitorCalls.take(visitorKey);
  }

  form(formId: string): boolean {
    return this.formSaves.take(formId);
  }
}
