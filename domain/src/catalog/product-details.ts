import type { ProductTypeName } from './product-record';

/**
 * What the owner says about a product: the catalog aggregate's data. Stock is not here; it lives in
 * the per-variant inventory streams (`domain/src/inventory`). Prices are integer minor units in the
 * product's currency.
 */
export type VariantDetails = {
  id: string;
  sku: string;
  /** Option name → value; the names are exactly the product's `variantOptionOrdering`. */
  attributes: Record<string, string>;
  priceMinor: number;
  salePriceMinor: number;
  onSale: boolean;
  /**
   * Shipping weight in grams, physical products only. Absent (or null) when the owner gave none;
   * variants saved before weights existed have none.
   */
  weightGrams?: number | null;
  /**
   * The variant's own image: one of the product's `imageIds`, shown when a visitor chooses the
   * variant and as its cart and order thumbnail. Absent (or null) for none: the product's main
   * image is shown; variants saved before variants had images have none.
   */
  imageId?: string | null;
};

export type BillingPeriodUnit = 'WEEK' | 'MONTH' | 'YEAR';
export type SubscriptionPlan = { billingPeriod: { value: number; unit: BillingPeriodUnit }; numBillingCycles: number };

/** Per-product merchandising settings (SPEC 3 'Merchandising context per product id'). */
export type MerchandisingSettings = {
  scarcityEnabled: boolean;
  scarcityShownByDefault: boolean;
  /** '{qtyInStock}' is replaced by the variant's stock. */
  scarcityText: string;
  /** Shown instead of 'sold out' when set. */
  customSoldOutText: string | null;
  restockNotificationsEnabled: boolean;
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
};

export const DEFAULT_MERCHANDISING: MerchandisingSettings = {
  scarcityEnabled: false,
  scarcityShownByDefault: false,
  scarcityText: 'Only {qtyInStock} left in stock!',
  customSoldOutText: null,
  restockNotificationsEnabled: false,
  mailingListSignUpEnabled: false,
  mailingListOptInByDefault: false,
};

export type ProductDetails = {
  id: string;
  websiteId: string;
  /** The store (products collection, CollectionType 13) the product belongs to. */
  collectionId: string;
  productType: ProductTypeName;
  title: string;
  navigationTitle: string;
  description: string;
  urlId: string;
  currency: string;
  variants: VariantDetails[];
  variantOptionOrdering: string[];
  /** Present when the product is sold as a subscription (never for gift cards). */
  subscriptionPlan: SubscriptionPlan | null;
  additionalFieldsFormId: string | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  tags: string[];
  categories: string[];
  merchandising: MerchandisingSettings;
  enabled: boolean;
  createdAt: string;
  /**
   * The product's images: media image ids (domain/src/media), main image first. Absent until images
   * are first given (products created before products had images have none), so their stored
   * details and records keep the shape they had; read it with `productImageIds`.
   */
  imageIds?: string[];
};

/** The product's image ids, main image first ([] when it has none). */
export function productImageIds(product: Pick<ProductDetails, 'imageIds'>): string[] {
  return product.imageIds ?? [];
}

/** Fields an owner may change with "edit details" (id, type, store and currency stay). */
export type ProductDetailsChanges = Partial<
  Pick<
    ProductDetails,
    | 'title' | 'navigationTitle' | 'description' | 'urlId' | 'variantOptionOrdering' | 'subscriptionPlan' | 'additionalFieldsFormId'
    | 'useCustomAddButtonText' | 'customAddButtonText' | 'tags' | 'categories'
  >
> & { merchandising?: Partial<MerchandisingSettings> };

/**
 * What restoring an earlier version of a product brings back (issue 12): its details, variants
 * (prices, options, sale) and images. Not whether it is enabled (whether it is for sale stays as
 * the owner set it last), nor stock, which lives in the inventory streams.
 */
export const PRODUCT_RESTORED_FIELDS = [
  'title', 'navigationTitle', 'description', 'urlId', 'variantOptionOrdering', 'subscriptionPlan', 'additionalFieldsFormId',
  'useCustomAddButtonText', 'customAddButtonText', 'tags', 'categories', 'merchandising', 'variants', 'imageIds',
] as const;
export type ProductRestoreChanges = Partial<Pick<ProductDetails, (typeof PRODUCT_RESTORED_FIELDS)[number]>>;

export type VariantChanges = Partial<Pick<VariantDetails, 'attributes' | 'priceMinor' | 'salePriceMinor' | 'onSale' | 'weightGrams' | 'imageId'>>;

/** The variant's own image id, or null when it shows the product's main image. */
export function variantImageId(variant: Pick<VariantDetails, 'imageId'>): string | null {
  return variant.imageId ?? null;
}

/**
 * The variants with any image the product no longer has taken off (they show the main image
 * again): removing an image from a product removes it from the variants that showed it.
 */
export function withoutMissingVariantImages(variants: VariantDetails[], imageIds: readonly string[]): VariantDetails[] {
  if (!variants.some((v) => variantImageId(v) !== null && !imageIds.includes(v.imageId!))) return variants;
  return variants.map((v) => {
    if (variantImageId(v) === null || imageIds.includes(v.imageId!)) return v;
    const { imageId: _dropped, ...rest } = v;
    return rest;
  });
}

/** Initial stock for a variant, validated with the product and written to its inventory stream. */
export type InitialStock = { qtyInStock: number; unlimited: boolean };

export function applyDetailsChanges(product: ProductDetails, changes: ProductDetailsChanges): ProductDetails {
  const { merchandising, ...rest } = changes;
  const next: ProductDetails = { ...product };
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  if (merchandising) next.merchandising = { ...product.merchandising, ...definedOnly(merchandising) };
  return next;
}

export function applyVariantChanges(variant: VariantDetails, changes: VariantChanges): VariantDetails {
  return { ...variant, ...definedOnly(changes) };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
