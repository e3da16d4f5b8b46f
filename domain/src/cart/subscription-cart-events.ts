import type { ProductTypeName } from '../catalog/product-record';
import type { SubscriptionPlanFacts } from './cart-product';
import type { CartEntryState } from './state';

/**
 * A subscription cart: its own stream and token, holding exactly one subscribable item
 * (SPEC 7 'POST /api/3/commerce/cart/subscription'). It is created whole, read by the
 * subscription checkout, and checked out once (`SubscriptionCartCheckedOut`, the checkout's point
 * of no return, like a shopping cart's purchase). Event type names are a stored contract.
 */
export type SubscriptionCartCreated = {
  type: 'SubscriptionCartCreated';
  data: {
    cartToken: string;
    websiteId: string;
    currency: string;
    entryId: string;
    itemId: string;
    sku: string;
    attributes: Record<string, string>;
    title: string;
    productType: ProductTypeName;
    quantity: number;
    unitPriceCents: number;
    additionalFields: Record<string, unknown> | null;
    subscriptionOptionId: string | null;
    subscriptionPlan: SubscriptionPlanFacts | null;
    createdAt: string;
  };
};

/** The cart became the subscription order `orderId` (recorded by its checkout, together with the order). */
export type SubscriptionCartCheckedOut = {
  type: 'SubscriptionCartCheckedOut';
  data: { cartToken: string; orderId: string; checkedOutAt: string };
};

export type SubscriptionCartEvent = SubscriptionCartCreated | SubscriptionCartCheckedOut;

export type SubscriptionCartState =
  | { status: 'empty' }
  | {
      status: 'created';
      cartToken: string;
      websiteId: string;
      currency: string;
      created: string;
      entry: CartEntryState;
      subscriptionOptionId: string | null;
      subscriptionPlan: SubscriptionPlanFacts | null;
      /** The order it became, once checked out; null while it can still be checked out. */
      checkedOut: { orderId: string; at: string } | null;
    };

export const initialSubscriptionCartState = (): SubscriptionCartState => ({ status: 'empty' });

export const subscriptionCartStreamId = (cartToken: string) => `subscription-cart-${cartToken}`;
export const SUBSCRIPTION_CART_STREAM_TYPE = 'subscription-cart';

/** Total: a second creation or checkout (never decided) leaves the state unchanged. */
export function evolveSubscriptionCart(state: SubscriptionCartState, event: SubscriptionCartEvent): SubscriptionCartState {
  switch (event.type) {
    case 'SubscriptionCartCreated': {
      if (state.status !== 'empty') return state;
      const d = event.data;
      return {
        status: 'created',
        cartToken: d.cartToken,
        websiteId: d.websiteId,
        currency: d.currency,
        created: d.createdAt,
        entry: {
          id: d.entryId, itemId: d.itemId, sku: d.sku, attributes: d.attributes, title: d.title, productType: d.productType,
          quantity: d.quantity, unitPriceCents: d.unitPriceCents, additionalFields: d.additionalFields,
        },
        subscriptionOptionId: d.subscriptionOptionId,
        subscriptionPlan: d.subscriptionPlan,
        checkedOut: null,
      };
    }
    case 'SubscriptionCartCheckedOut':
      if (state.status !== 'created' || state.checkedOut) return state;
      return { ...state, checkedOut: { orderId: event.data.orderId, at: event.data.checkedOutAt } };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
