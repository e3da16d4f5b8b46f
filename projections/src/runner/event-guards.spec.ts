import { nestsDeeperThan } from './event-guards';
import { classifyError } from './error-kinds';
import { UnprocessableEventError } from './event-guards';

describe('nestsDeeperThan', () => {
  const nested = (depth: number, leaf: unknown = 1): unknown => {
    let v = leaf;
    for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
    return v;
  };

  it('counts objects and arrays', () => {
    expect(nestsDeeperThan('x', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: null }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
    expect(nestsDeeperThan(nested(10), 10)).toBe(false);
    expect(nestsDeeperThan(nested(11), 10)).toBe(true);
  });

  it('walks without recursion: 100,000 levels do not overflow the stack', () => {
    expect(nestsDeeperThan(nested(100_000), 256)).toBe(true);
    expect(nestsDeeperThan(nested(100_000), 100_000)).toBe(false);
  });

  it('UnprocessableEventError is the event\'s fault', () => {
    expect(classifyError(new UnprocessableEventError('x'))).toBe('deterministic');
  });
});
