import type { CartState } from '../cart/state';
import { formatMoneyLabel } from '../shared/money';
import { checkoutProblem, orderFromCart, stockClaims } from './checkout-rules';

const at = '2026-11-23T12:00:00.000Z';
const entry = (id: string, itemId: string, sku: string, quantity: number, unitPriceCents: number) => ({
  id, itemId, sku, attributes: {}, title: `T-${sku}`, productType: 'PHYSICAL' as const, quantity, unitPriceCents, additionalFields: null,
});
const cart = (currency: string, entries: ReturnType<typeof entry>[]): CartState => ({ status: 'open', cartId: 'c1', websiteId: 'w1', currency, created: at, entries });

describe('checkout rules', () => {
  it('refuses an empty cart with the SPEC empty-cart message', () => {
    expect(checkoutProblem({ status: 'empty' }, { minimumSubtotalCents: 0 }, 'a@b.co')).toMatchObject({ code: 'CART_NOT_FOUND', message: 'You have nothing in your shopping cart.' });
    expect(checkoutProblem(cart('USD', []), { minimumSubtotalCents: 0 }, 'a@b.co')).toMatchObject({ code: 'CART_NOT_FOUND' });
  });

  it.each([
    ['USD', 2499, 2500, 'To check out, your order subtotal must be $25.00 or more.'],
    ['JPY', 499, 500, 'To check out, your order subtotal must be ¥500 or more.'],
    ['EUR', 999, 1000, 'To check out, your order subtotal must be €10.00 or more.'],
  ])('applies the checkout minimum in %s', (currency, below, minimum, message) => {
    const settings = { minimumSubtotalCents: minimum };
    expect(checkoutProblem(cart(currency, [entry('e1', 'p1', 'A', 1, below)]), settings, 'a@b.co')).toMatchObject({ code: 'CHECKOUT_MINIMUM_SUBTOTAL', message });
    expect(checkoutProblem(cart(currency, [entry('e1', 'p1', 'A', 1, minimum)]), settings, 'a@b.co')).toBeNull();
  });

  it('needs a valid email to send the confirmation to', () => {
    expect(checkoutProblem(cart('USD', [entry('e1', 'p1', 'A', 1, 100)]), { minimumSubtotalCents: 0 }, 'not-an-email')).toMatchObject({ code: 'INVALID_EMAIL' });
    expect(checkoutProblem(cart('USD', [entry('e1', 'p1', 'A', 1, 100)]), { minimumSubtotalCents: 0 }, undefined)).toMatchObject({ code: 'INVALID_EMAIL' });
  });

  it('claims stock once per variant in a fixed order', () => {
    const lines = orderFromCart({
      cart: cart('USD', [entry('e1', 'p2', 'B', 1, 100), entry('e2', 'p1', 'A', 2, 100), entry('e3', 'p2', 'B', 3, 100)]) as Extract<CartState, { status: 'open' }>,
      orderId: 'o1', customerEmail: 'a@b.co', payment: { provider: 'test', paymentId: 'x', testMode: true }, now: at,
    }).lines;
    expect(stockClaims(lines)).toEqual([
      { productId: 'p1', sku: 'A', quantity: 2 },
      { productId: 'p2', sku: 'B', quantity: 4 },
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
});
