/**
 * Money is an integer count of minor units plus an ISO currency code. Nothing here uses
 * floating point on amounts; formatting to a decimal string happens only at the edge.
 */
export type Money = { amountMinor: number; currency: string };

/** Decimal digits per supported currency (SPEC section 3: 2 everywhere except JPY 0). */
const CURRENCY_DECIMALS: Record<string, number> = {
  USD: 2, EUR: 2, GBP: 2, JPY: 0, CAD: 2, AUD: 2, NZD: 2, CHF: 2, SEK: 2, NOK: 2, DKK: 2,
  HKD: 2, SGD: 2, MXN: 2, BRL: 2, INR: 2, ZAR: 2, PLN: 2, CZK: 2, HUF: 2, ILS: 2, MYR: 2,
  PHP: 2, THB: 2, ARS: 2, COP: 2, CLP: 2,
};

export const SUPPORTED_CURRENCIES = Object.keys(CURRENCY_DECIMALS);

export function isSupportedCurrency(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(CURRENCY_DECIMALS, code);
}

export function currencyDecimals(currency: string): number {
  const digits = CURRENCY_DECIMALS[currency];
  if (digits === undefined) throw new Error(`Unsupported currency ${currency}`);
  return digits;
}

function assertMinor(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor)) throw new Error(`Money must be a safe integer of minor units, got ${amountMinor}`);
}

export function money(amountMinor: number, currency: string): Money {
  assertMinor(amountMinor);
  currencyDecimals(currency);
  return { amountMinor, currency };
}

export function multiplyMinor(amountMinor: number, quantity: number): number {
  assertMinor(amountMinor);
  if (!Number.isSafeInteger(quantity)) throw new Error(`Quantity must be an integer, got ${quantity}`);
  const product = amountMinor * quantity;
  assertMinor(product);
  return product;
}

export function sumMinor(amounts: number[]): number {
  let total = 0;
  for (const a of amounts) {
    assertMinor(a);
    total += a;
  }
  assertMinor(total);
  return total;
}

/**
 * Integer minor units as a decimal string with `digits` decimals (1234, 2 → '12.34'; 1234, 3 →
 * '1.234'; 1234, 0 → '1234'). String arithmetic on the integer's digits, no floats, so every safe
 * integer comes out exact.
 */
export function minorToDecimalString(amountMinor: number, digits: number): string {
  assertMinor(amountMinor);
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) throw new Error(`Decimal digits must be 0 to 20, got ${digits}`);
  const negative = amountMinor < 0;
  const abs = String(Math.abs(amountMinor));
  if (digits === 0) return (negative ? '-' : '') + abs;
  const padded = abs.padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** '1234' minor units in USD → '12.34'; in JPY → '1234'. String arithmetic, no floats. */
export function toDecimalString(amountMinor: number, currency: string): string {
  return minorToDecimalString(amountMinor, currencyDecimals(currency));
}

/** Parses a decimal string ('12.34', '12', '0.1') into minor units; throws on bad input or excess precision. */
export function parseDecimalToMinor(value: string, currency: string): number {
  const digits = currencyDecimals(currency);
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > digits && /[^0]/.test(fraction.slice(digits))) {
    throw new Error(`${value} has more than ${digits} decimals for ${currency}`);
  }
  const minor = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  assertMinor(minor);
  return sign ? -minor : minor;
}

/**
 * A decimal amount ('9007199254740.99', '-0.05', from `minorToDecimalString`) formatted for display
 * in a locale ('$9,007,199,254,740.99'). The amount reaches Intl.NumberFormat as a string:
 * Intl.NumberFormat v3 (Node 20, Chromium 106+) formats decimal strings exactly, where dividing the
 * minor units by 10 ** digits in floating point loses the last cent above 2^53 / 100. `locale`
 * undefined is the runtime's default locale (the browser's).
 */
export function formatDecimalAmount(decimal: string, currency: string, digits: number, locale?: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  // The bundled TS lib types format() over numbers only.
  const formatDecimal = format.format.bind(format) as unknown as (decimal: string) => string;
  return formatDecimal(decimal);
}

/**
 * Integer minor units in a supported currency for display: '$12.34', '¥500', '-€0.05'. Used by
 * the server's messages and the browser islands alike; no floating point touches the amount.
 */
export function formatMoney(amountMinor: number, currency: string, locale?: string): string {
  const digits = currencyDecimals(currency);
  return formatDecimalAmount(minorToDecimalString(amountMinor, digits), currency, digits, locale);
}

/** A human price label such as '$25.00' or '¥500', for messages (en-US unless told). */
export function formatMoneyLabel(amountMinor: number, currency: string, locale = 'en-US'): string {
  return formatMoney(amountMinor, currency, locale);
}

/** Why a typed amount was refused (see `parseDecimalInput`). */
export type DecimalInputProblem = 'empty' | 'not-a-number' | 'negative' | 'too-many-decimals' | 'too-large';

export type DecimalInput = { ok: true; minor: number } | { ok: false; problem: DecimalInputProblem };

/**
 * What a person typed in an amount field ('12', '12.5', '12.50', '.5', '1,234.50', ' $12 ') as an
 * integer count of `digits`-decimal units (12.5 with 2 digits → 1250; with 3 digits, for grams
 * typed as kilograms, → 12500). String arithmetic only, so '0.1' + '0.2' never meets a float.
 * Refuses, rather than rounds, more decimals than `digits` (trailing zeros are fine); refuses
 * negatives and anything above Number.MAX_SAFE_INTEGER units. Commas are accepted only as
 * thousands separators in groups of three; one leading currency symbol is ignored.
 */
export function parseDecimalInput(text: string, digits: number): DecimalInput {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) throw new Error(`Decimal digits must be 0 to 20, got ${digits}`);
  const trimmed = text.trim().replace(/^[$€£¥]\s*/u, '');
  if (trimmed === '') return { ok: false, problem: text.trim() === '' ? 'empty' : 'not-a-number' };
  if (/^-/.test(trimmed)) return { ok: false, problem: /^-\s*[\d.]/.test(trimmed) ? 'negative' : 'not-a-number' };
  const match = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match) return { ok: false, problem: 'not-a-number' };
  const whole = match[1]!.replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return { ok: false, problem: 'not-a-number' };
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) return { ok: false, problem: 'too-many-decimals' };
  const units = `${whole}${significant.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '') || '0';
  // Compare as digit strings: beyond 16 digits a Number would already have rounded.
  const max = String(Number.MAX_SAFE_INTEGER);
  if (units.length > max.length || (units.length === max.length && units > max)) return { ok: false, problem: 'too-large' };
  return { ok: true, minor: Number(units) };
}

/** `parseDecimalInput` with the currency's decimal digits: '12.50' USD → 1250, '500' JPY → 500, '1.5' JPY refused. */
export function parseMoneyInput(text: string, currency: string): DecimalInput {
  return parseDecimalInput(text, currencyDecimals(currency));
}
