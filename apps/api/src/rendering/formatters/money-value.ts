/**
 * Reading money out of template JSON for the money formatters. Amounts stay decimal strings from
 * JSON to CLDR; minor units become a major-unit decimal by moving the decimal point in the
 * string, never through floating point.
 */
import { currencyDecimals, isSupportedCurrency } from '@storefront/domain';
import type { CLDR } from '@phensley/cldr';
import type { Context, Node } from '@squarespace/template-engine';
import { Type } from '@squarespace/template-engine';

export const DEFAULT_CURRENCY = 'USD';

/** A money amount as a major-unit decimal string ('-1234.5', '12', '0.05') and an ISO currency. */
export type MoneyAmount = { decimal: string; currency: string };

const INTEGER = /^([+-])?(\d+)$/;
const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Normalises a decimal string or JSON number: '+012.50' → '12.50', '1e3' → '1000', '-0' → '0'.
 * Returns undefined for anything that is not a finite decimal.
 */
export function normalizeDecimal(raw: string | number): string | undefined {
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : raw.trim();
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = '', exponent] = match;
  if (whole === '' && fraction === '') return undefined;
  return shiftDecimal(`${sign === '-' ? '-' : ''}${whole || '0'}${fraction ? `.${fraction}` : ''}`, exponent ? Number(exponent) : 0);
}

/** Moves the decimal point of a plain decimal string `places` to the right (left when negative). */
export function shiftDecimal(plain: string, places: number): string {
  const negative = plain.startsWith('-');
  const body = negative ? plain.slice(1) : plain;
  const dot = body.indexOf('.');
  let digits = dot === -1 ? body : body.slice(0, dot) + body.slice(dot + 1);
  let point = (dot === -1 ? body.length : dot) + places;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  let integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  let fraction = digits.slice(point);
  if (integer === '') integer = '0';
  const zero = /^0*$/.test(integer + fraction);
  if (fraction !== '') fraction = `.${fraction}`;
  return `${negative && !zero ? '-' : ''}${integer}${fraction}`;
}

/** Minor units in a currency → a major-unit decimal string: ('12345', 'USD') → '123.45', ('1234', 'JPY') → '1234'. */
export function minorToDecimal(minor: string | number, currency: string, cldr?: CLDR): string | undefined {
  const text = typeof minor === 'number' ? (Number.isSafeInteger(minor) ? String(minor) : normalizeDecimal(minor)) : minor.trim();
  if (text === undefined) return undefined;
  const digits = minorDigits(currency, cldr);
  const integer = INTEGER.exec(text);
  if (integer) return shiftDecimal(`${integer[1] === '-' ? '-' : ''}${integer[2]}`, -digits);
  const decimal = normalizeDecimal(text);
  return decimal === undefined ? undefined : shiftDecimal(decimal, -digits);
}

/**
 * Decimal places of one minor unit. The domain's table wins for the currencies it stores (so a
 * stored amount reads back as it was written); other codes use ISO 4217 as CLDR knows it.
 */
export function minorDigits(currency: string, cldr?: CLDR): number {
  if (isSupportedCurrency(currency)) return currencyDecimals(currency);
  const fractions = cldr?.Numbers.getCurrencyFractions(currency as never);
  return fractions ? fractions.digits : 2;
}

/** The store's currency from the page context (SITE-CONTEXT.md), else USD. */
export function siteCurrency(ctx: Context): string {
  const node = ctx.resolve(['websiteSettings', 'storeSettings', 'selectedCurrency']);
  const code = node.isMissing() || node.isNull() ? '' : node.asString().trim();
  return /^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : DEFAULT_CURRENCY;
}

function present(node: Node): boolean {
  return !node.isMissing() && !node.isNull() && node.asString().trim() !== '';
}

function currencyOf(node: Node, fallback: string): string {
  if (!present(node)) return fallback;
  const code = node.asString().trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : fallback;
}

/**
 * Reads any money shape the page context carries:
 *  - `{ decimalValue, currencyCode }` (or `{ decimalValue, currency }`): a major-unit decimal;
 *  - `{ value, currency }`: minor units as a decimal string (the catalog's ProductRecord money);
 *  - a bare number or numeric string: legacy minor units (cents) in `fallbackCurrency`.
 * Returns undefined when the node holds none of these.
 */
export function readMoney(node: Node, fallbackCurrency: string, cldr?: CLDR): MoneyAmount | undefined {
  switch (node.type) {
    case Type.NUMBER:
    case Type.STRING: {
      const decimal = minorToDecimal(node.type === Type.NUMBER ? (node.value as number) : String(node.value), fallbackCurrency, cldr);
      return decimal === undefined ? undefined : { decimal, currency: fallbackCurrency };
    }
    case Type.OBJECT: {
      const decimalValue = node.get('decimalValue');
      if (present(decimalValue)) {
        const currency = currencyOf(present(node.get('currencyCode')) ? node.get('currencyCode') : node.get('currency'), fallbackCurrency);
        const decimal = normalizeDecimal(decimalValue.type === Type.NUMBER ? (decimalValue.value as number) : decimalValue.asString());
        return decimal === undefined ? undefined : { decimal, currency };
      }
      const value = node.get('value');
      if (present(value)) {
        const currency = currencyOf(node.get('currency'), fallbackCurrency);
        const decimal = minorToDecimal(value.type === Type.NUMBER ? (value.value as number) : value.asString(), currency, cldr);
        return decimal === undefined ? undefined : { decimal, currency };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
