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

export type CartEntryQuantityIncreased = {
  type: 'CartEntryQuantityIncreased';
  data: { cartId: string; entryId: string; quantity: number; addedAt: string };
};

export type CartEvent = ShoppingCartOpened | CartEntryAdded | CartEntryQuantityIncreased;

export const CART_EVENT_TYPES: CartEvent['type'][] = ['ShoppingCartOpened', 'CartEntryAdded', 'CartEntryQuantityIncreased'];

export const cartStreamId = (cartId: string) => `cart-${cartId}`;
export const CART_STREAM_TYPE = 'cart';
