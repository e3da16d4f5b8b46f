import { subscriptionTerms } from '@storefront/domain/checkout/subscription-checkout';
import { SUBSCRIPTION_STRINGS } from '@storefront/domain/shared/commerce-strings';
import { STATUS_LABELS } from './order-format';
import type { OrderStatus, OwnerOrderView } from './orders-api';

/** An order's status in words, coloured by what it asks of the owner (pending: something to do). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`orders-status orders-status--${status.toLowerCase()}`}>{STATUS_LABELS[status]}</span>;
}

/** Marks an order paid in test mode: no real money moved. */
export function TestModeMark() {
  return (
    <span className="orders-test-mark" title="Paid in test mode: no real money moved">
      Test
    </span>
  );
}

/** A subscription order's plan in words ('$8.00 every month · Until you cancel'), or null for a one-time order. */
export function subscriptionPlanText(order: Pick<OwnerOrderView, 'subscription' | 'subtotal'>): string | null {
  if (!order.subscription) return null;
  const { price, billing } = subscriptionTerms(order.subscription, Number(order.subtotal.value), order.subtotal.currency);
  return `${price} · ${billing}`;
}

/** Marks a subscription order (checked out from a subscription cart), its plan in the title. */
export function SubscriptionMark({ order }: { order: Pick<OwnerOrderView, 'subscription' | 'subtotal'> }) {
  const plan = subscriptionPlanText(order);
  if (!plan) return null;
  return (
    <span className="orders-subscription-mark" title={plan}>
      {SUBSCRIPTION_STRINGS.badge}
    </span>
  );
}
