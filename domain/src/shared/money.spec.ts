import {
  formatDecimalAmount, formatMoney, formatMoneyLabel, minorToDecimalString, multiplyMinor, parseDecimalInput, parseDecimalToMinor, parseMoneyInput, sumMinor,
  toDecimalString,
} from './money';

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

describe('minorToDecimalString: exact for every safe integer and any number of decimals', () => {
  it.each<[number, number, string]>([
    [900719925474099, 2, '9007199254740.99'],
    [Number.MAX_SAFE_INTEGER, 2, '90071992547409.91'],
    [-Number.MAX_SAFE_INTEGER, 2, '-90071992547409.91'],
    [0, 2, '0.00'],
    [1, 2, '0.01'],
    [-5, 2, '-0.05'],
    [500, 0, '500'],
    [-500, 0, '-500'],
    [Number.MAX_SAFE_INTEGER, 0, '9007199254740991'],
    // Three-decimal currencies (KWD, BHD): not sold in (SUPPORTED_CURRENCIES) but the arithmetic holds.
    [1234567, 3, '1234.567'],
    [5, 3, '0.005'],
    [-1005, 3, '-1.005'],
    [900719925474099, 3, '900719925474.099'],
  ])('%p with %p decimals is %p', (minor, digits, expected) => {
    expect(minorToDecimalString(minor, digits)).toBe(expected);
  });

  it('refuses what is not a safe integer of minor units', () => {
    expect(() => minorToDecimalString(0.5, 2)).toThrow();
    expect(() => minorToDecimalString(Number.MAX_SAFE_INTEGER + 1, 2)).toThrow();
    expect(() => minorToDecimalString(1, -1)).toThrow();
  });
});

describe('formatMoney and formatDecimalAmount: display without floating point', () => {
  it.each<[number, string, string, string]>([
    [1234, 'USD', 'en-US', '$12.34'],
    [0, 'USD', 'en-US', '$0.00'],
    [-5, 'USD', 'en-US', '-$0.05'],
    [900719925474099, 'USD', 'en-US', '$9,007,199,254,740.99'],
    // The float form (minor / 10 ** digits) prints $90,071,992,547,409.90 here.
    [Number.MAX_SAFE_INTEGER, 'USD', 'en-US', '$90,071,992,547,409.91'],
    [-Number.MAX_SAFE_INTEGER, 'USD', 'en-US', '-$90,071,992,547,409.91'],
    [500, 'JPY', 'en-US', '¥500'],
    [Number.MAX_SAFE_INTEGER, 'JPY', 'en-US', '¥9,007,199,254,740,991'],
    [-500, 'JPY', 'en-US', '-¥500'],
    [123456, 'EUR', 'de-DE', '1.234,56\u00a0€'],
    [900719925474099, 'EUR', 'de-DE', '9.007.199.254.740,99\u00a0€'],
  ])('%p %s in %s is %p', (minor, currency, locale, expected) => {
    expect(formatMoney(minor, currency, locale)).toBe(expected);
  });

  it.each<[number, string, number, string]>([
    [1234567, 'KWD', 3, 'KWD\u00a01,234.567'],
    [-5, 'BHD', 3, '-BHD\u00a00.005'],
    [900719925474099, 'KWD', 3, 'KWD\u00a0900,719,925,474.099'],
    [Number.MAX_SAFE_INTEGER, 'BHD', 3, 'BHD\u00a09,007,199,254,740.991'],
  ])('three decimals: %p %s is %p', (minor, currency, digits, expected) => {
    expect(formatDecimalAmount(minorToDecimalString(minor, digits), currency, digits, 'en-US')).toBe(expected);
  });

  it('formatMoneyLabel is formatMoney in en-US', () => {
    expect(formatMoneyLabel(2500, 'USD')).toBe(formatMoney(2500, 'USD', 'en-US'));
  });

  it('refuses an unsupported currency (the browser falls back to USD itself)', () => {
    expect(() => formatMoney(100, 'KWD')).toThrow();
  });
});

describe('parseDecimalInput / parseMoneyInput: what an owner types in an amount field', () => {
  it.each<[string, string, number]>([
    ['12', 'USD', 1200],
    ['12.5', 'USD', 1250],
    ['12.50', 'USD', 1250],
    ['12.500', 'USD', 1250],
    ['.5', 'USD', 50],
    ['0.1', 'USD', 10],
    ['7.', 'USD', 700],
    [' 19.99 ', 'USD', 1999],
    ['$19.99', 'USD', 1999],
    ['1,234.50', 'USD', 123450],
    ['1,234,567', 'USD', 123456700],
    ['0', 'USD', 0],
    ['000.05', 'USD', 5],
    ['500', 'JPY', 500],
    ['500.0', 'JPY', 500],
    ['90071992547409.91', 'USD', 9007199254740991],
  ])('reads %p in %s as %i minor units', (text, currency, minor) => {
    expect(parseMoneyInput(text, currency)).toEqual({ ok: true, minor });
  });

  it.each<[string, string, string]>([
    ['', 'USD', 'empty'],
    ['   ', 'USD', 'empty'],
    ['abc', 'USD', 'not-a-number'],
    ['12.3.4', 'USD', 'not-a-number'],
    ['1e3', 'USD', 'not-a-number'],
    ['12,34', 'USD', 'not-a-number'],
    ['1,2345', 'USD', 'not-a-number'],
    ['.', 'USD', 'not-a-number'],
    ['$', 'USD', 'not-a-number'],
    ['-5', 'USD', 'negative'],
    ['-0.50', 'USD', 'negative'],
    ['1.005', 'USD', 'too-many-decimals'],
    ['1.5', 'JPY', 'too-many-decimals'],
    ['90071992547409.92', 'USD', 'too-large'],
    ['99999999999999999999', 'USD', 'too-large'],
  ])('refuses %p in %s (%s)', (text, currency, problem) => {
    expect(parseMoneyInput(text, currency)).toEqual({ ok: false, problem });
  });

  it('gives grams for kilograms typed with three decimals, exactly', () => {
    expect(parseDecimalInput('0.35', 3)).toEqual({ ok: true, minor: 350 });
    expect(parseDecimalInput('1.2345', 3)).toEqual({ ok: false, problem: 'too-many-decimals' });
  });

  it('round-trips every amount minorToDecimalString writes', () => {
    for (const minor of [0, 1, 9, 10, 99, 100, 101, 123456, 9007199254740991]) {
      expect(parseMoneyInput(toDecimalString(minor, 'USD'), 'USD')).toEqual({ ok: true, minor });
      expect(parseMoneyInput(toDecimalString(minor, 'JPY'), 'JPY')).toEqual({ ok: true, minor });
    }
  });
});
