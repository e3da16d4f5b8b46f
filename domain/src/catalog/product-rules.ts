/**
 * Product display rules (SPEC section 4 'Product status marks', 'Add-to-cart label', section 5
 * 'Add to cart'), shared by the server and the browser islands: pure functions over the Product
 * record as the templates read it. Inputs are loose (`productType` may arrive as "1"; fields may be
 * missing) because records in templates and fixtures are partial.
 *
 * Which types carry stock is `tracksStock` (product-record.ts): paywall products (type 5), like
 * digital goods and gift cards, have none, so they are never sold out and their stock is unlimited.
 * (The template engine knows only types 1-4 and treats others as sold out.)
 */
import { CART_ERROR_MESSAGES } from '../shared/error-catalogue';
import { ADD_TO_CART_BUTTON_STRINGS, PRODUCT_LABELS } from '../shared/strings';
import { PRODUCT_TYPES, tracksStock, type ProductTypeNumber } from './product-record';

export type RuleVariant = {
  qtyInStock?: number | string | null;
  unlimited?: boolean | null;
  onSale?: boolean | null;
  /** Legacy minor-unit numbers (what the template engine compares for varied prices). */
  price?: number | null;
  salePrice?: number | null;
  priceMoney?: { value?: string } | null;
  salePriceMoney?: { value?: string } | null;
};

export type RuleProduct = {
  structuredContent?: {
    productType?: number | string | null;
    variants?: RuleVariant[] | null;
    onSale?: boolean | null;
    isSubscribable?: boolean | null;
    useCustomAddButtonText?: boolean | null;
    customAddButtonText?: string | null;
  } | null;
};

export type ProductStatusMark = 'sold-out' | 'sale' | null;

/** Fallback labels (SPEC section 8) and defaults (SPEC section 4), from the strings catalogue. */
export const SOLD_OUT_LABEL = PRODUCT_LABELS.soldOut;
export const SALE_LABEL = PRODUCT_LABELS.sale;
export const DEFAULT_ADD_TO_CART_TEXT = ADD_TO_CART_BUTTON_STRINGS.addToCart;
export const DEFAULT_SUBSCRIBE_TEXT = ADD_TO_CART_BUTTON_STRINGS.subscribe;
export const SOLD_OUT_BUTTON_TEXT = ADD_TO_CART_BUTTON_STRINGS.soldOut;
export const GIFT_CARD_DENOMINATION_MESSAGE = CART_ERROR_MESSAGES.GIFT_CARD_DENOMINATION_REQUIRED;

function typeOf(product: RuleProduct): number {
  const raw = product.structuredContent?.productType;
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  return Number.isInteger(n) ? n : -1;
}

/** The product's type when it is one of the five; null otherwise. */
function knownTypeOf(product: RuleProduct): ProductTypeNumber | null {
  const type = typeOf(product);
  return (Object.values(PRODUCT_TYPES) as number[]).includes(type) ? (type as ProductTypeNumber) : null;
}

function variantsOf(product: RuleProduct): RuleVariant[] {
  const variants = product.structuredContent?.variants;
  return Array.isArray(variants) ? variants : [];
}

function stockOf(variant: RuleVariant): number {
  const n = Number(variant.qtyInStock ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** Physical and service: sold out when no variant is unlimited or has stock above 0. Digital, gift card, paywall: never. Unknown types: always. */
export function isSoldOut(product: RuleProduct): boolean {
  const type = knownTypeOf(product);
  if (type === null) return true;
  if (!tracksStock(type)) return false;
  return !variantsOf(product).some((v) => v.unlimited === true || stockOf(v) > 0);
}

/** On sale if any variant is on sale; digital products carry their own flag; gift cards never. */
export function isOnSale(product: RuleProduct): boolean {
  const type = typeOf(product);
  if (type === PRODUCT_TYPES.DIGITAL) return product.structuredContent?.onSale === true;
  if (type !== PRODUCT_TYPES.PHYSICAL && type !== PRODUCT_TYPES.SERVICE && type !== PRODUCT_TYPES.PAYWALL) return false;
  return variantsOf(product).some((v) => v.onSale === true);
}

/** Sold out takes priority over sale; otherwise sale; otherwise none. */
export function productStatusMark(product: RuleProduct): ProductStatusMark {
  if (isSoldOut(product)) return 'sold-out';
  if (isOnSale(product)) return 'sale';
  return null;
}

/** The text of a status mark: the owner's custom sold-out text, else the fallback labels. */
export function productStatusLabel(mark: ProductStatusMark, customSoldOutText?: string | null): string | null {
  if (mark === 'sold-out') return customSoldOutText && customSoldOutText.trim() !== '' ? customSoldOutText : SOLD_OUT_LABEL;
  if (mark === 'sale') return SALE_LABEL;
  return null;
}

/** Number.MAX_SAFE_INTEGER for digital, gift card (and paywall) or any unlimited variant; else the sum of stock. */
export function totalStock(product: RuleProduct): number {
  const type = knownTypeOf(product);
  if (type !== null && !tracksStock(type)) return Number.MAX_SAFE_INTEGER;
  let total = 0;
  for (const v of variantsOf(product)) {
    if (v.unlimited === true) return Number.MAX_SAFE_INTEGER;
    total += stockOf(v);
  }
  return total;
}

function legacyPrice(v: RuleVariant, field: 'price' | 'salePrice'): string {
  const legacy = v[field];
  if (legacy !== undefined && legacy !== null) return String(legacy);
  const money = field === 'price' ? v.priceMoney : v.salePriceMoney;
  return money?.value ?? '';
}

/** Variants differ in onSale, in price, or in sale price while on sale. Never for digital. */
export function hasVariedPrices(product: RuleProduct): boolean {
  const type = typeOf(product);
  if (type !== PRODUCT_TYPES.PHYSICAL && type !== PRODUCT_TYPES.SERVICE && type !== PRODUCT_TYPES.GIFT_CARD) return false;
  const [first, ...rest] = variantsOf(product);
  if (!first) return false;
  const onSale = first.onSale === true;
  return rest.some(
    (v) =>
      (v.onSale === true) !== onSale ||
      (onSale && legacyPrice(v, 'salePrice') !== legacyPrice(first, 'salePrice')) ||
      legacyPrice(v, 'price') !== legacyPrice(first, 'price'),
  );
}

/** Variant options are shown only with more than one variant, and never for digital products. */
export function showsVariantOptions(product: RuleProduct): boolean {
  return typeOf(product) !== PRODUCT_TYPES.DIGITAL && variantsOf(product).length > 1;
}

/**
 * The quantity input is hidden for digital, gift-card and subscribable items, for services when
 * the store disallows multiple quantities, and when the total stock is 1 or less.
 */
export function showsQuantityInput(product: RuleProduct, storeSettings: { multipleQuantityAllowedForServices?: boolean | null } = {}): boolean {
  const type = typeOf(product);
  if (type === PRODUCT_TYPES.DIGITAL || type === PRODUCT_TYPES.GIFT_CARD) return false;
  if (product.structuredContent?.isSubscribable === true) return false;
  if (type === PRODUCT_TYPES.SERVICE && storeSettings.multipleQuantityAllowedForServices === false) return false;
  return totalStock(product) > 1;
}

export type AddButtonStrings = { productAddToCartText?: string | null; productSubscribeText?: string | null };

/** Custom text if enabled and set; else the subscribe text if subscribable; else the add-to-cart text; defaults 'Subscribe' / 'Add To Cart'. */
export function addToCartButtonLabel(product: RuleProduct, strings: AddButtonStrings = {}): string {
  const content = product.structuredContent ?? {};
  const custom = content.customAddButtonText;
  if (content.useCustomAddButtonText === true && typeof custom === 'string' && custom !== '') return custom;
  if (content.isSubscribable === true) return strings.productSubscribeText || DEFAULT_SUBSCRIBE_TEXT;
  return strings.productAddToCartText || DEFAULT_ADD_TO_CART_TEXT;
}

/**
 * 'Please select the {option} option.' / '… {option1} and {option2} options.' /
 * '… {optionsList} and {lastOption} options.' (the list joined with ', '). Null when nothing is missing.
 */
export function optionsNotChosenMessage(missingOptions: string[]): string | null {
  if (missingOptions.length === 0) return null;
  if (missingOptions.length === 1) return `Please select the ${missingOptions[0]} option.`;
  if (missingOptions.length === 2) return `Please select the ${missingOptions[0]} and ${missingOptions[1]} options.`;
  const last = missingOptions[missingOptions.length - 1];
  return `Please select the ${missingOptions.slice(0, -1).join(', ')} and ${last} options.`;
}

/** The option names (in the product's option order) that have no chosen value yet. */
export function missingOptions(variantOptionOrdering: string[], chosen: Record<string, string | null | undefined>): string[] {
  return variantOptionOrdering.filter((name) => !chosen[name]);
}

/** The message for a gift card added without a denomination, or null when one is chosen. */
export function giftCardDenominationMessage(product: RuleProduct, chosenSku: string | null | undefined): string | null {
  return typeOf(product) === PRODUCT_TYPES.GIFT_CARD && !chosenSku ? GIFT_CARD_DENOMINATION_MESSAGE : null;
}

export type StockCheckResult = { unlimited?: boolean | null; qtyInStock?: number | string | null };

/**
 * SPEC 5 'Form stock check': in stock if any result is unlimited or its qtyInStock exceeds the
 * quantity of that item/variant already in the cart.
 */
export function isInStockForForm(results: StockCheckResult[], quantityInCart: number): boolean {
  return results.some((r) => r.unlimited === true || Number(r.qtyInStock ?? 0) > quantityInCart);
}
