import { additionalFieldLines, type AdditionalFieldLine } from '../cart/additional-fields';
import { toDecimalString } from '../shared/money';
import type { OrderSubscription } from './events';
import type { ShippingAddress } from './shipping-address';
import type { OrderState } from './state';

/** SPEC 3 'Money': minor units as a decimal string with the currency, plus the decimal value. */
export type OrderMoney = { value: string; currency: string; decimalValue: string };

const orderMoney = (minor: number, currency: string): OrderMoney => ({ value: String(minor), currency, decimalValue: toDecimalString(minor, currency) });

/**
 * The SPEC's Order (analytics, section 3) — id, purchasedCartId, testMode, websiteId, items (sku,
 * productName, quantity, unitPrice), grandTotal, shippingTotal, taxTotal — plus what the order
 * confirmed and order status pages show.
 */
export type OrderView = {
  id: string;
  purchasedCartId: string;
  testMode: boolean;
  websiteId: string;
  items: { sku: string; productName: string; quantity: number; unitPrice: OrderMoney; itemId: string; attributes: Record<string, string>; lineTotal: OrderMoney; additionalFields?: AdditionalFieldLine[] }[];
  subtotal: OrderMoney;
  discountTotal: OrderMoney;
  grandTotal: OrderMoney;
  shippingTotal: OrderMoney;
  taxTotal: OrderMoney;
  currency: string;
  customerEmail: string;
  /** Where to ship it; null for an order with nothing to ship (or placed before checkout asked). */
  shippingAddress: ShippingAddress | null;
  fulfillmentStatus: 'PENDING' | 'FULFILLED' | 'CANCELED';
  createdOn: string;
  fulfilledOn: string | null;
  cancelledOn: string | null;
  /** Why the store cancelled it ('' when no reason was given); null until it is cancelled. */
  cancelReason: string | null;
  payment: { provider: string; paymentId: string };
  /** A subscription order's plan (its total is the first charge); null for a one-time order. */
  subscription: OrderSubscription | null;
};

/**
 * An order as store managers read it: the order plus its number, the store's own count of orders
 * (1001, 1002, … in the order they were placed), which the `orders` read model hands out; null in
 * the moment after checkout before the read model has caught up with the order.
 */
export type OwnerOrderView = OrderView & { orderNumber: number | null };

/** The first number the `orders` read model hands out. */
export const FIRST_ORDER_NUMBER = 1001;

export function orderView(state: OrderState): OrderView | null {
  if (state.status === 'none') return null;
  const o = state.order;
  const m = (minor: number) => orderMoney(minor, o.currency);
  return {
    id: o.orderId,
    purchasedCartId: o.cartId,
    testMode: o.testMode,
    websiteId: o.websiteId,
    items: o.lines.map((l) => ({
      sku: l.sku,
      productName: l.productName,
      quantity: l.quantity,
      unitPrice: m(l.unitPriceCents),
      itemId: l.itemId,
      attributes: l.attributes,
      lineTotal: m(l.lineTotalCents),
      additionalFields: additionalFieldLines(l.additionalFields),
    })),
    subtotal: m(o.subtotalCents),
    discountTotal: m(o.discountCents),
    grandTotal: m(o.grandTotalCents),
    shippingTotal: m(o.shippingCents),
    taxTotal: m(o.taxCents),
    currency: o.currency,
    customerEmail: o.customerEmail,
    shippingAddress: o.shippingAddress ?? null,
    fulfillmentStatus: state.status,
    createdOn: o.placedAt,
    fulfilledOn: state.fulfilledAt,
    cancelledOn: state.cancelledAt,
    cancelReason: state.status === 'CANCELED' ? state.cancelReason ?? '' : null,
    payment: { provider: o.payment.provider, paymentId: o.payment.paymentId },
    subscription: o.subscription ?? null,
  };
}
