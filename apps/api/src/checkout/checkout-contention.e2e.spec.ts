import type { INestApplication } from '@nestjs/common';
import { inventoryStreamId } from '@storefront/domain';
import { ConcurrencyError, type EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { Server } from 'node:http';
import request from 'supertest';
import { ADD_TO_CART, cartCookie, createStockedProduct, newCart, signIn, variantStock, type OwnerSession } from '../../test/store-fixtures';
import { startAnotherApp, startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { PAYMENT_PROVIDER } from './payments/payment-provider';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

/**
 * Issue 10, findings 6 and 12: checkout under contention and under a declined-card flood.
 * - A hot item checked out through several app instances at once (each with its own in-process
 *   queues and caches, as separate API processes have) never answers 500; contention that
 *   outlasts every retry answers 409 CHECKOUT_BUSY and holds nothing.
 * - Declined cards never hold stock: payment is authorized before stock is reserved, so anonymous
 *   carts looping `tok_chargeDeclined` over the whole stock never keep a real buyer out.
 */
const CHECKOUT = '/api/commerce/checkout';
const BUSY = 'Many people are checking out right now. Please try again in a few seconds.';

describeOnHttpDriver('checkout under contention', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;

  const as = (method: 'get' | 'post', path: string) => request(t.server)[method](path).set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf);
  const product = (title: string, sku: string, qtyInStock: number) => createStockedProduct(t, admin, title, sku, qtyInStock);
  const checkOut = (server: Server, cookie: string, paymentToken = 'tok_visa', email = 'ada@example.com') =>
    request(server).post(CHECKOUT).set('Cookie', cookie).send({ email, paymentToken, shippingAddress: TEST_SHIPPING_ADDRESS });
  const stockOf = (productId: string, sku: string) => variantStock(t, productId, sku);

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await signIn(t.server);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 409 CHECKOUT_BUSY, never 500, when the stock reservation keeps conflicting; nothing is held and the cart stays open', async () => {
    const productId = await product('Contended Bowl', 'BOWL-HOT', 10);
    const cookie = await newCart(t.server, productId, 'BOWL-HOT', 1);
    const store = t.app.get<EventStore>(EVENT_STORE);
    const appendMany = store.appendMany.bind(store);
    const hot = inventoryStreamId(productId, 'BOWL-HOT');
    let conflicts = 0;
    // Every process but this one keeps winning the race for this variant's stream.
    store.appendMany = async (appends) => {
      if (appends.some((a) => a.streamId === hot && a.events.some((e) => e.type === 'StockReserved'))) {
        conflicts++;
        throw new ConcurrencyError(hot, 0, 0);
      }
      return appendMany(appends);
    };
    let res: request.Response;
    try {
      res = await checkOut(t.server, cookie);
    } finally {
      store.appendMany = appendMany;
    }
    expect(conflicts).toBeGreaterThan(1); // retried before giving up
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'CHECKOUT_BUSY', message: BUSY });
    expect(await stockOf(productId, 'BOWL-HOT')).toBe(10);
    const { rows } = await t.db.query<{ status: string }>(
      `SELECT l.status FROM test_payment_ledger l JOIN events e ON e.stream_id = 'checkout-' || l.payment_key
        WHERE e.event_type = 'CheckoutStarted' AND e.data->>'cartId' = $1`,
      [cookie.slice('ss_cart='.length).split('.')[0]],
    );
    expect(rows).toEqual([{ status: 'voided' }]);
    // Once the crowd thins, the same cart checks out.
    expect((await checkOut(t.server, cookie)).status).toBe(200);
    expect(await stockOf(productId, 'BOWL-HOT')).toBe(9);
  });

  it('many concurrent checkouts of a hot item through four app instances: every one answers 200 or 409, never 500', async () => {
    const apps: INestApplication[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        apps.push(await startAnotherApp(t));
      }
      const servers = [t.server, ...apps.map((a) => a.getHttpServer() as Server)];
      const productId = await product('Hot Teapot', 'TEAPOT-HOT', 60);
      const carts: { server: Server; cookie: string }[] = [];
      for (let i = 0; i < 80; i++) {
        const server = servers[i % servers.length]!;
        carts.push({ server, cookie: await newCart(server, productId, 'TEAPOT-HOT', 1) });
      }
      const results = await Promise.all(carts.map(({ server, cookie }, i) => checkOut(server, cookie, 'tok_visa', `buyer${i}@example.com`)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      for (const r of results.filter((r) => r.status === 409)) expect(['INSUFFICIENT_STOCK', 'CHECKOUT_BUSY']).toContain(r.body.error);
      const sold = statuses.filter((s) => s === 200).length;
      expect(sold).toBeGreaterThanOrEqual(60 - statuses.filter((s) => s === 409).length); // every unit a 409 left unsold stays for sale
      expect(await stockOf(productId, 'TEAPOT-HOT')).toBe(60 - sold);
    } finally {
      for (const a of apps) await a.close();
    }
  });

  it('anonymous carts looping declined checkouts over the whole stock never keep a real buyer out', async () => {
    const STOCK = 8;
    const productId = await product('Scarce Jug', 'JUG-SCARCE', STOCK);
    // Eight anonymous carts, each holding the whole stock, paying with a card that is always declined.
    const attackers = await Promise.all(Array.from({ length: 8 }, () => newCart(t.server, productId, 'JUG-SCARCE', STOCK)));
    // A real card network takes a while to answer; so does this provider here.
    const provider = t.app.get<Record<string, unknown>>(PAYMENT_PROVIDER);
    const original = new Map<string, unknown>();
    for (const method of ['authorize', 'charge']) {
      const call = provider[method];
      if (typeof call !== 'function') continue;
      original.set(method, call);
      provider[method] = async (...args: unknown[]) => {
        await new Promise((r) => setTimeout(r, 50));
        return (call as (...a: unknown[]) => unknown).apply(provider, args);
      };
    }
    let done = false;
    let declined = 0;
    const flood = attackers.map(async (cookie) => {
      while (!done) {
        const res = await checkOut(t.server, cookie, 'tok_chargeDeclined', 'mallory@example.com');
        // Declined, refused outright while a real buyer's unit leaves less than the whole stock, or
        // slowed down by the cart's rate limit (then it waits as told and floods on).
        expect([402, 409, 429]).toContain(res.status);
        if (res.status === 402) declined++;
        if (res.status === 429) await new Promise((r) => setTimeout(r, 1000 * Number(res.headers['retry-after'] ?? 1)));
      }
    });
    const outcomes: number[] = [];
    try {
      for (let round = 0; round < 20; round++) {
        // Adding to the cart checks the stock too: held stock would refuse the buyer there already.
        const add = await request(t.server).post(ADD_TO_CART).send({ itemId: productId, sku: 'JUG-SCARCE', quantity: 1 });
        if (add.status !== 200) {
          outcomes.push(add.status);
          continue;
        }
        const res = await checkOut(t.server, cartCookie(add));
        outcomes.push(res.status);
        // The owner cancels it again (stock back), so every round meets the whole stock.
        if (res.status === 200) expect((await as('post', `/api/commerce/orders/${res.body.order.id}/cancellation`).send({})).status).toBe(200);
      }
    } finally {
      done = true;
      await Promise.all(flood);
      for (const [method, call] of original) provider[method] = call;
    }
    expect(declined).toBeGreaterThan(20);
    expect(outcomes).toEqual(Array(20).fill(200));
    expect(await stockOf(productId, 'JUG-SCARCE')).toBe(STOCK);
  }, 150_000); // 20 rounds against a flood of eight carts with a slowed provider: about 25 s on a quiet machine
});
