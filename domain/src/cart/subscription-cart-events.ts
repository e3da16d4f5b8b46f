import type { ProductTypeName } from '../catalog/product-record';
import type { SubscriptionPlanFacts } from './cart-product';
import type { CartEntryState } from './state';

/**
 * A subscription cart: its own stream and token, holding exactly one subscribable item
 * (SPEC 7 'POST /api/3/commerce/cart/subscription'). It is created whole and then only read by
 * checkout. Event type names are a stored contract.
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

export type SubscriptionCartEvent = SubscriptionCartCreated;

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
    };

export const initialSubscriptionCartState = (): SubscriptionCartState => ({ status: 'empty' });

export const subscriptionCartStreamId = (cartToken: string) => `subscription-cart-${cartToken}`;
export const SUBSCRIPTION_CART_STREAM_TYPE = 'subscription-cart';

/** Total: a second creation (never decided) leaves the state unchanged. */
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
      };
    }
    default: {
      const unhandled: never = event.type;
      return unhandled;
    }
  }
}
