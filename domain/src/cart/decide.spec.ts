import type { AddItemToCart, PricedVariant } from './commands';
import { cartDecider } from './cart-decider';
import type { CartEvent } from './events';
import { shoppingCartView } from './shopping-cart-view';

const variant = (over: Partial<PricedVariant> = {}): PricedVariant => ({
  itemId: 'item-1',
  sku: 'SKU-1',
  title: 'Mug',
  productType: 'PHYSICAL',
  attributes: { Color: 'Blue' },
  unitPriceCents: 1999,
  currency: 'USD',
  stock: { unlimited: false, qtyInStock: 5 },
  ...over,
});

const add = (over: Partial<AddItemToCart['data']> = {}): AddItemToCart => ({
  type: 'AddItemToCart',
  data: {
    cartId: 'cart-1',
    websiteId: 'site-1',
    currency: 'USD',
    newEntryId: 'entry-new',
    quantity: 1,
    variant: variant(),
    additionalFields: null,
    now: '2026-11-23T10:00:00.000Z',
    ...over,
  },
});

const given = (events: CartEvent[]) => events.reduce(cartDecider.evolve, cartDecider.initialState());

const opened: CartEvent = { type: 'ShoppingCartOpened', data: { cartId: 'cart-1', websiteId: 'site-1', currency: 'USD', openedAt: 't0' } };
const mugAdded = (quantity: number): CartEvent => ({
  type: 'CartEntryAdded',
  data: {
    cartId: 'cart-1', entryId: 'entry-1', itemId: 'item-1', sku: 'SKU-1', attributes: { Color: 'Blue' }, title: 'Mug',
    productType: 'PHYSICAL', quantity, unitPriceCents: 1999, currency: 'USD', additionalFields: null, addedAt: 't0',
  },
});

describe('cart decide: given events, when AddItemToCart, then', () => {
  it('opens the cart and adds the entry on the first add', () => {
    const decision = cartDecider.decide(add({ quantity: 2 }), given([]));
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['ShoppingCartOpened', 'CartEntryAdded']);
  });

  it('increases the quantity of the same variant instead of adding a second entry', () => {
    const decision = cartDecider.decide(add({ quantity: 2 }), given([opened, mugAdded(1)]));
    expect(decision).toEqual({ ok: true, events: [{ type: 'CartEntryQuantityIncreased', data: { cartId: 'cart-1', entryId: 'entry-1', quantity: 2, addedAt: '2026-11-23T10:00:00.000Z' } }] });
  });

  it('keeps entries with form answers apart', () => {
    const decision = cartDecider.decide(add({ additionalFields: { engraving: 'A' } }), given([opened, mugAdded(1)]));
    expect(decision.ok && decision.events[0].type).toBe('CartEntryAdded');
  });

  it.each([
    [undefined, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    ['abc', 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [true, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [1.5, 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number'],
    ['2.5', 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number'],
    [0, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
    [10000, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
  ])('rejects quantity %p with %s', (quantity, code, message) => {
    expect(cartDecider.decide(add({ quantity }), given([]))).toEqual({ ok: false, error: expect.objectContaining({ code, message }) });
  });

  it('accepts the quantity limits 1 and 9999 (unlimited stock)', () => {
    const unlimited = variant({ stock: { unlimited: true, qtyInStock: 0 } });
    expect(cartDecider.decide(add({ quantity: 1, variant: unlimited }), given([])).ok).toBe(true);
    expect(cartDecider.decide(add({ quantity: '9999', variant: unlimited }), given([])).ok).toBe(true);
  });

  it('rejects an unknown item or variant', () => {
    expect(cartDecider.decide(add({ variant: null }), given([]))).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'VARIANT_UNAVAILABLE', message: 'Sorry, that item variant is unavailable. Please select another variant.' }),
    });
  });

  it('counts what is already in the cart against the stock', () => {
    expect(cartDecider.decide(add({ quantity: 5 }), given([])).ok).toBe(true);
    expect(cartDecider.decide(add({ quantity: 2 }), given([opened, mugAdded(4)]))).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.' }),
    });
    expect(cartDecider.decide(add({ quantity: 1 }), given([opened, mugAdded(4)])).ok).toBe(true);
  });
});

describe('shopping cart view', () => {
  it('derives totals in minor units', () => {
    const view = shoppingCartView(given([opened, mugAdded(3)]))!;
    expect(view).toMatchObject({ subtotalCents: 5997, grandTotalCents: 5997, totalQuantity: 3, requiresShipping: true, hasDigital: false });
    expect(view.entries[0]).toMatchObject({ chosenVariant: { sku: 'SKU-1', attributes: { Color: 'Blue' } }, subTotal: 5997, purchasePriceCents: 1999 });
  });

  it('is null for a cart that never had an entry', () => {
    expect(shoppingCartView(given([]))).toBeNull();
  });
});
