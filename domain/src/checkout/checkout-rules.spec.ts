import type { CartEntryState, CartState } from '../cart/state';
import type { ProductTypeName } from '../catalog/product-record';
import { inventoryDecider } from '../inventory/decide';
import type { InventoryEvent } from '../inventory/events';
import { formatMoneyLabel } from '../shared/money';
import { checkoutProblem, orderFromCart, releaseClaims, stockClaims } from './checkout-rules';
import { orderDecider } from './decide';
import { parseCustomerEmail, parseExpectedEntries, parseShippingAddress } from './requests';

const at = '2026-11-23T12:00:00.000Z';
const entry = (id: string, itemId: string, sku: string, quantity: number, unitPriceCents: number) => ({
  id, itemId, sku, attributes: {}, title: `T-${sku}`, productType: 'PHYSICAL' as const, quantity, unitPriceCents, additionalFields: null,
});
/** The buyer's email as the checkout request parses it (`CheckoutRequest`). */
const email = (raw: unknown) => parseCustomerEmail(raw);
const cart = (currency: string, entries: ReturnType<typeof entry>[]): CartState => ({ status: 'open', cartId: 'c1', websiteId: 'w1', currency, created: at, entries });
const ADDRESS = { name: 'Ada Lovelace', line1: '12 Kiln Street', line2: '', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' } as const;
/** What a checkout of physical goods sends beside the email. */
const shipped = { shippingAddress: parseShippingAddress(ADDRESS) };

describe('checkout rules', () => {
  it('refuses an empty cart with the SPEC empty-cart message', () => {
    expect(checkoutProblem({ status: 'empty' }, { minimumSubtotalCents: 0 }, email('a@b.co'))).toMatchObject({ code: 'CART_NOT_FOUND', message: 'You have nothing in your shopping cart.' });
    expect(checkoutProblem(cart('USD', []), { minimumSubtotalCents: 0 }, email('a@b.co'))).toMatchObject({ code: 'CART_NOT_FOUND' });
  });

  it.each([
    ['USD', 2499, 2500, 'To check out, your order subtotal must be $25.00 or more.'],
    ['JPY', 499, 500, 'To check out, your order subtotal must be ¥500 or more.'],
    ['EUR', 999, 1000, 'To check out, your order subtotal must be €10.00 or more.'],
  ])('applies the checkout minimum in %s', (currency, below, minimum, message) => {
    const settings = { minimumSubtotalCents: minimum };
    expect(checkoutProblem(cart(currency, [entry('e1', 'p1', 'A', 1, below)]), settings, email('a@b.co'))).toMatchObject({ code: 'CHECKOUT_MINIMUM_SUBTOTAL', message });
    expect(checkoutProblem(cart(currency, [entry('e1', 'p1', 'A', 1, minimum)]), settings, email('a@b.co'), shipped)).toBeNull();
  });

  it('judges the cart before the buyer\'s email: empty, then the checkout minimum', () => {
    expect(checkoutProblem({ status: 'empty' }, { minimumSubtotalCents: 0 }, email(7))).toMatchObject({ code: 'CART_NOT_FOUND' });
    expect(checkoutProblem(cart('USD', [entry('e1', 'p1', 'A', 1, 100)]), { minimumSubtotalCents: 500 }, email('nope'))).toMatchObject({ code: 'CHECKOUT_MINIMUM_SUBTOTAL' });
    const bought: CartState = { ...cart('USD', [entry('e1', 'p1', 'A', 1, 100)]), status: 'purchased', orderId: 'o1', purchasedAt: at } as CartState;
    expect(checkoutProblem(bought, { minimumSubtotalCents: 0 }, email(undefined))).toBeNull();
  });

  it('needs a shipping address, whole and well formed, for a cart that requires shipping, after the email', () => {
    const mugs = cart('USD', [entry('e1', 'p1', 'A', 1, 100)]);
    const settings = { minimumSubtotalCents: 0 };
    expect(checkoutProblem(mugs, settings, email('nope'), {})).toMatchObject({ code: 'INVALID_EMAIL' });
    expect(checkoutProblem(mugs, settings, email('a@b.co'), {})).toMatchObject({
      code: 'SHIPPING_ADDRESS_INVALID', message: 'Please check your shipping address.',
      details: { fields: { name: 'Required', line1: 'Required', city: 'Required', postalCode: 'Required', country: 'Required' } },
    });
    expect(checkoutProblem(mugs, settings, email('a@b.co'), { shippingAddress: parseShippingAddress({ ...ADDRESS, postalCode: '1253' }) })).toMatchObject({
      code: 'SHIPPING_ADDRESS_INVALID', details: { fields: { postalCode: 'ZIP Codes need to be 5 digits.' } },
    });
    // A cart with nothing to ship needs none, and ignores one sent.
    const book = cart('USD', [{ ...entry('e1', 'p1', 'A', 1, 100), productType: 'DIGITAL' as never }]);
    expect(checkoutProblem(book, settings, email('a@b.co'), {})).toBeNull();
    expect(checkoutProblem(book, settings, email('a@b.co'), { shippingAddress: parseShippingAddress({ country: 'XX' }) })).toBeNull();
  });

  it('refuses a cart that is not what the checkout page showed (another tab changed it) before anything else but emptiness', () => {
    const mugs = cart('USD', [entry('e1', 'p1', 'A', 2, 100), entry('e2', 'p2', 'B', 1, 100)]);
    const settings = { minimumSubtotalCents: 50_000 };
    const as = (expected: unknown) => ({ ...shipped, expectedEntries: parseExpectedEntries(expected) });
    for (const changed of [{ e1: 1, e2: 1 }, { e1: 2 }, { e1: 2, e2: 1, e3: 1 }, { e1: 2, e9: 1 }]) {
      expect(checkoutProblem(mugs, settings, email('nope'), as(changed))).toMatchObject({
        code: 'CART_CHANGED', message: 'Your cart changed during checkout. Please review it and try again.',
      });
    }
    expect(checkoutProblem(mugs, { minimumSubtotalCents: 0 }, email('a@b.co'), as({ e2: 1, e1: 2 }))).toBeNull();
    expect(checkoutProblem(mugs, { minimumSubtotalCents: 0 }, email('a@b.co'), as(null))).toBeNull();
    expect(checkoutProblem(mugs, settings, email('a@b.co'), as({ e1: 'two' }))).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'expectedEntries' } });
  });

  it('needs a valid email to send the confirmation to', () => {
    expect(checkoutProblem(cart('USD', [entry('e1', 'p1', 'A', 1, 100)]), { minimumSubtotalCents: 0 }, email('not-an-email'))).toMatchObject({ code: 'INVALID_EMAIL' });
    expect(checkoutProblem(cart('USD', [entry('e1', 'p1', 'A', 1, 100)]), { minimumSubtotalCents: 0 }, email(undefined))).toMatchObject({ code: 'INVALID_EMAIL' });
  });

  it('claims stock once per variant in a fixed order', () => {
    const lines = orderFromCart({
      cart: cart('USD', [entry('e1', 'p2', 'B', 1, 100), entry('e2', 'p1', 'A', 2, 100), entry('e3', 'p2', 'B', 3, 100)]) as Extract<CartState, { status: 'open' }>,
      orderId: 'o1', customerEmail: 'a@b.co', payment: { provider: 'test', paymentId: 'x', testMode: true }, now: at,
    }).lines;
    expect(stockClaims(lines)).toEqual([
      { productId: 'p1', sku: 'A', productType: 'PHYSICAL', quantity: 2 },
      { productId: 'p2', sku: 'B', productType: 'PHYSICAL', quantity: 4 },
    ]);
  });

  it('totals in minor units where floats drift (0.1 + 0.2 dollars) and in JPY', () => {
    const usd = orderFromCart({
      cart: cart('USD', [entry('e1', 'p1', 'A', 1, 10), entry('e2', 'p2', 'B', 1, 20)]) as Extract<CartState, { status: 'open' }>,
      orderId: 'o1', customerEmail: 'a@b.co', payment: { provider: 'test', paymentId: 'x', testMode: true }, now: at,
    });
    expect(usd.grandTotalCents).toBe(30);
    expect(formatMoneyLabel(usd.grandTotalCents, 'USD')).toBe('$0.30');
    const jpy = orderFromCart({
      cart: cart('JPY', [entry('e1', 'p1', 'A', 3, 333)]) as Extract<CartState, { status: 'open' }>,
      orderId: 'o2', customerEmail: 'a@b.co', payment: { provider: 'test', paymentId: 'y', testMode: true }, now: at,
    });
    expect(jpy.grandTotalCents).toBe(999);
    expect(formatMoneyLabel(jpy.grandTotalCents, 'JPY')).toBe('¥999');
  });

  describe('a cart with one product of each of the five types', () => {
    const one = (id: string, productType: ProductTypeName, itemId: string, sku: string, unitPriceCents: number, attributes: Record<string, string> = {}): CartEntryState => ({
      id, itemId, sku, attributes, title: `T-${sku}`, productType, quantity: 1, unitPriceCents, additionalFields: null,
    });
    const open: Extract<CartState, { status: 'open' }> = {
      status: 'open', cartId: 'c1', websiteId: 'w1', currency: 'USD', created: at,
      entries: [
        one('e1', 'PHYSICAL', 'p-mug', 'MUG-SAND', 2800),
        one('e2', 'DIGITAL', 'p-book', 'BOOK-PDF', 1200),
        one('e3', 'SERVICE', 'p-class', 'CLASS-SAT', 9500),
        one('e4', 'GIFT_CARD', 'p-gift', 'GIFT-25', 2500, { Amount: '$25' }),
        one('e5', 'PAYWALL', 'p-notes', 'NOTES', 1500),
      ],
    };
    const order = orderFromCart({ cart: open, orderId: 'o1', customerEmail: 'a@b.co', payment: { provider: 'test', paymentId: 'x', testMode: true }, now: at });

    it('checks out as one order of five lines', () => {
      expect(checkoutProblem(open, { minimumSubtotalCents: 0 }, email('a@b.co'), shipped)).toBeNull();
      expect(order.lines.map((l) => [l.productType, l.sku, l.quantity, l.lineTotalCents])).toEqual([
        ['PHYSICAL', 'MUG-SAND', 1, 2800], ['DIGITAL', 'BOOK-PDF', 1, 1200], ['SERVICE', 'CLASS-SAT', 1, 9500],
        ['GIFT_CARD', 'GIFT-25', 1, 2500], ['PAYWALL', 'NOTES', 1, 1500],
      ]);
      expect(order.lines[3]!.attributes).toEqual({ Amount: '$25' });
      expect(order.grandTotalCents).toBe(17500);
      expect(orderDecider.decide({ type: 'PlaceOrder', data: order }, orderDecider.initialState())).toEqual({ ok: true, events: [{ type: 'OrderPlaced', data: order }] });
    });

    it('claims stock of the physical good and the service only; cancelling releases every variant it might hold', () => {
      expect(stockClaims(order.lines)).toEqual([
        { productId: 'p-class', sku: 'CLASS-SAT', productType: 'SERVICE', quantity: 1 },
        { productId: 'p-mug', sku: 'MUG-SAND', productType: 'PHYSICAL', quantity: 1 },
      ]);
      expect(releaseClaims(order.lines).map((c) => c.sku).sort()).toEqual(['BOOK-PDF', 'CLASS-SAT', 'GIFT-25', 'MUG-SAND', 'NOTES']);
    });

    it('inventory reserves the last unit of each stocked line and nothing of the rest, none of which has stock', () => {
      const stockSet = (productId: string, sku: string, qtyInStock: number): InventoryEvent => ({ type: 'StockSet', data: { productId, sku, qtyInStock, unlimited: false, at } });
      const decisions = order.lines.map((l) => {
        const state = inventoryDecider.evolve(inventoryDecider.initialState(), stockSet(l.itemId, l.sku, l.productType === 'PHYSICAL' || l.productType === 'SERVICE' ? 1 : 0));
        const decision = inventoryDecider.decide(
          { type: 'ReserveStock', data: { productId: l.itemId, sku: l.sku, productType: l.productType, orderId: 'o1', quantity: l.quantity, now: at } }, state,
        );
        return [l.productType, decision.ok && decision.events.map((e) => [e.type, (e.data as { qtyInStock: number }).qtyInStock])];
      });
      expect(decisions).toEqual([
        ['PHYSICAL', [['StockReserved', 0]]], ['DIGITAL', []], ['SERVICE', [['StockReserved', 0]]], ['GIFT_CARD', []], ['PAYWALL', []],
      ]);
    });
  });
});
