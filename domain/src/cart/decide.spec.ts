import { buildProductRecord } from '../catalog/product-builder';
import { parseRequest, type RequestSchema } from '../shared/requests';
import type { AddItemToCart, CartCommand } from './commands';
import { cartDecider } from './cart-decider';
import { cartProductFromRecord, type CartProduct, type PricedVariant } from './cart-product';
import type { CartEvent } from './events';
import { AddToCartRequest, ChangeCartQuantityRequest, UpdateCartEntryFieldsRequest } from './requests';
import { shoppingCartView } from './shopping-cart-view';

const NOW = '2026-11-23T10:00:00.000Z';

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

const product = (over: Partial<CartProduct> = {}, variants: PricedVariant[] = [variant()]): CartProduct => ({
  itemId: variants[0]?.itemId ?? 'item-1',
  title: 'Mug',
  productType: variants[0]?.productType ?? 'PHYSICAL',
  variantOptionOrdering: ['Color'],
  isSubscribable: false,
  subscriptionPlan: null,
  variants,
  ...over,
});

/**
 * A request body as the API parses it at the edge (`cart/requests.ts`): the tables below give the
 * raw JSON values a page may send, and decide receives what the request schema made of them.
 */
function parsedBody<T>(schema: RequestSchema<T>, body: Record<string, unknown>): T {
  const parsed = parseRequest(schema, body);
  if (!parsed.ok) throw new Error(`The request schema refused ${JSON.stringify(body)}: ${parsed.error.message}`);
  return parsed.value;
}

/** The add's body fields, as sent. */
type SentFields = { sku?: unknown; quantity?: unknown; additionalFields?: unknown };
type AddOver = Partial<Omit<AddItemToCart['data'], keyof SentFields>> & SentFields;

const add = (over: AddOver = {}): AddItemToCart => {
  const { sku, quantity, additionalFields, ...data } = { sku: 'SKU-1', quantity: 1, additionalFields: null as unknown, ...over };
  const body = parsedBody(AddToCartRequest, { itemId: 'item-1', sku, quantity, additionalFields });
  return {
    type: 'AddItemToCart',
    data: {
      cartId: 'cart-1',
      websiteId: 'site-1',
      currency: 'USD',
      newEntryId: 'entry-new',
      product: product(),
      storeSettings: { multipleQuantityAllowedForServices: true },
      now: NOW,
      ...data,
      sku: body.sku,
      quantity: body.quantity,
      additionalFields: body.additionalFields,
    },
  };
};

const change = (entryId: string, quantity: unknown, p: CartProduct | null = product(), allowServices = true): CartCommand => ({
  type: 'ChangeCartEntryQuantity',
  data: {
    cartId: 'cart-1', entryId, quantity: parsedBody(ChangeCartQuantityRequest, { quantity }), product: p,
    storeSettings: { multipleQuantityAllowedForServices: allowServices }, now: NOW,
  },
});
const remove = (entryId: string): CartCommand => ({ type: 'RemoveCartEntry', data: { cartId: 'cart-1', entryId, now: NOW } });
const updateFields = (entryId: string, additionalFields: unknown, itemId?: unknown, sku?: unknown): CartCommand => ({
  type: 'UpdateCartEntryAdditionalFields',
  data: { cartId: 'cart-1', entryId, ...parsedBody(UpdateCartEntryFieldsRequest, { itemId, sku, additionalFields }), now: NOW },
});

const given = (events: CartEvent[]) => events.reduce(cartDecider.evolve, cartDecider.initialState());

const opened: CartEvent = { type: 'ShoppingCartOpened', data: { cartId: 'cart-1', websiteId: 'site-1', currency: 'USD', openedAt: 't0' } };
const added = (entryId: string, quantity: number, over: Partial<Extract<CartEvent, { type: 'CartEntryAdded' }>['data']> = {}): CartEvent => ({
  type: 'CartEntryAdded',
  data: {
    cartId: 'cart-1', entryId, itemId: 'item-1', sku: 'SKU-1', attributes: { Color: 'Blue' }, title: 'Mug',
    productType: 'PHYSICAL', quantity, unitPriceCents: 1999, currency: 'USD', additionalFields: null, addedAt: 't0', ...over,
  },
});
const mugAdded = (quantity: number) => added('entry-1', quantity);
const purchased: CartEvent = { type: 'ShoppingCartPurchased', data: { cartId: 'cart-1', orderId: 'order-1', purchasedAt: 't1' } };

const rejected = (code: string, message?: string) => ({ ok: false, error: expect.objectContaining({ code, ...(message ? { message } : {}) }) });
const eventTypes = (decision: ReturnType<typeof cartDecider.decide>) => (decision.ok ? decision.events.map((e) => e.type) : decision.error.code);

describe('cart decide: given events, when AddItemToCart, then', () => {
  it('opens the cart and adds the entry on the first add', () => {
    const decision = cartDecider.decide(add({ quantity: 2 }), given([]));
    expect(eventTypes(decision)).toEqual(['ShoppingCartOpened', 'CartEntryAdded']);
  });

  it('increases the quantity of the same variant instead of adding a second entry', () => {
    const decision = cartDecider.decide(add({ quantity: 2 }), given([opened, mugAdded(1)]));
    expect(decision).toEqual({ ok: true, events: [{ type: 'CartEntryQuantityIncreased', data: { cartId: 'cart-1', entryId: 'entry-1', quantity: 2, addedAt: NOW } }] });
  });

  it('keeps entries with form answers apart', () => {
    const decision = cartDecider.decide(add({ additionalFields: { engraving: 'A' } }), given([opened, mugAdded(1)]));
    expect(eventTypes(decision)).toEqual(['CartEntryAdded']);
  });

  it.each([
    [undefined, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    ['abc', 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [true, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [1.5, 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number'],
    ['2.5', 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number'],
    [0, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
    [-3, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
    [10000, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
  ])('rejects quantity %p with %s', (quantity, code, message) => {
    expect(cartDecider.decide(add({ quantity }), given([]))).toEqual(rejected(code, message));
  });

  it('accepts the quantity limits 1 and 9999 (unlimited stock), and refuses an entry growing past 9999', () => {
    const unlimited = product({}, [variant({ stock: { unlimited: true, qtyInStock: 0 } })]);
    expect(cartDecider.decide(add({ quantity: 1, product: unlimited }), given([])).ok).toBe(true);
    expect(cartDecider.decide(add({ quantity: '9999', product: unlimited }), given([])).ok).toBe(true);
    expect(cartDecider.decide(add({ quantity: 2, product: unlimited }), given([opened, mugAdded(9998)]))).toEqual(rejected('QUANTITY_OUT_OF_RANGE'));
  });

  it.each<[string, AddOver]>([
    ['an unknown, disabled or deleted product', { product: null }],
    ['an unknown sku', { sku: 'NOPE' }],
    ['a sku that is not text', { sku: 42 }],
    ['a sku that is an object', { sku: { sku: 'SKU-1' } }],
    ['a blank sku', { sku: '  ' }],
    ['a product with several variants and no options, without a sku', { sku: undefined, product: product({ variantOptionOrdering: [] }, [variant(), variant({ sku: 'SKU-2' })]) }],
    ['a price in another currency than the cart', { product: product({}, [variant({ currency: 'EUR' })]) }],
  ])('rejects %s as unavailable', (_, over) => {
    expect(cartDecider.decide(add(over), given([]))).toEqual(
      rejected('VARIANT_UNAVAILABLE', 'Sorry, that item variant is unavailable. Please select another variant.'),
    );
  });

  it('takes the only variant of a product without options when no sku is sent', () => {
    const single = product({ variantOptionOrdering: [] });
    const decision = cartDecider.decide(add({ sku: undefined, product: single }), given([]));
    expect(decision.ok && decision.events[1]).toMatchObject({ type: 'CartEntryAdded', data: { sku: 'SKU-1' } });
  });

  it.each<[string[], string]>([
    [['Color'], 'Please select the Color option.'],
    [['Color', 'Size'], 'Please select the Color and Size options.'],
    [['Color', 'Size', 'Material'], 'Please select the Color, Size and Material options.'],
    [['Color', 'Size', 'Material', 'Fit'], 'Please select the Color, Size, Material and Fit options.'],
  ])('without a sku, names the options %j in their order', (options, message) => {
    const many = product({ variantOptionOrdering: options }, [variant(), variant({ sku: 'SKU-2' })]);
    expect(cartDecider.decide(add({ sku: '', product: many }), given([]))).toEqual(rejected('OPTIONS_NOT_CHOSEN', message));
  });

  it('asks for a gift card denomination when no sku is sent', () => {
    const giftCard = product({ productType: 'GIFT_CARD', variantOptionOrdering: [] }, [
      variant({ sku: 'GC-25', productType: 'GIFT_CARD', unitPriceCents: 2500, stock: { unlimited: true, qtyInStock: 0 } }),
    ]);
    expect(cartDecider.decide(add({ sku: null, product: giftCard }), given([]))).toEqual(
      rejected('GIFT_CARD_DENOMINATION_REQUIRED', 'Select a denomination for the Gift Card'),
    );
    expect(cartDecider.decide(add({ sku: 'GC-25', product: giftCard, quantity: 3 }), given([])).ok).toBe(true);
  });

  it('counts what is already in the cart against the stock, across entries of the variant', () => {
    expect(cartDecider.decide(add({ quantity: 5 }), given([])).ok).toBe(true);
    expect(cartDecider.decide(add({ quantity: 2 }), given([opened, mugAdded(4)]))).toEqual(
      rejected('INSUFFICIENT_STOCK', 'Sorry, we do not have enough of that item available.'),
    );
    expect(cartDecider.decide(add({ quantity: 1 }), given([opened, mugAdded(4)])).ok).toBe(true);
    const withFields = added('entry-2', 3, { additionalFields: { note: 'x' } });
    expect(cartDecider.decide(add({ quantity: 2 }), given([opened, mugAdded(1), withFields]))).toEqual(rejected('INSUFFICIENT_STOCK'));
  });

  it('limits a service to one when the store disallows multiple quantities', () => {
    const service = product({ productType: 'SERVICE', variantOptionOrdering: [] }, [variant({ productType: 'SERVICE', stock: { unlimited: true, qtyInStock: 0 } })]);
    const disallowed = { multipleQuantityAllowedForServices: false };
    const serviceAdded = added('entry-1', 1, { productType: 'SERVICE' });
    expect(cartDecider.decide(add({ product: service, storeSettings: disallowed }), given([])).ok).toBe(true);
    expect(cartDecider.decide(add({ product: service, storeSettings: disallowed, quantity: 2 }), given([]))).toEqual(rejected('SERVICE_QUANTITY_LIMITED'));
    expect(cartDecider.decide(add({ product: service, storeSettings: disallowed }), given([opened, serviceAdded]))).toEqual(rejected('SERVICE_QUANTITY_LIMITED'));
    expect(cartDecider.decide(add({ product: service, quantity: 2 }), given([opened, serviceAdded])).ok).toBe(true);
  });

  it('refuses additional fields that are not an object', () => {
    expect(cartDecider.decide(add({ additionalFields: 'x' }), given([]))).toEqual(rejected('INVALID_REQUEST'));
    expect(cartDecider.decide(add({ additionalFields: [1] }), given([]))).toEqual(rejected('INVALID_REQUEST'));
  });

  it('answers SESSION_EXPIRED for a purchased cart', () => {
    expect(cartDecider.decide(add(), given([opened, mugAdded(1), purchased]))).toEqual(
      rejected('SESSION_EXPIRED', 'Your session has expired. Please reload the page and try again.'),
    );
  });

  it('checks in the SPEC order: a purchased cart, then the quantity, then the additional fields, then the variant', () => {
    const everythingWrong = add({ quantity: 'abc', additionalFields: 'x', sku: 42, product: null });
    expect(cartDecider.decide(everythingWrong, given([opened, mugAdded(1), purchased]))).toEqual(rejected('SESSION_EXPIRED'));
    expect(cartDecider.decide(everythingWrong, given([]))).toEqual(rejected('QUANTITY_NOT_A_NUMBER'));
    expect(cartDecider.decide(add({ additionalFields: 'x', sku: 42, product: null }), given([]))).toEqual(rejected('INVALID_REQUEST'));
    expect(cartDecider.decide(add({ sku: 42, product: null }), given([]))).toEqual(rejected('VARIANT_UNAVAILABLE'));
  });
});

describe('cart decide: given events, when ChangeCartEntryQuantity, then', () => {
  it('sets the new quantity', () => {
    expect(cartDecider.decide(change('entry-1', '3'), given([opened, mugAdded(1)]))).toEqual({
      ok: true,
      events: [{ type: 'CartEntryQuantityChanged', data: { cartId: 'cart-1', entryId: 'entry-1', quantity: 3, changedAt: NOW } }],
    });
  });

  it('removes the entry at quantity 0, and appends nothing for an unchanged quantity', () => {
    expect(eventTypes(cartDecider.decide(change('entry-1', 0), given([opened, mugAdded(2)])))).toEqual(['CartEntryRemoved']);
    expect(eventTypes(cartDecider.decide(change('entry-1', '0'), given([opened, mugAdded(2)])))).toEqual(['CartEntryRemoved']);
    expect(cartDecider.decide(change('entry-1', 2), given([opened, mugAdded(2)]))).toEqual({ ok: true, events: [] });
  });

  it.each([0, -0, '0', '0.0', '-0', ' 0 '])('removes the entry for quantity %p', (quantity) => {
    expect(eventTypes(cartDecider.decide(change('entry-1', quantity), given([opened, mugAdded(2)])))).toEqual(['CartEntryRemoved']);
  });

  it.each([
    ['x', 'QUANTITY_NOT_A_NUMBER'],
    [undefined, 'QUANTITY_NOT_A_NUMBER'],
    ['', 'QUANTITY_NOT_A_NUMBER'],
    [2.5, 'QUANTITY_NOT_WHOLE'],
    [-1, 'QUANTITY_OUT_OF_RANGE'],
    [10000, 'QUANTITY_OUT_OF_RANGE'],
  ])('rejects quantity %p with %s', (quantity, code) => {
    expect(cartDecider.decide(change('entry-1', quantity), given([opened, mugAdded(1)]))).toEqual(rejected(code));
  });

  it('checks stock when raising, counting other entries of the variant; lowering is always allowed', () => {
    const history = given([opened, mugAdded(2), added('entry-2', 2, { additionalFields: { note: 'x' } })]);
    expect(cartDecider.decide(change('entry-1', 3), history).ok).toBe(true);
    expect(cartDecider.decide(change('entry-1', 4), history)).toEqual(rejected('INSUFFICIENT_STOCK'));
    const soldOut = product({}, [variant({ stock: { unlimited: false, qtyInStock: 0 } })]);
    expect(cartDecider.decide(change('entry-1', 1, soldOut), history).ok).toBe(true);
    expect(cartDecider.decide(change('entry-1', 3, null), history)).toEqual(rejected('VARIANT_UNAVAILABLE'));
    expect(cartDecider.decide(change('entry-1', 1, null), history).ok).toBe(true);
  });

  it('limits a service to one when the store disallows multiple quantities', () => {
    const service = product({ productType: 'SERVICE' }, [variant({ productType: 'SERVICE' })]);
    const history = given([opened, added('entry-1', 1, { productType: 'SERVICE' })]);
    expect(cartDecider.decide(change('entry-1', 2, service, false), history)).toEqual(rejected('SERVICE_QUANTITY_LIMITED'));
    expect(cartDecider.decide(change('entry-1', 2, service, true), history).ok).toBe(true);
  });

  it('answers 404-style CART_ENTRY_NOT_FOUND with the SPEC alert title for an unknown entry', () => {
    expect(cartDecider.decide(change('nope', 1), given([opened, mugAdded(1)]))).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'CART_ENTRY_NOT_FOUND', details: { entryId: 'nope', title: 'Unable to update quantity' } }),
    });
  });

  it('answers SESSION_EXPIRED for a cart that does not exist or was purchased', () => {
    expect(cartDecider.decide(change('entry-1', 1), given([]))).toEqual(rejected('SESSION_EXPIRED'));
    expect(cartDecider.decide(change('entry-1', 1), given([opened, mugAdded(1), purchased]))).toEqual(rejected('SESSION_EXPIRED'));
  });

  it('finds the cart and the entry before judging the quantity', () => {
    expect(cartDecider.decide(change('entry-1', 'x'), given([]))).toEqual(rejected('SESSION_EXPIRED'));
    expect(cartDecider.decide(change('entry-1', 'x'), given([opened, mugAdded(1), purchased]))).toEqual(rejected('SESSION_EXPIRED'));
    expect(cartDecider.decide(change('nope', 'x'), given([opened, mugAdded(1)]))).toEqual(rejected('CART_ENTRY_NOT_FOUND'));
    expect(cartDecider.decide(change('nope', 0), given([opened, mugAdded(1)]))).toEqual(rejected('CART_ENTRY_NOT_FOUND'));
  });
});

describe('cart decide: given events, when RemoveCartEntry or UpdateCartEntryAdditionalFields, then', () => {
  it('removes an entry once; a second removal finds nothing', () => {
    const history = [opened, mugAdded(1)];
    const decision = cartDecider.decide(remove('entry-1'), given(history));
    expect(eventTypes(decision)).toEqual(['CartEntryRemoved']);
    const after = given([...history, ...(decision.ok ? decision.events : [])]);
    expect(cartDecider.decide(remove('entry-1'), after)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'CART_ENTRY_NOT_FOUND', details: { entryId: 'entry-1', title: 'Unable to remove item' } }),
    });
  });

  it('updates additional fields of the entry named by id, item and sku', () => {
    const history = given([opened, mugAdded(1)]);
    expect(cartDecider.decide(updateFields('entry-1', { engraving: 'B' }, 'item-1', 'SKU-1'), history)).toEqual({
      ok: true,
      events: [{ type: 'CartEntryAdditionalFieldsUpdated', data: { cartId: 'cart-1', entryId: 'entry-1', additionalFields: { engraving: 'B' }, updatedAt: NOW } }],
    });
    expect(cartDecider.decide(updateFields('entry-1', null), history)).toEqual({ ok: true, events: [] });
    expect(cartDecider.decide(updateFields('entry-1', { a: 1 }, 'item-2', 'SKU-1'), history)).toEqual(rejected('CART_ENTRY_NOT_FOUND'));
    expect(cartDecider.decide(updateFields('entry-1', { a: 1 }, 'item-1', 'SKU-9'), history)).toEqual(rejected('CART_ENTRY_NOT_FOUND'));
    expect(cartDecider.decide(updateFields('entry-1', 'text'), history)).toEqual(rejected('INVALID_REQUEST'));
  });

  it('takes an item or sku sent as null as not sent, and one that is not text as another entry\'s', () => {
    const history = given([opened, mugAdded(1)]);
    expect(eventTypes(cartDecider.decide(updateFields('entry-1', { a: 1 }, null, null), history))).toEqual(['CartEntryAdditionalFieldsUpdated']);
    expect(cartDecider.decide(updateFields('entry-1', { a: 1 }, 42), history)).toEqual(rejected('CART_ENTRY_NOT_FOUND'));
    expect(cartDecider.decide(updateFields('entry-1', { a: 1 }, 'item-1', ['SKU-1']), history)).toEqual(rejected('CART_ENTRY_NOT_FOUND'));
    expect(cartDecider.decide(updateFields('entry-1', { a: 1 }, 'item-1', ''), history)).toEqual(rejected('CART_ENTRY_NOT_FOUND'));
  });

  it('finds the cart and the entry before judging the additional fields', () => {
    expect(cartDecider.decide(updateFields('entry-1', 'text'), given([opened, mugAdded(1), purchased]))).toEqual(rejected('SESSION_EXPIRED'));
    expect(cartDecider.decide(updateFields('entry-1', 'text', 'item-2'), given([opened, mugAdded(1)]))).toEqual(rejected('CART_ENTRY_NOT_FOUND'));
    expect(cartDecider.decide(updateFields('nope', 'text'), given([opened, mugAdded(1)]))).toEqual(rejected('CART_ENTRY_NOT_FOUND'));
  });
});

describe('cart evolve', () => {
  it('is total: events that do not apply leave the state unchanged', () => {
    const empty = given([]);
    for (const event of [mugAdded(1), purchased, { type: 'CartEntryRemoved', data: { cartId: 'cart-1', entryId: 'x', removedAt: 't' } } as CartEvent]) {
      expect(cartDecider.evolve(empty, event)).toBe(empty);
    }
    const bought = given([opened, mugAdded(1), purchased]);
    expect(cartDecider.evolve(bought, mugAdded(2))).toBe(bought);
    expect(cartDecider.evolve(bought, opened)).toBe(bought);
  });
});

describe('shopping cart view', () => {
  it('derives totals in minor units', () => {
    const view = shoppingCartView(given([opened, mugAdded(3)]))!;
    expect(view).toMatchObject({ subtotalCents: 5997, grandTotalCents: 5997, totalQuantity: 3, requiresShipping: true, hasDigital: false, purelyDigital: false });
    expect(view.subtotal).toEqual({ value: '5997', currency: 'USD', decimalValue: '59.97' });
    expect(view.entries[0]).toMatchObject({ chosenVariant: { sku: 'SKU-1', attributes: { Color: 'Blue' } }, subTotal: 5997, purchasePriceCents: 1999 });
  });

  it('adds 0.10 and 0.20 dollars to exactly 0.30', () => {
    const view = shoppingCartView(given([opened, added('a', 1, { unitPriceCents: 10 }), added('b', 1, { sku: 'S2', unitPriceCents: 20 })]))!;
    expect(view.subtotalCents).toBe(30);
    expect(view.grandTotal.decimalValue).toBe('0.30');
  });

  it('totals a JPY cart in whole yen', () => {
    const jpyOpened: CartEvent = { type: 'ShoppingCartOpened', data: { cartId: 'cart-1', websiteId: 'site-1', currency: 'JPY', openedAt: 't0' } };
    const view = shoppingCartView(given([jpyOpened, added('a', 3, { unitPriceCents: 1500, currency: 'JPY' }), added('b', 7, { sku: 'S2', unitPriceCents: 333, currency: 'JPY' })]))!;
    expect(view).toMatchObject({ subtotalCents: 4500 + 2331, grandTotalCents: 6831, totalQuantity: 10 });
    expect(view.grandTotal).toEqual({ value: '6831', currency: 'JPY', decimalValue: '6831' });
  });

  it('marks digital and purchased carts', () => {
    const digital = added('d', 1, { sku: 'PDF', productType: 'DIGITAL' });
    expect(shoppingCartView(given([opened, digital]))).toMatchObject({ hasDigital: true, purelyDigital: true, requiresShipping: false });
    expect(shoppingCartView(given([opened, digital, mugAdded(1)]))).toMatchObject({ hasDigital: true, purelyDigital: false, requiresShipping: true });
    expect(shoppingCartView(given([opened, mugAdded(1), purchased]))).toMatchObject({ isPurchased: true, orderId: 'order-1' });
  });

  it('is null for a cart that was never opened, and empty after its last entry is removed', () => {
    expect(shoppingCartView(given([]))).toBeNull();
    const removed: CartEvent = { type: 'CartEntryRemoved', data: { cartId: 'cart-1', entryId: 'entry-1', removedAt: 't' } };
    expect(shoppingCartView(given([opened, mugAdded(2), removed]))).toMatchObject({ entries: [], totalQuantity: 0, subtotalCents: 0 });
  });
});

describe('cart product facts from the Product record', () => {
  const record = (over: Partial<Parameters<typeof buildProductRecord>[0]> = {}) =>
    buildProductRecord({
      id: 'p', title: 'Card', urlId: 'card', collectionId: 'shop', productType: 'GIFT_CARD', currency: 'USD',
      variants: [{ id: 'v', sku: 'GC', priceCents: 2500, qtyInStock: 0 }, { id: 'v2', sku: 'GC2', priceCents: 5000, salePriceCents: 4000, onSale: true }],
      ...over,
    });

  it('prices variants at their sale price and never runs out of stockless types', () => {
    const facts = cartProductFromRecord(record())!;
    expect(facts.variants.map((v) => [v.sku, v.unitPriceCents, v.stock.unlimited])).toEqual([['GC', 2500, true], ['GC2', 4000, true]]);
    const physical = cartProductFromRecord(record({ productType: 'PHYSICAL' }))!;
    expect(physical.variants[0]!.stock).toEqual({ unlimited: false, qtyInStock: 0 });
  });

  it('treats disabled and deleted products as not for sale', () => {
    expect(cartProductFromRecord({ ...record(), enabled: false } as never)).toBeNull();
    expect(cartProductFromRecord({ ...record(), deleted: true } as never)).toBeNull();
    expect(cartProductFromRecord(null)).toBeNull();
  });
});
