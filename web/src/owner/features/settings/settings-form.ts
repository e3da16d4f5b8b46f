import { currencyDecimals, isSupportedCurrency, minorToDecimalString, SUPPORTED_CURRENCIES } from '@storefront/domain/shared/money';
import { checkSiteTitle } from '@storefront/domain/site/site-limits';
import { checkTimeZone, MAX_CHECKOUT_MINIMUM_MINOR } from '@storefront/domain/site/website-settings';
import type { SettingsChanges, SettingsView } from './settings-api';

/**
 * The Settings form's editing state: what the inputs hold (the checkout minimum as the decimal text
 * the owner types), built from the server's settings, checked field by field, and turned back into
 * the request that saves only what changed.
 */
export type SettingsForm = {
  siteTitle: string;
  logoImageId: string | null;
  timeZone: string;
  currency: string;
  /** Decimal text in the store currency, e.g. '25.00'; '0' for no minimum. */
  checkoutMinimum: string;
  expressCheckout: boolean;
  multipleQuantityAllowedForServices: boolean;
};

export type SettingsField = keyof SettingsForm;
export type FieldErrors = Partial<Record<SettingsField, string>>;

export { SUPPORTED_CURRENCIES };

/** The form as the server's settings fill it: the store settings in force, whoever set them. */
export function formOf(view: SettingsView): SettingsForm {
  const store = view.storeSettings;
  return {
    siteTitle: view.settings.siteTitle,
    logoImageId: view.settings.logoImageId,
    timeZone: view.settings.timeZone,
    currency: view.settings.currency,
    checkoutMinimum: minorToDecimalString(store.checkoutMinimumSubtotalCents, decimalsOf(store.selectedCurrency)),
    expressCheckout: store.expressCheckout,
    multipleQuantityAllowedForServices: store.multipleQuantityAllowedForServices,
  };
}

function decimalsOf(currency: string): number {
  return isSupportedCurrency(currency) ? currencyDecimals(currency) : 2;
}

/**
 * Decimal text ('25', '25.5', '1,250.00') as whole minor units of `currency`, by string arithmetic
 * (never a float): the amount, or what is wrong with it in words.
 */
export function parseAmount(text: string, currency: string): { ok: true; minor: number } | { ok: false; error: string } {
  const digits = decimalsOf(currency);
  const cleaned = text.trim().replace(/[\s,]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return { ok: false, error: `Enter an amount such as ${digits === 0 ? '2500' : '25.00'}, or 0 for no minimum.` };
  const [, whole, fraction = ''] = match;
  if (fraction.length > digits && /[^0]/.test(fraction.slice(digits))) {
    return { ok: false, error: digits === 0 ? `${currency} amounts have no decimals.` : `Use at most ${digits} decimals for ${currency}.` };
  }
  const minorText = `${whole}${fraction.slice(0, digits).padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  // Compare as text first: a number this long would be past the limit (and past exact floats).
  const max = String(MAX_CHECKOUT_MINIMUM_MINOR);
  if (minorText.length > max.length || (minorText.length === max.length && minorText > max)) {
    return { ok: false, error: `The checkout minimum can be at most ${minorToDecimalString(MAX_CHECKOUT_MINIMUM_MINOR, digits)} ${currency}.` };
  }
  return { ok: true, minor: Number(minorText) };
}

/** What is wrong with each field, in words (the same rules and wording the server answers with). */
export function validate(form: SettingsForm): FieldErrors {
  const errors: FieldErrors = {};
  const title = checkSiteTitle(form.siteTitle);
  if (title) errors.siteTitle = title.message;
  const zone = form.timeZone.trim() === '' ? { message: 'Choose a time zone.' } : checkTimeZone(form.timeZone.trim());
  if (zone) errors.timeZone = zone.message;
  if (!isSupportedCurrency(form.currency)) errors.currency = 'Choose one of the listed currencies.';
  const amount = parseAmount(form.checkoutMinimum, form.currency);
  if (!amount.ok) errors.checkoutMinimum = amount.error;
  return errors;
}

/**
 * The request that saves `form` over `saved`: only the fields that changed (so a store setting the
 * owner never touched keeps following the server's default). The checkout minimum counts as changed
 * when its minor units in the (new) currency differ.
 */
export function changesOf(saved: SettingsForm, form: SettingsForm): SettingsChanges {
  const changes: SettingsChanges = {};
  if (form.siteTitle !== saved.siteTitle) changes.siteTitle = form.siteTitle;
  if (form.logoImageId !== saved.logoImageId) changes.logoImageId = form.logoImageId;
  if (form.timeZone.trim() !== saved.timeZone) changes.timeZone = form.timeZone.trim();
  if (form.currency !== saved.currency) changes.currency = form.currency;
  const now = parseAmount(form.checkoutMinimum, form.currency);
  const before = parseAmount(saved.checkoutMinimum, saved.currency);
  if (now.ok && (!before.ok || now.minor !== before.minor)) changes.checkoutMinimumSubtotalCents = now.minor;
  if (form.expressCheckout !== saved.expressCheckout) changes.expressCheckout = form.expressCheckout;
  if (form.multipleQuantityAllowedForServices !== saved.multipleQuantityAllowedForServices) {
    changes.multipleQuantityAllowedForServices = form.multipleQuantityAllowedForServices;
  }
  return changes;
}

/** Whether the form holds anything not saved yet (text the owner typed counts, valid or not). */
export function isDirty(saved: SettingsForm, form: SettingsForm): boolean {
  return (Object.keys(form) as SettingsField[]).some((key) => form[key] !== saved[key]);
}

/** 'USD — US Dollar' for the currency list. */
export function currencyName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} — ${name}` : code;
  } catch {
    return code;
  }
}

/** The currency's symbol as it shows before an amount ('$', '€', '¥', 'CHF'). */
export function currencySymbol(code: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/** Every IANA time zone this browser knows, for the time zone list. */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}
