import type { CartProduct } from './cart-product';

/** Store settings the cart obeys (SPEC 3 'Site context' storeSettings). */
export type CartStoreSettings = {
  /** Default true; when false a service can be in the cart at most once, with quantity 1. */
  multipleQuantityAllowedForServices: boolean;
};

export const DEFAULT_CART_STORE_SETTINGS: CartStoreSettings = { multipleQuantityAllowedForServices: true };

export type AddItemToCart = {
  type: 'AddItemToCart';
  data: {
    cartId: string;
    websiteId: string;
    currency: string;
    /** Id to give a new entry (the handler mints it, so decide stays pure). */
    newEntryId: string;
    /** The requested product as looked up now, or null when unknown, disabled or deleted. */
    product: CartProduct | null;
    /** Raw sku from the request; decide resolves it against the product's variants. */
    sku: unknown;
    /** Raw quantity from the request; decide validates it. */
    quantity: unknown;
    /** Raw additional fields from the request; decide validates them. */
    additionalFields: unknown;
    storeSettings: CartStoreSettings;
    now: string;
  };
};

export type ChangeCartEntryQuantity = {
  type: 'ChangeCartEntryQuantity';
  data: {
    cartId: string;
    entryId: string;
    /** Raw quantity; 0 removes the entry. */
    quantity: unknown;
    /** The entry's product as looked up now (null when it is no longer for sale). */
    product: CartProduct | null;
    storeSettings: CartStoreSettings;
    now: string;
  };
};

export type RemoveCartEntry = {
  type: 'RemoveCartEntry';
  data: { cartId: string; entryId: string; now: string };
};

export type UpdateCartEntryAdditionalFields = {
  type: 'UpdateCartEntryAdditionalFields';
  data: {
    cartId: string;
    entryId: string;
    /** When given, must be the entry's item and sku (the page's view of the entry). */
    itemId: unknown;
    sku: unknown;
    additionalFields: unknown;
    now: string;
  };
};

/**
 * Checkout closes the cart for the order it placed. `expectedEntries` is the cart the order was
 * priced from (entry id → quantity): a cart edited since then is not the cart that was bought.
 */
export type PurchaseCart = {
  type: 'PurchaseCart';
  data: { cartId: string; orderId: string; expectedEntries: Record<string, number>; now: string };
};

export type CartCommand = AddItemToCart | ChangeCartEntryQuantity | RemoveCartEntry | UpdateCartEntryAdditionalFields | PurchaseCart;
