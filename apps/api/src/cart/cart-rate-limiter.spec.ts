import { TokenBucketLimiter } from './cart-rate-limiter';

describe('TokenBucketLimiter', () => {
  it('allows a burst, refuses the next write with a wait, and refills over time', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter({ burst: 3, refillPerSecond: 2 }, () => now);
    expect([1, 2, 3].map(() => limiter.take('cart').allowed)).toEqual([true, true, true]);
    expect(limiter.take('cart')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('other').allowed).toBe(true);
    now = 500; // one token back
    expect(limiter.take('cart').allowed).toBe(true);
    expect(limiter.take('cart').allowed).toBe(false);
    now = 60_000; // never more than the burst
    expect([1, 2, 3, 4].map(() => limiter.take('cart').allowed)).toEqual([true, true, true, false]);
  });

  it('is off with a burst of 0', () => {
    const limiter = new TokenBucketLimiter({ burst: 0, refillPerSecond: 0 });
    expect(Array.from({ length: 100 }, () => limiter.take('cart').allowed).every(Boolean)).toBe(true);
  });

  it('keeps at most maxKeys buckets, dropping idle ones first', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter({ burst: 2, refillPerSecond: 1, maxKeys: 10 }, () => now);
    for (let i = 0; i < 10; i++) limiter.take(`idle-${i}`);
    now = 10_000; // all of them full again
    limiter.take('busy');
    limiter.take('busy');
    expect(limiter.size).toBeLessThanOrEqual(10);
    expect(limiter.take('busy').allowed).toBe(false); // the busy bucket was kept
  });
});
