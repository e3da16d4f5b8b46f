/**
 * `i18n-money-format [locale]`: Squarespace's legacy localized price, which the npm engine ships as
 * a no-op. It is not CLDR's currency pattern: the server used a house symbol per currency ('A$',
 * 'C$', 'kr', '€', '£', '¥', '$') placed before or after the number by a fixed per-locale table,
 * with a space only when the symbol touches the number with a letter ('kr 1,234.56',
 * '1.234,56 kr', but '1.234,56€'). Digits are grouped by thousands and rounded half-even to the
 * currency's decimals (fixtures i18n-money-format-<CUR>-<locale>). Separators come from CLDR for
 * the locale, with the narrow no-break space of newer CLDR data read as the no-break space the
 * legacy output used.
 *
 * The argument is a locale tag ('de-DE' or 'de_DE'); without one the render locale is used.
 * Input: any shape money-value.ts reads; unreadable values render as ''.
 */
import { Decimal, type CLDR } from '@phensley/cldr';
import { Formatter, type Context, type Variable } from '@squarespace/template-engine';
import type { CldrProvider } from '../cldr-locales';
import { displayDigits, groupThousands } from './money-format';
import { readMoney, siteCurrency, type MoneyAmount } from './money-value';

const HOUSE_SYMBOLS: Record<string, string> = {
  AUD: 'A$', CAD: 'C$', DKK: 'kr', EUR: '€', GBP: '£', JPY: '¥', NOK: 'kr', SEK: 'kr', USD: '$',
};

/** Locales that put the symbol after the number; every other locale puts it before. */
const SYMBOL_AFTER = new Set(['da-DK', 'de-DE', 'fr-FR', 'sv-SE']);

type Separators = { decimal: string; group: string };
const PLAIN: Separators = { decimal: '.', group: ',' };

const LETTER_FIRST = /^[A-Za-z]/;
const LETTER_LAST = /[A-Za-z]$/;

/** 'de_de' → 'de-DE'; undefined when the text is not a language[-region] tag. */
export function normalizeLocaleArg(raw: string): string | undefined {
  const match = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}|\d{3}))?$/.exec(raw.trim());
  if (!match) return undefined;
  return match[2] ? `${match[1]!.toLowerCase()}-${match[2].toUpperCase()}` : match[1]!.toLowerCase();
}

export class I18nMoneyFormatter extends Formatter {
  private readonly separators = new Map<string, Separators>();

  constructor(private readonly locales: CldrProvider) {
    super();
  }

  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0]!;
    const requested = args.length > 0 ? normalizeLocaleArg(args[0]!) : undefined;
    const cldr = (requested && this.locales.get(requested)) || ctx.cldr;
    const locale = requested ?? (ctx.cldr ? localeKey(ctx.cldr) : 'en-US');
    const amount = readMoney(first.node, siteCurrency(ctx), cldr);
    first.set(amount ? this.format(amount, locale, cldr) : '');
  }

  format(amount: MoneyAmount, locale: string, cldr: CLDR | undefined): string {
    const symbol = HOUSE_SYMBOLS[amount.currency] ?? (cldr ? cldr.Numbers.getCurrencySymbol(amount.currency as never) : amount.currency);
    const maxDigits = displayDigits(amount.currency, cldr);
    const minDigits = Math.min(2, maxDigits);
    const value = new Decimal(amount.decimal);
    const negative = value.isNegative() && !value.setScale(maxDigits, 'half-even').isZero();
    const number = this.digits(value.abs(), minDigits, maxDigits, this.separatorsFor(locale, cldr));
    if (SYMBOL_AFTER.has(locale)) {
      const body = number + (LETTER_FIRST.test(symbol) ? ' ' : '') + symbol;
      return negative ? `-${body}` : body;
    }
    if (LETTER_LAST.test(symbol)) return `${symbol} ${negative ? '-' : ''}${number}`;
    return `${negative ? '-' : ''}${symbol}${number}`;
  }

  private digits(abs: Decimal, minDigits: number, maxDigits: number, sep: Separators): string {
    const [integer, fraction = ''] = abs.setScale(maxDigits, 'half-even').toString().split('.');
    let shown = fraction;
    while (shown.length > minDigits && shown.endsWith('0')) shown = shown.slice(0, -1);
    return groupThousands(integer!, sep.group) + (shown ? sep.decimal + shown : '');
  }

  private separatorsFor(locale: string, cldr: CLDR | undefined): Separators {
    if (!cldr) return PLAIN;
    let found = this.separators.get(locale);
    if (!found) {
      found = { ...PLAIN };
      for (const part of cldr.Numbers.formatDecimalToParts('1234.5', { group: true })) {
        if (part.type === 'group') found.group = part.value.replace(/\u202f/g, '\u00a0');
        if (part.type === 'decimal') found.decimal = part.value;
      }
      this.separators.set(locale, found);
    }
    return found;
  }
}

function localeKey(cldr: CLDR): string {
  const tag = cldr.General.locale().tag;
  return `${tag.language()}-${tag.region()}`;
}

export function i18nMoneyFormatters(locales: CldrProvider) {
  return { 'i18n-money-format': new I18nMoneyFormatter(locales) };
}
