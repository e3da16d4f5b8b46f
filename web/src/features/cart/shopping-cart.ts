import type { CartEntryView, ShoppingCartView } from '@storefront/domain/cart/shopping-cart-view';

/** The shopping cart as the API returns it (SPEC §3); the server's own view type. Money is integer minor units. */
export type ShoppingCart = ShoppingCartView;
export type CartEntry = CartEntryView;

/** SPEC §3 "Add-entry payload". */
export type AddCartEntryRequest = {
  itemId: string;
  sku: string;
  quantity: number;
  additionalFields: Record<string, unknown> | null;
};

/** SPEC §3 "Subscription payload": itemId, sku, qty, additionalFields, optional subscriptionOptionId. */
export type SubscriptionCartRequest = {
  itemId: string;
  sku: string;
  qty: number;
  additionalFields: Record<string, unknown> | null;
  subscriptionOptionId?: string | null;
};

/** SPEC §7: POST /api/commerce/shopping-cart/entries answers the cart the add computed (read-your-writes). */
export type AddCartEntryResponse = {
  shoppingCart: ShoppingCart;
  newlyAdded: CartEntry;
};

/** The error body every API route answers with. */
export type ApiErrorBody = { error: string; message: string };
