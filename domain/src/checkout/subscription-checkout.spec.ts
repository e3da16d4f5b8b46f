import type { SubscriptionPlanFacts } from '../cart/cart-product';
import type { SubscriptionCartEvent, SubscriptionCartState } from '../cart/subscription-cart-events';
import { subscriptionCartDecider, subscriptionCartView, type CheckOutSubscriptionCart } from '../cart/subscription-cart-decide';
import { domainError } from '../shared/error-catalogue';
import { decideOrder } from './decide';
import { initialOrderState } from './state';
import { orderView } from './order-view';
import { evolveOrder } from './evolve';
import { subscriptionCheckoutProblem, subscriptionOrderFromCart, subscriptionTerms, type CreatedSubscriptionCart } from './subscription-checkout';

const plan: SubscriptionPlanFacts = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 };
const created = (over: Partial<{ quantity: number; unitPriceCents: number; productType: 'PAYWALL' | 'PHYSICAL'; plan: SubscriptionPlanFacts | null }> = {}): SubscriptionCartEvent => ({
  type: 'SubscriptionCartCreated',
  data: {
    cartToken: 'tok', websiteId: 'w', currency: 'USD', entryId: 'e1', itemId: 'p-studio-notes', sku: 'NOTES-MONTHLY', attributes: {},
    title: 'Studio Notes Membership', productType: over.productType ?? 'PAYWALL', quantity: over.quantity ?? 1, unitPriceCents: over.unitPriceCents ?? 800,
    additionalFields: null, subscriptionOptionId: null, subscriptionPlan: over.plan === undefined ? plan : over.plan, createdAt: '2026-01-01T00:00:00.000Z',
  },
});
const stateOf = (...events: SubscriptionCartEvent[]): SubscriptionCartState => events.reduce(subscriptionCartDecider.evolve, subscriptionCartDecider.initialState());
const checkOut = (orderId: string, cartToken = 'tok'): CheckOutSubscriptionCart => ({ type: 'CheckOutSubscriptionCart', data: { cartToken, orderId, now: 'now' } });
const ok = <T>(value: T) => ({ ok: true as const, value });
const payment = { provider: 'test', paymentId: 'pay_1', testMode: true };

describe('subscription cart: when CheckOutSubscriptionCart, then', () => {
  it('records the checkout once, with the order it became', () => {
    const cart = stateOf(created());
    const decision = subscriptionCartDecider.decide(checkOut('o1'), cart);
    expect(decision).toEqual({ ok: true, events: [{ type: 'SubscriptionCartCheckedOut', data: { cartToken: 'tok', orderId: 'o1', checkedOutAt: 'now' } }] });
    const after = stateOf(created(), ...(decision.ok ? decision.events : []));
    expect(subscriptionCartView(after)).toMatchObject({ isPurchased: true, orderId: 'o1' });
    // The same checkout again: nothing new; another checkout: refused with the order it became.
    expect(subscriptionCartDecider.decide(checkOut('o1'), after)).toEqual({ ok: true, events: [] });
    expect(subscriptionCartDecider.decide(checkOut('o2'), after)).toEqual({ ok: false, error: domainError('SUBSCRIPTION_CHECKED_OUT', { orderId: 'o1' }) });
  });

  it('refuses a cart that does not exist or is another one', () => {
    expect(subscriptionCartDecider.decide(checkOut('o1'), stateOf())).toEqual({ ok: false, error: domainError('CART_NOT_FOUND') });
    expect(subscriptionCartDecider.decide(checkOut('o1', 'other'), stateOf(created()))).toEqual({ ok: false, error: domainError('CART_NOT_FOUND') });
  });

  it('keeps the first checkout when a second one is replayed (evolve is total)', () => {
    const first = { type: 'SubscriptionCartCheckedOut' as const, data: { cartToken: 'tok', orderId: 'o1', checkedOutAt: 'a' } };
    const state = stateOf(created(), first, { ...first, data: { ...first.data, orderId: 'o2' } });
    expect(state.status === 'created' && state.checkedOut).toEqual({ orderId: 'o1', at: 'a' });
    expect(stateOf(first)).toEqual({ status: 'empty' });
  });
});

describe('subscription checkout rules', () => {
  it('checks, in order: a cart, not checked out, a plan it can word, the buyer email, the address of an item that ships', () => {
    const email = ok('ada@example.com');
    expect(subscriptionCheckoutProblem(stateOf(), email)).toMatchObject({ code: 'CART_NOT_FOUND' });
    const done = stateOf(created(), { type: 'SubscriptionCartCheckedOut', data: { cartToken: 'tok', orderId: 'o1', checkedOutAt: 'a' } });
    expect(subscriptionCheckoutProblem(done, email)).toMatchObject({ code: 'SUBSCRIPTION_CHECKED_OUT' });
    expect(subscriptionCheckoutProblem(stateOf(created({ plan: null })), email)).toMatchObject({ code: 'NOT_SUBSCRIBABLE' });
    const odd = { billingPeriod: { value: 1, unit: 'DAY' as unknown as 'WEEK' }, numBillingCycles: 0 };
    expect(subscriptionCheckoutProblem(stateOf(created({ plan: odd })), email)).toMatchObject({ code: 'NOT_SUBSCRIBABLE' });
    expect(subscriptionCheckoutProblem(stateOf(created()), { ok: false, error: domainError('INVALID_EMAIL') })).toMatchObject({ code: 'INVALID_EMAIL' });
    expect(subscriptionCheckoutProblem(stateOf(created({ productType: 'PHYSICAL' })), email)).toMatchObject({ code: 'SHIPPING_ADDRESS_INVALID' });
    expect(subscriptionCheckoutProblem(stateOf(created()), email)).toBeNull();
  });

  it('prices the first charge as price × quantity, marked with the plan, and the order decider places it', () => {
    const cart = stateOf(created({ quantity: 3 })) as CreatedSubscriptionCart;
    const order = subscriptionOrderFromCart({ cart, orderId: 'o1', customerEmail: ' ada@example.com ', payment, now: 'now' });
    expect(order).toMatchObject({
      orderId: 'o1', cartId: 'tok', customerEmail: 'ada@example.com', subtotalCents: 2400, grandTotalCents: 2400,
      lines: [{ sku: 'NOTES-MONTHLY', quantity: 3, unitPriceCents: 800, lineTotalCents: 2400 }],
      subscription: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0, subscriptionOptionId: null },
    });
    expect(order.shippingAddress).toBeUndefined();
    const placed = decideOrder({ type: 'PlaceOrder', data: order }, initialOrderState());
    expect(placed.ok).toBe(true);
    const state = (placed.ok ? placed.events : []).reduce(evolveOrder, initialOrderState());
    expect(orderView(state)).toMatchObject({ subscription: order.subscription, grandTotal: { value: '2400' } });
  });

  it('refuses to place a subscription order of several lines or an unworded plan', () => {
    const cart = stateOf(created()) as CreatedSubscriptionCart;
    const order = subscriptionOrderFromCart({ cart, orderId: 'o1', customerEmail: 'ada@example.com', payment, now: 'now' });
    const twoLines = { ...order, lines: [order.lines[0]!, { ...order.lines[0]!, entryId: 'e2' }], subtotalCents: 1600, grandTotalCents: 1600 };
    expect(decideOrder({ type: 'PlaceOrder', data: twoLines }, initialOrderState())).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const badPlan = { ...order, subscription: { ...order.subscription!, billingPeriod: { value: 0, unit: 'MONTH' as const } } };
    expect(decideOrder({ type: 'PlaceOrder', data: badPlan }, initialOrderState())).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const badCycles = { ...order, subscription: { ...order.subscription!, numBillingCycles: -1 } };
    expect(decideOrder({ type: 'PlaceOrder', data: badCycles }, initialOrderState())).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
  });

  it('reads a one-time order as no subscription', () => {
    const cart = stateOf(created()) as CreatedSubscriptionCart;
    const { subscription: _plan, ...oneTime } = subscriptionOrderFromCart({ cart, orderId: 'o1', customerEmail: 'ada@example.com', payment, now: 'now' });
    const placed = decideOrder({ type: 'PlaceOrder', data: oneTime }, initialOrderState());
    expect(orderView((placed.ok ? placed.events : []).reduce(evolveOrder, initialOrderState()))!.subscription).toBeNull();
  });
});

describe('subscription terms (the checkout and order pages)', () => {
  it('word the amount per period as the product page does, and count the payments', () => {
    expect(subscriptionTerms(plan, 800, 'USD')).toEqual({ price: '$8.00 every month', billing: 'Until you cancel' });
    expect(subscriptionTerms({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 }, 4200, 'USD')).toEqual({ price: '$42.00 every month for 1 year', billing: '12 payments' });
    expect(subscriptionTerms({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 1 }, 1000, 'USD')).toEqual({ price: '$10.00 every 2 weeks for 2 weeks', billing: '1 payment' });
    expect(subscriptionTerms(plan, 800, 'JPY').price).toBe('¥800 every month');
  });
});
