import { subscriptionCartAsOpenCart } from '../cart/subscription-cart-decide';
import type { SubscriptionCartState } from '../cart/subscription-cart-events';
import { priceDisplay, subscriptionWording, type PricePlan } from '../catalog/price-display';
import { SUBSCRIPTION_STRINGS } from '../shared/commerce-strings';
import { fillString } from '../cart/cart-page-view';
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

/**
 * How a subscription reads on its checkout and order pages: `price`, an amount per period worded
 * by the product page's own function ('$8.00 every month', '$42.00 every month for 1 year'), and
 * `billing`, how many payments ('Until you cancel' for 0 cycles, '12 payments').
 */
export function subscriptionTerms(plan: NonNullable<PricePlan>, amountMinor: number, currency: string, locale?: string): { price: string; billing: string } {
  const price = priceDisplay({ variants: [{ price: amountMinor, salePrice: 0, onSale: false }], subscriptionPlan: plan, currency }, null, locale).text;
  const cycles = Number(plan.numBillingCycles ?? 0);
  const billing = !Number.isInteger(cycles) || cycles <= 0
    ? SUBSCRIPTION_STRINGS.untilCancelled
    : cycles === 1 ? SUBSCRIPTION_STRINGS.onePayment : fillString(SUBSCRIPTION_STRINGS.payments, { count: cycles });
  return { price, billing };
}
