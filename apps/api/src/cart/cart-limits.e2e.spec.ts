import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { addCartTestProducts } from '../../test/cart-test-products';

const ADD = '/api/commerce/shopping-cart/entries';

/** A store that disallows multiple quantities of services, with a tiny per-cart write rate. */
const ENV = { MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES: 'false', CART_RATE_LIMIT_BURST: '4', CART_RATE_LIMIT_PER_SECOND: '0.01' };

describeOnHttpDriver('cart store settings and rate limit over HTTP', (driver) => {
  let t: TestApp;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    for (const [key, value] of Object.entries(ENV)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    t = await startTestApp(driver);
    await addCartTestProducts(t.app);
  });
  afterAll(async () => {
    await t?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0].n);
  const cookieOf = (res: request.Response) =>
    ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('ss_cart='));
  const lesson = (quantity: number) => ({ itemId: 't-service', sku: 'LESSON', quantity });

  it('allows one of a service when multiple quantities are disallowed, and refuses more (nothing appended)', async () => {
    const before = await eventCount();
    const two = await request(t.server).post(ADD).send(lesson(2));
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ error: 'SERVICE_QUANTITY_LIMITED', message: 'Only one of this service can be added to your cart.' });
    expect(await eventCount()).toBe(before);

    const one = await request(t.server).post(ADD).send(lesson(1));
    expect(one.status).toBe(200);
    const cookie = cookieOf(one)!;
    const afterOne = await eventCount();
    const again = await request(t.server).post(ADD).set('Cookie', cookie).send(lesson(1));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'SERVICE_QUANTITY_LIMITED' });
    const entryId = one.body.newlyAdded.id;
    const raise = await request(t.server).put(`${ADD}/${entryId}/quantity`).set('Cookie', cookie).send({ quantity: 2 });
    expect(raise.status).toBe(400);
    expect(raise.body).toMatchObject({ error: 'SERVICE_QUANTITY_LIMITED' });
    expect(await eventCount()).toBe(afterOne);
    // Physical goods are not limited by the setting.
    const mugs = await request(t.server).post(ADD).send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 2 });
    expect(mugs.status).toBe(200);
  });

  it('answers 429 with the SPEC text once a cart exceeds its write rate, and appends nothing', async () => {
    const first = await request(t.server).post(ADD).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 });
    expect(first.status).toBe(200); // a new cart: no cookie yet, the bucket starts full
    const cookie = cookieOf(first)!;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await request(t.server).post(ADD).set('Cookie', cookie).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    const before = await eventCount();
    const limited = await request(t.server).post(ADD).set('Cookie', cookie).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'RATE_LIMITED', message: 'Please try again in a few seconds.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const removal = await request(t.server).delete(`${ADD}/${first.body.newlyAdded.id}`).set('Cookie', cookie);
    expect(removal.status).toBe(429);
    expect(await eventCount()).toBe(before);
    // Another visitor's cart has its own bucket.
    const other = await request(t.server).post(ADD).send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 });
    expect(other.status).toBe(200);
    // Reads are not limited.
    expect((await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cookie)).status).toBe(200);
  });
});
