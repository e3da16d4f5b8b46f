import { classifyError, DEFAULT_TRANSIENT_BACKOFF, transientDelayMs } from './error-kinds';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('classifyError', () => {
  it.each([
    ['40P01'], ['40001'], ['55P03'], ['57014'], ['57P01'], ['57P02'], ['57P03'], ['08000'], ['08003'], ['08006'], ['53300'], ['53100'],
  ])('SQLSTATE %s is transient', (code) => {
    expect(classifyError(withCode(code))).toBe('transient');
  });

  it.each([['ECONNRESET'], ['ECONNREFUSED'], ['ETIMEDOUT'], ['EPIPE']])('socket error %s is transient', (code) => {
    expect(classifyError(withCode(code))).toBe('transient');
  });

  it('lost connections by message, and wrapped ones by their cause, are transient', () => {
    expect(classifyError(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(classifyError(new Error('Connection terminated'))).toBe('transient');
    expect(classifyError(new Error('timeout exceeded when trying to connect'))).toBe('transient');
    expect(classifyError(new Error('apply failed', { cause: withCode('40P01') }))).toBe('transient');
  });

  it('stack overflows, type errors and data or constraint errors are the event\'s fault', () => {
    let overflow: unknown;
    try {
      const recurse = (n: number): number => recurse(n + 1) + 1;
      recurse(0);
    } catch (err) {
      overflow = err;
    }
    expect(classifyError(overflow)).toBe('deterministic');
    expect(classifyError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe('deterministic');
    expect(classifyError(withCode('23505', 'duplicate key value violates unique constraint'))).toBe('deterministic');
    expect(classifyError(withCode('22P02', 'invalid input syntax for type integer'))).toBe('deterministic');
    expect(classifyError(withCode('54001', 'stack depth limit exceeded'))).toBe('deterministic');
  });

  it('anything else is unknown (retried a few times, then parked)', () => {
    expect(classifyError(new Error('boom'))).toBe('unknown');
    expect(classifyError(withCode('42P01', 'relation does not exist'))).toBe('unknown');
    expect(classifyError('a string')).toBe('unknown');
    expect(classifyError(null)).toBe('unknown');
  });
});

describe('transientDelayMs', () => {
  it('doubles from 50 ms up to 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map((n) => transientDelayMs(DEFAULT_TRANSIENT_BACKOFF, n))).toEqual([
      50, 100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000,
    ]);
  });
});
