import { productTypeName, purchasePriceMinor, tracksStock, type ProductRecord, type ProductTypeName, type ProductTypeNumber } from '../catalog/product-record';
import { GIFT_CARD_DENOMINATION_MESSAGE, missingOptions, optionsNotChosenMessage } from '../catalog/product-rules';
import { domainError } from '../shared/error-catalogue';
import type { Parsed, SentText } from '../shared/requests';
import { additionalFieldsFormOf, type AdditionalFieldsForm } from './additional-fields';

/** The facts the cart decides on about one variant: its purchase price now, and its stock. */
export type PricedVariant = {
  itemId: string;
  sku: string;
  title: string;
  productType: ProductTypeName;
  attributes: Record<string, string>;
  unitPriceCents: number;
  currency: string;
  stock: { unlimited: boolean; qtyInStock: number };
};

export type SubscriptionPlanFacts = { billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' }; numBillingCycles: number };

/** What a cart command knows about the requested product (looked up by the handler). */
export type CartProduct = {
  itemId: string;
  title: string;
  productType: ProductTypeName;
  variantOptionOrdering: string[];
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlanFacts | null;
  variants: PricedVariant[];
  /** The product's additional-fields form (its fields), which an add's `additionalFields` must answer; null for none (or a form that no longer exists). */
  additionalFieldsForm?: AdditionalFieldsForm | null;
};

/** A product that is disabled or deleted is not for sale: the cart treats it as unknown. */
export function isPurchasable(record: ProductRecord): boolean {
  const flags = record as ProductRecord & { enabled?: unknown; deleted?: unknown; deletedOn?: unknown; deletedAt?: unknown };
  return flags.enabled !== false && flags.deleted !== true && !flags.deletedOn && !flags.deletedAt;
}

/** Maps the Product record (as the catalog read model holds it) to the cart's facts; null when not for sale. */
export function cartProductFromRecord(record: ProductRecord | null | undefined): CartProduct | null {
  if (!record || !isPurchasable(record)) return null;
  const content = record.structuredContent;
  let productType: ProductTypeName;
  try {
    productType = productTypeName(Number(content.productType) as ProductTypeNumber);
  } catch {
    return null;
  }
  const title = record.title || record.name;
  const variants: PricedVariant[] = (content.variants ?? []).map((v) => ({
    itemId: record.id,
    sku: v.sku,
    title,
    productType,
    attributes: v.attributes ?? {},
    unitPriceCents: purchasePriceMinor(v),
    currency: (v.onSale ? v.salePriceMoney : v.priceMoney).currency,
    // A type without stock (digital, gift card, paywall) is never out of it, whatever its variants say.
    stock: { unlimited: !tracksStock(productType) || v.unlimited === true, qtyInStock: Number(v.qtyInStock) || 0 },
  }));
  return {
    itemId: record.id,
    title,
    productType,
    variantOptionOrdering: content.variantOptionOrdering ?? [],
    isSubscribable: content.isSubscribable === true,
    subscriptionPlan: content.subscriptionPlan ?? null,
    variants,
    additionalFieldsForm: content.additionalFieldsFormId ? additionalFieldsFormOf(content.additionalFieldsForm) : null,
  };
}

/**
 * The variant a request asks for (SPEC 5 'Add to cart'):
 * - an unknown, disabled or deleted product, or an unknown sku (a blank one, or one that is not
 *   text, included): 'Sorry, that item variant is unavailable…';
 * - no sku (absent, null or '') for a gift card: 'Select a denomination for the Gift Card';
 * - no sku for a product with options: 'Please select the {option} option.' (all its options, in order);
 * - no sku for a product with exactly one variant and no options: that variant.
 */
export function resolveVariant(product: CartProduct | null, sku: SentText): Parsed<PricedVariant> {
  if (!product || sku.kind === 'other') return { ok: false, error: domainError('VARIANT_UNAVAILABLE') };
  if (sku.kind === 'text' && sku.text !== '') {
    const wanted = sku.text;
    const variant = wanted.trim() === '' ? undefined : product.variants.find((v) => v.sku === wanted);
    return variant ? { ok: true, value: variant } : { ok: false, error: domainError('VARIANT_UNAVAILABLE') };
  }
  if (product.productType === 'GIFT_CARD') {
    return { ok: false, error: domainError('GIFT_CARD_DENOMINATION_REQUIRED', undefined, GIFT_CARD_DENOMINATION_MESSAGE) };
  }
  const missing = product.variants.length > 1 ? missingOptions(product.variantOptionOrdering, {}) : [];
  const message = optionsNotChosenMessage(missing);
  if (message) return { ok: false, error: domainError('OPTIONS_NOT_CHOSEN', { missingOptions: missing }, message) };
  if (product.variants.length === 1) return { ok: true, value: product.variants[0]! };
  return { ok: false, error: domainError('VARIANT_UNAVAILABLE') };
}
