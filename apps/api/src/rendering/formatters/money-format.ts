/**
 * `money-format`, its legacy camel-case alias `moneyFormat`, and `money-string`: an amount as a
 * plain localized number with the currency's decimals and no symbol ('123.45', JPY '1,235');
 * `money-string` wraps it in `<span class="sqs-money-native">`. The npm engine ships all three as
 * no-ops; Squarespace's server formats legacy cents as `#,##0.00` (fixtures f-money-format-*,
 * f-money-string-1). Here the number follows the render locale through CLDR and the currency's
 * own decimals, rounding half-even like the server does.
 *
 * Input (see money-value.ts): legacy cents (number or numeric string) in the store currency,
 * `{ value: <minor units>, currency }`, or `{ decimalValue, currencyCode }`. Anything else renders
 * as an empty string rather than a made-up price.
 */
import { Decimal, type CLDR } from '@phensley/cldr';
import { Formatter, type Context, type Variable } from '@squarespace/template-engine';
import { readMoney, siteCurrency, type MoneyAmount } from './money-value';

/** Decimals shown for a currency: CLDR's ISO 4217 digits (USD 2, JPY 0), 2 without CLDR. */
export function displayDigits(currency: string, cldr?: CLDR): number {
  if (!cldr) return currency === 'JPY' ? 0 : 2;
  return cldr.Numbers.getCurrencyFractions(currency as never).digits;
}

/** Groups an unsigned integer digit string by thousands with `separator`. */
export function groupThousands(integer: string, separator: string): string {
  let out = '';
  for (let i = 0; i < integer.length; i++) {
    if (i > 0 && (integer.length - i) % 3 === 0) out += separator;
    out += integer[i];
  }
  return out;
}

/** The amount as a localized number with exactly the currency's decimals. */
export function formatMoneyNumber(amount: MoneyAmount, cldr?: CLDR): string {
  const digits = displayDigits(amount.currency, cldr);
  if (cldr) {
    return cldr.Numbers.formatDecimal(amount.decimal, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      group: true,
      round: 'half-even',
    });
  }
  // No CLDR (locale "none"): en-US digits and separators.
  const rounded = new Decimal(amount.decimal).setScale(digits, 'half-even').toString();
  const negative = rounded.startsWith('-');
  const [integer, fraction] = (negative ? rounded.slice(1) : rounded).split('.');
  return `${negative ? '-' : ''}${groupThousands(integer!, ',')}${fraction ? `.${fraction}` : ''}`;
}

export class MoneyFormatFormatter extends Formatter {
  apply(_args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0]!;
    const amount = readMoney(first.node, siteCurrency(ctx), ctx.cldr);
    first.set(amount ? formatMoneyNumber(amount, ctx.cldr) : '');
  }
}

export class MoneyStringFormatter extends Formatter {
  apply(_args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0]!;
    const amount = readMoney(first.node, siteCurrency(ctx), ctx.cldr);
    first.set(amount ? `<span class="sqs-money-native">${formatMoneyNumber(amount, ctx.cldr)}</span>` : '');
  }
}

export const MONEY_FORMAT_FORMATTERS = {
  'money-format': new MoneyFormatFormatter(),
  moneyFormat: new MoneyFormatFormatter(),
  'money-string': new MoneyStringFormatter(),
};
