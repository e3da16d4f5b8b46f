import { cartStreamId } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { addCartTestProducts } from '../../test/cart-test-products';

const ADD = '/api/commerce/shopping-cart/entries';
const CART = '/api/commerce/shopping-cart';
const quantityOf = (entryId: string) => `${ADD}/${entryId}/quantity`;
const fieldsOf = (entryId: string) => `${ADD}/${entryId}/additionalFields`;
const entryOf = (entryId: string) => `${ADD}/${entryId}`;
const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';

type Entry = { id: string; itemId: string; quantity: number; subTotal: number; additionalFields: unknown };

describeOnHttpDriver('cart entries over HTTP: quantity, removal, additional fields, sessions, replay', (driver) => {
  let t: TestApp;
  let runner: ProjectionRunner;
  let store: EventStore;
  beforeAll(async () => {
    t = await startTestApp(driver);
    await addCartTestProducts(t.app);
    runner = t.app.get(PROJECTION_RUNNER);
    store = t.app.get(EVENT_STORE);
  });
  afterAll(async () => {
    await t.close();
  });

  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0].n);
  const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookieOf = (res: request.Response) => setCookies(res).map((c) => c.split(';')[0]).find((c) => c.startsWith('ss_cart='));
  const clearsCartCookie = (res: request.Response) => setCookies(res).some((c) => /^ss_cart=;/.test(c) && /Expires=Thu, 01 Jan 1970/.test(c));

  /** A new cart holding the given adds; returns its cookie and entries. */
  async function cartWith(...adds: object[]): Promise<{ cookie: string; entries: Entry[] }> {
    let cookie: string | undefined;
    let entries: Entry[] = [];
    for (const add of adds) {
      const req = request(t.server).post(ADD);
      const res = await (cookie ? req.set('Cookie', cookie) : req).send(add);
      expect(res.status).toBe(200);
      cookie ??= cookieOf(res)!;
      entries = res.body.shoppingCart.entries;
    }
    return { cookie: cookie!, entries };
  }

  async function expectUnchanged(send: () => Promise<request.Response>, status: number, body: object): Promise<request.Response> {
    const before = await eventCount();
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject(body);
    expect(await eventCount()).toBe(before);
    return res;
  }

  const mug = (quantity = 1) => ({ itemId: 'p-stoneware-mug', sku: 'MUG-MOSS', quantity });
  const book = (quantity = 1, additionalFields: object | null = null) => ({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity, additionalFields });

  it('changes a quantity and returns the cart computed from the stream, with updatedEntry', async () => {
    const { cookie, entries } = await cartWith(mug(1), book(1));
    const res = await request(t.server).put(quantityOf(entries[0].id)).set('Cookie', cookie).send({ quantity: 3 });
    expect(res.status).toBe(200);
    expect(res.body.updatedEntry).toMatchObject({ id: entries[0].id, quantity: 3, subTotal: 8400 });
    expect(res.body.shoppingCart).toMatchObject({ totalQuantity: 4, subtotalCents: 8400 + 1200 });
    const cart = await request(t.server).get(CART).set('Cookie', cookie);
    expect(cart.body).toEqual(res.body.shoppingCart);
  });

  it('quantity 0 removes the entry; DELETE removes an entry', async () => {
    const { cookie, entries } = await cartWith(mug(2), book(1));
    const zero = await request(t.server).put(quantityOf(entries[0].id)).set('Cookie', cookie).send({ quantity: '0' });
    expect(zero.status).toBe(200);
    expect(zero.body.updatedEntry).toBeNull();
    expect(zero.body.shoppingCart.entries.map((e: Entry) => e.itemId)).toEqual(['p-glaze-recipes']);
    const removed = await request(t.server).delete(entryOf(entries[1].id)).set('Cookie', cookie);
    expect(removed.status).toBe(200);
    expect(removed.body.shoppingCart).toMatchObject({ entries: [], totalQuantity: 0, subtotalCents: 0, grandTotalCents: 0 });
  });

  it('refuses bad quantities and more than the stock (counting other entries), appending nothing', async () => {
    const { cookie, entries } = await cartWith(mug(1), { ...mug(1), additionalFields: { gift: 'yes' } });
    const put = (quantity: unknown) => () => request(t.server).put(quantityOf(entries[0].id)).set('Cookie', cookie).send({ quantity });
    await expectUnchanged(put('lots'), 400, { error: 'QUANTITY_NOT_A_NUMBER', message: 'Quantity must be a number.' });
    await expectUnchanged(put(undefined), 400, { error: 'QUANTITY_NOT_A_NUMBER', message: 'Quantity must be a number.' });
    await expectUnchanged(put(1.25), 400, { error: 'QUANTITY_NOT_WHOLE', message: 'Quantity must be a whole number' });
    await expectUnchanged(put(-2), 400, { error: 'QUANTITY_OUT_OF_RANGE' });
    await expectUnchanged(put(10000), 400, { error: 'QUANTITY_OUT_OF_RANGE' });
    // MUG-MOSS has 3 in stock and the other entry holds 1.
    await expectUnchanged(put(3), 409, { error: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.' });
    expect((await put(2)()).status).toBe(200);
  });

  it('answers 404 with the SPEC alert title for an unknown entry', async () => {
    const { cookie } = await cartWith(book(1));
    const unknown = randomUUID();
    await expectUnchanged(() => request(t.server).put(quantityOf(unknown)).set('Cookie', cookie).send({ quantity: 2 }), 404, {
      error: 'CART_ENTRY_NOT_FOUND', title: 'Unable to update quantity', entryId: unknown,
    });
    await expectUnchanged(() => request(t.server).delete(entryOf(unknown)).set('Cookie', cookie), 404, {
      error: 'CART_ENTRY_NOT_FOUND', title: 'Unable to remove item',
    });
    await expectUnchanged(() => request(t.server).put(fieldsOf(unknown)).set('Cookie', cookie).send({ additionalFields: { a: 1 } }), 404, {
      error: 'CART_ENTRY_NOT_FOUND',
    });
  });

  it('updates additional fields (SPEC 7) and returns shoppingCart and updatedEntry', async () => {
    const { cookie, entries } = await cartWith(book(1, { engraving: 'A' }));
    const id = entries[0].id;
    const res = await request(t.server).put(fieldsOf(id)).set('Cookie', cookie).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', additionalFields: { engraving: 'B' } });
    expect(res.status).toBe(200);
    expect(res.body.updatedEntry).toMatchObject({ id, additionalFields: { engraving: 'B' } });
    expect(res.body.shoppingCart.entries[0].additionalFields).toEqual({ engraving: 'B' });
    await expectUnchanged(
      () => request(t.server).put(fieldsOf(id)).set('Cookie', cookie).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', additionalFields: { engraving: 'B' } }),
      200,
      { updatedEntry: { id } },
    );
    await expectUnchanged(() => request(t.server).put(fieldsOf(id)).set('Cookie', cookie).send({ itemId: 'p-stoneware-mug', sku: 'BOOK-PDF', additionalFields: {} }), 404, {
      error: 'CART_ENTRY_NOT_FOUND',
    });
    await expectUnchanged(() => request(t.server).put(fieldsOf(id)).set('Cookie', cookie).send({ additionalFields: [1, 2] }), 400, { error: 'INVALID_REQUEST' });
    await expectUnchanged(() => request(t.server).put(fieldsOf(id)).set('Cookie', cookie).send('[1]').set('Content-Type', 'application/json'), 400, {
      error: 'INVALID_REQUEST',
    });
  });

  describe('sessions', () => {
    it('entry edits without a cart cookie, or for a cart this server never saw, are an expired session', async () => {
      await expectUnchanged(() => request(t.server).put(quantityOf(randomUUID())).send({ quantity: 1 }), 401, { error: 'SESSION_EXPIRED', message: SESSION_EXPIRED });
      const res = await expectUnchanged(() => request(t.server).delete(entryOf(randomUUID())).set('Cookie', `ss_cart=${randomUUID()}`), 401, {
        error: 'SESSION_EXPIRED', message: SESSION_EXPIRED,
      });
      expect(clearsCartCookie(res)).toBe(true);
    });

    it('a malformed cart cookie on a write is an expired session and the cookie is reset; on GET a fresh empty cart replaces it', async () => {
      const bad = 'ss_cart=not-a-cart-id';
      for (const send of [
        () => request(t.server).post(ADD).set('Cookie', bad).send(book(1)),
        () => request(t.server).put(quantityOf(randomUUID())).set('Cookie', bad).send({ quantity: 1 }),
        () => request(t.server).delete(entryOf(randomUUID())).set('Cookie', bad),
        () => request(t.server).put(fieldsOf(randomUUID())).set('Cookie', bad).send({ additionalFields: {} }),
      ]) {
        const res = await expectUnchanged(send, 401, { error: 'SESSION_EXPIRED', message: SESSION_EXPIRED });
        expect(clearsCartCookie(res)).toBe(true);
      }
      const get = await request(t.server).get(CART).set('Cookie', bad);
      expect(get.status).toBe(200);
      expect(get.body).toMatchObject({ entries: [], totalQuantity: 0 });
      expect(cookieOf(get)).toMatch(new RegExp(`^ss_cart=${get.body.id}\\.`));
    });

    it('a purchased cart takes no more writes (401, cookie reset) and is no longer served', async () => {
      const { cookie, entries } = await cartWith(book(1));
      const cartId = cookie.slice('ss_cart='.length).split('.')[0]!;
      const version = await store.streamVersion(cartStreamId(cartId));
      const id = randomUUID();
      await store.append(cartStreamId(cartId), [{ type: 'ShoppingCartPurchased', data: { cartId, orderId: 'order-1', purchasedAt: new Date().toISOString() } }], {
        streamType: 'cart', expectedVersion: version, command: { commandId: id, correlationId: id, causationId: null, actor: { kind: 'system', id: 'checkout' } },
      });
      for (const send of [
        () => request(t.server).post(ADD).set('Cookie', cookie).send(book(1)),
        () => request(t.server).put(quantityOf(entries[0].id)).set('Cookie', cookie).send({ quantity: 2 }),
        () => request(t.server).delete(entryOf(entries[0].id)).set('Cookie', cookie),
        () => request(t.server).put(fieldsOf(entries[0].id)).set('Cookie', cookie).send({ additionalFields: { a: 1 } }),
      ]) {
        const res = await expectUnchanged(send, 401, { error: 'SESSION_EXPIRED', reason: 'CART_PURCHASED' });
        expect(clearsCartCookie(res)).toBe(true);
      }
      // Read again, it is replaced by a fresh empty cart under a new cookie.
      const get = await request(t.server).get(CART).set('Cookie', cookie);
      expect(get.status).toBe(200);
      expect(get.body).toMatchObject({ entries: [], totalQuantity: 0, isPurchased: false });
      expect(get.body.id).not.toBe(cartId);
      expect(cookieOf(get)).toMatch(new RegExp(`^ss_cart=${get.body.id}\\.`));
      // After the reload, the next add starts a new cart.
      const fresh = await request(t.server).post(ADD).send(book(1));
      expect(cookieOf(fresh)).not.toBe(cookie);
    });
  });

  it('keeps one cart consistent under concurrent quantity changes, removals and adds', async () => {
    const adds = Array.from({ length: 10 }, (_, i) => book(1, { copy: i }));
    const { cookie, entries } = await cartWith(...adds);
    expect(entries).toHaveLength(10);
    const ops = [
      ...entries.slice(0, 5).map((e, i) => request(t.server).put(quantityOf(e.id)).set('Cookie', cookie).send({ quantity: i + 2 })),
      ...entries.slice(5).map((e) => request(t.server).delete(entryOf(e.id)).set('Cookie', cookie)),
      // The same entry removed twice at once: exactly one removal wins, the other finds nothing.
      request(t.server).delete(entryOf(entries[9].id)).set('Cookie', cookie),
      ...Array.from({ length: 4 }, () => request(t.server).post(ADD).set('Cookie', cookie).send(mug(1))),
    ];
    const results = await Promise.all(ops);
    const statuses = results.map((r) => r.status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200));
    expect([statuses[9], statuses[10]].sort()).toEqual([200, 404]);
    // MUG-MOSS has 3 in stock: one of the four concurrent adds of one is refused, whichever arrives last.
    expect(statuses.slice(11).sort()).toEqual([200, 200, 200, 409]);

    const cart = (await request(t.server).get(CART).set('Cookie', cookie)).body;
    const books = cart.entries.filter((e: Entry) => e.itemId === 'p-glaze-recipes');
    expect(books.map((e: Entry) => e.quantity)).toEqual([2, 3, 4, 5, 6]);
    const mugs = cart.entries.filter((e: Entry) => e.itemId === 'p-stoneware-mug');
    expect(mugs).toEqual([expect.objectContaining({ quantity: 3 })]);
    expect(cart.totalQuantity).toBe(20 + 3);
    expect(cart.subtotalCents).toBe(cart.entries.reduce((n: number, e: Entry) => n + e.subTotal, 0));
    expect(cart.subtotalCents).toBe(20 * 1200 + 3 * 2800);
  });

  it('read-your-writes: with projections stopped, the add returns and GET serves the new entry; the read model catches up later', async () => {
    const { cookie } = await cartWith(book(1));
    const cartId = cookie.slice('ss_cart='.length).split('.')[0]!;
    await runner.catchUp();
    await runner.stop();
    try {
      const res = await request(t.server).post(ADD).set('Cookie', cookie).send(mug(2));
      expect(res.status).toBe(200);
      expect(res.body.newlyAdded).toMatchObject({ itemId: 'p-stoneware-mug', quantity: 2 });
      expect(res.body.shoppingCart.totalQuantity).toBe(3);
      const lagging = await t.db.query<{ view: { totalQuantity: number } }>('SELECT view FROM cart_details WHERE cart_id = $1', [cartId]);
      expect(lagging.rows[0].view.totalQuantity).toBe(1);
      const get = await request(t.server).get(CART).set('Cookie', cookie);
      expect(get.body).toEqual(res.body.shoppingCart);
    } finally {
      await runner.start();
    }
    await runner.catchUp();
    const caughtUp = await t.db.query<{ view: { totalQuantity: number } }>('SELECT view FROM cart_details WHERE cart_id = $1', [cartId]);
    expect(caughtUp.rows[0].view.totalQuantity).toBe(3);
  });

  it('replaying the log rebuilds identical cart read models after adds, changes, removals and field updates', async () => {
    const { cookie, entries } = await cartWith(mug(1), book(1, { a: 1 }), book(2));
    await request(t.server).put(quantityOf(entries[0].id)).set('Cookie', cookie).send({ quantity: 2 });
    await request(t.server).put(fieldsOf(entries[1].id)).set('Cookie', cookie).send({ additionalFields: { a: 2 } });
    await request(t.server).delete(entryOf(entries[2].id)).set('Cookie', cookie);
    await runner.catchUp();
    const results = await runner.verify();
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.map((r) => r.name)).toContain('cart');
    const cartId = cookie.slice('ss_cart='.length).split('.')[0]!;
    const { rows } = await t.db.query<{ view: { totalQuantity: number; entries: Entry[] } }>('SELECT view FROM cart_details WHERE cart_id = $1', [cartId]);
    expect(rows[0].view.totalQuantity).toBe(3);
    expect(rows[0].view.entries.map((e) => e.additionalFields)).toEqual([null, { a: 2 }]);
  });
});
