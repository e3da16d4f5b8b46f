import { formatMoney } from '@storefront/domain/shared/money';
import type { OrderMoney } from '@storefront/domain/checkout/order-view';
import type { OrderStatus, OwnerOrderView } from './orders-api';

/** The status words the owner sees, and the filters' names for them. */
export const STATUS_LABELS: Record<OrderStatus, string> = { PENDING: 'Pending', FULFILLED: 'Fulfilled', CANCELED: 'Cancelled' };

/** An order's money for display ('$92.00'): its minor units as an integer, formatted without floats. */
export function money(amount: OrderMoney): string {
  return formatMoney(Number(amount.value), amount.currency);
}

/** '#1042', or the start of the id while the order has no number yet (the moment after checkout). */
export function orderLabel(order: Pick<OwnerOrderView, 'orderNumber' | 'id'>): string {
  return order.orderNumber !== null ? `#${order.orderNumber}` : `#${order.id.slice(0, 8).toUpperCase()}`;
}

/** A moment in the site's time zone ('Nov 23, 2026, 10:04 AM'); the browser's own when the site's is unknown. */
export function dateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

/** How many items the order holds ('3 items'). */
export function itemCount(order: Pick<OwnerOrderView, 'items'>): string {
  const n = order.items.reduce((sum, line) => sum + line.quantity, 0);
  return n === 1 ? '1 item' : `${n} items`;
}
