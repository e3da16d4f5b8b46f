import { multiplyMinor, parseDecimalToMinor, sumMinor, toDecimalString } from './money';

describe('money in minor units', () => {
  it.each([
    [1234, 'USD', '12.34'],
    [5, 'USD', '0.05'],
    [-5, 'USD', '-0.05'],
    [0, 'USD', '0.00'],
    [1234, 'JPY', '1234'],
  ])('formats %i %s as %s', (minor, currency, expected) => {
    expect(toDecimalString(minor, currency)).toBe(expected);
  });

  it('adds 0.10 and 0.20 dollars to exactly 0.30 (where floats give 0.30000000000000004)', () => {
    const total = sumMinor([parseDecimalToMinor('0.1', 'USD'), parseDecimalToMinor('0.2', 'USD')]);
    expect(total).toBe(30);
    expect(toDecimalString(total, 'USD')).toBe('0.30');
  });

  it('parses decimals without precision loss and refuses excess precision', () => {
    expect(parseDecimalToMinor('19.99', 'USD')).toBe(1999);
    expect(parseDecimalToMinor('1.10', 'USD')).toBe(110);
    expect(parseDecimalToMinor('500', 'JPY')).toBe(500);
    expect(() => parseDecimalToMinor('1.005', 'USD')).toThrow();
    expect(() => parseDecimalToMinor('1.5', 'JPY')).toThrow();
    expect(() => parseDecimalToMinor('abc', 'USD')).toThrow();
  });

  it('multiplies and refuses results beyond safe integers', () => {
    expect(multiplyMinor(1999, 3)).toBe(5997);
    expect(() => multiplyMinor(Number.MAX_SAFE_INTEGER, 2)).toThrow();
    expect(() => multiplyMinor(0.5, 2)).toThrow();
  });
});
