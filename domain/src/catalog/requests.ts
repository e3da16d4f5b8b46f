import * as z from 'zod/mini';
import type { DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { isSupportedCurrency } from '../shared/money';
import {
  bool, codeProblem, definedOnly, nullableText, object, problem, reportProblem, text, textList, type Parsed,
} from '../shared/requests';
import {
  DEFAULT_MERCHANDISING, type InitialStock, type MerchandisingSettings, type ProductDetails, type ProductDetailsChanges,
  type SubscriptionPlan, type VariantChanges, type VariantDetails,
} from './product-details';
import { PRODUCT_TYPES, productTypeName, type ProductTypeName } from './product-record';
import { slugify, urlIdFromTitle } from './url-id';

/**
 * Owner catalog API request bodies (SPEC 7 'Product creation' and the catalog's own routes) as
 * zod schemas: the API parses a body with one of these, then the functions below add what the
 * request cannot know (ids, the store's currency, the time). Business rules (limits, uniqueness,
 * sale price below price) are checked by `decide` on the typed data.
 */

const mustBeList = (field: string) => problem(() => domainError('INVALID_REQUEST', { field }, `${field} must be a list.`));
const cannotChange = (field: string, message = `${field} cannot be changed here.`) =>
  z.optional(z.never(problem(() => domainError('INVALID_REQUEST', { field }, message))));
const nothingToChange = () => domainError('INVALID_REQUEST', undefined, 'Nothing to change.');

/** Minor units: a safe integer, 0 or more (INVALID_PRICE). */
function minor(field: string) {
  const p = codeProblem('INVALID_PRICE', () => ({ field }));
  return z.number(p).check(z.refine((n) => Number.isSafeInteger(n) && n >= 0, p));
}

/** Grams: a safe integer, 0 or more, or null for none (INVALID_WEIGHT; only physical products, checked by decide). */
function grams() {
  const p = codeProblem('INVALID_WEIGHT');
  return z.nullable(z.number(p).check(z.refine((n) => Number.isSafeInteger(n) && n >= 0, p)));
}

/** Option name → value, all text (the option a wrong value belongs to is the last key of its path). */
const AttributesRequest = z.record(
  z.string(),
  z.string(problem((_f, _input, path) => domainError('INVALID_VARIANT_OPTIONS', { option: String(path[path.length - 1]) }))),
  problem(() => domainError('INVALID_REQUEST', { field: 'attributes' }, 'attributes must be an object.')),
);

/** A variant's image: an image id (one of the product's images, checked by decide), or null or '' for none. */
const variantImage = () => nullableText('imageId');

/**
 * A variant as sent: `sku`, `attributes`, `priceCents`, `salePriceCents`, `onSale`, initial
 * `qtyInStock` and `unlimited`, `weightGrams` (physical products; null or absent for none) and
 * `imageId` (one of the product's images; null or absent for none: the main image is shown).
 */
export const VariantRequest = object({
  salePriceCents: z.optional(minor('salePriceCents')),
  sku: text('sku', 'INVALID_SKU'),
  attributes: z.optional(z.nullable(AttributesRequest)),
  priceCents: minor('priceCents'),
  onSale: z.optional(bool('onSale')),
  qtyInStock: z.optional(z.nullable(z.number(codeProblem('INVALID_STOCK')))),
  unlimited: z.optional(bool('unlimited')),
  weightGrams: z.optional(grams()),
  imageId: z.optional(variantImage()),
}, 'variant');
export type VariantRequest = z.output<typeof VariantRequest>;

/** A product type by name (any case), number 1-5, or a one-digit string. */
const ProductTypeRequest = z.pipe(
  z.union([z.string(), z.number()], codeProblem('INVALID_PRODUCT_TYPE')),
  z.transform((raw, ctx): ProductTypeName => {
    if (typeof raw === 'string' && Object.prototype.hasOwnProperty.call(PRODUCT_TYPES, raw.toUpperCase())) return raw.toUpperCase() as ProductTypeName;
    const n = typeof raw === 'number' ? raw : /^\d$/.test(raw) ? Number(raw) : NaN;
    if (n >= 1 && n <= 5 && Number.isInteger(n)) return productTypeName(n as 1 | 2 | 3 | 4 | 5);
    return reportProblem(ctx, domainError('INVALID_PRODUCT_TYPE'));
  }),
);

const planProblem = codeProblem('INVALID_SUBSCRIPTION_PLAN');
/** `{ billingPeriod: { value, unit }, numBillingCycles }` (0 cycles: until cancelled), or null for none. */
const SubscriptionPlanRequest = z.nullable(z.pipe(
  object({
    billingPeriod: object({ value: z.number(planProblem), unit: z.string(planProblem) }),
    numBillingCycles: z.optional(z.nullable(z.number(planProblem))),
  }),
  z.transform((plan): SubscriptionPlan => ({
    billingPeriod: { value: plan.billingPeriod.value, unit: plan.billingPeriod.unit as SubscriptionPlan['billingPeriod']['unit'] },
    numBillingCycles: plan.numBillingCycles ?? 0,
  })),
));

/** Merchandising settings; a field left out keeps its value (or the default). */
const MerchandisingRequest = z.pipe(
  object({
    scarcityEnabled: z.optional(bool()),
    scarcityShownByDefault: z.optional(bool()),
    scarcityText: z.optional(text()),
    customSoldOutText: z.optional(z.nullable(text())),
    restockNotificationsEnabled: z.optional(bool()),
    mailingListSignUpEnabled: z.optional(bool()),
    mailingListOptInByDefault: z.optional(bool()),
  }),
  z.transform((m): Partial<MerchandisingSettings> => definedOnly({ ...m, customSoldOutText: m.customSoldOutText === '' ? null : m.customSoldOutText })),
);

/** Text or null for none (an additional-fields form id). */
const nullableId = (field: string) => z.nullable(text(field));

/**
 * POST …/products: SPEC 7 'Product creation' (navigationTitle, title, urlId, description, enabled)
 * plus collectionId, productType, currency, variants, variantOptionOrdering, subscriptionPlan,
 * additionalFieldsFormId, custom button text, tags, categories, merchandising and imageIds.
 */
export const CreateProductRequest = object({
  collectionId: z.optional(z.string(problem(() => domainError('INVALID_REQUEST', { field: 'collectionId' }, 'collectionId must be text.')))),
  title: text('title', 'INVALID_TITLE'),
  currency: z.optional(text('currency', 'UNSUPPORTED_CURRENCY').check(z.refine(isSupportedCurrency, codeProblem('UNSUPPORTED_CURRENCY', (_f, currency) => ({ currency }))))),
  urlId: z.optional(text('urlId', 'INVALID_URL_ID')),
  variants: z.optional(z.nullable(z.array(VariantRequest, mustBeList('variants')))),
  variantOptionOrdering: z.optional(textList()),
  merchandising: z.optional(MerchandisingRequest),
  productType: z.optional(ProductTypeRequest),
  navigationTitle: z.optional(text()),
  description: z.optional(text()),
  subscriptionPlan: z.optional(SubscriptionPlanRequest),
  additionalFieldsFormId: z.optional(nullableId('additionalFieldsFormId')),
  useCustomAddButtonText: z.optional(bool()),
  customAddButtonText: z.optional(text()),
  tags: z.optional(textList()),
  categories: z.optional(textList()),
  enabled: z.optional(bool()),
  imageIds: z.optional(textList()),
});
export type CreateProductRequest = z.output<typeof CreateProductRequest>;

/** PUT …/products/{id} "Edit details": only the fields present change; `urlId` comes back slugified. */
export const EditProductDetailsRequest = z.pipe(
  object({
    id: cannotChange('id'),
    productType: cannotChange('productType'),
    currency: cannotChange('currency'),
    collectionId: cannotChange('collectionId'),
    variants: cannotChange('variants'),
    imageIds: cannotChange('imageIds'),
    urlId: z.optional(text('urlId', 'INVALID_URL_ID').check(z.refine((u) => slugify(u) !== '', codeProblem('INVALID_URL_ID')))),
    title: z.optional(text('title', 'INVALID_TITLE')),
    navigationTitle: z.optional(text()),
    description: z.optional(text()),
    variantOptionOrdering: z.optional(textList()),
    subscriptionPlan: z.optional(SubscriptionPlanRequest),
    additionalFieldsFormId: z.optional(nullableId('additionalFieldsFormId')),
    useCustomAddButtonText: z.optional(bool()),
    customAddButtonText: z.optional(text()),
    tags: z.optional(textList()),
    categories: z.optional(textList()),
    merchandising: z.optional(MerchandisingRequest),
  }),
  z.transform(({ id: _i, productType: _p, currency: _c, collectionId: _co, variants: _v, imageIds: _im, urlId, ...rest }, ctx): ProductDetailsChanges => {
    const changes = definedOnly({ ...rest, urlId: urlId === undefined ? undefined : slugify(urlId) });
    return Object.keys(changes).length === 0 ? reportProblem(ctx, nothingToChange()) : changes;
  }),
);
export type EditProductDetailsRequest = z.output<typeof EditProductDetailsRequest>;

/** PUT …/variants/{sku}: any of attributes, priceCents, salePriceCents, onSale, weightGrams, imageId (a SKU never changes). */
export const EditVariantRequest = z.pipe(
  object({
    sku: cannotChange('sku', 'A SKU cannot be changed; remove the variant and add a new one.'),
    attributes: z.optional(z.nullable(AttributesRequest)),
    priceCents: z.optional(minor('priceCents')),
    salePriceCents: z.optional(minor('salePriceCents')),
    onSale: z.optional(bool('onSale')),
    weightGrams: z.optional(grams()),
    imageId: z.optional(variantImage()),
  }),
  z.transform((b, ctx): VariantChanges => {
    const changes = definedOnly<VariantChanges>({
      attributes: b.attributes === undefined ? undefined : b.attributes ?? {},
      priceMinor: b.priceCents,
      salePriceMinor: b.salePriceCents,
      onSale: b.onSale,
      weightGrams: b.weightGrams,
      imageId: b.imageId,
    });
    return Object.keys(changes).length === 0 ? reportProblem(ctx, nothingToChange()) : changes;
  }),
);
export type EditVariantRequest = z.output<typeof EditVariantRequest>;

/**
 * PUT …/variants `{ variantOptionOrdering, variants }`: the product's options and all its variants
 * (each as in VariantRequest). A listed SKU the product has is edited (its stock is not: that is
 * the stock route's); a new SKU is added with its `qtyInStock`/`unlimited` as initial stock; a SKU
 * left out is removed.
 */
export const SetProductVariantsRequest = object({
  variantOptionOrdering: textList('variantOptionOrdering'),
  variants: z.array(VariantRequest, mustBeList('variants')),
});
export type SetProductVariantsRequest = z.output<typeof SetProductVariantsRequest>;

/** PUT …/sale `{ onSale, skus?, salePriceCents? }`: skus absent means every variant. */
export const PutOnSaleRequest = z.pipe(
  object({ onSale: bool('onSale'), skus: z.optional(textList()), salePriceCents: z.optional(minor('salePriceCents')) }),
  z.transform((b) => ({ onSale: b.onSale, skus: b.skus ?? null, salePriceMinor: b.salePriceCents ?? null })),
);
export type PutOnSaleRequest = z.output<typeof PutOnSaleRequest>;

export type StockChange = { kind: 'set'; qtyInStock?: number; unlimited?: boolean } | { kind: 'adjust'; by: number };

const wholeStock = (v: unknown, min: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= min;

/** PUT …/variants/{sku}/stock: `{ qtyInStock }`, `{ unlimited }` (or both), or `{ adjustBy }`. */
export const ChangeStockRequest = z.pipe(
  object({ qtyInStock: z.optional(z.unknown()), unlimited: z.optional(z.unknown()), adjustBy: z.optional(z.unknown()) }),
  z.transform(({ qtyInStock, unlimited, adjustBy }, ctx): StockChange => {
    if (adjustBy !== undefined) {
      if (qtyInStock !== undefined || unlimited !== undefined) return reportProblem(ctx, domainError('INVALID_REQUEST', undefined, 'Send either adjustBy, or qtyInStock and/or unlimited.'));
      if (!wholeStock(adjustBy, Number.MIN_SAFE_INTEGER)) return reportProblem(ctx, domainError('INVALID_STOCK'));
      return { kind: 'adjust', by: adjustBy as number };
    }
    if (qtyInStock === undefined && unlimited === undefined) return reportProblem(ctx, domainError('INVALID_REQUEST', undefined, 'Send qtyInStock, unlimited or adjustBy.'));
    if (qtyInStock !== undefined && !wholeStock(qtyInStock, 0)) return reportProblem(ctx, domainError('INVALID_STOCK'));
    if (unlimited !== undefined && typeof unlimited !== 'boolean') {
      return reportProblem(ctx, domainError('INVALID_REQUEST', { field: 'unlimited' }, 'unlimited must be true or false.'));
    }
    return { kind: 'set', qtyInStock: qtyInStock as number | undefined, unlimited: unlimited as boolean | undefined };
  }),
);
export type ChangeStockRequest = z.output<typeof ChangeStockRequest>;

/** PUT …/images `{ imageIds }`: the product's images in order, main image first (the rules are decide's). */
export const SetProductImagesRequest = z.pipe(object({ imageIds: textList() }), z.transform((b) => b.imageIds));

/** PUT …/enabled `{ enabled }`. */
export const SetProductEnabledRequest = z.pipe(object({ enabled: bool() }), z.transform((b) => b.enabled));

// What the request cannot know, added by the API.

export type NewVariant = { variant: VariantDetails; initialStock: InitialStock };

/** A parsed variant with the id the API gives it. */
export function newVariant(v: z.output<typeof VariantRequest>, id: string): NewVariant {
  return {
    variant: {
      id, sku: v.sku, attributes: v.attributes ?? {}, priceMinor: v.priceCents, salePriceMinor: v.salePriceCents ?? 0, onSale: v.onSale ?? false,
      ...(v.weightGrams === undefined || v.weightGrams === null ? {} : { weightGrams: v.weightGrams }),
      ...(v.imageId === undefined || v.imageId === null ? {} : { imageId: v.imageId }),
    },
    initialStock: { qtyInStock: v.qtyInStock ?? 0, unlimited: v.unlimited ?? false },
  };
}

/**
 * The variants a set-variants request describes, for a product that has `current`: a SKU it has
 * keeps its variant id, a new one gets `newVariantId()` and its initial stock.
 */
export function variantsFromRequest(
  body: SetProductVariantsRequest, current: readonly VariantDetails[], newVariantId: () => string,
): { variantOptionOrdering: string[]; variants: VariantDetails[]; initialStock: Record<string, InitialStock> } {
  const initialStock: Record<string, InitialStock> = {};
  const variants = body.variants.map((v) => {
    const existing = current.find((c) => c.sku === v.sku);
    const parsed = newVariant(v, existing?.id ?? newVariantId());
    if (!existing) initialStock[v.sku] = parsed.initialStock;
    // The whole variant as wanted: a weight or image left out (or null) means none.
    return parsed.variant;
  });
  return { variantOptionOrdering: body.variantOptionOrdering, variants, initialStock };
}

export type CreateProductContext = {
  productId: string;
  websiteId: string;
  collectionId: string;
  /** The store's currency: the default, and the only one a product may be priced in. */
  defaultCurrency: string;
  now: string;
  newVariantId: () => string;
};

/**
 * The product a create request describes. `product.urlId` is the wanted URL id (the store makes it
 * unique); without variants the product gets one priced 0 with a SKU from its id.
 */
export function productFromRequest(body: CreateProductRequest, ctx: CreateProductContext): Parsed<{ product: ProductDetails; initialStock: Record<string, InitialStock> }> {
  const fail = (error: DomainError) => ({ ok: false as const, error });
  const currency = body.currency ?? ctx.defaultCurrency;
  // A cart holds the store's currency only: a product priced in another could never be bought.
  if (currency !== ctx.defaultCurrency) {
    return fail(domainError('UNSUPPORTED_CURRENCY', { currency, storeCurrency: ctx.defaultCurrency }, `Products must be priced in the store's currency, ${ctx.defaultCurrency}.`));
  }
  const urlId = body.urlId === undefined || body.urlId === '' ? urlIdFromTitle(body.title) : slugify(body.urlId);
  if (urlId === '') return fail(domainError('INVALID_URL_ID'));
  const requested = body.variants ?? [{ sku: `SQ-${ctx.productId.replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toUpperCase()}`, priceCents: 0 }];
  const parsed = requested.map((v) => newVariant(v, ctx.newVariantId()));
  const variants = parsed.map((p) => p.variant);
  const product: ProductDetails = {
    id: ctx.productId,
    websiteId: ctx.websiteId,
    collectionId: ctx.collectionId,
    productType: body.productType ?? 'PHYSICAL',
    title: body.title,
    navigationTitle: body.navigationTitle ?? body.title,
    description: body.description ?? '',
    urlId,
    currency,
    variants,
    variantOptionOrdering: body.variantOptionOrdering ?? Object.keys(variants[0]?.attributes ?? {}),
    subscriptionPlan: body.subscriptionPlan ?? null,
    additionalFieldsFormId: body.additionalFieldsFormId ?? null,
    useCustomAddButtonText: body.useCustomAddButtonText ?? false,
    customAddButtonText: body.customAddButtonText ?? '',
    tags: body.tags ?? [],
    categories: body.categories ?? [],
    merchandising: { ...DEFAULT_MERCHANDISING, ...body.merchandising },
    enabled: body.enabled ?? true,
    createdAt: ctx.now,
    ...(body.imageIds === undefined ? {} : { imageIds: body.imageIds }),
  };
  return { ok: true, value: { product, initialStock: Object.fromEntries(parsed.map((p) => [p.variant.sku, p.initialStock])) } };
}
