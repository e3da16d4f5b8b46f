/**
 * How a product's price reads, on the server's pages and in the browser's islands alike (one
 * function, so the price a visitor sees before and after choosing a variant is worded the same):
 * 'from $29.00' while variants differ and none is chosen, '$36.00' struck through '$45.00' on
 * sale, '$8.00 every month' for a subscription. Amounts are integer minor units, formatted by
 * `formatMoney` in the store's currency (SPEC 9: JPY has no decimals).
 *
 * The price shown is the price charged: a variant's unit price is its sale price while on sale,
 * else its price, as the cart's `purchasePriceMinor` takes it. Nothing here depends on the
 * product type, so a paywall (type 5, which the template engine does not know) reads its price.
 */
import { formatMoney } from '../shared/money';
import { PRODUCT_PRICE_STRINGS } from '../shared/strings';

/** A variant's prices in minor units, as the Product record's legacy `price`/`salePrice` hold them. */
export type PriceVariant = { price: number; salePrice: number; onSale: boolean };

export type BillingUnit = keyof typeof PRODUCT_PRICE_STRINGS.every;

export type PricePlan = { billingPeriod?: { value?: number; unit?: string } | null; numBillingCycles?: number | null } | null | undefined;

export type PricedProduct = {
  variants: readonly PriceVariant[];
  /** The subscription plan of a subscribable product; null or absent for a one-time purchase. */
  subscriptionPlan?: PricePlan;
  currency: string;
};

export type PriceDisplay = {
  /** What the price reads: '$36.00', 'from $29.00', '$8.00 every month'. */
  text: string;
  /** The regular price, to be struck through, when `text` is a sale price; else null. */
  original: string | null;
};

/** SPEC 9 'Periods per year': a duration that is a whole number of years reads in years. */
const PER_YEAR: Record<BillingUnit, number> = { WEEK: 52, MONTH: 12, YEAR: 1 };

/** What one unit of a variant costs now: its sale price while on sale, else its price (minor units). */
export function unitPriceMinor(variant: PriceVariant): number {
  return variant.onSale ? variant.salePrice : variant.price;
}

/** Variants differ in onSale, in price, or in sale price while on sale (SPEC 4 'Varied prices'). */
export function pricesVary(variants: readonly PriceVariant[]): boolean {
  const [first, ...rest] = variants;
  if (!first) return false;
  return rest.some(
    (v) => v.onSale !== first.onSale || v.price !== first.price || (first.onSale && v.salePrice !== first.salePrice),
  );
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

function isUnit(unit: unknown): unit is BillingUnit {
  return typeof unit === 'string' && Object.prototype.hasOwnProperty.call(PER_YEAR, unit);
}

/**
 * A subscription's wording around a formatted amount: '{price} every month', '{price} every 2
 * weeks', '… for 1 year' when the plan ends (numBillingCycles > 0). Null for a plan it cannot
 * word (no billing period, an unknown unit): the price then reads 'Unavailable' (SPEC 8).
 */
export function subscriptionWording(price: string, plan: NonNullable<PricePlan>): string | null {
  const period = plan.billingPeriod;
  const value = Number(period?.value);
  if (!period || !isUnit(period.unit) || !Number.isInteger(value) || value < 1) return null;
  const [one, many] = PRODUCT_PRICE_STRINGS.every[period.unit];
  let text = fill(value === 1 ? one : many, { price, count: value });
  const cycles = Number(plan.numBillingCycles ?? 0);
  if (Number.isInteger(cycles) && cycles > 0) {
    let count = value * cycles;
    let unit: BillingUnit = period.unit;
    if (count % PER_YEAR[unit] === 0) {
      count /= PER_YEAR[unit];
      unit = 'YEAR';
    }
    const [single, plural] = PRODUCT_PRICE_STRINGS.forDuration[unit];
    text += fill(count === 1 ? single : plural, { count });
  }
  return text;
}

/**
 * The price of `product`, for the `chosen` variant when one is chosen (its unit price, and its
 * regular price struck through while on sale); otherwise 'from' the lowest unit price while
 * variants differ, else the one price (struck through regular price while on sale). A product
 * without variants reads as 0 (SPEC 9 'Default zero price').
 */
export function priceDisplay(product: PricedProduct, chosen: PriceVariant | null = null, locale?: string): PriceDisplay {
  const money = (minor: number) => formatMoney(minor, product.currency, locale);
  const plan = product.subscriptionPlan ?? null;
  const word = (amount: string): string | null => (plan ? subscriptionWording(amount, plan) : amount);
  const unavailable: PriceDisplay = { text: PRODUCT_PRICE_STRINGS.unavailable, original: null };

  const shown = chosen ?? (pricesVary(product.variants) ? null : product.variants[0] ?? { price: 0, salePrice: 0, onSale: false });
  if (!shown) {
    const lowest = Math.min(...product.variants.map(unitPriceMinor));
    const worded = word(money(lowest));
    return worded === null ? unavailable : { text: fill(PRODUCT_PRICE_STRINGS.from, { price: worded }), original: null };
  }
  const text = word(money(unitPriceMinor(shown)));
  if (text === null) return unavailable;
  return { text, original: shown.onSale ? word(money(shown.price)) : null };
}
