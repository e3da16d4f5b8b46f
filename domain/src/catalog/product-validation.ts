import type { DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { isSupportedCurrency } from '../shared/money';
import { productImageIds, variantImageId, type InitialStock, type ProductDetails, type SubscriptionPlan, type VariantDetails } from './product-details';
import { isValidUrlId } from './url-id';

/** SPEC section 9 limits, and our own input bounds where the SPEC names none. */
export const CATALOG_LIMITS = {
  productsPerCollection: 200,
  tagMaxLength: 50,
  categoryMaxLength: 25,
  titleMaxLength: 200,
  descriptionMaxLength: 20_000,
  skuMaxLength: 100,
  optionsPerProduct: 6,
  optionTextMaxLength: 100,
  variantsPerProduct: 100,
  tagsPerProduct: 50,
  categoriesPerProduct: 50,
  customTextMaxLength: 500,
  maxStock: 1_000_000_000,
  /** A variant's shipping weight: at most a tonne, in grams. */
  maxWeightGrams: 1_000_000,
  maxBillingPeriodValue: 52,
  maxBillingCycles: 1000,
  imagesPerProduct: 20,
  /** As long as the media context's image ids can be (apps/api/src/media/image-assets.ts). */
  imageIdMaxLength: 100,
} as const;

type Check = DomainError | null;

const err = (code: Parameters<typeof domainError>[0], details?: Record<string, unknown>): DomainError => domainError(code, details);

export function checkTitle(title: string): Check {
  return title.trim() === '' || title.length > CATALOG_LIMITS.titleMaxLength ? err('INVALID_TITLE') : null;
}

export function checkMinor(value: number, field: string): Check {
  return Number.isSafeInteger(value) && value >= 0 ? null : err('INVALID_PRICE', { field });
}

export function checkSku(sku: string): Check {
  return sku.length === 0 || sku.length > CATALOG_LIMITS.skuMaxLength || sku.trim() !== sku ? err('INVALID_SKU', { sku }) : null;
}

export function checkStock(stock: InitialStock): Check {
  const { qtyInStock } = stock;
  return Number.isSafeInteger(qtyInStock) && qtyInStock >= 0 && qtyInStock <= CATALOG_LIMITS.maxStock ? null : err('INVALID_STOCK');
}

function checkSubscriptionPlan(plan: SubscriptionPlan | null, product: ProductDetails): Check {
  if (plan === null) return null;
  if (product.productType === 'GIFT_CARD') return err('SUBSCRIPTION_NOT_ALLOWED');
  const { value, unit } = plan.billingPeriod;
  const valid =
    Number.isInteger(value) && value >= 1 && value <= CATALOG_LIMITS.maxBillingPeriodValue &&
    (unit === 'WEEK' || unit === 'MONTH' || unit === 'YEAR') &&
    Number.isInteger(plan.numBillingCycles) && plan.numBillingCycles >= 0 && plan.numBillingCycles <= CATALOG_LIMITS.maxBillingCycles;
  return valid ? null : err('INVALID_SUBSCRIPTION_PLAN');
}

function checkTexts(product: ProductDetails): Check {
  if (product.navigationTitle.length > CATALOG_LIMITS.titleMaxLength) return err('INVALID_TEXT_FIELD', { field: 'navigationTitle' });
  if (product.description.length > CATALOG_LIMITS.descriptionMaxLength) return err('INVALID_TEXT_FIELD', { field: 'description' });
  if (product.customAddButtonText.length > CATALOG_LIMITS.customTextMaxLength) return err('INVALID_TEXT_FIELD', { field: 'customAddButtonText' });
  if ((product.additionalFieldsFormId ?? '').length > CATALOG_LIMITS.optionTextMaxLength) return err('INVALID_TEXT_FIELD', { field: 'additionalFieldsFormId' });
  const m = product.merchandising;
  if (m.scarcityText.length > CATALOG_LIMITS.customTextMaxLength) return err('INVALID_TEXT_FIELD', { field: 'merchandising.scarcityText' });
  if ((m.customSoldOutText ?? '').length > CATALOG_LIMITS.customTextMaxLength) return err('INVALID_TEXT_FIELD', { field: 'merchandising.customSoldOutText' });
  return null;
}

function checkTags(product: ProductDetails): Check {
  if (product.tags.length > CATALOG_LIMITS.tagsPerProduct) return err('INVALID_TEXT_FIELD', { field: 'tags' });
  const longTag = product.tags.find((t) => t.length > CATALOG_LIMITS.tagMaxLength || t.trim() === '');
  if (longTag !== undefined) return err('TAG_TOO_LONG', { tag: longTag });
  if (product.categories.length > CATALOG_LIMITS.categoriesPerProduct) return err('INVALID_TEXT_FIELD', { field: 'categories' });
  const longCategory = product.categories.find((c) => c.length > CATALOG_LIMITS.categoryMaxLength || c.trim() === '');
  return longCategory !== undefined ? err('CATEGORY_TOO_LONG', { category: longCategory }) : null;
}

/**
 * A product's images: at most 20, each a media image id (text of 1 to 100 characters without
 * spaces at either end), none twice. Whether each id names an existing image is checked by the
 * app against the media read model before the command is sent.
 */
export function checkImageIds(imageIds: readonly unknown[]): Check {
  const field = 'imageIds';
  if (imageIds.length > CATALOG_LIMITS.imagesPerProduct) {
    return domainError('INVALID_REQUEST', { field, limit: CATALOG_LIMITS.imagesPerProduct }, `A product can have at most ${CATALOG_LIMITS.imagesPerProduct} images.`);
  }
  const seen = new Set<string>();
  for (const [index, id] of imageIds.entries()) {
    if (typeof id !== 'string' || id.length === 0 || id.length > CATALOG_LIMITS.imageIdMaxLength || id.trim() !== id) {
      return domainError('INVALID_REQUEST', { field, index }, `An image id must be text of 1 to ${CATALOG_LIMITS.imageIdMaxLength} characters without spaces at either end.`);
    }
    if (seen.has(id)) return domainError('INVALID_REQUEST', { field, imageId: id }, 'A product lists each of its images once.');
    seen.add(id);
  }
  return null;
}

/** A weight is whole grams from 0 to a tonne, and only physical goods have one. */
export function checkWeight(variant: Pick<VariantDetails, 'sku' | 'weightGrams'>, productType: ProductDetails['productType']): Check {
  const grams = variant.weightGrams;
  if (grams === undefined || grams === null) return null;
  const valid = Number.isSafeInteger(grams) && grams >= 0 && grams <= CATALOG_LIMITS.maxWeightGrams && productType === 'PHYSICAL';
  return valid ? null : err('INVALID_WEIGHT', { sku: variant.sku });
}

/** A variant's image, when it has one, is one of the product's own images. */
export function checkVariantImage(variant: Pick<VariantDetails, 'sku' | 'imageId'>, productImages: readonly string[]): Check {
  const imageId = variantImageId(variant);
  if (imageId === null || productImages.includes(imageId)) return null;
  return err('INVALID_VARIANT_IMAGE', { sku: variant.sku, imageId });
}

export function checkVariant(variant: VariantDetails, options: string[]): Check {
  const names = Object.keys(variant.attributes);
  const sameOptions = names.length === options.length && options.every((o) => typeof variant.attributes[o] === 'string');
  const valuesOk = Object.values(variant.attributes).every((v) => v.trim() !== '' && v.length <= CATALOG_LIMITS.optionTextMaxLength);
  return (
    checkSku(variant.sku) ||
    checkMinor(variant.priceMinor, 'price') ||
    checkMinor(variant.salePriceMinor, 'salePrice') ||
    (variant.onSale && variant.salePriceMinor >= variant.priceMinor ? err('INVALID_SALE_PRICE', { sku: variant.sku }) : null) ||
    (sameOptions && valuesOk ? null : err('INVALID_VARIANT_OPTIONS', { sku: variant.sku, options }))
  );
}

function checkVariants(product: ProductDetails): Check {
  const { variants, variantOptionOrdering: options } = product;
  if (variants.length === 0) return err('NO_VARIANTS');
  if (variants.length > CATALOG_LIMITS.variantsPerProduct) return err('TOO_MANY_VARIANTS');
  if (product.productType === 'DIGITAL' && variants.length > 1) return err('SINGLE_VARIANT_ONLY');
  if (options.length > CATALOG_LIMITS.optionsPerProduct) return err('TOO_MANY_OPTIONS');
  if (new Set(options).size !== options.length || options.some((o) => o.trim() === '' || o.length > CATALOG_LIMITS.optionTextMaxLength)) {
    return err('INVALID_VARIANT_OPTIONS', { options });
  }
  const skus = new Set<string>();
  const combinations = new Set<string>();
  const imageIds = productImageIds(product);
  for (const variant of variants) {
    const invalid = checkVariant(variant, options) || checkWeight(variant, product.productType) || checkVariantImage(variant, imageIds);
    if (invalid) return invalid;
    if (skus.has(variant.sku)) return err('DUPLICATE_SKU', { sku: variant.sku });
    skus.add(variant.sku);
    const combination = JSON.stringify(options.map((o) => variant.attributes[o]));
    // Gift-card denominations may share (empty) options: they differ by price.
    const key = product.productType === 'GIFT_CARD' && options.length === 0 ? `${combination}:${variant.priceMinor}` : combination;
    if (combinations.has(key)) return err('DUPLICATE_VARIANT_OPTIONS', { sku: variant.sku });
    combinations.add(key);
  }
  return null;
}

/** Every rule a product's details must satisfy; the first broken one. */
export function validateProduct(product: ProductDetails): Check {
  return (
    checkTitle(product.title) ||
    (isValidUrlId(product.urlId) ? null : err('INVALID_URL_ID')) ||
    (isSupportedCurrency(product.currency) ? null : err('UNSUPPORTED_CURRENCY', { currency: product.currency })) ||
    checkTexts(product) ||
    checkTags(product) ||
    checkImageIds(productImageIds(product)) ||
    checkSubscriptionPlan(product.subscriptionPlan, product) ||
    checkVariants(product)
  );
}
