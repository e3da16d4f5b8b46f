/**
 * Issue 13: with the journal or the shop locked or members-only, every path that reads content
 * asks ContentAccess: the page, the home page's summary and product blocks, `?format=json`, search,
 * the public product API and add to cart (plain and subscription). A visitor who unlocked the page
 * and a signed-in owner read it all.
 */
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
const PASSWORD = 'members and friends';
/** Words of the journal's newest post: its title, and a sentence of its body. */
const POST_TITLE = 'Opening the kiln after our first cone 6 firing';
const POST_BODY = 'We switched from cone 10 reduction to cone 6 electric';
const MUG = { itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 };

type Session = { cookie: string; xsrf: string };

describeOnHttpDriver('one access check for every path that reads content (issue 13)', (driver) => {
  let t: TestApp;
  let admin: Session;

  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const as = (who: Session, method: 'get' | 'put', path: string) => request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  const get = (path: string, cookie?: string) => (cookie ? request(t.server).get(path).set('Cookie', cookie) : request(t.server).get(path));
  const addToCart = (cookie?: string) => {
    const req = request(t.server).post('/api/commerce/shopping-cart/entries');
    return (cookie ? req.set('Cookie', cookie) : req).send(MUG);
  };
  const subscribe = (cookie?: string) => {
    const req = request(t.server).post('/api/3/commerce/cart/subscription');
    return (cookie ? req.set('Cookie', cookie) : req).send({ itemId: 'p-tea-club', sku: 'TEA-CLUB', qty: 1 });
  };
  const unlock = async (path: string): Promise<string> => {
    const res = await request(t.server).post(path).type('form').send({ password: PASSWORD });
    expect(res.status).toBe(303);
    return ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('ss_unlocked='))!.split(';')[0]!;
  };
  const homeBlocks = async (cookie?: string) => {
    const res = await get('/?format=json', cookie);
    expect(res.status).toBe(200);
    const blocks = res.body.collection.layout.blocks as { id: string; value: { items?: { title: string }[]; product?: { id: string } | null } }[];
    return { json: res.text, summary: blocks.find((b) => b.id === 'home-journal-summary')!.value.items ?? [], mug: blocks.find((b) => b.id === 'home-product-mug')!.value.product };
  };
  const searchTitles = async (q: string, kind?: string) => {
    const res = await get(`/search?q=${encodeURIComponent(q)}&format=json`);
    return (res.body.search.results as { title: string; kind: string }[]).filter((r) => !kind || r.kind === kind).map((r) => r.title);
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    const res = await request(t.server).post('/api/config/session').send(ADMIN);
    admin = { cookie: ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('owner_session='))!.split(';')[0]!, xsrf: res.body.xsrfToken };
    await catchUp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the open journal and shop in the summary and product blocks and search (the baseline)', async () => {
    const home = await homeBlocks();
    expect(home.summary.map((i) => i.title)).toContain(POST_TITLE);
    expect(home.mug).toMatchObject({ id: 'p-stoneware-mug' });
    expect(await searchTitles('cone 6')).toContain(POST_TITLE);
    expect(await searchTitles('mug', 'product')).toContain('Stoneware Mug');
  });

  describe.each([
    ['locked', { password: PASSWORD }, 401],
    ['members-only', { membersOnly: true }, 403],
  ] as const)('the journal %s', (_what, change, status) => {
    beforeAll(async () => {
      const path = 'password' in change ? '/api/site/collections/journal/password' : '/api/site/collections/journal';
      expect((await as(admin, 'put', path).send(change)).status).toBe(200);
      await catchUp();
    });
    afterAll(async () => {
      const path = 'password' in change ? '/api/site/collections/journal/password' : '/api/site/collections/journal';
      expect((await as(admin, 'put', path).send('password' in change ? { password: null } : { membersOnly: false })).status).toBe(200);
      await catchUp();
    });

    it(`answers the page ${status}, and leaves the posts out of the home page, its JSON and search`, async () => {
      expect((await get('/journal')).status).toBe(status);
      expect((await get('/journal?format=json')).status).toBe(status);
      expect((await get('/journal/first-cone-6-firing')).status).toBe(status);
      const home = await homeBlocks();
      expect(home.summary).toEqual([]);
      expect(home.json).not.toContain(POST_BODY);
      expect(home.json).not.toContain(POST_TITLE);
      expect((await get('/')).text).not.toContain(POST_TITLE);
      expect(await searchTitles('cone 6')).not.toContain(POST_TITLE);
    });

    it('shows them to a signed-in owner', async () => {
      expect((await get('/journal', admin.cookie)).status).toBe(200);
      expect((await homeBlocks(admin.cookie)).summary.map((i) => i.title)).toContain(POST_TITLE);
    });

    if ('password' in change) {
      it('shows them to a visitor who unlocked the journal, and then the page is private', async () => {
        const cookie = await unlock('/journal');
        expect((await get('/journal', cookie)).status).toBe(200);
        expect((await homeBlocks(cookie)).summary.map((i) => i.title)).toContain(POST_TITLE);
        expect((await get('/', cookie)).headers['cache-control']).toBe('private, no-store');
      });
    }
  });

  describe.each([
    ['locked', { password: PASSWORD }, 401],
    ['members-only', { membersOnly: true }, 403],
  ] as const)('the shop %s', (_what, change, status) => {
    beforeAll(async () => {
      const path = 'password' in change ? '/api/site/collections/shop/password' : '/api/site/collections/shop';
      expect((await as(admin, 'put', path).send(change)).status).toBe(200);
      await catchUp();
    });
    afterAll(async () => {
      const path = 'password' in change ? '/api/site/collections/shop/password' : '/api/site/collections/shop';
      expect((await as(admin, 'put', path).send('password' in change ? { password: null } : { membersOnly: false })).status).toBe(200);
      await catchUp();
    });

    it(`answers the shop and its product pages ${status}, the product API 404, and leaves products out of blocks and search`, async () => {
      expect((await get('/shop')).status).toBe(status);
      expect((await get('/shop/stoneware-mug')).status).toBe(status);
      const api = await get('/api/commerce/products/p-stoneware-mug');
      expect({ status: api.status, error: api.body.error }).toEqual({ status: 404, error: 'PRODUCT_NOT_FOUND' });
      expect(api.text).not.toContain('Stoneware');
      expect((await homeBlocks()).mug).toBeNull();
      expect(await searchTitles('mug', 'product')).toEqual([]);
    });

    it('refuses to add its products to a cart (404 PRODUCT_NOT_FOUND), subscriptions too', async () => {
      const add = await addToCart();
      expect({ status: add.status, error: add.body.error }).toEqual({ status: 404, error: 'PRODUCT_NOT_FOUND' });
      expect(add.body.message).toBe('This product is not available: it is in a part of the store you have not unlocked.');
      expect(add.headers['set-cookie'] ?? []).toEqual([]);
      const sub = await subscribe();
      expect({ status: sub.status, error: sub.body.error }).toEqual({ status: 404, error: 'PRODUCT_NOT_FOUND' });
    });

    it('lets a signed-in owner read the products', async () => {
      expect((await get('/api/commerce/products/p-stoneware-mug', admin.cookie)).status).toBe(200);
      expect((await homeBlocks(admin.cookie)).mug).toMatchObject({ id: 'p-stoneware-mug' });
    });

    if ('password' in change) {
      it('lets a visitor who unlocked the shop read and buy them', async () => {
        const cookie = await unlock('/shop');
        expect((await get('/shop/stoneware-mug', cookie)).status).toBe(200);
        expect((await get('/api/commerce/products/p-stoneware-mug', cookie)).status).toBe(200);
        expect((await homeBlocks(cookie)).mug).toMatchObject({ id: 'p-stoneware-mug' });
        expect((await addToCart(cookie)).status).toBe(200);
      });
    }
  });

  it('refuses to check out a cart filled while the shop was open, once the shop is locked, until the visitor unlocks it', async () => {
    const added = await addToCart();
    expect(added.status).toBe(200);
    const cart = ([] as string[]).concat(added.headers['set-cookie']).find((c) => c.startsWith('ss_cart='))!.split(';')[0]!;
    expect((await as(admin, 'put', '/api/site/collections/shop/password').send({ password: PASSWORD })).status).toBe(200);
    await catchUp();
    try {
      const checkout = (cookie: string) => request(t.server).post('/api/commerce/checkout').set('Cookie', cookie).send({ email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS });
      const refused = await checkout(cart);
      expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 404, error: 'PRODUCT_NOT_FOUND' });
      const unlocked = await unlock('/shop');
      expect((await checkout(`${cart}; ${unlocked}`)).status).toBe(200);
    } finally {
      expect((await as(admin, 'put', '/api/site/collections/shop/password').send({ password: null })).status).toBe(200);
      await catchUp();
    }
  });

  it('opens everything again once the locks are gone', async () => {
    expect((await get('/api/commerce/products/p-stoneware-mug')).status).toBe(200);
    expect((await addToCart()).status).toBe(200);
    expect((await homeBlocks()).summary.map((i) => i.title)).toContain(POST_TITLE);
  });
});
