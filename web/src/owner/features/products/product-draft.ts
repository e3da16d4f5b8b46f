import type { BillingPeriodUnit, ProductDetails, SubscriptionPlan } from '@storefront/domain/catalog/product-details';
import { tracksStock, type ProductTypeName } from '@storefront/domain/catalog/product-record';
import { CATALOG_LIMITS } from '@storefront/domain/catalog/product-validation';
import { slugify, urlIdFromTitle } from '@storefront/domain/catalog/url-id';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { currencyDecimals, minorToDecimalString, parseDecimalInput, parseMoneyInput, type DecimalInputProblem } from '@storefront/domain/shared/money';
import type { CreateProductBody, DetailsBody, ProductView, StockBody, VariantBody, VariantsBody } from './products-api';

/**
 * The product editor's draft: what the owner is typing, kept as text where it is typed (prices,
 * stock, weight), and the pure rules over it: variants generated from the options, validation in
 * words, the dirty check, and the requests a save sends. The Redux slice (`product-editor-slice.ts`)
 * holds a base draft (as the server last answered) and the edited one, and calls these.
 */

export type DraftOption = { key: string; name: string; values: string[] };

export type DraftVariant = {
  /** Stable key for the screen (the saved SKU, or a generated key for a new variant). */
  key: string;
  /** The SKU the server knows this variant by; null until it is saved. A saved SKU never changes. */
  savedSku: string | null;
  sku: string;
  attributes: Record<string, string>;
  /** Decimal text in the product's currency ('28.00'). */
  price: string;
  salePrice: string;
  onSale: boolean;
  /** Whole number text; only for types that track stock. */
  stock: string;
  unlimited: boolean;
  /** Kilograms as decimal text (grams exactly, 3 decimals); '' for none. Physical only. */
  weight: string;
  /**
   * The variant's own image (issue 13): one of the draft's `imageIds`, shown when a visitor chooses
   * the variant and as its cart thumbnail. Null (or absent) for none: the main image is shown.
   */
  imageId?: string | null;
};

export type DraftSubscription = { enabled: boolean; every: string; unit: BillingPeriodUnit; cycles: string };

export type ProductDraft = {
  productType: ProductTypeName;
  currency: string;
  title: string;
  /** Rich text (HTML, sanitized by the server). */
  description: string;
  /** The URL id as typed ('' on a new product: made from the title). */
  urlId: string;
  enabled: boolean;
  options: DraftOption[];
  variants: DraftVariant[];
  /** Media image ids, main image first. */
  imageIds: string[];
  subscription: DraftSubscription;
  /** The form asked in a lightbox before the add (issue 14); null or absent for none. */
  additionalFieldsFormId?: string | null;
};

export type KeyMaker = () => string;

// What each type has (SPEC 3 product types, SPEC 4 product status marks).
/** Digital products have exactly one variant (the domain's SINGLE_VARIANT_ONLY), so no options. */
export const hasOptions = (type: ProductTypeName) => type !== 'DIGITAL';
export const hasStock = (type: ProductTypeName) => tracksStock(type);
export const hasWeight = (type: ProductTypeName) => type === 'PHYSICAL';
/** Gift cards are never on sale (SPEC 4: 'On sale if any variant is on sale'; gift cards never). */
export const hasSale = (type: ProductTypeName) => type !== 'GIFT_CARD';
export const hasSubscription = (type: ProductTypeName) => type !== 'GIFT_CARD';

export const PRODUCT_TYPE_INFO: Record<ProductTypeName, { label: string; description: string }> = {
  PHYSICAL: { label: 'Physical', description: 'Goods you ship: variants, stock and weight.' },
  DIGITAL: { label: 'Digital', description: 'A download, sold without stock.' },
  SERVICE: { label: 'Service', description: 'Classes or appointments, with places as stock.' },
  GIFT_CARD: { label: 'Gift card', description: 'Denominations a customer can give.' },
  PAYWALL: { label: 'Paywall', description: 'Access to members-only content.' },
};
export const PRODUCT_TYPE_ORDER: ProductTypeName[] = ['PHYSICAL', 'DIGITAL', 'SERVICE', 'GIFT_CARD', 'PAYWALL'];

const GRAM_DIGITS = 3;

function money(minor: number, currency: string): string {
  return minorToDecimalString(minor, currencyDecimals(currency));
}

export function gramsToKilograms(grams: number | null | undefined): string {
  return grams === null || grams === undefined ? '' : minorToDecimalString(grams, GRAM_DIGITS).replace(/\.?0+$/, '');
}

const NO_SUBSCRIPTION: DraftSubscription = { enabled: false, every: '1', unit: 'MONTH', cycles: '0' };

function subscriptionDraft(plan: SubscriptionPlan | null): DraftSubscription {
  if (!plan) return NO_SUBSCRIPTION;
  return { enabled: true, every: String(plan.billingPeriod.value), unit: plan.billingPeriod.unit, cycles: String(plan.numBillingCycles) };
}

/** The draft of a saved product, as the owner API answered it. */
export function draftFromView(view: Pick<ProductView, 'product' | 'stock'>): ProductDraft {
  const { product, stock } = view;
  return {
    productType: product.productType,
    currency: product.currency,
    title: product.title,
    description: product.description,
    urlId: product.urlId,
    enabled: product.enabled,
    options: product.variantOptionOrdering.map((name) => ({
      key: `option:${name}`,
      name,
      values: unique(product.variants.map((v) => v.attributes[name] ?? '').filter((v) => v !== '')),
    })),
    variants: product.variants.map((v) => ({
      key: `sku:${v.sku}`,
      savedSku: v.sku,
      sku: v.sku,
      attributes: { ...v.attributes },
      price: money(v.priceMinor, product.currency),
      // No sale price yet: an empty field rather than 0.00.
      salePrice: v.salePriceMinor === 0 && !v.onSale ? '' : money(v.salePriceMinor, product.currency),
      onSale: v.onSale,
      stock: String(stock[v.sku]?.qtyInStock ?? 0),
      unlimited: stock[v.sku]?.unlimited ?? false,
      weight: gramsToKilograms(v.weightGrams),
      imageId: v.imageId ?? null,
    })),
    imageIds: [...(product.imageIds ?? [])],
    subscription: subscriptionDraft(product.subscriptionPlan),
    additionalFieldsFormId: product.additionalFieldsFormId ?? null,
  };
}

/** A new product of `productType`: one variant, or for a gift card three denominations. */
export function newDraft(productType: ProductTypeName, currency: string, newKey: KeyMaker): ProductDraft {
  const draft: ProductDraft = {
    productType, currency, title: '', description: '', urlId: '', enabled: true, options: [], variants: [], imageIds: [], subscription: NO_SUBSCRIPTION,
  };
  if (productType === 'GIFT_CARD') {
    const symbol = currency === 'USD' ? '$' : currency === 'EUR' ? '€' : currency === 'GBP' ? '£' : currency === 'JPY' ? '¥' : `${currency} `;
    const amounts = currency === 'JPY' ? ['2500', '5000', '10000'] : ['25', '50', '100'];
    draft.options = [{ key: newKey(), name: 'Amount', values: amounts.map((a) => `${symbol}${a}`) }];
  }
  return regenerateVariants(draft, newKey);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

// Variants from options.

/** Every combination of the options' values, in option order (options without values are left out until they get one). */
export function combinations(options: readonly DraftOption[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const option of options) {
    const values = unique(option.values.filter((v) => v.trim() !== ''));
    if (option.name.trim() === '' || values.length === 0) continue;
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [option.name]: value })));
  }
  return combos;
}

/** How many attributes two variants share with the same value. */
function shared(a: Record<string, string>, b: Record<string, string>): number {
  return Object.entries(a).filter(([k, v]) => b[k] === v).length;
}

/** Whether `variant` agrees with `combo` on every option both name. */
function agrees(variant: Record<string, string>, combo: Record<string, string>): boolean {
  return Object.entries(variant).every(([k, v]) => !(k in combo) || combo[k] === v);
}

const SKU_PART = (text: string) => slugify(text).toUpperCase();

/** A SKU for a new variant: the title's (or 'SKU') and the option values, unique among `taken`. */
export function suggestSku(title: string, attributes: Record<string, string>, taken: ReadonlySet<string>): string {
  const base = [SKU_PART(title).split('-').slice(0, 3).join('-') || 'SKU', ...Object.values(attributes).map(SKU_PART).filter((p) => p !== '')]
    .join('-')
    .slice(0, CATALOG_LIMITS.skuMaxLength - 4);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The variants for the draft's options: one per combination of values. A combination keeps the
 * variant that already had it (its SKU, prices and stock); failing that, a variant agreeing on
 * every option it has (a product getting its first option keeps its one variant); a new one
 * copies the prices and weight of its closest sibling and starts with no stock. A gift-card
 * amount that reads as money ('$25') is its new variant's price.
 */
export function regenerateVariants(draft: ProductDraft, newKey: KeyMaker): ProductDraft {
  const options = hasOptions(draft.productType) ? draft.options : [];
  const combos = combinations(options);
  const used = new Set<string>();
  const exact = (combo: Record<string, string>) =>
    draft.variants.find((v) => !used.has(v.key) && Object.keys(v.attributes).length === Object.keys(combo).length && shared(v.attributes, combo) === Object.keys(combo).length);
  const agreeing = (combo: Record<string, string>) => draft.variants.find((v) => !used.has(v.key) && agrees(v.attributes, combo));
  const kept: (DraftVariant | null)[] = combos.map((combo) => {
    const match = exact(combo) ?? null;
    if (match) used.add(match.key);
    return match;
  });
  const variants: DraftVariant[] = combos.map((combo, i) => {
    const had = kept[i] ?? agreeing(combo);
    if (had) {
      used.add(had.key);
      // An unsaved variant whose SKU was only suggested gets a new suggestion for its new values.
      const suggested = had.savedSku === null && had.sku === suggestSku(draft.title, had.attributes, new Set());
      return { ...had, attributes: combo, sku: suggested && kept[i] !== had ? '' : had.sku };
    }
    const sibling = [...draft.variants].sort((a, b) => shared(b.attributes, combo) - shared(a.attributes, combo))[0];
    const amount = draft.productType === 'GIFT_CARD' ? Object.values(combo)[0] : undefined;
    const parsedAmount = amount === undefined ? null : parseMoneyInput(amount, draft.currency);
    return {
      key: newKey(),
      savedSku: null,
      sku: '',
      attributes: combo,
      price: parsedAmount?.ok ? money(parsedAmount.minor, draft.currency) : sibling?.price ?? '',
      salePrice: sibling?.salePrice ?? '',
      onSale: sibling?.onSale ?? false,
      stock: '0',
      unlimited: false,
      weight: sibling?.weight ?? '',
      imageId: null,
    };
  });
  const taken = new Set(variants.filter((v) => v.sku !== '').map((v) => v.sku));
  for (const v of variants) {
    if (v.savedSku === null && v.sku === '') {
      v.sku = suggestSku(draft.title, v.attributes, taken);
      taken.add(v.sku);
    }
  }
  return { ...draft, variants };
}

/**
 * After the title changed from `oldTitle`: unsaved variants whose SKU is still the one suggested
 * for the old title get the new title's suggestion (a SKU the owner typed stays).
 */
export function resuggestSkus(draft: ProductDraft, oldTitle: string): ProductDraft {
  const taken = new Set<string>();
  const oldTaken = new Set<string>();
  const variants = draft.variants.map((v) => {
    if (v.savedSku !== null) {
      taken.add(v.sku);
      return v;
    }
    const wasSuggested = v.sku === suggestSku(oldTitle, v.attributes, oldTaken);
    oldTaken.add(v.sku);
    if (!wasSuggested) {
      taken.add(v.sku);
      return v;
    }
    const sku = suggestSku(draft.title, v.attributes, taken);
    taken.add(sku);
    return { ...v, sku };
  });
  return { ...draft, variants };
}

/** Renames an option everywhere (its variants keep their values under the new name). */
export function renameOption(draft: ProductDraft, key: string, name: string): ProductDraft {
  const option = draft.options.find((o) => o.key === key);
  if (!option) return draft;
  const old = option.name;
  return {
    ...draft,
    options: draft.options.map((o) => (o.key === key ? { ...o, name } : o)),
    variants: draft.variants.map((v) => {
      if (!(old in v.attributes)) return v;
      const attributes: Record<string, string> = {};
      for (const [k, value] of Object.entries(v.attributes)) attributes[k === old ? name : k] = value;
      return { ...v, attributes };
    }),
  };
}

/** Renames one value of an option everywhere. */
export function renameValue(draft: ProductDraft, key: string, index: number, value: string): ProductDraft {
  const option = draft.options.find((o) => o.key === key);
  const old = option?.values[index];
  if (!option || old === undefined) return draft;
  return {
    ...draft,
    options: draft.options.map((o) => (o.key === key ? { ...o, values: o.values.map((v, i) => (i === index ? value : v)) } : o)),
    variants: draft.variants.map((v) => (v.attributes[option.name] === old ? { ...v, attributes: { ...v.attributes, [option.name]: value } } : v)),
  };
}

// Reading the draft's text.

const PRICE_PROBLEMS: Record<DecimalInputProblem, (currency: string) => string> = {
  empty: () => 'Enter a price.',
  'not-a-number': (currency) => `Enter a price as a number, such as ${currencyDecimals(currency) === 0 ? '1500' : '12.50'}.`,
  negative: () => 'A price cannot be negative.',
  'too-many-decimals': (currency) =>
    currencyDecimals(currency) === 0 ? `${currency} prices have no decimals.` : `${currency} prices have at most ${currencyDecimals(currency)} decimals.`,
  'too-large': () => 'This price is too large.',
};

/** Minor units of a typed price, or the problem in words. */
export function readPrice(text: string, currency: string): { ok: true; minor: number } | { ok: false; message: string } {
  const parsed = parseMoneyInput(text, currency);
  return parsed.ok ? parsed : { ok: false, message: PRICE_PROBLEMS[parsed.problem](currency) };
}

/** Grams of a typed weight in kilograms ('' is none), or the problem in words. */
export function readWeight(text: string): { ok: true; grams: number | null } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, grams: null };
  const parsed = parseDecimalInput(text, GRAM_DIGITS);
  if (!parsed.ok) return { ok: false, message: parsed.problem === 'too-many-decimals' ? 'Weights are exact to the gram (3 decimals).' : 'Enter a weight in kilograms, such as 0.35.' };
  if (parsed.minor > CATALOG_LIMITS.maxWeightGrams) return { ok: false, message: 'A weight can be at most 1000 kg.' };
  return { ok: true, grams: parsed.minor };
}

/** A whole stock count from 0 to the catalog's maximum, or the problem in words. */
export function readStock(text: string): { ok: true; qty: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) > CATALOG_LIMITS.maxStock) return { ok: false, message: ERROR_MESSAGES.INVALID_STOCK };
  return { ok: true, qty: Number(t) };
}

function readWhole(text: string, min: number, max: number): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) && Number(t) >= min && Number(t) <= max ? Number(t) : null;
}

/** The URL id a save asks for: as typed, slugified by the server; '' on a new product means "from the title". */
export function urlIdPreview(draft: Pick<ProductDraft, 'urlId' | 'title'>): string {
  return draft.urlId.trim() === '' ? urlIdFromTitle(draft.title) : slugify(draft.urlId);
}

/** The SPEC 5 editor message for a URL id that has nothing usable in it. */
export function invalidUrlMessage(value: string): string {
  return ERROR_MESSAGES.INVALID_LINK.replace('{val}', value);
}

export type DraftErrors = Record<string, string>;

export const variantField = (key: string, field: keyof DraftVariant) => `variants.${key}.${field}`;
export const optionField = (key: string, field: 'name' | 'values') => `options.${key}.${field}`;

/** Every problem of the draft, by field ('title', 'variants.<key>.price', …), in words; {} when it can be saved. */
export function validateDraft(draft: ProductDraft, isNew: boolean): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.title.trim() === '' || draft.title.length > CATALOG_LIMITS.titleMaxLength) errors.title = ERROR_MESSAGES.INVALID_TITLE;
  if (draft.description.length > CATALOG_LIMITS.descriptionMaxLength) errors.description = 'The description can be at most 20,000 characters of formatted text.';
  if (!(isNew && draft.urlId.trim() === '') && slugify(draft.urlId) === '') errors.urlId = invalidUrlMessage(draft.urlId);

  if (hasOptions(draft.productType)) {
    if (draft.options.length > CATALOG_LIMITS.optionsPerProduct) errors.options = ERROR_MESSAGES.TOO_MANY_OPTIONS;
    const names = new Set<string>();
    for (const o of draft.options) {
      const name = o.name.trim();
      if (name === '') errors[optionField(o.key, 'name')] = 'Name this option, such as Size or Colour.';
      else if (names.has(name.toLowerCase())) errors[optionField(o.key, 'name')] = `There is already an option called ${name}.`;
      names.add(name.toLowerCase());
      const values = o.values.map((v) => v.trim());
      if (values.filter((v) => v !== '').length === 0) errors[optionField(o.key, 'values')] = `Add at least one value for ${name || 'this option'}.`;
      else if (new Set(values).size !== values.length) errors[optionField(o.key, 'values')] = 'Each value can appear once.';
      else if (values.some((v) => v.length > CATALOG_LIMITS.optionTextMaxLength)) errors[optionField(o.key, 'values')] = 'Values can be at most 100 characters long.';
    }
  }
  if (draft.variants.length === 0) errors.variants = ERROR_MESSAGES.NO_VARIANTS;
  if (draft.variants.length > CATALOG_LIMITS.variantsPerProduct) errors.variants = ERROR_MESSAGES.TOO_MANY_VARIANTS;

  const skus = new Set<string>();
  for (const v of draft.variants) {
    const sku = v.sku;
    if (sku.length === 0 || sku.length > CATALOG_LIMITS.skuMaxLength || sku.trim() !== sku) errors[variantField(v.key, 'sku')] = ERROR_MESSAGES.INVALID_SKU;
    else if (skus.has(sku)) errors[variantField(v.key, 'sku')] = ERROR_MESSAGES.DUPLICATE_SKU;
    skus.add(sku);
    const price = readPrice(v.price, draft.currency);
    if (!price.ok) errors[variantField(v.key, 'price')] = price.message;
    if (hasSale(draft.productType) && v.onSale) {
      const sale = readPrice(v.salePrice, draft.currency);
      if (!sale.ok) errors[variantField(v.key, 'salePrice')] = sale.message;
      else if (price.ok && sale.minor >= price.minor) errors[variantField(v.key, 'salePrice')] = ERROR_MESSAGES.INVALID_SALE_PRICE;
    } else if (v.salePrice.trim() !== '' && !readPrice(v.salePrice, draft.currency).ok) {
      errors[variantField(v.key, 'salePrice')] = (readPrice(v.salePrice, draft.currency) as { message: string }).message;
    }
    if (hasStock(draft.productType) && !v.unlimited) {
      const stock = readStock(v.stock);
      if (!stock.ok) errors[variantField(v.key, 'stock')] = stock.message;
    }
    if (hasWeight(draft.productType)) {
      const weight = readWeight(v.weight);
      if (!weight.ok) errors[variantField(v.key, 'weight')] = weight.message;
    }
  }

  if (hasSubscription(draft.productType) && draft.subscription.enabled) {
    if (readWhole(draft.subscription.every, 1, CATALOG_LIMITS.maxBillingPeriodValue) === null) errors['subscription.every'] = 'Bill every 1 to 52 weeks, months or years.';
    if (readWhole(draft.subscription.cycles, 0, CATALOG_LIMITS.maxBillingCycles) === null) errors['subscription.cycles'] = 'Enter 0 (until cancelled) to 1000 payments.';
  }
  if (draft.imageIds.length > CATALOG_LIMITS.imagesPerProduct) errors.images = `A product can have at most ${CATALOG_LIMITS.imagesPerProduct} images.`;
  return errors;
}

// What the draft means, for the dirty check and the requests.

/**
 * The image a variant has in the draft: its own while the draft still has that image, else null
 * (removing an image from the product takes it off the variants that showed it, as the server does).
 */
export function variantImage(v: Pick<DraftVariant, 'imageId'>, draft: Pick<ProductDraft, 'imageIds'>): string | null {
  return v.imageId && draft.imageIds.includes(v.imageId) ? v.imageId : null;
}

function priceOr(text: string, currency: string): number | string {
  const p = parseMoneyInput(text, currency);
  return p.ok ? p.minor : `?${text}`;
}

function subscriptionPlan(draft: ProductDraft): SubscriptionPlan | null {
  const s = draft.subscription;
  if (!hasSubscription(draft.productType) || !s.enabled) return null;
  return { billingPeriod: { value: Number(s.every.trim()), unit: s.unit }, numBillingCycles: Number(s.cycles.trim()) };
}

function variantBody(v: DraftVariant, draft: ProductDraft, withStock: boolean): VariantBody {
  const sale = hasSale(draft.productType);
  const salePrice = parseMoneyInput(v.salePrice, draft.currency);
  const weight = readWeight(v.weight);
  const body: VariantBody = {
    sku: v.sku,
    attributes: v.attributes,
    priceCents: (parseMoneyInput(v.price, draft.currency) as { minor: number }).minor,
    salePriceCents: sale && salePrice.ok ? salePrice.minor : 0,
    onSale: sale && v.onSale,
  };
  if (hasWeight(draft.productType)) body.weightGrams = weight.ok ? weight.grams : null;
  // Left out for none: PUT variants describes each variant whole, so no image means the main one.
  const image = variantImage(v, draft);
  if (image !== null) body.imageId = image;
  if (withStock && hasStock(draft.productType)) {
    body.unlimited = v.unlimited;
    body.qtyInStock = readStock(v.stock).ok ? Number(v.stock.trim()) : 0;
  }
  return body;
}

/** The draft reduced to what it means (prices as minor units, stock as numbers), for comparing two drafts. */
function meaning(draft: ProductDraft) {
  const stock = hasStock(draft.productType);
  return {
    title: draft.title,
    description: draft.description,
    urlId: draft.urlId,
    enabled: draft.enabled,
    options: hasOptions(draft.productType) ? draft.options.map((o) => [o.name, o.values]) : [],
    variants: draft.variants.map((v) => ({
      savedSku: v.savedSku,
      sku: v.sku,
      attributes: v.attributes,
      price: priceOr(v.price, draft.currency),
      onSale: hasSale(draft.productType) && v.onSale,
      salePrice: hasSale(draft.productType) && (v.onSale || v.salePrice.trim() !== '') ? priceOr(v.salePrice, draft.currency) : 0,
      stock: stock ? (v.unlimited ? 'unlimited' : v.stock.trim()) : null,
      unlimited: stock && v.unlimited,
      weight: hasWeight(draft.productType) ? v.weight.trim().replace(/\.?0+$/, '') : '',
      image: variantImage(v, draft),
    })),
    imageIds: draft.imageIds,
    subscription: hasSubscription(draft.productType) && draft.subscription.enabled ? [draft.subscription.every.trim(), draft.subscription.unit, draft.subscription.cycles.trim()] : null,
    additionalFieldsFormId: draft.additionalFieldsFormId ?? null,
  };
}

/** Whether the draft says something the saved product does not. */
export function isDirty(base: ProductDraft | null, draft: ProductDraft | null): boolean {
  if (!base || !draft) return false;
  return JSON.stringify(meaning(base)) !== JSON.stringify(meaning(draft));
}

/** The body that creates the draft's product in the store `collectionId`. */
export function createBody(draft: ProductDraft, collectionId: string): CreateProductBody {
  const body: CreateProductBody = {
    collectionId,
    productType: draft.productType,
    title: draft.title.trim(),
    description: draft.description,
    enabled: draft.enabled,
    variantOptionOrdering: hasOptions(draft.productType) ? combinedOptionNames(draft) : [],
    variants: draft.variants.map((v) => variantBody(v, draft, true)),
    imageIds: draft.imageIds,
    subscriptionPlan: subscriptionPlan(draft),
  };
  if (draft.urlId.trim() !== '') body.urlId = draft.urlId.trim();
  if (draft.additionalFieldsFormId) body.additionalFieldsFormId = draft.additionalFieldsFormId;
  return body;
}

/** The option names the variants carry (options still without values are not saved yet). */
function combinedOptionNames(draft: ProductDraft): string[] {
  return draft.options.filter((o) => o.name.trim() !== '' && o.values.some((v) => v.trim() !== '')).map((o) => o.name);
}

export type SaveStep =
  | { kind: 'details'; body: DetailsBody }
  | { kind: 'variants'; body: VariantsBody }
  | { kind: 'stock'; sku: string; body: StockBody }
  | { kind: 'images'; imageIds: string[] }
  | { kind: 'enabled'; enabled: boolean };

/**
 * The requests that turn the saved product (`base`) into the draft, in the order they are sent:
 * details, then images (before the variants, whose own images must be among them), then options
 * and variants together (one decision), then each changed stock (an adjustment by the difference,
 * so orders placed meanwhile are not undone; a switch to or from unlimited sets it), and enabling
 * or disabling last.
 */
export function planSave(base: ProductDraft, draft: ProductDraft): SaveStep[] {
  const steps: SaveStep[] = [];
  const details: DetailsBody = {};
  if (draft.title.trim() !== base.title) details.title = draft.title.trim();
  if (draft.description !== base.description) details.description = draft.description;
  if (draft.urlId.trim() !== base.urlId) details.urlId = draft.urlId.trim();
  if (JSON.stringify(subscriptionPlan(draft)) !== JSON.stringify(subscriptionPlan(base))) details.subscriptionPlan = subscriptionPlan(draft);
  if ((draft.additionalFieldsFormId ?? null) !== (base.additionalFieldsFormId ?? null)) details.additionalFieldsFormId = draft.additionalFieldsFormId ?? null;
  if (Object.keys(details).length > 0) steps.push({ kind: 'details', body: details });
  if (JSON.stringify(draft.imageIds) !== JSON.stringify(base.imageIds)) steps.push({ kind: 'images', imageIds: draft.imageIds });

  // Compared as the saved variants will be once the images step ran (an image removed from the
  // product is taken off its variants by the server), so that alone sends no variants request.
  const variantsOf = (d: ProductDraft) => ({
    variantOptionOrdering: hasOptions(d.productType) ? combinedOptionNames(d) : [],
    variants: d.variants.map((v) => variantBody(v, { ...d, imageIds: draft.imageIds }, v.savedSku === null)),
  });
  const wanted = variantsOf(draft);
  if (JSON.stringify(wanted) !== JSON.stringify(variantsOf(base))) steps.push({ kind: 'variants', body: wanted });

  if (hasStock(draft.productType)) {
    for (const v of draft.variants) {
      const was = v.savedSku === null ? undefined : base.variants.find((b) => b.savedSku === v.savedSku);
      if (!was) continue;
      const qty = readStock(v.stock);
      const wasQty = readStock(was.stock);
      if (v.unlimited !== was.unlimited) {
        steps.push({ kind: 'stock', sku: v.sku, body: v.unlimited || !qty.ok ? { unlimited: v.unlimited } : { unlimited: false, qtyInStock: qty.qty } });
      } else if (!v.unlimited && qty.ok && wasQty.ok && qty.qty !== wasQty.qty) {
        steps.push({ kind: 'stock', sku: v.sku, body: { adjustBy: qty.qty - wasQty.qty } });
      }
    }
  }
  if (draft.enabled !== base.enabled) steps.push({ kind: 'enabled', enabled: draft.enabled });
  return steps;
}

/**
 * After part of a save went through: the new base is what the server answered, and the draft's
 * variants the server now has are no longer new (so the rest of the save does not add them again).
 */
export function rebaseDraft(draft: ProductDraft, saved: ProductDraft): ProductDraft {
  const savedSkus = new Set(saved.variants.map((v) => v.sku));
  return { ...draft, variants: draft.variants.map((v) => (v.savedSku === null && savedSkus.has(v.sku) ? { ...v, savedSku: v.sku } : v)) };
}

/** The SPEC 9 limit on products per store and what to say at it. */
export const PRODUCTS_PER_STORE = CATALOG_LIMITS.productsPerCollection;
export const STORE_FULL_MESSAGE = ERROR_MESSAGES.STORE_PRODUCT_LIMIT;

export type { ProductDetails };
