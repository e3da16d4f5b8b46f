import { cartStreamId } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { derivedUuid } from '../infrastructure/derived-ids';
import { WebsiteDirectory } from '../catalog';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

/**
 * Issue 10, findings 11 (cart fixation), 5 (shared retry ids) and 12 (per-client rate limit): each
 * test plays the attack over HTTP against the whole app.
 */
const ADD = '/api/commerce/shopping-cart/entries';
const CART = '/api/commerce/shopping-cart';
const CHECKOUT = '/api/commerce/checkout';
const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
const BUYER = { email: 'victim@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS };
const MUG = { itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 };
const BOOK = { itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 };

/** The cart id a cart cookie names (the part before the MAC). */
const cartIdOfToken = (token: string) => token.split('.')[0]!;
const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const cartCookie = (res: request.Response) => setCookies(res).map((c) => c.split(';')[0]!).find((c) => c.startsWith('ss_cart=') && c !== 'ss_cart=');
const clearsCartCookie = (res: request.Response) => setCookies(res).some((c) => /^ss_cart=;/.test(c));

async function withEnv<T>(env: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await run();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

describeOnHttpDriver('cart and order access', (driver) => {
  let t: TestApp;
  let admin: { cookie: string; xsrf: string };
  const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: string }>(sql, params)).rows[0].n);
  const eventCount = () => count('SELECT count(*)::text AS n FROM events');
  const store = () => t.app.get<EventStore>(EVENT_STORE);

  beforeAll(async () => {
    t = await withEnv({ CLIENT_RATE_LIMIT_BURST: '0' }, () => startTestApp(driver));
    const res = await request(t.server).post('/api/config/session').send(ADMIN);
    admin = { cookie: setCookies(res).find((c) => c.startsWith('owner_session='))!.split(';')[0]!, xsrf: res.body.xsrfToken };
  });
  afterAll(async () => {
    await t?.close();
  });

  type CartAnswer = { shoppingCart: { id: string; entries: { id: string; quantity: number }[] } };
  async function newCart(...adds: object[]): Promise<{ cookie: string; cartId: string; body: CartAnswer }> {
    let cookie: string | undefined;
    let body: CartAnswer | undefined;
    for (const add of adds) {
      const req = request(t.server).post(ADD);
      const res = await (cookie ? req.set('Cookie', cookie) : req).send(add);
      expect(res.status).toBe(200);
      cookie ??= cartCookie(res);
      body = res.body;
    }
    return { cookie: cookie!, cartId: body!.shoppingCart.id, body: body! };
  }

  describe('finding 11: cart fixation', () => {
    it('the cart cookie is a token only this server makes: a cart id alone, or with a forged MAC, reads and writes nothing', async () => {
      const victim = await newCart(MUG);
      expect(victim.cookie).toMatch(/^ss_cart=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
      expect(cartIdOfToken(victim.cookie.slice('ss_cart='.length))).toBe(victim.cartId);
      const attacker = await newCart(BOOK);
      const attackerMac = attacker.cookie.split('.')[1];
      for (const planted of [`ss_cart=${victim.cartId}`, `ss_cart=${victim.cartId}.${attackerMac}`, `ss_cart=${victim.cartId}.${'A'.repeat(43)}`]) {
        // A forged token reads a fresh empty cart of its own, never the victim's.
        const read = await request(t.server).get(CART).set('Cookie', planted);
        expect(read.status).toBe(200);
        expect(read.body).toMatchObject({ entries: [], totalQuantity: 0 });
        expect(read.body.id).not.toBe(victim.cartId);
        expect(setCookies(read).some((c) => c.startsWith(`ss_cart=${read.body.id}.`))).toBe(true);
        const before = await eventCount();
        const write = await request(t.server).post(ADD).set('Cookie', planted).send(BOOK);
        expect(write.status).toBe(401);
        const checkout = await request(t.server).post(CHECKOUT).set('Cookie', planted).send(BUYER);
        expect(checkout.status).toBe(404);
        expect(await eventCount()).toBe(before);
      }
      // The real token still works.
      expect((await request(t.server).get(CART).set('Cookie', victim.cookie)).body).toMatchObject({ id: victim.cartId, totalQuantity: 1 });
    });

    it('checkout replaces the cookie; the purchased cart token reads nothing, not even its order; only a retry of that checkout gets it', async () => {
      const victim = await newCart(MUG);
      const planted = victim.cookie; // the attacker fixed this token in the victim's browser and kept a copy
      const key = randomUUID();
      const version = await store().streamVersion(cartStreamId(victim.cartId));
      const bought = await request(t.server).post(CHECKOUT).set('Cookie', victim.cookie).set('Idempotency-Key', key).send(BUYER);
      expect(bought.status).toBe(200);
      expect(clearsCartCookie(bought)).toBe(true);
      const { order, orderToken, orderStatusUrl } = bought.body;
      // The order id cannot be computed from the cart id (it used to be derivedUuid(cartId, order@version)).
      expect(order.id).not.toBe(derivedUuid(victim.cartId, `order@${version}`));
      expect(order).not.toHaveProperty('purchasedCartId');
      expect(orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(orderStatusUrl).toBe(`/commerce/orders/${order.id}?token=${orderToken}`);

      // The attacker's copy of the token: no cart, no order, no email, whatever it sends.
      const read = await request(t.server).get(CART).set('Cookie', planted);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ entries: [], totalQuantity: 0 });
      expect(read.body.id).not.toBe(victim.cartId);
      for (const attempt of [
        request(t.server).post(CHECKOUT).set('Cookie', planted).send(BUYER),
        request(t.server).post(CHECKOUT).set('Cookie', planted).set('Idempotency-Key', randomUUID()).send(BUYER),
      ]) {
        const res = await attempt;
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('victim@example.com');
      }
      // The buyer's retry of the same checkout (its answer was lost) still finds its order.
      const retry = await request(t.server).post(CHECKOUT).set('Cookie', victim.cookie).set('Idempotency-Key', key).send(BUYER);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(bought.body);
      // The same key with another body is not that checkout.
      const other = await request(t.server).post(CHECKOUT).set('Cookie', victim.cookie).set('Idempotency-Key', key).send({ ...BUYER, email: 'attacker@example.com' });
      expect(other.status).toBe(422);
      expect(other.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('the public order read needs the order token; store managers read orders in full without it', async () => {
      const buyer = await newCart(MUG);
      const bought = await request(t.server).post(CHECKOUT).set('Cookie', buyer.cookie).send(BUYER);
      const { order, orderToken } = bought.body;
      const path = `/api/commerce/orders/${order.id}`;
      for (const query of ['', '?token=', `?token=${'A'.repeat(43)}`, `?token=${orderToken}x`]) {
        const res = await request(t.server).get(path + query);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'ORDER_NOT_FOUND', message: 'There is no order with this id.' });
      }
      // Another order's token opens only that order.
      const other = await request(t.server).post(CHECKOUT).set('Cookie', (await newCart(MUG)).cookie).send(BUYER);
      expect((await request(t.server).get(`${path}?token=${other.body.orderToken}`)).status).toBe(404);

      const mine = await request(t.server).get(`${path}?token=${orderToken}`);
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual(order);
      expect(mine.body).not.toHaveProperty('purchasedCartId');
      const owner = await request(t.server).get(path).set('Cookie', admin.cookie);
      expect(owner.status).toBe(200);
      expect(owner.body).toMatchObject({ id: order.id, purchasedCartId: buyer.cartId, customerEmail: 'victim@example.com' });
    });
  });

  describe('finding 5: idempotency keys are scoped to their sender and request', () => {
    it("visitor B sending visitor A's key gets its own cart, not A's", async () => {
      const key = randomUUID();
      const a = await request(t.server).post(ADD).set('Idempotency-Key', key).send(MUG);
      expect(a.status).toBe(200);
      const b = await request(t.server).post(ADD).set('Idempotency-Key', key).send(MUG);
      expect(b.status).toBe(200);
      expect(b.body.shoppingCart.id).not.toBe(a.body.shoppingCart.id);
      expect(cartIdOfToken(cartCookie(b)!.slice('ss_cart='.length))).toBe(b.body.shoppingCart.id);
      // And with a cart of its own, C sending A's key adds to C's cart.
      const c = await newCart(BOOK);
      const again = await request(t.server).post(ADD).set('Cookie', c.cookie).set('Idempotency-Key', key).send(MUG);
      expect(again.status).toBe(200);
      expect(again.body.shoppingCart).toMatchObject({ id: c.cartId, totalQuantity: 2 });
      expect((await request(t.server).get(CART).set('Cookie', cartCookie(a)!)).body).toMatchObject({ totalQuantity: 1 });
    });

    it('a quantity change sent with the key of an earlier add is applied, not answered with the old cart', async () => {
      const key = randomUUID();
      const added = await request(t.server).post(ADD).set('Idempotency-Key', key).send(MUG);
      const cookie = cartCookie(added)!;
      const entryId = added.body.newlyAdded.id;
      const change = await request(t.server).put(`${ADD}/${entryId}/quantity`).set('Cookie', cookie).set('Idempotency-Key', key).send({ quantity: 3 });
      expect(change.status).toBe(200);
      expect(change.body.shoppingCart).toMatchObject({ totalQuantity: 3 });
      expect((await request(t.server).get(CART).set('Cookie', cookie)).body).toMatchObject({ totalQuantity: 3 });
    });

    it('the same key with another body is refused with 422 and changes nothing; with the same body it replays', async () => {
      const key = randomUUID();
      const first = await request(t.server).post(ADD).set('Idempotency-Key', key).send(MUG);
      const cookie = cartCookie(first)!;
      const before = await eventCount();
      const reused = await request(t.server).post(ADD).set('Cookie', cookie).set('Idempotency-Key', key).send({ ...MUG, quantity: 5 });
      expect(reused.status).toBe(422);
      expect(reused.body).toEqual({
        error: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
      });
      const replay = await request(t.server).post(ADD).set('Cookie', cookie).set('Idempotency-Key', key).send(MUG);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(await eventCount()).toBe(before);
    });

    it('an owner command with a reused key and another body answers 422 instead of 200 doing nothing', async () => {
      const products = `/api/content-service/product/1.1/websites/${(await t.app.get(WebsiteDirectory).current()).websiteId}/products`;
      const create = (title: string, sku: string, key: string) =>
        request(t.server).post(products).set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf).set('Idempotency-Key', key)
          .send({ title, productType: 'PHYSICAL', variants: [{ sku, priceCents: 900, qtyInStock: 1 }] });
      const key = randomUUID();
      const first = await create('Key Cup', 'KEY-1', key);
      expect(first.status).toBe(201);
      const before = await eventCount();
      const second = await create('Another Cup', 'KEY-2', key);
      expect(second.status).toBe(422);
      expect(second.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await eventCount()).toBe(before);
      const retry = await create('Key Cup', 'KEY-1', key);
      expect(retry.status).toBe(first.status);
      expect(retry.body.record.id).toBe(first.body.record.id);
    });
  });

  describe('finding 12: carts only when something is added', () => {
    it('a refused first add creates no cart stream and sets no cookie', async () => {
      const carts = () => count(`SELECT count(*)::text AS n FROM streams WHERE stream_type = 'cart'`);
      const before = await carts();
      for (const body of [{ itemId: 'nope', sku: 'X', quantity: 1 }, { ...MUG, quantity: 0 }, { ...MUG, quantity: 'one' }]) {
        const res = await request(t.server).post(ADD).send(body);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(cartCookie(res)).toBeUndefined();
      }
      expect(await carts()).toBe(before);
    });
  });
});

describeOnHttpDriver('per-client rate limit on cart writes and checkout', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await withEnv({ CLIENT_RATE_LIMIT_BURST: '5', CLIENT_RATE_LIMIT_PER_SECOND: '0.01', CART_RATE_LIMIT_BURST: '40' }, () => startTestApp(driver));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cookieless adds (each would start a cart) and checkouts share one bucket per client address: 429 with Retry-After', async () => {
    const carts = () => t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM streams WHERE stream_type = 'cart'`).then((r) => Number(r.rows[0]!.n));
    const before = await carts();
    const statuses: number[] = [];
    let limited: request.Response | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await request(t.server).post(ADD).send(MUG);
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(await carts()).toBe(before + 5);
    expect(limited!.body).toEqual({ error: 'RATE_LIMITED', message: 'Please try again in a few seconds.' });
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(cartCookie(limited!)).toBeUndefined();
    // A fresh (forged) cart id does not escape it, and checkout is limited too.
    expect((await request(t.server).post(ADD).set('Cookie', `ss_cart=${randomUUID()}`).send(MUG)).status).toBe(429);
    const checkout = await request(t.server).post(CHECKOUT).send(BUYER);
    expect(checkout.status).toBe(429);
    expect(checkout.headers['retry-after']).toBeDefined();
  });
});
