import type { InstallmentContext } from '@storefront/domain/catalog/installments';
import type { FormField } from '@storefront/domain/forms/fields';

/**
 * One product as its islands read it: the JSON the server prints in `data-product` on the element
 * enclosing the product's form (`[data-product-root]`: the product page, a product block, an add-on
 * item). Built by the theme's `productView` (apps/api/src/theme/product-view.ts); prices in minor units.
 */
export type ProductVariantData = {
  sku: string;
  attributes: Record<string, string>;
  price: number;
  salePrice: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  /** Index in `images` of the variant's own image, if it has one. */
  image: number | null;
};

/** An image as the theme's `image` partial prints it (apps/api/src/theme/image-view.ts). */
export type ImageData = {
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  width: number;
  height: number;
  loading: 'eager' | 'lazy';
  fetchpriority: 'high' | 'low' | '';
  decoding: 'async';
  objectPosition: string;
};

export type ProductSource = 'pdp' | 'plp' | 'product_block' | 'add-on';

/** One option's select, as the server prints it. */
export type ProductOptionData = { id: string; name: string; label: string; selectText: string; values: string[] };

export type ProductData = {
  key: string;
  source: ProductSource;
  itemId: string;
  collectionId: string;
  title: string;
  productType: number;
  currency: string;
  optionNames: string[];
  options: ProductOptionData[];
  variants: ProductVariantData[];
  subscriptionPlan: { billingPeriod: { value: number; unit: string }; numBillingCycles: number } | null;
  label: string;
  soldOut: boolean;
  subscribable: boolean;
  quantity: boolean;
  quantityInput: { id: string; label: string };
  priceLabels: { sale: string; original: string };
  scarcity: { text: string; shownByDefault: boolean } | null;
  images: ImageData[];
  installments: InstallmentContext | null;
  /** The additional-fields form asked in a lightbox before the add (issue 14); null or absent for none. */
  additionalFieldsForm?: ExtraFieldsFormData | null;
};

/** A product's additional-fields form as the server prints it (the theme's `ExtraFieldsForm`). */
export type ExtraFieldsFormData = { id: string; name: string; fields: FormField[]; submitButtonText: string };

/** The `data-extra-fields` JSON of a grid card, or null when it is absent or not a form. */
export function parseExtraFieldsForm(json: string | undefined): ExtraFieldsFormData | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Partial<ExtraFieldsFormData>;
    return typeof v.id === 'string' && Array.isArray(v.fields) ? (v as ExtraFieldsFormData) : null;
  } catch {
    return null;
  }
}

const ROOT = '[data-product-root]';
const parsed = new WeakMap<Element, ProductData | null>();

function isProductData(value: unknown): value is ProductData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<ProductData>;
  return typeof v.key === 'string' && typeof v.itemId === 'string' && Array.isArray(v.variants) && Array.isArray(v.optionNames) && Array.isArray(v.images);
}

/** The product root an island's element sits in, or null (a grid card has none). */
export function productRootOf(element: Element): HTMLElement | null {
  return element.closest<HTMLElement>(ROOT);
}

/** The product data of the root `element` sits in (parsed once per root), or null when there is none or it is not readable. */
export function readProductData(element: Element): ProductData | null {
  const root = productRootOf(element);
  if (!root) return null;
  if (!parsed.has(root)) parsed.set(root, parse(root.dataset.product));
  return parsed.get(root) ?? null;
}

function parse(json: string | undefined): ProductData | null {
  try {
    const raw: unknown = JSON.parse(json ?? '');
    return isProductData(raw) ? raw : null;
  } catch {
    return null;
  }
}
