import { createTestDatabase, type TestDatabase } from '@storefront/eventstore/testing';
import request from 'supertest';
import { startBuiltServer, startBuiltWorker, type RunningServer, type RunningWorker } from '../../test/built-app';

/**
 * The production topology of docker-compose.yml as real processes on one PostgreSQL database:
 * two ROLE=api servers (no projections) and a ROLE=worker (projections only). Needs the built app
 * (`npm run build`) and a PostgreSQL server (DATABASE_URL).
 */
const describeOnServer = process.env.DATABASE_URL ? describe : describe.skip;

type Health = { projections: { name: string; lag: number; leaseOwner: string | null; leaseActive: boolean }[] };

describeOnServer('scaled out: two api processes and a worker', () => {
  let database: TestDatabase;
  let api1: RunningServer;
  let api2: RunningServer;
  let worker: RunningWorker;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    env = { DATABASE_URL: database.url!, LOG_LEVEL: 'silent' };
    [api1, api2] = await Promise.all([startBuiltServer({ ...env, ROLE: 'api' }), startBuiltServer({ ...env, ROLE: 'api' })]);
    worker = await startBuiltWorker(env);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api1?.stop(), api2?.stop(), worker?.kill('SIGTERM')]);
    await database?.dispose();
  });

  // The projections' details are for a signed-in admin (sessions live in the shared database).
  let adminCookie: string | undefined;
  const health = async (server: RunningServer) => {
    if (!adminCookie) {
      const res = await request(server.url).post('/api/config/session').send({ email: 'owner@example.com', password: 'browser-test-password' });
      adminCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('owner_session='))!.split(';')[0]!;
    }
    return (await request(server.url).get('/healthz').set('Cookie', adminCookie)).body as Health;
  };

  async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const cartRows = async (cartId: string) =>
    (await database.db.query<{ view: { totalQuantity: number } }>('SELECT view FROM cart_details WHERE cart_id = $1', [cartId])).rows;

  it('seeds once, serves from either api process, and only the worker applies projections', async () => {
    const websites = await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE event_type = 'WebsiteCreated'`);
    expect(websites.rows[0].n).toBe(1);
    // API processes do not project: the seeded catalog is readable once the worker has applied it.
    await waitFor(async () => (await health(api1)).projections.every((p) => p.lag === 0));

    const add = await request(api1.url).post('/api/commerce/shopping-cart/entries').send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 2 });
    expect(add.status).toBe(200);
    const cookie = ([] as string[]).concat(add.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('ss_cart='))!;
    const cartId = cookie.slice('ss_cart='.length).split('.')[0]!;

    // Read-your-writes through the other process, whatever the worker's progress.
    const fromApi2 = await request(api2.url).get('/api/commerce/shopping-cart').set('Cookie', cookie);
    expect(fromApi2.body).toMatchObject({ totalQuantity: 2 });

    await waitFor(async () => (await cartRows(cartId)).length === 1);
    const status = await health(api2);
    for (const p of status.projections) {
      expect(p.leaseActive).toBe(true);
      expect(p.leaseOwner).toContain(`:${worker.pid}:`);
    }
  });

  it('sends the owner notification of a form submitted through an api process from the worker', async () => {
    const keyRes = await request(api1.url).post('/api/form/FormSubmissionKey').expect(200);
    const visitor = ([] as string[]).concat(keyRes.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('ss_fvid='))!;
    const values = { name: { first: 'Ada', last: 'Potter' }, email: 'ada@example.com', topic: 'An order', message: 'Where is my mug?' };
    await request(api2.url).post('/api/form/SaveFormSubmission').set('Cookie', visitor)
      .send({ key: keyRes.body.key, formId: 'contact-form', form: JSON.stringify(values), pagePath: '/contact' }).expect(200);
    const submissionId = (keyRes.body.key as string).split('.')[0]!;
    // ROLE=api processes run no workers: the mail and its record come from the worker alone.
    await waitFor(async () => Number((await database.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM events WHERE stream_id = $1 AND event_type = 'FormNotificationSent'`, [`form-submission-${submissionId}`])).rows[0]!.n) === 1);
    const mail = await database.db.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key = $1`, [`form-notification:${submissionId}`]);
    expect(Number(mail.rows[0]!.n)).toBe(1);
  });

  it('lets a new worker take over within the lease time after the old one is killed', async () => {
    await worker.kill('SIGKILL');
    const add = await request(api1.url).post('/api/commerce/shopping-cart/entries').send({ itemId: 'p-glaze-recipes', sku: 'BOOK-PDF', quantity: 1 });
    expect(add.status).toBe(200);
    const cartId = add.body.shoppingCart.id as string;
    // Nobody applies projections now: once the killed worker's leases have run out (when a standby
    // would take them), no process holds one, the cart stays unprojected and the lag shows it.
    await waitFor(async () => (await health(api1)).projections.every((p) => !p.leaseActive));
    expect((await health(api2)).projections.filter((p) => p.leaseActive)).toEqual([]);
    expect(await cartRows(cartId)).toHaveLength(0);
    expect(Math.max(...(await health(api1)).projections.map((p) => p.lag))).toBeGreaterThan(0);

    worker = await startBuiltWorker(env);
    await waitFor(async () => (await cartRows(cartId)).length === 1, 30_000);
    await waitFor(async () => (await health(api2)).projections.every((p) => p.lag === 0 && (p.leaseOwner ?? '').includes(`:${worker.pid}:`)));
  });
});
