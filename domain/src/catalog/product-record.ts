/**
 * The Product record exactly as the SPEC (section 3) and the template engine read it.
 * Money inside variants is `{ value: <minor units as a decimal string>, currency }`.
 */
export const PRODUCT_TYPES = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;
export type ProductTypeName = keyof typeof PRODUCT_TYPES;
export type ProductTypeNumber = (typeof PRODUCT_TYPES)[ProductTypeName];

export function productTypeName(type: ProductTypeNumber): ProductTypeName {
  const entry = Object.entries(PRODUCT_TYPES).find(([, n]) => n === type);
  if (!entry) throw new Error(`Unknown product type ${type}`);
  return entry[0] as ProductTypeName;
}

/**
 * Which product types carry stock (SPEC 4 'Product status marks'): physical goods and services are
 * sold out when no variant is unlimited or has stock; digital goods, gift cards and paywalls never
 * are. The one place this is decided: the cart's stock check, checkout's reservations, inventory
 * and the sold-out marks all ask `tracksStock`. A variant of a stocked type may still be unlimited.
 */
const CARRIES_STOCK: Readonly<Record<ProductTypeName, boolean>> = { PHYSICAL: true, DIGITAL: false, SERVICE: true, GIFT_CARD: false, PAYWALL: false };

/**
 * Whether products of this type (name or SPEC number) have stock to check and reserve. A type this
 * code does not know is treated as stocked: it is checked against stock rather than sold unchecked.
 */
export function tracksStock(productType: ProductTypeName | ProductTypeNumber): boolean {
  const name = typeof productType === 'number' ? Object.entries(PRODUCT_TYPES).find(([, n]) => n === productType)?.[0] : productType;
  return CARRIES_STOCK[name as ProductTypeName] !== false;
}

export type MoneyValue = { value: string; currency: string; decimalValue?: string };

export type Variant = {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  optionValues: { optionName: string; value: string }[];
  priceMoney: MoneyValue;
  salePriceMoney: MoneyValue;
  /** Legacy minor-unit numbers the engine's formatters also read. */
  price: number;
  salePrice: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  /**
   * The variant's own image (one of the record's `imageIds`): shown when the variant is chosen and
   * as its cart and order thumbnail. Present only when the variant has one (records of variants
   * without keep the shape they always had).
   */
  imageId?: string;
};

export type ProductRecord = {
  id: string;
  name: string;
  title: string;
  urlId: string;
  fullUrl: string;
  collectionId: string;
  recordType: 11;
  /** Added with the catalog: absent from records written before it. */
  websiteId?: string;
  navigationTitle?: string;
  description?: string;
  tags?: string[];
  categories?: string[];
  /**
   * The product's images as media image ids, main image first, and the first of them (a content
   * item's `mainImageId`, SPEC 3). Present only when the product has images.
   */
  imageIds?: string[];
  mainImageId?: string;
  structuredContent: {
    productType: ProductTypeNumber;
    variants: Variant[];
    isSubscribable: boolean;
    subscriptionPlan: null | { billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' }; numBillingCycles: number };
    priceMoney: MoneyValue;
    salePriceMoney: MoneyValue;
    onSale: boolean;
    variantOptionOrdering: string[];
    additionalFieldsFormId: string | null;
    additionalFieldsForm: unknown;
    useCustomAddButtonText: boolean;
    customAddButtonText: string;
    audioAssetUrl: string | null;
  };
};

export function findVariant(product: ProductRecord, sku: string): Variant | undefined {
  return product.structuredContent.variants.find((v) => v.sku === sku);
}

/** The image a variant shows (its own, else the product's main image); null when there is none. */
export function variantImageIdOf(product: Pick<ProductRecord, 'mainImageId' | 'structuredContent'>, sku: string): string | null {
  const own = product.structuredContent.variants.find((v) => v.sku === sku)?.imageId;
  return own ?? product.mainImageId ?? null;
}

/** The price a buyer pays for one unit of a variant, in minor units. */
export function purchasePriceMinor(variant: Variant): number {
  const money = variant.onSale ? variant.salePriceMoney : variant.priceMoney;
  const minor = Number(money.value);
  if (!Number.isSafeInteger(minor)) throw new Error(`Variant ${variant.sku} has a non-integer price ${money.value}`);
  return minor;
}
