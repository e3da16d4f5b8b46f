/** @jest-environment ./web/test/dom-environment.cjs */
import type { CartPageIslandData } from '@storefront/domain/cart/cart-page-view';
import type { ShoppingCartView } from '@storefront/domain/cart/shopping-cart-view';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { fakeApi, withStore, type Answer, type Call } from '../../../test/storefront';
import { Checkout, type CheckoutEnvironment } from './checkout';
import { attemptFor, checkoutBody, EMPTY_FIELDS, fieldProblems, loadAttempt, refusalOf, resumable, saveAttempt } from './checkout-state';

function cart(requiresShipping = true): ShoppingCartView {
  return {
    id: 'cart-1', websiteId: 'w', orderId: null, created: '', isPurchased: false, currency: 'USD',
    entries: [{
      id: 'e-vase', itemId: 'p-vase', title: 'Small Bud Vase', quantity: 1, productType: requiresShipping ? 'PHYSICAL' : 'DIGITAL', purchasePriceCents: 1800, subTotal: 1800,
      chosenVariant: { sku: 'BUD-VASE', attributes: {} }, additionalFields: null,
    }],
    shippingOptions: [], selectedShippingOption: null, shippingLocation: null, applicableTaxRules: [], coupons: [], validCoupons: [], invalidCoupons: [],
    subtotalCents: 1800, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: 1800, totalQuantity: 1,
    hasDigital: !requiresShipping, purelyDigital: !requiresShipping, requiresShipping,
    subtotal: { value: '1800', currency: 'USD', decimalValue: '18.00' }, grandTotal: { value: '1800', currency: 'USD', decimalValue: '18.00' },
  };
}

const data = (c: ShoppingCartView | null, purchasedCartId: string | null = null): CartPageIslandData => ({
  cart: c, meta: {}, settings: { minimumSubtotalCents: 0, locale: 'en-US' }, purchasedCartId, urls: { checkout: '/checkout', cart: '/cart', continue: '/shop' },
});

/** sessionStorage stand-in (one per test). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

function environment(leaving = false): CheckoutEnvironment & { navigate: jest.Mock; refreshPage: jest.Mock; keys: string[] } {
  const keys: string[] = [];
  return {
    storage: memoryStorage(),
    navigate: jest.fn(),
    refreshPage: jest.fn(async () => null),
    leavingPage: async () => leaving,
    keys,
    newKey: () => {
      const key = `00000000-0000-4000-8000-00000000000${keys.length}`;
      keys.push(key);
      return key;
    },
  };
}

const PLACED = { order: { id: 'o1' }, orderToken: 't', orderStatusUrl: '/commerce/orders/o1?token=t', orderConfirmedUrl: '/commerce/orders/o1/confirmed?token=t' };

function fill(overrides: Record<string, string> = {}) {
  const values: Record<string, string> = { 'Contact email': 'ada@example.com', 'Full name': 'Ada Lovelace', Address: '12 Kiln Street', 'Town or city': 'Hudson', 'State, province or region': 'NY', 'ZIP or postal code': '12534', ...overrides };
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Lets the island's requests and what follows them land, and a frame pass (the focus moves in requestAnimationFrame), on the fake clock. */
const settle = () => act(() => jest.advanceTimersByTimeAsync(30));

const checkoutCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/commerce/checkout');

describe('the checkout island', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('checks every field with the API\'s own rules before sending anything, and focuses the first one wrong', async () => {
    const { calls } = fakeApi(() => ({ body: PLACED }));
    render(withStore(<Checkout data={data(cart())} environment={environment()} />));
    fill({ 'Contact email': 'ada@', 'ZIP or postal code': '1253', 'Full name': '' });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe('Unable to place your orderPlease check the fields marked below.');
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(screen.getByText('ZIP Codes need to be 5 digits.')).toBeTruthy();
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Contact email'));
  });

  it('places the order once with an Idempotency-Key, the address and the entries shown, and goes to the order confirmed page', async () => {
    let answer!: (a: Answer) => void;
    const { calls } = fakeApi(() => new Promise<Answer>((r) => { answer = r; }));
    const env = environment();
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    fill();
    fireEvent.click(screen.getByLabelText('Declined test card (tok_chargeDeclined)'));
    fireEvent.click(screen.getByLabelText('Visa test card (tok_visa): pays'));
    const button = screen.getByRole('button', { name: 'Place Order' });
    fireEvent.click(button);
    fireEvent.click(button); // a double click
    await settle();
    expect(screen.getByRole('button', { name: 'Placing your order…' }).hasAttribute('disabled')).toBe(true);
    expect(checkoutCalls(calls)).toHaveLength(1);
    const [call] = checkoutCalls(calls);
    expect(call!.headers.get('Idempotency-Key')).toBe(env.keys[0]);
    expect(call!.body).toEqual({
      email: 'ada@example.com', paymentToken: 'tok_visa',
      shippingAddress: { name: 'Ada Lovelace', line1: '12 Kiln Street', line2: '', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' },
      expectedEntries: { 'e-vase': 1 },
    });
    answer({ body: PLACED });
    await settle();
    expect(env.navigate).toHaveBeenCalledWith('/commerce/orders/o1/confirmed?token=t');
    expect(loadAttempt(env.storage, 'cart-1')).toBeNull();
  });

  it('asks no address for a cart with nothing to ship', async () => {
    const { calls } = fakeApi(() => ({ body: PLACED }));
    render(withStore(<Checkout data={data(cart(false))} environment={environment()} />));
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByText('Nothing in this order is shipped, so no address is needed.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Contact email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    expect(checkoutCalls(calls)[0]!.body).toEqual({ email: 'ada@example.com', paymentToken: 'tok_visa', expectedEntries: { 'e-vase': 1 } });
  });

  it('a network error says so in words and a retry sends the same key, so it never makes a second order', async () => {
    let fail = true;
    const { calls } = fakeApi(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : { body: PLACED }));
    const env = environment();
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('We could not reach the store');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    const keys = checkoutCalls(calls).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toEqual([env.keys[0], env.keys[0]]);
    expect(env.keys).toHaveLength(1);
    expect(env.navigate).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ status: 402, body: { error: 'PAYMENT_DECLINED', message: 'Your card was declined.' } }, 'Your card was declined.', false],
    [{ status: 409, body: { error: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.', itemId: 'p-vase', sku: 'BUD-VASE', available: 0 } },
      'Small Bud Vase: Sorry, we do not have enough of that item available.', true],
    [{ status: 409, body: { error: 'CART_CHANGED', message: 'Your cart changed during checkout. Please review it and try again.' } }, 'Your cart changed during checkout. Please review it and try again.', true],
    [{ status: 404, body: { error: 'CART_NOT_FOUND', message: 'You have nothing in your shopping cart.' } }, 'This cart is no longer open: it may have been checked out in another tab.', true],
    [{ status: 429, body: { error: 'RATE_LIMITED', message: 'x' } }, 'Please try again in a few seconds.', false],
  ])('says %j in words and keeps the form', async (answer, words, reviewCart) => {
    const { calls } = fakeApi(() => answer);
    const env = environment();
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Unable to place your order');
    expect(alert.textContent).toContain(words);
    expect(Boolean(screen.queryByRole('link', { name: 'Review your cart' }))).toBe(reviewCart);
    expect(env.navigate).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Contact email') as HTMLInputElement).value).toBe('ada@example.com');
    // The store answered: the next submit is a new attempt.
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    expect(new Set(checkoutCalls(calls).map((c) => c.headers.get('Idempotency-Key'))).size).toBe(2);
  });

  it('the cart changed in another tab: says so, shows the cart as it is now, and the next submit expects those entries', async () => {
    let changed = true;
    const { calls } = fakeApi(() => (changed
      ? { status: 409, body: { error: 'CART_CHANGED', message: 'Your cart changed during checkout. Please review it and try again.' } }
      : { body: PLACED }));
    const env = environment();
    const now = cart();
    now.entries = [{ ...now.entries[0]!, quantity: 3, subTotal: 5400 }];
    let refreshed!: (d: CartPageIslandData) => void;
    env.refreshPage.mockImplementation(() => new Promise((r) => { refreshed = r; }));
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    // While the page is read again the form stays busy: nothing can be sent with the old entries.
    expect(env.refreshPage).toHaveBeenCalledWith('/checkout');
    expect(screen.getByRole('button', { name: 'Placing your order…' }).hasAttribute('disabled')).toBe(true);
    refreshed(data(now));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Your cart changed during checkout. Please review it and try again.');
    expect(screen.getByRole('link', { name: 'Review your cart' })).toBeTruthy();
    changed = false;
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    const sent = checkoutCalls(calls);
    expect(sent.map((c) => (c.body as { expectedEntries: unknown }).expectedEntries)).toEqual([{ 'e-vase': 1 }, { 'e-vase': 3 }]);
    expect(new Set(sent.map((c) => c.headers.get('Idempotency-Key'))).size).toBe(2);
    expect(env.navigate).toHaveBeenCalledWith('/commerce/orders/o1/confirmed?token=t');
  });

  it('the cart emptied in another tab: the checkout page is loaded again', async () => {
    fakeApi(() => ({ status: 409, body: { error: 'CART_CHANGED', message: 'Your cart changed during checkout. Please review it and try again.' } }));
    const env = environment();
    env.refreshPage.mockImplementation(async () => data(null));
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    expect(env.navigate).toHaveBeenCalledWith('/checkout');
  });

  it('puts the server\'s address problems on their fields', async () => {
    fakeApi(() => ({ status: 400, body: { error: 'SHIPPING_ADDRESS_INVALID', message: 'Please check your shipping address.', fields: { postalCode: 'ZIP Codes need to be 5 digits.' } } }));
    render(withStore(<Checkout data={data(cart())} environment={environment()} />));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    expect(screen.getByLabelText('ZIP or postal code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('ZIP Codes need to be 5 digits.')).toBeTruthy();
  });

  it('after a reload following a network error, the same form with the same key, sent only when the buyer asks: one order', async () => {
    const env = environment();
    const body = checkoutBody({ ...EMPTY_FIELDS, email: 'ada@example.com', name: 'Ada', line1: '1 St', city: 'Hudson', region: 'NY', postalCode: '12534' }, cart());
    saveAttempt(env.storage, { key: 'kept-key', body, cartId: 'cart-1', failed: true });
    const { calls } = fakeApi(() => ({ body: PLACED }));
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    expect((screen.getByLabelText('Contact email') as HTMLInputElement).value).toBe('ada@example.com');
    await settle();
    expect(checkoutCalls(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    expect(checkoutCalls(calls).map((c) => c.headers.get('Idempotency-Key'))).toEqual(['kept-key']);
  });

  it('a network error remembers the attempt as failed, so a reload does not send it by itself', async () => {
    fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const env = environment();
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    expect(loadAttempt(env.storage, 'cart-1')).toMatchObject({ key: env.keys[0], failed: true });
  });

  it('a request cancelled because the page is being left (a reload while placing) is not recorded as failed: the next page follows it', async () => {
    fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const env = environment(true);
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await settle();
    const attempt = loadAttempt(env.storage, 'cart-1');
    expect(attempt).toMatchObject({ key: env.keys[0] });
    expect(resumable(attempt)).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('reloaded while its order was being placed (the cart still open), says so, follows the request with its key and lands on the confirmation', async () => {
    const env = environment();
    const body = checkoutBody({ ...EMPTY_FIELDS, email: 'ada@example.com', name: 'Ada', line1: '1 St', city: 'Hudson', region: 'NY', postalCode: '12534' }, cart());
    saveAttempt(env.storage, { key: 'kept-key', body, cartId: 'cart-1' });
    let answer!: (a: Answer) => void;
    const { calls } = fakeApi(() => new Promise<Answer>((r) => { answer = r; }));
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    expect(screen.getByRole('status').textContent).toBe('Checking on the order you placed…');
    expect(screen.getByRole('button', { name: 'Placing your order…' }).hasAttribute('disabled')).toBe(true);
    expect((screen.getByLabelText('Contact email') as HTMLInputElement).value).toBe('ada@example.com');
    await settle();
    expect(checkoutCalls(calls).map((c) => [c.headers.get('Idempotency-Key'), JSON.stringify(c.body)])).toEqual([['kept-key', body]]);
    // A click meanwhile sends nothing more.
    fireEvent.click(screen.getByRole('button', { name: 'Placing your order…' }));
    await settle();
    expect(checkoutCalls(calls)).toHaveLength(1);
    answer({ body: PLACED });
    await settle();
    expect(env.navigate).toHaveBeenCalledWith('/commerce/orders/o1/confirmed?token=t');
    expect(loadAttempt(env.storage, 'cart-1')).toBeNull();
  });

  it('a followed request whose answer went to the earlier page (the cart is gone) goes back to checkout, whose receipt leads to the order', async () => {
    const env = environment();
    saveAttempt(env.storage, { key: 'kept-key', body: '{"email":"ada@example.com"}', cartId: 'cart-1' });
    fakeApi(() => ({ status: 404, body: { error: 'CART_NOT_FOUND', message: 'You have nothing in your shopping cart.' } }));
    render(withStore(<Checkout data={data(null, 'cart-1')} environment={env} />));
    await settle();
    expect(env.navigate).toHaveBeenCalledWith('/checkout');
    expect(loadAttempt(env.storage, 'cart-1')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Checking on the order you placed…');
  });

  it('a followed request the store refuses (the cart changed since) shows why and gives the form back', async () => {
    const env = environment();
    saveAttempt(env.storage, { key: 'kept-key', body: '{"email":"ada@example.com"}', cartId: 'cart-1' });
    fakeApi(() => ({ status: 409, body: { error: 'CART_CHANGED', message: 'Your cart changed during checkout. Please review it and try again.' } }));
    render(withStore(<Checkout data={data(cart())} environment={env} />));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Your cart changed during checkout. Please review it and try again.');
    expect(screen.getByRole('button', { name: 'Place Order' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
    expect(env.navigate).not.toHaveBeenCalled();
    expect(loadAttempt(env.storage, 'cart-1')).toBeNull();
  });

  it('when the page shows the cart already bought by the request this tab sent, asks again with its key and lands on the confirmation', async () => {
    const env = environment();
    saveAttempt(env.storage, { key: 'kept-key', body: '{"email":"ada@example.com"}', cartId: 'cart-1' });
    const { calls } = fakeApi(() => ({ body: PLACED }));
    render(withStore(<Checkout data={data(null, 'cart-1')} environment={env} />));
    expect(screen.getByRole('status').textContent).toBe('Checking on the order you placed…');
    await settle();
    expect(checkoutCalls(calls).map((c) => [c.headers.get('Idempotency-Key'), c.body])).toEqual([['kept-key', { email: 'ada@example.com' }]]);
    expect(env.navigate).toHaveBeenCalledWith('/commerce/orders/o1/confirmed?token=t');
  });

  it('a bought cart without an attempt of this tab says it was checked out', () => {
    fakeApi(() => ({ body: PLACED }));
    render(withStore(<Checkout data={data(null, 'cart-1')} environment={environment()} />));
    expect(screen.getByText('This cart has already been checked out.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
  });
});

describe('checkout rules in the browser', () => {
  it('words a region as required only where addresses need one', () => {
    const fields = { ...EMPTY_FIELDS, email: 'a@b.co', name: 'A', line1: 'L', city: 'C', postalCode: 'SW1A 1AA', country: 'GB' };
    expect(fieldProblems(fields, true)).toEqual({});
    expect(fieldProblems({ ...fields, country: 'US', postalCode: '12534' }, true)).toEqual({ region: 'Required' });
    expect(fieldProblems({ ...fields, email: '' }, false)).toEqual({ email: 'Please enter a valid email' });
  });

  it('reuses a remembered attempt only for the very same body', () => {
    const kept = { key: 'k', body: '{"a":1}', cartId: 'c' };
    expect(attemptFor('{"a":1}', 'c', { ...kept, failed: true }, () => 'new')).toEqual(kept);
    expect(attemptFor('{"a":2}', 'c', kept, () => 'new')).toEqual({ key: 'new', body: '{"a":2}', cartId: 'c' });
    expect(attemptFor('{"a":1}', 'c', null, () => 'new').key).toBe('new');
  });

  it('keeps the attempt only when no answer came', () => {
    expect(refusalOf({ code: null, message: 'Network error', status: null, network: true }, null).keepAttempt).toBe(true);
    expect(refusalOf({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.', status: 402, network: false }, null)).toEqual({
      alert: { message: 'Your card was declined.', reviewCart: false }, fieldErrors: {}, keepAttempt: false,
    });
  });
});

describe('the checkout island on the subscription checkout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const TOKEN = '0b8c2d1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d';
  const PAGE = `/checkout/subscription?cartToken=${TOKEN}`;
  const subscriptionData = (c: ShoppingCartView | null, purchasedCartId: string | null = null): CartPageIslandData => ({
    ...data(c ? { ...c, id: TOKEN } : null, purchasedCartId), urls: { checkout: PAGE, cart: '/shop/p/studio-notes', continue: '/shop/p/studio-notes' }, subscription: { cartToken: TOKEN },
  });
  const subscriptionCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/commerce/subscription-checkout');

  it('places the subscription once at its own endpoint, with the cart token and an Idempotency-Key, and goes to its confirmation', async () => {
    let answer!: (a: Answer) => void;
    const { calls } = fakeApi(() => new Promise<Answer>((r) => { answer = r; }));
    const env = environment();
    render(withStore(<Checkout data={subscriptionData(cart(false))} environment={env} />));
    fireEvent.change(screen.getByLabelText('Contact email'), { target: { value: ' ada@example.com ' } });
    const button = screen.getByRole('button', { name: 'Place Subscription' });
    fireEvent.click(button);
    fireEvent.click(button); // a double click
    await settle();
    expect(screen.getByRole('button', { name: 'Starting your subscription…' }).hasAttribute('disabled')).toBe(true);
    expect(checkoutCalls(calls)).toHaveLength(0);
    expect(subscriptionCalls(calls)).toHaveLength(1);
    const [call] = subscriptionCalls(calls);
    expect(call!.headers.get('Idempotency-Key')).toBe(env.keys[0]);
    expect(call!.body).toEqual({ cartToken: TOKEN, email: 'ada@example.com', paymentToken: 'tok_visa' });
    answer({ body: PLACED });
    await settle();
    expect(env.navigate).toHaveBeenCalledWith('/commerce/orders/o1/confirmed?token=t');
    expect(loadAttempt(env.storage, TOKEN)).toBeNull();
  });

  it('says a declined card under its own title and keeps the form; the next try sends a new key', async () => {
    const answers: Answer[] = [{ status: 402, body: { error: 'PAYMENT_DECLINED', message: 'Your card was declined.' } }, { body: PLACED }];
    const { calls } = fakeApi(() => answers.shift()!);
    const env = environment();
    render(withStore(<Checkout data={subscriptionData(cart(false))} environment={env} />));
    fireEvent.change(screen.getByLabelText('Contact email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByLabelText('Declined test card (tok_chargeDeclined)'));
    fireEvent.click(screen.getByRole('button', { name: 'Place Subscription' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Unable to start your subscriptionYour card was declined.');
    expect(env.navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Visa test card (tok_visa): pays'));
    fireEvent.click(screen.getByRole('button', { name: 'Place Subscription' }));
    await settle();
    const sent = subscriptionCalls(calls);
    expect(sent.map((c) => c.headers.get('Idempotency-Key'))).toEqual([env.keys[0], env.keys[1]]);
    expect(env.navigate).toHaveBeenCalledWith('/commerce/orders/o1/confirmed?token=t');
  });

  it('asks for the address of a subscription that ships', async () => {
    const { calls } = fakeApi(() => ({ body: PLACED }));
    render(withStore(<Checkout data={subscriptionData(cart(true))} environment={environment()} />));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Subscription' }));
    await settle();
    expect(subscriptionCalls(calls)[0]!.body).toEqual({
      cartToken: TOKEN, email: 'ada@example.com', paymentToken: 'tok_visa',
      shippingAddress: { name: 'Ada Lovelace', line1: '12 Kiln Street', line2: '', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' },
    });
  });

  it('goes back to its page (which goes on to the confirmation) when the subscription was already checked out', async () => {
    fakeApi(() => ({ status: 409, body: { error: 'SUBSCRIPTION_CHECKED_OUT', message: 'This subscription has already been checked out.' } }));
    const env = environment();
    render(withStore(<Checkout data={subscriptionData(cart(false))} environment={env} />));
    fireEvent.change(screen.getByLabelText('Contact email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Subscription' }));
    await settle();
    expect(env.navigate).toHaveBeenCalledWith(PAGE);
  });

  it('says a checked-out subscription in its own words', () => {
    render(withStore(<Checkout data={subscriptionData(null, TOKEN)} environment={environment()} />));
    expect(screen.getByText('This subscription has already been checked out.')).toBeTruthy();
  });
});
