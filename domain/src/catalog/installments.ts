/**
 * The installment (buy-now-pay-later) pill of a product page (SPEC 3 'Installment context per
 * item', 4 'Installment pill', 5 'Installment messages', 9 'Installments'): shown for physical
 * items only, in the store's country and language when that is one of the SPEC's locales
 * (Afterpay: en_US, en_CA, fr_CA, en_AU, en_NZ; Clearpay: en_GB), split into 4 payments.
 *
 * In range when the amount is above the minimum and at most the maximum: 'or 4 interest-free
 * payments of $9.50 with Afterpay'. Otherwise the pill says where the range is: above the maximum
 * 'Afterpay available for orders up to $1,000.00', at or below the minimum 'Afterpay available
 * for orders over $35.00'. The SPEC does not give the range nor the texts; the range is ours
 * (INSTALLMENT_RANGES, per country, in the country's currency) and the texts are in the strings
 * catalogue (INSTALLMENT_STRINGS).
 */
import { PRODUCT_TYPES } from './product-record';
import { formatMoney } from '../shared/money';
import { INSTALLMENT_STRINGS } from '../shared/strings';

/** SPEC 9: installments default to 4 payments. */
export const INSTALLMENT_PAYMENTS = 4;

/** SPEC 9 'Country/language': US en; CA en, fr; AU en; NZ en; GB en. */
export const INSTALLMENT_LOCALES = ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ', 'en_GB'] as const;
export type InstallmentLocale = (typeof INSTALLMENT_LOCALES)[number];

/** The store currency decides the installment country (a store sells in its own country's currency). */
const COUNTRY_BY_CURRENCY: Readonly<Record<string, string>> = { USD: 'US', CAD: 'CA', AUD: 'AU', NZD: 'NZ', GBP: 'GB' };

/** Ours (the SPEC gives none): the order amounts, in minor units of the country's currency, installments take. */
export const INSTALLMENT_RANGES: Readonly<Record<string, { min: number; max: number }>> = {
  US: { min: 35_00, max: 1_000_00 },
  CA: { min: 35_00, max: 1_000_00 },
  AU: { min: 35_00, max: 2_000_00 },
  NZ: { min: 35_00, max: 2_000_00 },
  GB: { min: 30_00, max: 1_000_00 },
};

/** SPEC 3 'Installment context per item', plus the currency its amounts are in. */
export type InstallmentContext = {
  afterPayAvailable: boolean;
  afterPayMin: number;
  afterPayMax: number;
  shopperLanguage: string;
  stripeAccountCountry: string;
  currency: string;
};

/** The SPEC locale for a country and a language ('CA', 'fr' → 'fr_CA'); null when the SPEC has none. */
export function installmentLocale(country: string, language: string): InstallmentLocale | null {
  const locale = `${language.toLowerCase()}_${country.toUpperCase()}`;
  return (INSTALLMENT_LOCALES as readonly string[]).includes(locale) ? (locale as InstallmentLocale) : null;
}

/** Clearpay in the United Kingdom, Afterpay elsewhere (SPEC 9). */
export function installmentProvider(locale: InstallmentLocale): string {
  return locale === 'en_GB' ? 'Clearpay' : 'Afterpay';
}

/**
 * The installment context of a store item: available only for physical products in a store whose
 * currency and language make one of the SPEC's locales ('en-US' reads as language 'en').
 */
export function installmentContext(productType: number, currency: string, language: string): InstallmentContext | null {
  const country = COUNTRY_BY_CURRENCY[currency];
  const shopperLanguage = language.split(/[-_]/)[0] ?? '';
  if (productType !== PRODUCT_TYPES.PHYSICAL || !country || !installmentLocale(country, shopperLanguage)) return null;
  const range = INSTALLMENT_RANGES[country]!;
  return { afterPayAvailable: true, afterPayMin: range.min, afterPayMax: range.max, shopperLanguage, stripeAccountCountry: country, currency };
}

/** In range: above the minimum and at most the maximum (SPEC 4). */
export function isInInstallmentRange(amountMinor: number, context: Pick<InstallmentContext, 'afterPayMin' | 'afterPayMax'>): boolean {
  return amountMinor > context.afterPayMin && amountMinor <= context.afterPayMax;
}

/**
 * `total` split into `count` whole minor-unit payments that add up to it exactly, the first ones a
 * unit larger when it does not divide evenly (1001 in 4: 251, 250, 250, 250).
 */
export function installmentPayments(total: number, count = INSTALLMENT_PAYMENTS): number[] {
  if (!Number.isSafeInteger(total) || total < 0 || !Number.isInteger(count) || count < 1) throw new Error(`Cannot split ${total} into ${count} payments`);
  const base = Math.floor(total / count);
  const rest = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < rest ? 1 : 0));
}

export type InstallmentMessage = { inRange: boolean; text: string; provider: string; locale: InstallmentLocale };

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** The strings of the locale's language (English unless French). */
export function installmentStrings(locale: InstallmentLocale) {
  return locale.startsWith('fr') ? INSTALLMENT_STRINGS.fr : INSTALLMENT_STRINGS.en;
}

/** What the pill says for an amount (minor units), in the context's locale; null when installments are not available. */
export function installmentMessage(context: InstallmentContext | null, amountMinor: number, formatLocale?: string): InstallmentMessage | null {
  if (!context?.afterPayAvailable) return null;
  const locale = installmentLocale(context.stripeAccountCountry, context.shopperLanguage);
  if (!locale) return null;
  const provider = installmentProvider(locale);
  const strings = installmentStrings(locale);
  const money = (minor: number) => formatMoney(minor, context.currency, formatLocale ?? locale.replace('_', '-'));
  if (isInInstallmentRange(amountMinor, context)) {
    const [first] = installmentPayments(amountMinor);
    return { inRange: true, provider, locale, text: fill(strings.inRange, { count: INSTALLMENT_PAYMENTS, amount: money(first!), provider }) };
  }
  const text = amountMinor > context.afterPayMax
    ? fill(strings.upTo, { provider, max: money(context.afterPayMax) })
    : fill(strings.over, { provider, min: money(context.afterPayMin) });
  return { inRange: false, provider, locale, text };
}
