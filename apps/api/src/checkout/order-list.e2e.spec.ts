import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { ADD_TO_CART, cartCookie, signIn, TEST_ADMIN, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

const EDITOR = { email: 'editor@example.com', password: 'a long enough password', roles: ['editor'] };
const MANAGER = { email: 'shop@example.com', password: 'a long enough password', roles: ['store manager'] };
type Listed = { id: string; orderNumber: number | null; customerEmail: string; fulfillmentStatus: string };

describeOnHttpDriver('the owner order list: search, paging, numbers and counts', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;
  let manager: OwnerSession;
  let editor: OwnerSession;
  /** Orders placed in this order: ids. */
  const placed: string[] = [];
  /** The buyers' order access tokens, by order id. */
  const tokens = new Map<string, string>();

  const as = (who: OwnerSession, method: 'get' | 'post', path: string) => request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  const list = (query: string, who: OwnerSession = manager) => as(who, 'get', `/api/commerce/orders${query}`);
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();

  async function placeOrder(email: string): Promise<string> {
    const add = await request(t.server).post(ADD_TO_CART).send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 });
    expect(add.status).toBe(200);
    const res = await request(t.server).post('/api/commerce/checkout').set('Cookie', cartCookie(add)).send({ email, paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(res.status).toBe(200);
    tokens.set(res.body.order.id, res.body.orderToken);
    return res.body.order.id;
  }

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await signIn(t.server);
    for (const owner of [EDITOR, MANAGER]) {
      expect((await as(admin, 'post', '/api/config/owners').send({ ...owner, currentPassword: TEST_ADMIN.password })).status).toBe(201);
    }
    manager = await signIn(t.server, MANAGER);
    editor = await signIn(t.server, EDITOR);
    for (const email of ['ada@example.com', 'Bob.Stone@Example.org', 'cy@example.com', 'ada.lovelace@example.net', 'dee_x@example.com']) placed.push(await placeOrder(email));
    await catchUp();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('numbers the orders from 1001 in the order they were placed and lists them newest first', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.orders.map((o: Listed) => [o.id, o.orderNumber])).toEqual([...placed].reverse().map((id, i) => [id, 1005 - i]));
    expect(res.body).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    const one = await as(manager, 'get', `/api/commerce/orders/${placed[1]}`);
    expect(one.body).toMatchObject({ id: placed[1], orderNumber: 1002, customerEmail: 'Bob.Stone@Example.org', testMode: true, cancelReason: null });
  });

  it('finds orders by part of the email in any case, by number with or without #, and by the start of the id', async () => {
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).body.orders.map((o: Listed) => o.id);
    expect(await ids('ADA')).toEqual([placed[3], placed[0]]);
    expect(await ids('bob.stone@example.org')).toEqual([placed[1]]);
    expect(await ids('1003')).toEqual([placed[2]]);
    expect(await ids('#1003')).toEqual([placed[2]]);
    expect(await ids(placed[4]!.slice(0, 8))).toEqual([placed[4]]);
    // LIKE's wildcards are plain characters in a search: '_' matches only an underscore.
    expect(await ids('dee_')).toEqual([placed[4]]);
    expect(await ids('e_x')).toEqual([placed[4]]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('nobody@example.com')).toEqual([]);
    expect(await ids('   ')).toHaveLength(5);
  });

  it('pages with a cursor: no order twice, none left out, also under a filter', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: request.Response = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.orders.map((o: Listed) => o.id));
      cursor = res.body.nextPageCursor;
      expect(res.body.hasNextPage).toBe(cursor !== null);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...placed].reverse());

    const first = await list('?limit=1&q=ada');
    const second = await list(`?limit=1&q=ada&cursor=${first.body.nextPageCursor}`);
    expect([...first.body.orders, ...second.body.orders].map((o: Listed) => o.id)).toEqual([placed[3], placed[0]]);
    expect(second.body.hasNextPage).toBe(false);
  });

  it('counts the orders per status, and a fulfilment or cancellation moves them (with the reason kept for the store)', async () => {
    const counts = async () => (await as(manager, 'get', '/api/commerce/order-counts')).body.counts;
    expect(await counts()).toEqual({ PENDING: 5, FULFILLED: 0, CANCELED: 0 });
    const fulfilled = await as(manager, 'post', `/api/commerce/orders/${placed[0]}/fulfilment`);
    expect(fulfilled.status).toBe(200);
    expect(fulfilled.body).toMatchObject({ fulfillmentStatus: 'FULFILLED', orderNumber: 1001 });
    const cancelled = await as(manager, 'post', `/api/commerce/orders/${placed[1]}/cancellation`).send({ reason: 'Out of glaze' });
    expect(cancelled.body).toMatchObject({ fulfillmentStatus: 'CANCELED', cancelReason: 'Out of glaze', orderNumber: 1002 });
    await catchUp();
    expect(await counts()).toEqual({ PENDING: 3, FULFILLED: 1, CANCELED: 1 });
    expect((await list('?status=PENDING')).body.orders).toHaveLength(3);
    expect((await list('?status=CANCELED&q=bob')).body.orders.map((o: Listed) => o.id)).toEqual([placed[1]]);
    // Without the buyer's token or a store manager's session the order does not exist; the buyer
    // sees it cancelled, without the store's reason or number.
    expect((await request(t.server).get(`/api/commerce/orders/${placed[1]}`)).status).toBe(404);
    const buyer = await request(t.server).get(`/api/commerce/orders/${placed[1]}?token=${tokens.get(placed[1]!)}`);
    expect(buyer.body).toMatchObject({ id: placed[1], fulfillmentStatus: 'CANCELED' });
    expect(buyer.body).not.toHaveProperty('cancelReason');
    expect(buyer.body).not.toHaveProperty('orderNumber');
  });

  it('refuses what it cannot use with a 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['?cursor=nonsense', 'cursor'],
      [`?cursor=${Buffer.from('2026-01-01T00:00:00.000Z|not-an-id').toString('base64url')}`, 'cursor'],
      [`?q=${'a'.repeat(257)}`, 'q'],
      ['?limit=201', 'limit'],
      ['?status=OPEN', 'status'],
    ] as const) {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('INVALID_REQUEST');
      expect(res.body.message).toMatch(field === 'q' ? /^Search for at most 256 characters\.$/ : new RegExp(`^${field} `));
    }
  });

  it('is the store managers\' (and admins\'): editors and visitors are refused', async () => {
    expect((await list('', admin)).status).toBe(200);
    expect((await list('', editor)).status).toBe(403);
    expect((await as(editor, 'get', '/api/commerce/order-counts')).status).toBe(403);
    expect((await request(t.server).get('/api/commerce/order-counts')).status).toBe(401);
    expect((await request(t.server).get('/api/commerce/orders?q=ada')).status).toBe(401);
  });
});
