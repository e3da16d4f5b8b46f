import type { ProductTypeName } from '../catalog/product-record';

/** Cart events. Type names are a stored contract: never rename them; version and upcast instead. */
export type ShoppingCartOpened = {
  type: 'ShoppingCartOpened';
  data: { cartId: string; websiteId: string; currency: string; openedAt: string };
};

export type CartEntryAdded = {
  type: 'CartEntryAdded';
  data: {
    cartId: string;
    entryId: string;
    itemId: string;
    sku: string;
    attributes: Record<string, string>;
    title: string;
    productType: ProductTypeName;
    quantity: number;
    unitPriceCents: number;
    currency: string;
    additionalFields: Record<string, unknown> | null;
    addedAt: string;
  };
};

/** An add of a variant already in the cart: `quantity` is added to the entry's quantity. */
export type CartEntryQuantityIncreased = {
  type: 'CartEntryQuantityIncreased';
  data: { cartId: string; entryId: string; quantity: number; addedAt: string };
};

/** The visitor set an entry's quantity: `quantity` is the entry's new quantity (1 or more). */
export type CartEntryQuantityChanged = {
  type: 'CartEntryQuantityChanged';
  data: { cartId: string; entryId: string; quantity: number; changedAt: string };
};

export type CartEntryRemoved = {
  type: 'CartEntryRemoved';
  data: { cartId: string; entryId: string; removedAt: string };
};

export type CartEntryAdditionalFieldsUpdated = {
  type: 'CartEntryAdditionalFieldsUpdated';
  data: { cartId: string; entryId: string; additionalFields: Record<string, unknown> | null; updatedAt: string };
};

/**
 * The cart was bought (appended by checkout). Afterwards the cart is closed: cart commands answer
 * SESSION_EXPIRED and the visitor starts a new cart.
 */
export type ShoppingCartPurchased = {
  type: 'ShoppingCartPurchased';
  data: { cartId: string; orderId: string; purchasedAt: string };
};

export type CartEvent =
  | ShoppingCartOpened
  | CartEntryAdded
  | CartEntryQuantityIncreased
  | CartEntryQuantityChanged
  | CartEntryRemoved
  | CartEntryAdditionalFieldsUpdated
  | ShoppingCartPurchased;

export const CART_EVENT_TYPES: CartEvent['type'][] = [
  'ShoppingCartOpened',
  'CartEntryAdded',
  'CartEntryQuantityIncreased',
  'CartEntryQuantityChanged',
  'CartEntryRemoved',
  'CartEntryAdditionalFieldsUpdated',
  'ShoppingCartPurchased',
];

export const cartStreamId = (cartId: string) => `cart-${cartId}`;
export const CART_STREAM_TYPE = 'cart';
