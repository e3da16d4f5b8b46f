import type { ProductTypeName } from '../catalog/product-record';

/** What the handler looked up about the chosen variant, or null when the item/sku is unknown. */
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

export type AddItemToCart = {
  type: 'AddItemToCart';
  data: {
    cartId: string;
    websiteId: string;
    currency: string;
    /** Id to give a new entry (the handler mints it, so decide stays pure). */
    newEntryId: string;
    /** Raw quantity from the request; decide validates it. */
    quantity: unknown;
    variant: PricedVariant | null;
    additionalFields: Record<string, unknown> | null;
    now: string;
  };
};

export type CartCommand = AddItemToCart;
