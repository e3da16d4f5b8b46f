import type { ProductTypeName } from '../catalog/product-record';
import type { ShippingAddress } from './shipping-address';

/** One line of an order: what was bought, at the price the cart held (integer minor units). */
export type OrderLine = {
  entryId: string;
  itemId: string;
  sku: string;
  productName: string;
  productType: ProductTypeName;
  attributes: Record<string, string>;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** The entry's additional fields (its form's answers), when it had any; orders placed before they were kept have none. */
  additionalFields?: Record<string, unknown> | null;
};

/**
 * A subscription order's plan (SPEC 3 'Subscription'): billed every `billingPeriod`,
 * `numBillingCycles` times (0: until cancelled). The order's total is its first charge.
 */
export type OrderSubscription = {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
  subscriptionOptionId: string | null;
};

/** The payment the provider took for the order; `testMode` orders moved no real money. */
export type OrderPayment = { provider: string; paymentId: string; testMode: boolean };

/** Order events, on the order's own stream. Type names are a stored contract: never rename them. */
export type OrderPlaced = {
  type: 'OrderPlaced';
  data: {
    orderId: string;
    cartId: string;
    websiteId: string;
    customerEmail: string;
    currency: string;
    lines: OrderLine[];
    subtotalCents: number;
    taxCents: number;
    shippingCents: number;
    discountCents: number;
    grandTotalCents: number;
    testMode: boolean;
    payment: OrderPayment;
    placedAt: string;
    /** Where to ship it: orders of carts that require shipping, placed since checkout asks for it. */
    shippingAddress?: ShippingAddress;
    /** Set for an order checked out from a subscription cart: its one line is billed on this plan. */
    subscription?: OrderSubscription;
  };
};

export type OrderFulfilled = { type: 'OrderFulfilled'; data: { orderId: string; fulfilledAt: string } };

/** Cancelling gives the order's reserved stock back and refunds its payment (done by the handler). */
export type OrderCancelled = { type: 'OrderCancelled'; data: { orderId: string; reason: string; cancelledAt: string } };

export type OrderEvent = OrderPlaced | OrderFulfilled | OrderCancelled;

export const ORDER_EVENT_TYPES: OrderEvent['type'][] = ['OrderPlaced', 'OrderFulfilled', 'OrderCancelled'];

export const orderStreamId = (orderId: string) => `order-${orderId}`;
export const ORDER_STREAM_TYPE = 'order';
