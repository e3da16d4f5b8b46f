import { inventoryStreamId } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ADD_TO_CART, cartCookie, createStockedProduct, signIn, variantStock, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

const CHECKOUT = '/api/commerce/checkout';
const BUYER = { email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS };

describeOnHttpDriver('checkout and orders over HTTP', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;

  const as = (who: OwnerSession, method: 'get' | 'post' | 'put', path: string) =>
    request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: string }>(sql, params)).rows[0].n);
  const eventCount = () => count('SELECT count(*)::text AS n FROM events');
  const orderEvents = () => count(`SELECT count(*)::text AS n FROM events WHERE event_type = 'OrderPlaced'`);
  const runner = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER);

  /** A new visitor's cart holding `lines` (each [itemId, sku, quantity]); returns its cookie. */
  async function cartWith(...lines: [string, string, number][]): Promise<string> {
    let cookie: string | undefined;
    for (const [itemId, sku, quantity] of lines) {
      const req = request(t.server).post(ADD_TO_CART);
      const res = await (cookie ? req.set('Cookie', cookie) : req).send({ itemId, sku, quantity });
      expect(res.status).toBe(200);
      cookie ??= cartCookie(res);
    }
    return cookie!;
  }
  const checkOut = (cookie: string, body: object = BUYER) => request(t.server).post(CHECKOUT).set('Cookie', cookie).send(body);

  /** A product of the test store with one variant and the given stock; returns its id. */
  const productWithStock = (title: string, sku: string, qtyInStock: number, priceCents = 1500) => createStockedProduct(t, admin, title, sku, qtyInStock, priceCents);
  const stockOf = (productId: string, sku: string) => variantStock(t, productId, sku);

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await signIn(t.server);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('turns the cart into a test-mode order in the SPEC Order shape and closes the cart', async () => {
    const before = await stockOf('p-stoneware-mug', 'MUG-SAND');
    const cookie = await cartWith(['p-stoneware-mug', 'MUG-SAND', 2], ['p-linen-apron', 'APRON-RUST-S', 1]);
    const res = await checkOut(cookie);
    expect(res.status).toBe(200);
    const { order } = res.body;
    expect(order).toMatchObject({
      testMode: true,
      fulfillmentStatus: 'PENDING',
      customerEmail: 'ada@example.com',
      shippingAddress: TEST_SHIPPING_ADDRESS,
      items: [
        { sku: 'MUG-SAND', productName: 'Stoneware Mug', quantity: 2, unitPrice: { value: '2800', currency: 'USD', decimalValue: '28.00' } },
        { sku: 'APRON-RUST-S', quantity: 1, unitPrice: { value: '3600', currency: 'USD' } },
      ],
      grandTotal: { value: '9200', decimalValue: '92.00' },
      shippingTotal: { value: '0' },
      taxTotal: { value: '0' },
      payment: { provider: 'test' },
    });
    // The buyer's view leaves out the cart id; the status link carries the order's access token.
    expect(order).not.toHaveProperty('purchasedCartId');
    expect(res.body.orderStatusUrl).toBe(`/commerce/orders/${order.id}?token=${res.body.orderToken}`);
    expect(await stockOf('p-stoneware-mug', 'MUG-SAND')).toBe(before - 2);

    // The cart is gone (its cookie reads a fresh empty cart); the order reads back, first from its stream, then from the projection.
    const after = await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cookie);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ entries: [], totalQuantity: 0, isPurchased: false });
    const statusUrl = `/api${res.body.orderStatusUrl}`;
    expect((await request(t.server).get(statusUrl)).body).toEqual(order);
    await runner().catchUp();
    expect((await request(t.server).get(statusUrl)).body).toEqual(order);
    const { rows } = await t.db.query<{ status: string; grand_total_cents: string }>('SELECT status, grand_total_cents::text FROM orders WHERE order_id = $1', [order.id]);
    expect(rows).toEqual([{ status: 'PENDING', grand_total_cents: '9200' }]);
  });

  it('completing the same checkout twice (same Idempotency-Key), in turn or at once, returns the same order', async () => {
    const cookie = await cartWith(['p-stoneware-mug', 'MUG-MOSS', 1]);
    const placedBefore = await orderEvents();
    const key = randomUUID();
    const retry = () => checkOut(cookie).set('Idempotency-Key', key);
    const [a, b] = await Promise.all([retry(), retry()]);
    const c = await retry();
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.order.id, b.body.order.id, c.body.order.id]).size).toBe(1);
    expect(a.body.order).toEqual(c.body.order);
    expect(await orderEvents()).toBe(placedBefore + 1);
    // Another submit of the purchased cart (not a retry of that checkout) finds no cart.
    expect((await checkOut(cookie)).status).toBe(404);
  });

  it.each([
    ['no email', { paymentToken: 'tok_visa' }, 400, 'INVALID_EMAIL', 'Please enter a valid email'],
    ['a bad email', { email: 'ada@', paymentToken: 'tok_visa' }, 400, 'INVALID_EMAIL', 'Please enter a valid email'],
    ['no shipping address', { email: 'ada@example.com', paymentToken: 'tok_visa' }, 400, 'SHIPPING_ADDRESS_INVALID', 'Please check your shipping address.'],
    [
      'a bad postal code', { email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: { ...TEST_SHIPPING_ADDRESS, postalCode: '1234' } },
      400, 'SHIPPING_ADDRESS_INVALID', 'Please check your shipping address.',
    ],
    ['no payment token', { email: 'ada@example.com', shippingAddress: TEST_SHIPPING_ADDRESS }, 400, 'PAYMENT_TOKEN_REQUIRED', 'Please enter your payment details.'],
    ['a declined card', { email: 'ada@example.com', paymentToken: 'tok_chargeDeclined', shippingAddress: TEST_SHIPPING_ADDRESS }, 402, 'PAYMENT_DECLINED', 'Your card was declined.'],
    [
      'a cart that is not what the page showed', { ...BUYER, expectedEntries: { 'not-an-entry': 2 } },
      409, 'CART_CHANGED', 'Your cart changed during checkout. Please review it and try again.',
    ],
  ])('refuses %s, keeping the cart and the stock', async (_, body, status, error, message) => {
    const productId = await productWithStock(`Refusal ${error}`, `R-${error}`, 3);
    const cookie = await cartWith([productId, `R-${error}`, 2]);
    const orders = await orderEvents();
    const res = await checkOut(cookie, body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error, message });
    expect(await orderEvents()).toBe(orders);
    expect(await stockOf(productId, `R-${error}`)).toBe(3);
    const cart = await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cookie);
    expect(cart.body).toMatchObject({ isPurchased: false, totalQuantity: 2 });
    // The buyer fixes the problem and the same cart checks out.
    expect((await checkOut(cookie)).status).toBe(200);
    expect(await stockOf(productId, `R-${error}`)).toBe(1);
  });

  it('checks out a cart with nothing to ship without an address, and records none', async () => {
    const cookie = await cartWith(['p-glaze-recipes', 'BOOK-PDF', 1]);
    const res = await checkOut(cookie, { email: 'ada@example.com', paymentToken: 'tok_visa' });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ shippingAddress: null, items: [{ sku: 'BOOK-PDF' }] });
  });

  it('refuses a request without a cart, and a body that is not an object', async () => {
    expect((await request(t.server).post(CHECKOUT).send(BUYER)).body).toMatchObject({ error: 'CART_NOT_FOUND', message: 'You have nothing in your shopping cart.' });
    const cookie = await cartWith(['p-stoneware-mug', 'MUG-SAND', 1]);
    const res = await request(t.server).post(CHECKOUT).set('Cookie', cookie).set('Content-Type', 'application/json').send('[1]');
    expect(res.status).toBe(400);
  });

  it('a visitor cannot buy stock another bought first; nothing is left half-done', async () => {
    const productId = await productWithStock('Last Vase', 'VASE-1', 1, 12000);
    const first = await cartWith([productId, 'VASE-1', 1]);
    const second = await cartWith([productId, 'VASE-1', 1]);
    expect((await checkOut(first)).status).toBe(200);
    const events = await eventCount();
    const res = await checkOut(second);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.' });
    expect(await eventCount()).toBe(events);
    expect(await stockOf(productId, 'VASE-1')).toBe(0);
  });

  it('releases what a multi-line checkout reserved when a later line runs out', async () => {
    const plenty = await productWithStock('Plenty Plate', 'PLATE', 10);
    const scarce = await productWithStock('Scarce Spoon', 'SPOON', 1);
    const hog = await cartWith([scarce, 'SPOON', 1]);
    const cookie = await cartWith([plenty, 'PLATE', 3], [scarce, 'SPOON', 1]);
    expect((await checkOut(hog)).status).toBe(200);
    expect((await checkOut(cookie)).status).toBe(409);
    expect(await stockOf(plenty, 'PLATE')).toBe(10);
  });

  it('50 concurrent checkouts of the last 5 units give exactly 5 orders and never go below zero', async () => {
    const productId = await productWithStock('Rare Teapot', 'TEAPOT', 5, 8000);
    const carts = [];
    for (let i = 0; i < 50; i++) carts.push(await cartWith([productId, 'TEAPOT', 1]));
    const placed = await orderEvents();
    const results = await Promise.all(carts.map((cookie, i) => checkOut(cookie, { email: `buyer${i}@example.com`, paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === 'INSUFFICIENT_STOCK')).toBe(true);
    expect(await orderEvents()).toBe(placed + 5);
    const stream = await t.app.get<EventStore>(EVENT_STORE).readStream(inventoryStreamId(productId, 'TEAPOT'));
    expect(stream.every((e) => (e.data as { qtyInStock: number }).qtyInStock >= 0)).toBe(true);
    expect(stream.filter((e) => e.type === 'StockReserved')).toHaveLength(5);
    expect(await stockOf(productId, 'TEAPOT')).toBe(0);
    await runner().catchUp();
    const product = await request(t.server).get(`/api/commerce/products/${productId}`);
    expect(product.body.structuredContent.variants[0].qtyInStock).toBe(0);
  });

  it('lets store managers list, fulfil and cancel orders; cancelling gives the stock back', async () => {
    const productId = await productWithStock('Owner Jug', 'JUG', 4);
    const one = (await checkOut(await cartWith([productId, 'JUG', 1]))).body.order;
    const two = (await checkOut(await cartWith([productId, 'JUG', 2]))).body.order;
    expect(await stockOf(productId, 'JUG')).toBe(1);

    expect((await request(t.server).get('/api/commerce/orders')).status).toBe(401);
    expect((await request(t.server).post(`/api/commerce/orders/${one.id}/fulfilment`)).status).toBe(401);

    const fulfilled = await as(admin, 'post', `/api/commerce/orders/${one.id}/fulfilment`);
    expect(fulfilled.body).toMatchObject({ id: one.id, fulfillmentStatus: 'FULFILLED' });
    const cancelled = await as(admin, 'post', `/api/commerce/orders/${two.id}/cancellation`).send({ reason: 'Customer asked' });
    expect(cancelled.body).toMatchObject({ id: two.id, fulfillmentStatus: 'CANCELED' });
    expect(await stockOf(productId, 'JUG')).toBe(3);
    // Repeating either changes nothing; the other way round is refused.
    expect((await as(admin, 'post', `/api/commerce/orders/${two.id}/cancellation`).send({})).status).toBe(200);
    expect(await stockOf(productId, 'JUG')).toBe(3);
    const refused = await as(admin, 'post', `/api/commerce/orders/${one.id}/cancellation`).send({});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'ORDER_ALREADY_FULFILLED' });
    expect((await as(admin, 'post', `/api/commerce/orders/${two.id}/fulfilment`)).body).toMatchObject({ error: 'ORDER_CANCELLED' });
    expect((await request(t.server).get('/api/commerce/orders/not-an-order')).status).toBe(404);
    expect((await request(t.server).get('/api/commerce/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    await runner().catchUp();
    const list = await as(admin, 'get', '/api/commerce/orders?status=CANCELED');
    expect(list.body.orders.map((o: { id: string }) => o.id)).toContain(two.id);
    expect(list.body.orders.every((o: { fulfillmentStatus: string }) => o.fulfillmentStatus === 'CANCELED')).toBe(true);
    expect((await as(admin, 'get', '/api/commerce/orders?limit=0')).status).toBe(400);
    expect((await as(admin, 'get', '/api/commerce/orders?status=LOST')).status).toBe(400);
  });

  it('rebuilds identical order, cart and product read models from the log', async () => {
    await runner().catchUp();
    const results = await runner().verify();
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.map((r) => r.name)).toEqual(expect.arrayContaining(['orders', 'cart', 'catalog']));
  });
});

describeOnHttpDriver('checkout minimum', (driver) => {
  let t: TestApp;
  const saved = process.env.CHECKOUT_MINIMUM_SUBTOTAL_CENTS;
  beforeAll(async () => {
    process.env.CHECKOUT_MINIMUM_SUBTOTAL_CENTS = '5000';
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.CHECKOUT_MINIMUM_SUBTOTAL_CENTS;
    else process.env.CHECKOUT_MINIMUM_SUBTOTAL_CENTS = saved;
    await t?.close();
  });

  it('refuses a subtotal under the minimum with the SPEC message, then accepts once it is reached', async () => {
    const add = await request(t.server).post(ADD_TO_CART).send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 });
    const cookie = ([] as string[]).concat(add.headers['set-cookie']).find((c) => c.startsWith('ss_cart='))!.split(';')[0];
    const res = await request(t.server).post(CHECKOUT).set('Cookie', cookie).send(BUYER);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'CHECKOUT_MINIMUM_SUBTOTAL', message: 'To check out, your order subtotal must be $50.00 or more.' });
    await request(t.server).post(ADD_TO_CART).set('Cookie', cookie).send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 });
    expect((await request(t.server).post(CHECKOUT).set('Cookie', cookie).send(BUYER)).status).toBe(200);
  });
});
