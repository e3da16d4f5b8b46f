import { subscriptionCartDecider, subscriptionCartStreamId, subscriptionCartView, type SubscriptionCartEvent } from '@storefront/domain';
import { foldEvents, type EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { addCartTestProducts } from '../../test/cart-test-products';

const SUBSCRIBE = '/api/3/commerce/cart/subscription';
const STOCK = '/api/commerce/inventory/stock/';

describeOnHttpDriver('subscription cart and inventory check over HTTP', (driver) => {
  let t: TestApp;
  let store: EventStore;
  beforeAll(async () => {
    t = await startTestApp(driver);
    await addCartTestProducts(t.app);
    store = t.app.get(EVENT_STORE);
  });
  afterAll(async () => {
    await t.close();
  });

  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0].n);
  const subscriptionCart = async (cartToken: string) =>
    subscriptionCartView(foldEvents<ReturnType<typeof subscriptionCartDecider.initialState>, SubscriptionCartEvent>(
      subscriptionCartDecider, subscriptionCartDecider.initialState(), await store.readStream(subscriptionCartStreamId(cartToken)),
    ));

  it('creates a subscription cart with its own token and stream, holding exactly the one item', async () => {
    const body = { itemId: 't-coffee-club', sku: 'BEANS-DARK', qty: 2, additionalFields: { grind: 'fine' }, subscriptionOptionId: 'monthly' };
    const res = await request(t.server).post(SUBSCRIBE).send(body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['cartToken']);
    expect(res.body.cartToken).toMatch(/^[0-9a-f-]{36}$/);
    // The visitor's own cart is untouched; the subscription cart cookie ties the token to this browser.
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['ss_subscription']);
    expect(cookies[0]).toContain(`ss_subscription=${res.body.cartToken}.`);
    expect(cookies[0]).toMatch(/HttpOnly/i);
    const cart = (await subscriptionCart(res.body.cartToken))!;
    expect(cart).toMatchObject({
      cartToken: res.body.cartToken, subscriptionOptionId: 'monthly', totalQuantity: 2, subtotalCents: 3600,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    });
    expect(cart.entries).toEqual([expect.objectContaining({ itemId: 't-coffee-club', chosenVariant: { sku: 'BEANS-DARK', attributes: { Roast: 'Dark' } } })]);
    const second = await request(t.server).post(SUBSCRIBE).send(body);
    expect(second.body.cartToken).not.toBe(res.body.cartToken);
  });

  it('returns the same token for a retried request with the same Idempotency-Key', async () => {
    const key = '4b6a3a8e-2f61-4a43-9d1e-7a1f0c2b9e55';
    const body = { itemId: 't-coffee-club', sku: 'BEANS-DARK', qty: 1 };
    const first = await request(t.server).post(SUBSCRIBE).set('Idempotency-Key', key).send(body);
    const before = await eventCount();
    const retry = await request(t.server).post(SUBSCRIBE).set('Idempotency-Key', key).send(body);
    expect(retry.body).toEqual(first.body);
    expect(await eventCount()).toBe(before);
  });

  it.each<[string, object, number, string, string]>([
    ['a product that is not subscribable', { itemId: 'p-stoneware-mug', sku: 'MUG-SAND', qty: 1 }, 400, 'NOT_SUBSCRIBABLE', 'This product is not available as a subscription.'],
    ['an unknown item', { itemId: 'nope', sku: 'X', qty: 1 }, 404, 'VARIANT_UNAVAILABLE', 'Sorry, that item variant is unavailable. Please select another variant.'],
    ['no sku for a product with options', { itemId: 't-coffee-club', qty: 1 }, 400, 'OPTIONS_NOT_CHOSEN', 'Please select the Roast option.'],
    ['a quantity that is not a number', { itemId: 't-coffee-club', sku: 'BEANS-DARK', qty: 'one' }, 400, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    ['more than the stock', { itemId: 't-coffee-club', sku: 'BEANS-LIGHT', qty: 2 }, 409, 'INSUFFICIENT_STOCK', 'Sorry, we do not have enough of that item available.'],
    ['a subscription option id that is not text', { itemId: 't-coffee-club', sku: 'BEANS-DARK', qty: 1, subscriptionOptionId: 5 }, 400, 'INVALID_REQUEST', 'subscriptionOptionId must be a short text.'],
  ])('refuses %s, appending nothing', async (_, body, status, error, message) => {
    const before = await eventCount();
    const res = await request(t.server).post(SUBSCRIBE).send(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error, message });
    expect(await eventCount()).toBe(before);
  });

  it('answers the stock of every variant of an item (SPEC 7 inventory check)', async () => {
    const mug = await request(t.server).get(STOCK).query({ itemId: 'p-stoneware-mug' });
    expect(mug.status).toBe(200);
    expect(mug.body).toEqual({
      results: [
        { sku: 'MUG-SAND', qtyInStock: 40, unlimited: false },
        { sku: 'MUG-MOSS', qtyInStock: 3, unlimited: false },
      ],
    });
    const book = await request(t.server).get('/api/commerce/inventory/stock').query({ itemId: 'p-glaze-recipes' });
    expect(book.body.results).toEqual([expect.objectContaining({ sku: 'BOOK-PDF', unlimited: true })]);
    const giftCard = await request(t.server).get(STOCK).query({ itemId: 't-gift-card' });
    expect(giftCard.body.results.every((r: { unlimited: boolean }) => r.unlimited)).toBe(true);
    const soldOut = await request(t.server).get(STOCK).query({ itemId: 'p-serving-bowl' });
    expect(soldOut.body).toEqual({ results: [{ sku: 'BOWL-L', qtyInStock: 0, unlimited: false }] });
    for (const itemId of ['no-such-item', 't-disabled', 't-deleted']) {
      expect((await request(t.server).get(STOCK).query({ itemId })).body).toEqual({ results: [] });
    }
    const missing = await request(t.server).get(STOCK);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'INVALID_REQUEST', message: 'itemId is required.' });
  });
});
