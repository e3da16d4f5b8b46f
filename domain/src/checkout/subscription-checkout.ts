import { subscriptionCartAsOpenCart } from '../cart/subscription-cart-decide';
import type { SubscriptionCartState } from '../cart/subscription-cart-events';
import { subscriptionWording } from '../catalog/price-display';
import type { DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import type { Parsed } from '../shared/requests';
import { checkoutProblem, orderFromCart, orderShippingAddress, type CheckoutDetails } from './checkout-rules';
import type { OrderPayment, OrderPlaced } from './events';
import type { ShippingAddress } from './shipping-address';

/**
 * Checking out a subscription cart (SPEC 1: 'Subscribable products go to a subscription
 * checkout'). The cart holds one subscribable item; its order is priced by the shopping cart's own
 * rules (`orderFromCart`: the price shown is the price charged, price × quantity), carries the
 * plan, and the order's total is the first charge. A cart is checked out once.
 */
export type CreatedSubscriptionCart = Extract<SubscriptionCartState, { status: 'created' }>;

/**
 * Why this subscription cart cannot be checked out, or null: none (404), already checked out
 * (409), a plan the store cannot word (NOT_SUBSCRIBABLE: the product page read 'Unavailable'),
 * then the shopping checkout's rules for the buyer's email and, for an item that ships, the
 * address. The store's checkout minimum is for shopping carts, not subscriptions.
 */
export function subscriptionCheckoutProblem(cart: SubscriptionCartState, customerEmail: Parsed<string>, details: Pick<CheckoutDetails, 'shippingAddress'> = {}): DomainError | null {
  if (cart.status !== 'created') return domainError('CART_NOT_FOUND');
  if (cart.checkedOut) return domainError('SUBSCRIPTION_CHECKED_OUT', { orderId: cart.checkedOut.orderId });
  if (!cart.subscriptionPlan || subscriptionWording('', cart.subscriptionPlan) === null) return domainError('NOT_SUBSCRIBABLE', { itemId: cart.entry.itemId });
  return checkoutProblem(subscriptionCartAsOpenCart(cart), { minimumSubtotalCents: 0 }, customerEmail, details);
}

/** The subscription order of a cart that passed `subscriptionCheckoutProblem`: its first charge, marked with its plan. */
export function subscriptionOrderFromCart(input: {
  cart: CreatedSubscriptionCart;
  orderId: string;
  customerEmail: string;
  payment: OrderPayment;
  now: string;
  shippingAddress?: Parsed<ShippingAddress | null>;
}): OrderPlaced['data'] {
  const { cart } = input;
  const plan = cart.subscriptionPlan;
  if (!plan) throw new Error('A subscription cart without a plan cannot be checked out');
  const open = subscriptionCartAsOpenCart(cart);
  const order = orderFromCart({
    cart: open, orderId: input.orderId, customerEmail: input.customerEmail, payment: input.payment, now: input.now,
    shippingAddress: orderShippingAddress(open, input.shippingAddress),
  });
  return {
    ...order,
    subscription: {
      billingPeriod: { value: plan.billingPeriod.value, unit: plan.billingPeriod.unit },
      numBillingCycles: plan.numBillingCycles,
      subscriptionOptionId: cart.subscriptionOptionId,
    },
  };
}
