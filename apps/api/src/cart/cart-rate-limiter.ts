import { Inject, Injectable } from '@nestjs/common';
import { CART_SETTINGS, type CartSettings } from './cart-settings';

export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Bucket = { tokens: number; at: number };

/**
 * A token bucket per key: `burst` tokens, refilled at `refillPerSecond`; each write takes one.
 * In memory, per process: with N API processes a cart may write up to N times the rate, which is
 * fine for protecting the event store from a runaway tab or script (a shared limit would need a
 * table or a sticky load balancer). Memory is bounded: beyond `maxKeys` buckets, full (idle)
 * buckets are dropped first, then the oldest.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly options: { burst: number; refillPerSecond: number; maxKeys?: number },
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): TakeResult {
    const { burst, refillPerSecond } = this.options;
    if (burst <= 0) return { allowed: true };
    const now = this.now();
    const previous = this.buckets.get(key);
    const refilled = previous ? Math.min(burst, previous.tokens + ((now - previous.at) / 1000) * refillPerSecond) : burst;
    if (refilled >= 1) {
      this.buckets.delete(key); // re-insert: Map order becomes least recently used first
      this.buckets.set(key, { tokens: refilled - 1, at: now });
      this.evict(now);
      return { allowed: true };
    }
    this.buckets.set(key, { tokens: refilled, at: now });
    const wait = refillPerSecond > 0 ? (1 - refilled) / refillPerSecond : 60;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private evict(now: number): void {
    const maxKeys = this.options.maxKeys ?? 100_000;
    if (this.buckets.size <= maxKeys) return;
    const { burst, refillPerSecond } = this.options;
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * refillPerSecond >= burst) this.buckets.delete(key);
    }
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= maxKeys) break;
      this.buckets.delete(key);
    }
  }
}

/** The per-cart write limit of this process. */
@Injectable()
export class CartRateLimiter extends TokenBucketLimiter {
  constructor(@Inject(CART_SETTINGS) settings: CartSettings) {
    super(settings.rateLimit);
  }
}

/** The per-client-address limit of this process, over cart writes and checkouts (see cart-write.guard.ts). */
@Injectable()
export class ClientRateLimiter extends TokenBucketLimiter {
  constructor(@Inject(CART_SETTINGS) settings: CartSettings) {
    super(settings.clientRateLimit);
  }
}
