import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { ADD_TO_CART, cartCookie, cookieFrom, signIn, variantStock, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { addCartTestProducts } from '../../test/cart-test-products';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

const SUBSCRIBE = '/api/3/commerce/cart/subscription';
const CHECKOUT = '/api/commerce/subscription-checkout';
const NOTES = { itemId: 'p-studio-notes', sku: 'NOTES-MONTHLY', qty: 1 };
const BUYER = { email: 'ada@example.com', paymentToken: 'tok_visa' };

describeOnHttpDriver('subscription checkout over HTTP', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;

  const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: string }>(sql, params)).rows[0].n);
  const ordersOf = (cartToken: string) => count(`SELECT count(*)::text AS n FROM events WHERE event_type = 'OrderPlaced' AND data->>'cartId' = $1`, [cartToken]);
  const paymentsOf = (status: string, amount: number) =>
    count(`SELECT count(*)::text AS n FROM test_payment_ledger WHERE status = $1 AND amount_minor = $2`, [status, amount]);

  /** A variant's stock as its inventory stream says now (the read model may lag under the server driver). */
  const stockOf = (itemId: string, sku: string) => variantStock(t, itemId, sku);

  /** A new visitor subscribes: the cart token and the cookie that makes it theirs. */
  async function subscribe(body: object = NOTES, cookie?: string): Promise<{ cartToken: string; cookie: string }> {
    const req = request(t.server).post(SUBSCRIBE);
    const res = await (cookie ? req.set('Cookie', cookie) : req).send(body);
    expect(res.status).toBe(200);
    const subscription = cookieFrom(res, 'ss_subscription');
    expect(subscription).toBeDefined();
    return { cartToken: res.body.cartToken, cookie: subscription! };
  }
  const checkOut = (cookie: string | null, body: object, key?: string) => {
    let req = request(t.server).post(CHECKOUT);
    if (cookie) req = req.set('Cookie', cookie);
    if (key) req = req.set('Idempotency-Key', key);
    return req.send(body);
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    await addCartTestProducts(t.app);
    admin = await signIn(t.server);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('checks the subscription cart out as one test-mode subscription order, first charge price × qty, and leaves the shopping cart alone', async () => {
    // The visitor already has a mug in the shopping cart.
    const added = await request(t.server).post(ADD_TO_CART).send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 });
    const shopping = cartCookie(added);
    const { cartToken, cookie } = await subscribe({ ...NOTES, qty: 2 }, shopping);
    const res = await checkOut(`${shopping}; ${cookie}`, { cartToken, ...BUYER });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      testMode: true,
      customerEmail: 'ada@example.com',
      items: [{ sku: 'NOTES-MONTHLY', productName: 'Studio Notes Membership', quantity: 2, unitPrice: { value: '800', currency: 'USD' } }],
      grandTotal: { value: '1600', decimalValue: '16.00' },
      subscription: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0, subscriptionOptionId: null },
    });
    expect(res.body.orderConfirmedUrl).toBe(`/commerce/orders/${res.body.order.id}/confirmed?token=${res.body.orderToken}`);
    // No shopping checkout receipt; the shopping cart cookie is not cleared and the cart still holds the mug.
    expect(cookieFrom(res, 'ss_checkout')).toBeUndefined();
    expect(cookieFrom(res, 'ss_cart')).toBeUndefined();
    const cart = await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', shopping);
    expect(cart.body).toMatchObject({ totalQuantity: 1, isPurchased: false });
    expect(await ordersOf(cartToken)).toBe(1);

    // The buyer's order status and the owner's order both say it is a subscription.
    const status = await request(t.server).get(`/api${res.body.orderStatusUrl}`);
    expect(status.body.subscription).toMatchObject({ billingPeriod: { value: 1, unit: 'MONTH' } });
    const owner = await request(t.server).get(`/api/commerce/orders/${res.body.order.id}`).set('Cookie', admin.cookie);
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ purchasedCartId: cartToken, subscription: { numBillingCycles: 0 } });
  });

  it('reserves stock and asks for the address of an item that ships', async () => {
    const before = await stockOf('p-tea-club', 'TEA-CLUB');
    const { cartToken, cookie } = await subscribe({ itemId: 'p-tea-club', sku: 'TEA-CLUB', qty: 1, subscriptionOptionId: 'monthly' });
    const noAddress = await checkOut(cookie, { cartToken, ...BUYER });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.error).toBe('SHIPPING_ADDRESS_INVALID');
    const res = await checkOut(cookie, { cartToken, ...BUYER, shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ shippingAddress: TEST_SHIPPING_ADDRESS, subscription: { numBillingCycles: 12, subscriptionOptionId: 'monthly' } });
    expect(await stockOf('p-tea-club', 'TEA-CLUB')).toBe(before - 1);
  });

  it('renders the subscription checkout page only for its own browser, and sends it on to the subscription confirmed page (206) once paid', async () => {
    const { cartToken, cookie } = await subscribe();
    const path = `/checkout/subscription?cartToken=${cartToken}`;
    const page = await request(t.server).get(path).set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toMatch(/^private/);
    expect(page.text).toContain('Subscription checkout');
    expect(page.text).toContain('$8.00 every month');
    expect(page.text).toContain('Place Subscription');
    const json = await request(t.server).get(`${path}&format=json`).set('Cookie', cookie);
    expect(json.body.pageType).toBe(201);

    const other = await subscribe();
    expect((await request(t.server).get(path)).status).toBe(404);
    expect((await request(t.server).get(path).set('Cookie', other.cookie)).status).toBe(404);
    expect((await request(t.server).get('/checkout/subscription').set('Cookie', cookie)).status).toBe(404);
    expect((await request(t.server).get('/checkout/subscription?cartToken=nope').set('Cookie', cookie)).status).toBe(404);

    const paid = await checkOut(cookie, { cartToken, ...BUYER });
    const again = await request(t.server).get(path).set('Cookie', cookie);
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe(paid.body.orderConfirmedUrl);
    const confirmed = await request(t.server).get(`${paid.body.orderConfirmedUrl}&format=json`);
    expect(confirmed.body.pageType).toBe(206);
    const status = await request(t.server).get(paid.body.orderStatusUrl);
    expect(status.text).toContain('$8.00 every month');
    expect(status.text).toContain('Until you cancel');
  });

  it('says a declined card in words and makes nothing; the cart can then be checked out with another card', async () => {
    const { cartToken, cookie } = await subscribe();
    const declined = await checkOut(cookie, { cartToken, ...BUYER, paymentToken: 'tok_chargeDeclined' });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    expect(await ordersOf(cartToken)).toBe(0);
    const paid = await checkOut(cookie, { cartToken, ...BUYER });
    expect(paid.status).toBe(200);
    expect(await ordersOf(cartToken)).toBe(1);
  });

  it('answers 404 to another visitor holding the token, to a forged cookie and to a token that names nothing', async () => {
    const { cartToken } = await subscribe();
    const other = await subscribe();
    expect((await checkOut(null, { cartToken, ...BUYER })).status).toBe(404);
    const foreign = await checkOut(other.cookie, { cartToken, ...BUYER });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('CART_NOT_FOUND');
    const forged = `ss_subscription=${cartToken}.${'A'.repeat(43)}`;
    expect((await checkOut(forged, { cartToken, ...BUYER })).status).toBe(404);
    expect((await checkOut(other.cookie, { cartToken: 'not-a-token', ...BUYER })).status).toBe(404);
    expect((await checkOut(other.cookie, { ...BUYER })).status).toBe(404);
    expect(await ordersOf(cartToken)).toBe(0);
  });

  it('refuses bad buyer fields with their messages, within limits', async () => {
    const { cartToken, cookie } = await subscribe();
    const email = await checkOut(cookie, { cartToken, email: 'nope', paymentToken: 'tok_visa' });
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({ error: 'INVALID_EMAIL', message: 'Please enter a valid email' });
    const token = await checkOut(cookie, { cartToken, email: 'ada@example.com', paymentToken: 'x'.repeat(201) });
    expect(token.body.error).toBe('PAYMENT_TOKEN_REQUIRED');
    expect((await request(t.server).post(CHECKOUT).set('Cookie', cookie).set('Content-Type', 'application/json').send('[1]')).status).toBe(400);
    expect(await ordersOf(cartToken)).toBe(0);
  });

  it('checks a cart out once: a retry with the same Idempotency-Key answers the same order, any other second checkout is a clear 409', async () => {
    const { cartToken, cookie } = await subscribe();
    const key = '6f1c2a34-9f0e-4b7a-8d2c-0a1b2c3d4e5f';
    const first = await checkOut(cookie, { cartToken, ...BUYER }, key);
    expect(first.status).toBe(200);
    const retry = await checkOut(cookie, { cartToken, ...BUYER }, key);
    expect(retry.status).toBe(200);
    expect(retry.body.order.id).toBe(first.body.order.id);
    const again = await checkOut(cookie, { cartToken, ...BUYER });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'SUBSCRIPTION_CHECKED_OUT', message: 'This subscription has already been checked out.' });
    const reused = await checkOut(cookie, { cartToken, ...BUYER, email: 'bob@example.com' }, key);
    expect(reused.status).toBe(422);
    expect(await ordersOf(cartToken)).toBe(1);
    expect(await paymentsOf('captured', 800)).toBeGreaterThanOrEqual(1);
  });

  it('makes one subscription and one charge of concurrent submits (a double click, two tabs)', async () => {
    const { cartToken, cookie } = await subscribe({ ...NOTES, qty: 3 });
    const key = 'a1b2c3d4-0000-4000-8000-000000000001';
    const sameKey = await Promise.all([checkOut(cookie, { cartToken, ...BUYER }, key), checkOut(cookie, { cartToken, ...BUYER }, key)]);
    expect(sameKey.map((r) => r.status)).toEqual([200, 200]);
    expect(sameKey[1]!.body.order.id).toBe(sameKey[0]!.body.order.id);

    const other = await subscribe({ ...NOTES, qty: 4 });
    const tabs = await Promise.all([1, 2, 3].map(() => checkOut(other.cookie, { cartToken: other.cartToken, ...BUYER })));
    expect(tabs.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await ordersOf(cartToken)).toBe(1);
    expect(await ordersOf(other.cartToken)).toBe(1);
    // 4 × $8.00, captured once.
    expect(await paymentsOf('captured', 3200)).toBe(1);
  });
});
