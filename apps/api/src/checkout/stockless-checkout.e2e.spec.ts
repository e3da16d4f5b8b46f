import { inventoryStreamId } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { ADD_TO_CART, cartCookie, ownerProductsPath, signIn, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

const CHECKOUT = '/api/commerce/checkout';
const BUYER = { email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS };

/**
 * Issue 10, finding 9: only physical goods and services carry stock. A cart with one product of
 * each of the five types checks out as one order; only the stocked lines are reserved.
 */
describeOnHttpDriver('checking out one product of each type', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;
  let products: string;

  const as = (who: OwnerSession, method: 'get' | 'post', path: string) =>
    request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  const store = () => t.app.get<EventStore>(EVENT_STORE);
  const inventory = (productId: string, sku: string) => store().readStream(inventoryStreamId(productId, sku));
  const stockOf = async (productId: string, sku: string) => {
    const events = await inventory(productId, sku);
    return events.length === 0 ? 0 : (events[events.length - 1]!.data as { qtyInStock: number }).qtyInStock;
  };
  const reservations = async (productId: string, sku: string) => (await inventory(productId, sku)).filter((e) => e.type === 'StockReserved').length;
  const orderEvents = async () =>
    Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM events WHERE event_type = 'OrderPlaced'`)).rows[0].n);

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await signIn(t.server);
    products = await ownerProductsPath(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('buys a physical good, a digital good, a service, the $25 gift card and a paywall in one order; only physical and service stock goes down', async () => {
    // The demo paywall is a subscription (it goes to the subscription checkout), so the store
    // adds a one-off paywall product, created the way owners create products: no stock given.
    const created = await as(admin, 'post', products).send({ title: 'Kiln Log Archive', productType: 'PAYWALL', variants: [{ sku: 'KILN-ARCHIVE', priceCents: 1500 }] });
    expect(created.status).toBe(201);
    const paywallId: string = created.body.record.id;
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();

    const lines: { type: string; itemId: string; sku: string; stocked: boolean }[] = [
      { type: 'PHYSICAL', itemId: 'p-stoneware-mug', sku: 'MUG-SAND', stocked: true },
      { type: 'DIGITAL', itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', stocked: false },
      { type: 'SERVICE', itemId: 'p-throwing-class', sku: 'CLASS-SAT', stocked: true },
      { type: 'GIFT_CARD', itemId: 'p-studio-gift-card', sku: 'GIFT-25', stocked: false },
      { type: 'PAYWALL', itemId: paywallId, sku: 'KILN-ARCHIVE', stocked: false },
    ];
    const before = await Promise.all(lines.map(async (l) => ({ stock: await stockOf(l.itemId, l.sku), reserved: await reservations(l.itemId, l.sku) })));
    expect(before.map((b) => b.stock)).toEqual([40, 0, 6, 0, 0]);

    // A gift card needs its denomination (SPEC 5); GIFT-25 is the $25 one.
    const noDenomination = await request(t.server).post(ADD_TO_CART).send({ itemId: 'p-studio-gift-card', quantity: 1 });
    expect(noDenomination.status).toBe(400);
    expect(noDenomination.body).toMatchObject({ error: 'GIFT_CARD_DENOMINATION_REQUIRED', message: 'Select a denomination for the Gift Card' });

    let cookie: string | undefined;
    for (const { itemId, sku } of lines) {
      const req = request(t.server).post(ADD_TO_CART);
      // The demo class asks its sign-up form's answers first (the extra-fields lightbox, issue 14).
      const additionalFields = itemId === 'p-throwing-class'
        ? { student: { first: 'Ana', last: 'Lima' }, email: 'ana@example.com', experience: 'First time', safety: ['I will wear closed shoes and clothes that can get muddy'] }
        : undefined;
      const res = await (cookie ? req.set('Cookie', cookie) : req).send({ itemId, sku, quantity: 1, ...(additionalFields ? { additionalFields } : {}) });
      expect({ sku, status: res.status }).toEqual({ sku, status: 200 });
      cookie ??= cartCookie(res);
    }
    const cart = await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cookie!);
    expect(cart.body.entries.map((e: { productType: string }) => e.productType)).toEqual(lines.map((l) => l.type));

    const placedBefore = await orderEvents();
    const res = await request(t.server).post(CHECKOUT).set('Cookie', cookie!).send(BUYER);
    expect({ status: res.status, body: res.status === 200 ? {} : res.body }).toEqual({ status: 200, body: {} });
    const { order } = res.body;
    expect(order.items).toEqual([
      expect.objectContaining({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1, unitPrice: expect.objectContaining({ value: '2800' }) }),
      expect.objectContaining({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1, unitPrice: expect.objectContaining({ value: '1200' }) }),
      expect.objectContaining({ itemId: 'p-throwing-class', sku: 'CLASS-SAT', quantity: 1, unitPrice: expect.objectContaining({ value: '9500' }) }),
      expect.objectContaining({
        itemId: 'p-studio-gift-card', sku: 'GIFT-25', productName: 'Clay & Co. Gift Card', quantity: 1, attributes: { Amount: '$25' },
        unitPrice: { value: '2500', currency: 'USD', decimalValue: '25.00' },
      }),
      expect.objectContaining({ itemId: paywallId, sku: 'KILN-ARCHIVE', quantity: 1, unitPrice: expect.objectContaining({ value: '1500' }) }),
    ]);
    expect(order).toMatchObject({ testMode: true, fulfillmentStatus: 'PENDING', grandTotal: { value: '17500', decimalValue: '175.00' } });
    expect(await orderEvents()).toBe(placedBefore + 1);
    expect((await request(t.server).get(`/api/commerce/orders/${order.id}?token=${res.body.orderToken}`)).body).toEqual(order);

    // Stock went down by one for the physical good and the service only; nothing was reserved
    // (not even an event on its inventory stream) for the three types that carry no stock.
    const after = await Promise.all(lines.map(async (l) => ({ stock: await stockOf(l.itemId, l.sku), reserved: await reservations(l.itemId, l.sku) })));
    expect(after).toEqual(lines.map((l, i) => ({ stock: before[i]!.stock - (l.stocked ? 1 : 0), reserved: before[i]!.reserved + (l.stocked ? 1 : 0) })));

    // Cancelling gives back exactly what was taken.
    const cancelled = await as(admin, 'post', `/api/commerce/orders/${order.id}/cancellation`).send({ reason: 'Changed my mind' });
    expect(cancelled.body).toMatchObject({ id: order.id, fulfillmentStatus: 'CANCELED' });
    expect(await Promise.all(lines.map((l) => stockOf(l.itemId, l.sku)))).toEqual(before.map((b) => b.stock));
  });
});
