import type { CartProduct, PricedVariant } from './cart-product';
import { subscriptionCartDecider, subscriptionCartView, type CreateSubscriptionCart } from './subscription-cart-decide';

const variant = (over: Partial<PricedVariant> = {}): PricedVariant => ({
  itemId: 'coffee', sku: 'BEANS-1KG', title: 'Coffee club', productType: 'PHYSICAL', attributes: { Roast: 'Dark' },
  unitPriceCents: 1999, currency: 'USD', stock: { unlimited: false, qtyInStock: 10 }, ...over,
});
const plan = { billingPeriod: { value: 1, unit: 'MONTH' as const }, numBillingCycles: 0 };
const subscribable = (over: Partial<CartProduct> = {}): CartProduct => ({
  itemId: 'coffee', title: 'Coffee club', productType: 'PHYSICAL', variantOptionOrdering: ['Roast'], isSubscribable: true,
  subscriptionPlan: plan, variants: [variant(), variant({ sku: 'BEANS-LIGHT', attributes: { Roast: 'Light' } })], ...over,
});
const create = (over: Partial<CreateSubscriptionCart['data']> = {}): CreateSubscriptionCart => ({
  type: 'CreateSubscriptionCart',
  data: {
    cartToken: 'tok', websiteId: 'w', currency: 'USD', entryId: 'e', product: subscribable(), sku: 'BEANS-1KG', quantity: 1,
    additionalFields: null, subscriptionOptionId: 'monthly', storeSettings: { multipleQuantityAllowedForServices: true }, now: 't',
    ...over,
  },
});
const initial = subscriptionCartDecider.initialState();
const rejected = (code: string) => ({ ok: false, error: expect.objectContaining({ code }) });

describe('subscription cart: when CreateSubscriptionCart, then', () => {
  it('creates a cart holding exactly the one subscribable item', () => {
    const decision = subscriptionCartDecider.decide(create({ quantity: '3' }), initial);
    expect(decision.ok).toBe(true);
    const state = (decision.ok ? decision.events : []).reduce(subscriptionCartDecider.evolve, initial);
    const view = subscriptionCartView(state)!;
    expect(view).toMatchObject({ cartToken: 'tok', subscriptionOptionId: 'monthly', subscriptionPlan: plan, totalQuantity: 3, subtotalCents: 5997 });
    expect(view.entries).toHaveLength(1);
    expect(subscriptionCartDecider.decide(create(), state)).toEqual(rejected('INVALID_REQUEST'));
  });

  it.each<[string, Partial<CreateSubscriptionCart['data']>, string]>([
    ['a product that is not subscribable', { product: subscribable({ isSubscribable: false }) }, 'NOT_SUBSCRIBABLE'],
    ['an unknown product', { product: null }, 'VARIANT_UNAVAILABLE'],
    ['an unknown sku', { sku: 'NOPE' }, 'VARIANT_UNAVAILABLE'],
    ['options not chosen', { sku: undefined }, 'OPTIONS_NOT_CHOSEN'],
    ['a bad quantity', { quantity: 'x' }, 'QUANTITY_NOT_A_NUMBER'],
    ['more than the stock', { quantity: 11 }, 'INSUFFICIENT_STOCK'],
    ['a subscription option id that is not text', { subscriptionOptionId: { a: 1 } }, 'INVALID_REQUEST'],
    ['additional fields that are not an object', { additionalFields: 7 }, 'INVALID_REQUEST'],
  ])('refuses %s', (_, over, code) => {
    expect(subscriptionCartDecider.decide(create(over), initial)).toEqual(rejected(code));
  });
});
