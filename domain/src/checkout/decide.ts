import { isValidEmail } from '../accounts/email';
import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { multiplyMinor, sumMinor } from '../shared/money';
import type { OrderCommand, PlaceOrder } from './commands';
import { subscriptionWording } from '../catalog/price-display';
import type { OrderEvent, OrderSubscription } from './events';
import { evolveOrder } from './evolve';
import { initialOrderState, type OrderState } from './state';

type OrderDecision = Decision<OrderEvent, DomainError>;

/** An order's arithmetic must hold exactly: line totals, subtotal and grand total in minor units. */
function inconsistentTotals(order: PlaceOrder['data']): boolean {
  const linesOk = order.lines.every(
    (l) => Number.isSafeInteger(l.quantity) && l.quantity >= 1 && l.lineTotalCents === multiplyMinor(l.unitPriceCents, l.quantity),
  );
  if (!linesOk) return true;
  if (order.subtotalCents !== sumMinor(order.lines.map((l) => l.lineTotalCents))) return true;
  return order.grandTotalCents !== sumMinor([order.subtotalCents, order.taxCents, order.shippingCents, -order.discountCents]);
}

/** A plan the store can word ('$8.00 every month') is one it can bill. */
const validPlan = (plan: OrderSubscription) => subscriptionWording('', plan) !== null && Number.isSafeInteger(plan.numBillingCycles) && plan.numBillingCycles >= 0;

function placeOrder(command: PlaceOrder, state: OrderState): OrderDecision {
  const order = command.data;
  if (state.status !== 'none') {
    // The same checkout completed twice: the order already stands.
    return state.order.cartId === order.cartId ? accept() : reject(domainError('ORDER_ALREADY_EXISTS', { orderId: order.orderId }));
  }
  if (order.lines.length === 0) return reject(domainError('CART_NOT_FOUND'));
  if (!isValidEmail(order.customerEmail)) return reject(domainError('INVALID_EMAIL'));
  if (order.subscription && (order.lines.length !== 1 || !validPlan(order.subscription))) {
    return reject(domainError('INVALID_REQUEST', { reason: 'SUBSCRIPTION_PLAN' }, 'A subscription order holds one line on a billing plan it can word.'));
  }
  if (inconsistentTotals(order)) return reject(domainError('INVALID_REQUEST', { reason: 'ORDER_TOTALS' }, 'The order totals do not add up.'));
  return accept({ type: 'OrderPlaced', data: order });
}

export function decideOrder(command: OrderCommand, state: OrderState): OrderDecision {
  if (command.type === 'PlaceOrder') return placeOrder(command, state);
  const { orderId, now } = command.data;
  if (state.status === 'none') return reject(domainError('ORDER_NOT_FOUND', { orderId }));
  switch (command.type) {
    case 'FulfilOrder':
      if (state.status === 'FULFILLED') return accept();
      if (state.status === 'CANCELED') return reject(domainError('ORDER_CANCELLED', { orderId }));
      return accept({ type: 'OrderFulfilled', data: { orderId, fulfilledAt: now } });
    case 'CancelOrder':
      if (state.status === 'CANCELED') return accept();
      if (state.status === 'FULFILLED') return reject(domainError('ORDER_ALREADY_FULFILLED', { orderId }));
      return accept({ type: 'OrderCancelled', data: { orderId, reason: command.data.reason, cancelledAt: now } });
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled order command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent, DomainError> = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
};
