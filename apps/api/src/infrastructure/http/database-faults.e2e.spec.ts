import pg from 'pg';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../../test/test-app';

/** Only a PostgreSQL server has backends to terminate (PGlite runs in the process). */
const describeOnServer = process.env.DATABASE_URL ? describe : describe.skip;

describeOnServer('a lost database connection under load [postgres]', () => {
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    admin = new pg.Client({ connectionString: (t.db as unknown as { connectionString: string }).connectionString });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  const terminateBackends = () =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');

  it('answers the requests in flight with 503 and a retry hint, never 500, and recovers by itself', async () => {
    const product = (await request(t.server).get('/shop?format=json')).body.items.find((i: { structuredContent: { variants: { stock?: { unlimited?: boolean; quantity?: number } }[] } }) =>
      i.structuredContent.variants.some((v) => v.stock?.unlimited || (v.stock?.quantity ?? 0) > 100),
    ) ?? (await request(t.server).get('/shop?format=json')).body.items[0];
    const sku = product.structuredContent.variants[0].sku;
    const statuses = new Map<number, number>();
    const unavailable: request.Response[] = [];
    const unexpected: unknown[] = [];
    for (let round = 0; round < 10 && unavailable.length === 0; round++) {
      const inFlight = Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? request(t.server).post('/api/commerce/shopping-cart/entries').send({ itemId: product.id, sku, quantity: 1 })
          : request(t.server).get(i % 4 === 1 ? '/shop?format=json' : '/healthz'),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      await terminateBackends();
      for (const res of await Promise.all(inFlight)) {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 503 && res.body.error === 'DATABASE_UNAVAILABLE') unavailable.push(res);
        else if (res.status >= 500) unexpected.push({ status: res.status, body: res.body });
      }
    }
    expect(unexpected).toEqual([]);
    // No 503 in ten rounds would mean the terminations never met a request: show what was seen.
    expect(unavailable.length > 0 ? 'some 503' : Object.fromEntries(statuses)).toBe('some 503');
    expect(unavailable[0]!.headers['retry-after']).toBe('2');
    expect(unavailable[0]!.body.message).toBe('The store is unavailable for a moment. Please try again in a few seconds.');

    // The pool replaces the broken connections on its own: the next requests succeed.
    let healthy = 0;
    for (let i = 0; i < 50 && healthy < 5; i++) {
      const res = await request(t.server).get('/healthz');
      healthy = res.status === 200 ? healthy + 1 : 0;
    }
    expect(healthy).toBe(5);
    const added = await request(t.server).post('/api/commerce/shopping-cart/entries').send({ itemId: product.id, sku, quantity: 1 });
    expect(added.status).toBe(200);
  });
});
