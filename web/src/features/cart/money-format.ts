import { currencyDecimals, isSupportedCurrency } from '@storefront/domain/shared/money';

/**
 * Formats integer minor units for display (the edge). The currency's decimals come from the
 * domain's table (2, JPY 0); the one division happens here, just before display.
 */
export function formatMoney(minorUnits: number, currency: string, locale?: string): string {
  const code = isSupportedCurrency(currency) ? currency : 'USD';
  const digits = currencyDecimals(code);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(minorUnits / 10 ** digits);
}
