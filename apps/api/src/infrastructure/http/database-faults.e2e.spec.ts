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
  const ADDS = 6;
  const waitingForLock = async () =>
    Number((await admin.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n);

  it('answers the requests in flight with 503 and a retry hint, never 500, and recovers by itself', async () => {
    const product = (await request(t.server).get('/shop?format=json')).body.items.find((i: { structuredContent: { variants: { stock?: { unlimited?: boolean; quantity?: number } }[] } }) =>
      i.structuredContent.variants.some((v) => v.stock?.unlimited || (v.stock?.quantity ?? 0) > 100),
    ) ?? (await request(t.server).get('/shop?format=json')).body.items[0];
    const sku = product.structuredContent.variants[0].sku;
    const addToCart = () => request(t.server).post('/api/commerce/shopping-cart/entries').send({ itemId: product.id, sku, quantity: 1 });

    // Hold the events table so that every add-to-cart is in flight (as many as the pool of ten
    // connections surely has free beside the projections' own), its append waiting in the
    // database, when the backends are terminated; pages and health checks run beside them.
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
    // `.then` sends a supertest request now (it is lazy until then).
    const adds = Array.from({ length: ADDS }, () => addToCart().then((res) => res));
    const others = Array.from({ length: 10 }, (_, i) => request(t.server).get(i % 2 ? '/shop?format=json' : '/healthz').then((res) => res));
    // An add reads the website's stream (the store settings) before it appends, and pages may read
    // events too: wait until the waiters stop growing, so that every add has reached the database.
    let waiting = 0;
    for (let i = 0, steady = 0; i < 300 && steady < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = await waitingForLock();
      steady = now >= ADDS && now === waiting ? steady + 1 : 0;
      waiting = now;
    }
    expect(waiting).toBeGreaterThanOrEqual(ADDS);
    await terminateBackends();
    await admin.query('COMMIT');

    const answers = await Promise.all([...adds, ...others]);
    // Pages and health checks answer 503 in their own shape (an error page, a status) or 200.
    const unexpected = answers.filter((res) => res.status >= 500 && res.status !== 503);
    expect(unexpected.map((res) => ({ status: res.status, body: res.body }))).toEqual([]);
    const addAnswers = await Promise.all(adds);
    // Pages read the website's stream too (the store settings), so they wait on the lock beside the
    // adds and the pool of ten may run out: an add still queued for a connection when the backends
    // go reaches the database after it and succeeds. Every add in the database answers 503.
    const statuses = addAnswers.map((res) => res.status);
    expect(statuses.filter((status) => status !== 503 && status !== 200)).toEqual([]);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(ADDS - 2);
    const refused = addAnswers.find((res) => res.status === 503)!;
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.body).toEqual({ error: 'DATABASE_UNAVAILABLE', message: 'The store is unavailable for a moment. Please try again in a few seconds.' });

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
