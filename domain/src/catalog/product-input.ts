import type { DomainError } from '../shared/decider';
import { domainError, type ErrorCode } from '../shared/error-catalogue';
import { isSupportedCurrency } from '../shared/money';
import {
  DEFAULT_MERCHANDISING, type InitialStock, type MerchandisingSettings, type ProductDetails, type ProductDetailsChanges,
  type SubscriptionPlan, type VariantChanges, type VariantDetails,
} from './product-details';
import { PRODUCT_TYPES, productTypeName, type ProductTypeName } from './product-record';
import { slugify, urlIdFromTitle } from './url-id';

/**
 * Owner API input (untrusted JSON) turned into typed command data, or the first problem found as a
 * domain error. Shape problems are reported here; business rules (limits, uniqueness, sale price
 * below price) are checked by `decide` on the typed data.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: DomainError };

class InputError extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}

function fail(code: ErrorCode, details?: Record<string, unknown>, message?: string): never {
  throw new InputError(domainError(code, details, message));
}

function parse<T>(fn: () => T): Parsed<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, error: error.error };
    throw error;
  }
}

type Json = Record<string, unknown>;

function object(raw: unknown, field = 'body'): Json {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    fail('INVALID_REQUEST', { field }, field === 'body' ? 'The request body must be a JSON object.' : `${field} must be an object.`);
  }
  return raw as Json;
}

function str(raw: unknown, field: string, code: ErrorCode = 'INVALID_TEXT_FIELD'): string {
  if (typeof raw !== 'string') fail(code, { field }, code === 'INVALID_TEXT_FIELD' ? `${field} must be text.` : undefined);
  return raw;
}

function optStr(raw: unknown, field: string, code?: ErrorCode): string | undefined {
  return raw === undefined ? undefined : str(raw, field, code);
}

function bool(raw: unknown, field: string): boolean {
  if (typeof raw !== 'boolean') fail('INVALID_REQUEST', { field }, `${field} must be true or false.`);
  return raw;
}

function optBool(raw: unknown, field: string): boolean | undefined {
  return raw === undefined ? undefined : bool(raw, field);
}

function minor(raw: unknown, field: string): number {
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 0) fail('INVALID_PRICE', { field });
  return raw;
}

function optMinor(raw: unknown, field: string): number | undefined {
  return raw === undefined ? undefined : minor(raw, field);
}

function stringList(raw: unknown, field: string): string[] {
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== 'string')) fail('INVALID_REQUEST', { field }, `${field} must be a list of text.`);
  return raw as string[];
}

function productType(raw: unknown): ProductTypeName {
  if (raw === undefined) return 'PHYSICAL';
  if (typeof raw === 'string' && Object.prototype.hasOwnProperty.call(PRODUCT_TYPES, raw.toUpperCase())) return raw.toUpperCase() as ProductTypeName;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d$/.test(raw) ? Number(raw) : NaN;
  if (n >= 1 && n <= 5 && Number.isInteger(n)) return productTypeName(n as 1 | 2 | 3 | 4 | 5);
  return fail('INVALID_PRODUCT_TYPE');
}

function attributes(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  const obj = object(raw, 'attributes');
  for (const [name, value] of Object.entries(obj)) {
    if (typeof value !== 'string') fail('INVALID_VARIANT_OPTIONS', { option: name });
  }
  return obj as Record<string, string>;
}

function subscriptionPlan(raw: unknown): SubscriptionPlan | null {
  if (raw === null) return null;
  const plan = object(raw, 'subscriptionPlan');
  const period = object(plan.billingPeriod ?? null, 'subscriptionPlan.billingPeriod');
  const { value, unit } = period;
  const cycles = plan.numBillingCycles ?? 0;
  if (typeof value !== 'number' || typeof unit !== 'string' || typeof cycles !== 'number') fail('INVALID_SUBSCRIPTION_PLAN');
  return { billingPeriod: { value, unit: unit as SubscriptionPlan['billingPeriod']['unit'] }, numBillingCycles: cycles };
}

function merchandising(raw: unknown): Partial<MerchandisingSettings> {
  const m = object(raw, 'merchandising');
  const customSoldOutText = m.customSoldOutText === null ? null : optStr(m.customSoldOutText, 'merchandising.customSoldOutText');
  return {
    scarcityEnabled: optBool(m.scarcityEnabled, 'merchandising.scarcityEnabled'),
    scarcityShownByDefault: optBool(m.scarcityShownByDefault, 'merchandising.scarcityShownByDefault'),
    scarcityText: optStr(m.scarcityText, 'merchandising.scarcityText'),
    customSoldOutText: customSoldOutText === '' ? null : customSoldOutText,
    restockNotificationsEnabled: optBool(m.restockNotificationsEnabled, 'merchandising.restockNotificationsEnabled'),
    mailingListSignUpEnabled: optBool(m.mailingListSignUpEnabled, 'merchandising.mailingListSignUpEnabled'),
    mailingListOptInByDefault: optBool(m.mailingListOptInByDefault, 'merchandising.mailingListOptInByDefault'),
  };
}

function stock(v: Json): InitialStock {
  const qty = v.qtyInStock ?? 0;
  if (typeof qty !== 'number') fail('INVALID_STOCK');
  return { qtyInStock: qty, unlimited: optBool(v.unlimited, 'unlimited') ?? false };
}

function variant(raw: unknown, newVariantId: () => string): { variant: VariantDetails; initialStock: InitialStock } {
  const v = object(raw, 'variant');
  const salePriceMinor = optMinor(v.salePriceCents, 'salePriceCents') ?? 0;
  return {
    variant: {
      id: newVariantId(),
      sku: str(v.sku, 'sku', 'INVALID_SKU'),
      attributes: attributes(v.attributes),
      priceMinor: minor(v.priceCents, 'priceCents'),
      salePriceMinor,
      onSale: optBool(v.onSale, 'onSale') ?? false,
    },
    initialStock: stock(v),
  };
}

export type CreateProductInputContext = {
  productId: string;
  websiteId: string;
  collectionId: string;
  /** The store's currency: the default, and the only one a product may be priced in. */
  defaultCurrency: string;
  now: string;
  newVariantId: () => string;
};

/**
 * SPEC 7 'Product creation' (navigationTitle, title, urlId, description, enabled) plus productType,
 * currency, variants (sku, attributes, priceCents, salePriceCents, onSale, qtyInStock, unlimited),
 * variantOptionOrdering, subscriptionPlan, additionalFieldsFormId, custom button text, tags,
 * categories, merchandising and imageIds. `product.urlId` is the wanted URL id; the store makes it unique.
 */
export function parseCreateProduct(raw: unknown, ctx: CreateProductInputContext): Parsed<{ product: ProductDetails; initialStock: Record<string, InitialStock> }> {
  return parse(() => {
    const body = object(raw);
    const title = str(body.title, 'title', 'INVALID_TITLE');
    const currency = optStr(body.currency, 'currency', 'UNSUPPORTED_CURRENCY') ?? ctx.defaultCurrency;
    if (!isSupportedCurrency(currency)) fail('UNSUPPORTED_CURRENCY', { currency });
    // A cart holds the store's currency only: a product priced in another could never be bought.
    if (currency !== ctx.defaultCurrency) {
      fail('UNSUPPORTED_CURRENCY', { currency, storeCurrency: ctx.defaultCurrency }, `Products must be priced in the store's currency, ${ctx.defaultCurrency}.`);
    }
    const wantedUrlId = body.urlId === undefined || body.urlId === '' ? urlIdFromTitle(title) : slugify(str(body.urlId, 'urlId', 'INVALID_URL_ID'));
    if (wantedUrlId === '') fail('INVALID_URL_ID');
    const rawVariants = body.variants ?? [{ sku: `SQ-${ctx.productId.replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toUpperCase()}`, priceCents: 0 }];
    if (!Array.isArray(rawVariants)) fail('INVALID_REQUEST', { field: 'variants' }, 'variants must be a list.');
    const parsed = rawVariants.map((v) => variant(v, ctx.newVariantId));
    const variants = parsed.map((p) => p.variant);
    const initialStock = Object.fromEntries(parsed.map((p) => [p.variant.sku, p.initialStock]));
    const ordering = body.variantOptionOrdering === undefined ? Object.keys(variants[0]?.attributes ?? {}) : stringList(body.variantOptionOrdering, 'variantOptionOrdering');
    const m = body.merchandising === undefined ? {} : merchandising(body.merchandising);
    const product: ProductDetails = {
      id: ctx.productId,
      websiteId: ctx.websiteId,
      collectionId: ctx.collectionId,
      productType: productType(body.productType),
      title,
      navigationTitle: optStr(body.navigationTitle, 'navigationTitle') ?? title,
      description: optStr(body.description, 'description') ?? '',
      urlId: wantedUrlId,
      currency,
      variants,
      variantOptionOrdering: ordering,
      subscriptionPlan: body.subscriptionPlan === undefined ? null : subscriptionPlan(body.subscriptionPlan),
      additionalFieldsFormId: body.additionalFieldsFormId === undefined || body.additionalFieldsFormId === null ? null : str(body.additionalFieldsFormId, 'additionalFieldsFormId'),
      useCustomAddButtonText: optBool(body.useCustomAddButtonText, 'useCustomAddButtonText') ?? false,
      customAddButtonText: optStr(body.customAddButtonText, 'customAddButtonText') ?? '',
      tags: body.tags === undefined ? [] : stringList(body.tags, 'tags'),
      categories: body.categories === undefined ? [] : stringList(body.categories, 'categories'),
      merchandising: { ...DEFAULT_MERCHANDISING, ...Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) },
      enabled: optBool(body.enabled, 'enabled') ?? true,
      createdAt: ctx.now,
      ...(body.imageIds === undefined ? {} : { imageIds: stringList(body.imageIds, 'imageIds') }),
    };
    return { product, initialStock };
  });
}

/** "Edit details": only the fields present change. `urlId` is returned slugified (the store makes it unique). */
export function parseDetailsChanges(raw: unknown): Parsed<ProductDetailsChanges> {
  return parse(() => {
    const body = object(raw);
    for (const fixed of ['id', 'productType', 'currency', 'collectionId', 'variants', 'imageIds']) {
      if (body[fixed] !== undefined) fail('INVALID_REQUEST', { field: fixed }, `${fixed} cannot be changed here.`);
    }
    const urlId = optStr(body.urlId, 'urlId', 'INVALID_URL_ID');
    if (urlId !== undefined && slugify(urlId) === '') fail('INVALID_URL_ID');
    const changes: ProductDetailsChanges = {
      title: optStr(body.title, 'title', 'INVALID_TITLE'),
      navigationTitle: optStr(body.navigationTitle, 'navigationTitle'),
      description: optStr(body.description, 'description'),
      urlId: urlId === undefined ? undefined : slugify(urlId),
      variantOptionOrdering: body.variantOptionOrdering === undefined ? undefined : stringList(body.variantOptionOrdering, 'variantOptionOrdering'),
      subscriptionPlan: body.subscriptionPlan === undefined ? undefined : subscriptionPlan(body.subscriptionPlan),
      additionalFieldsFormId:
        body.additionalFieldsFormId === undefined ? undefined : body.additionalFieldsFormId === null ? null : str(body.additionalFieldsFormId, 'additionalFieldsFormId'),
      useCustomAddButtonText: optBool(body.useCustomAddButtonText, 'useCustomAddButtonText'),
      customAddButtonText: optStr(body.customAddButtonText, 'customAddButtonText'),
      tags: body.tags === undefined ? undefined : stringList(body.tags, 'tags'),
      categories: body.categories === undefined ? undefined : stringList(body.categories, 'categories'),
      merchandising: body.merchandising === undefined ? undefined : merchandising(body.merchandising),
    };
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ProductDetailsChanges;
    if (Object.keys(defined).length === 0) fail('INVALID_REQUEST', undefined, 'Nothing to change.');
    return defined;
  });
}

export function parseNewVariant(raw: unknown, newVariantId: () => string): Parsed<{ variant: VariantDetails; initialStock: InitialStock }> {
  return parse(() => variant(raw, newVariantId));
}

export function parseVariantChanges(raw: unknown): Parsed<VariantChanges> {
  return parse(() => {
    const body = object(raw);
    if (body.sku !== undefined) fail('INVALID_REQUEST', { field: 'sku' }, 'A SKU cannot be changed; remove the variant and add a new one.');
    const changes: VariantChanges = {
      attributes: body.attributes === undefined ? undefined : attributes(body.attributes),
      priceMinor: optMinor(body.priceCents, 'priceCents'),
      salePriceMinor: optMinor(body.salePriceCents, 'salePriceCents'),
      onSale: optBool(body.onSale, 'onSale'),
    };
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as VariantChanges;
    if (Object.keys(defined).length === 0) fail('INVALID_REQUEST', undefined, 'Nothing to change.');
    return defined;
  });
}

/** `{ onSale, skus?, salePriceCents? }`: skus absent means every variant. */
export function parseSale(raw: unknown): Parsed<{ onSale: boolean; skus: string[] | null; salePriceMinor: number | null }> {
  return parse(() => {
    const body = object(raw);
    return {
      onSale: bool(body.onSale, 'onSale'),
      skus: body.skus === undefined ? null : stringList(body.skus, 'skus'),
      salePriceMinor: body.salePriceCents === undefined ? null : minor(body.salePriceCents, 'salePriceCents'),
    };
  });
}

export type StockChange = { kind: 'set'; qtyInStock?: number; unlimited?: boolean } | { kind: 'adjust'; by: number };

/** `{ qtyInStock }`, `{ unlimited }` (or both), or `{ adjustBy }`. */
export function parseStockChange(raw: unknown): Parsed<StockChange> {
  return parse((): StockChange => {
    const body = object(raw);
    const { qtyInStock, unlimited, adjustBy } = body;
    if (adjustBy !== undefined) {
      if (qtyInStock !== undefined || unlimited !== undefined) fail('INVALID_REQUEST', undefined, 'Send either adjustBy, or qtyInStock and/or unlimited.');
      if (typeof adjustBy !== 'number' || !Number.isSafeInteger(adjustBy)) fail('INVALID_STOCK');
      return { kind: 'adjust', by: adjustBy };
    }
    if (qtyInStock === undefined && unlimited === undefined) fail('INVALID_REQUEST', undefined, 'Send qtyInStock, unlimited or adjustBy.');
    if (qtyInStock !== undefined && (typeof qtyInStock !== 'number' || !Number.isSafeInteger(qtyInStock) || qtyInStock < 0)) fail('INVALID_STOCK');
    return { kind: 'set', qtyInStock: qtyInStock as number | undefined, unlimited: optBool(unlimited, 'unlimited') };
  });
}

/** `{ imageIds }`: the product's images in order, main image first; the rules are decide's. */
export function parseProductImages(raw: unknown): Parsed<string[]> {
  return parse(() => stringList(object(raw).imageIds, 'imageIds'));
}

export function parseEnabled(raw: unknown): Parsed<boolean> {
  return parse(() => bool(object(raw).enabled, 'enabled'));
}
