import { parseRequest } from '../shared/requests';
import type { CartProduct, PricedVariant } from './cart-product';
import { SubscriptionCartRequest } from './requests';
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
/** The payload's fields as sent; the command gets them as `SubscriptionCartRequest` parses them at the edge. */
type SentFields = { sku?: unknown; quantity?: unknown; additionalFields?: unknown; subscriptionOptionId?: unknown };
type CreateOver = Partial<Omit<CreateSubscriptionCart['data'], keyof SentFields>> & SentFields;
const create = (over: CreateOver = {}): CreateSubscriptionCart => {
  const { sku, quantity, additionalFields, subscriptionOptionId, ...data } = {
    sku: 'BEANS-1KG', quantity: 1, additionalFields: null as unknown, subscriptionOptionId: 'monthly' as unknown, ...over,
  };
  const parsed = parseRequest(SubscriptionCartRequest, { itemId: 'coffee', sku, qty: quantity, additionalFields, subscriptionOptionId });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const body = parsed.value;
  return {
    type: 'CreateSubscriptionCart',
    data: {
      cartToken: 'tok', websiteId: 'w', currency: 'USD', entryId: 'e', product: subscribable(), storeSettings: { multipleQuantityAllowedForServices: true }, now: 't',
      ...data, sku: body.sku, quantity: body.qty, additionalFields: body.additionalFields, subscriptionOptionId: body.subscriptionOptionId,
    },
  };
};
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

  it.each<[string, CreateOver, string]>([
    ['a product that is not subscribable', { product: subscribable({ isSubscribable: false }) }, 'NOT_SUBSCRIBABLE'],
    ['an unknown product', { product: null }, 'VARIANT_UNAVAILABLE'],
    ['an unknown sku', { sku: 'NOPE' }, 'VARIANT_UNAVAILABLE'],
    ['options not chosen', { sku: undefined }, 'OPTIONS_NOT_CHOSEN'],
    ['a bad quantity', { quantity: 'x' }, 'QUANTITY_NOT_A_NUMBER'],
    ['more than the stock', { quantity: 11 }, 'INSUFFICIENT_STOCK'],
    ['a subscription option id that is not text', { subscriptionOptionId: { a: 1 } }, 'INVALID_REQUEST'],
    ['additional fields that are not an object', { additionalFields: 7 }, 'INVALID_REQUEST'],
    ['a subscription option id past 100 characters', { subscriptionOptionId: 'x'.repeat(101) }, 'INVALID_REQUEST'],
    ['a sku that is not text', { sku: 7 }, 'VARIANT_UNAVAILABLE'],
  ])('refuses %s', (_, over, code) => {
    expect(subscriptionCartDecider.decide(create(over), initial)).toEqual(rejected(code));
  });

  it('takes no subscription option id (absent, null or \'\') as none', () => {
    for (const subscriptionOptionId of [undefined, null, '']) {
      const decision = subscriptionCartDecider.decide(create({ subscriptionOptionId }), initial);
      expect(decision.ok && decision.events[0]!.type === 'SubscriptionCartCreated' && decision.events[0]!.data.subscriptionOptionId).toBeNull();
    }
  });

  it('checks the quantity, then the additional fields, then the option id, then the product', () => {
    const decide = (over: CreateOver) => subscriptionCartDecider.decide(create(over), initial);
    expect(decide({ quantity: 'x', additionalFields: 7, subscriptionOptionId: 5, product: null })).toEqual(rejected('QUANTITY_NOT_A_NUMBER'));
    expect(decide({ additionalFields: 7, subscriptionOptionId: 5, product: null })).toMatchObject({ error: { details: { field: 'additionalFields' } } });
    expect(decide({ subscriptionOptionId: 5, product: null })).toMatchObject({ error: { details: { field: 'subscriptionOptionId' } } });
  });
});
