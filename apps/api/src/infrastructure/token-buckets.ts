import type { RateLimit } from '../config/app-config';

type Bucket = { tokens: number; at: number };

/**
 * Token buckets per key, in memory per process (as the cart's): `burst` at once, `refillPerSecond`
 * regained. With N API processes a visitor may submit up to N times the rate: enough to stop a
 * script hammering one endpoint (a form, a back-in-stock sign-up). At most `maxKeys` buckets: the least recently used go first.
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
