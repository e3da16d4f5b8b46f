import { describeOnHttpDriver, eventually } from '@storefront/eventstore/testing';
import request from 'supertest';
import { signIn as signInOwner } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';

const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
const EDITOR = { email: 'editor@example.com', password: 'a long enough password', roles: ['editor'] };

describeOnHttpDriver('GET /healthz', (driver) => {
  let t: TestApp;
  let adminCookie: string;
  let editorCookie: string;
  const signIn = (credentials: { email: string; password: string }) => signInOwner(t.server, credentials);
  const asAdmin = () => request(t.server).get('/healthz').set('Cookie', adminCookie);
  beforeAll(async () => {
    t = await startTestApp(driver);
    const admin = await signIn(ADMIN);
    adminCookie = admin.cookie;
    expect((await request(t.server).post('/api/config/owners').set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf).send({ ...EDITOR, currentPassword: ADMIN.password })).status).toBe(201);
    editorCookie = (await signIn(EDITOR)).cookie;
  });
  afterAll(async () => {
    // The last test closes the database under the app; closing again may complain.
    await t.close().catch(() => undefined);
  });

  it('tells anyone the status only: no driver, hosts, process ids or error text', async () => {
    for (const req of [request(t.server).get('/healthz'), request(t.server).get('/healthz').set('Cookie', editorCookie), request(t.server).get('/healthz').set('Cookie', 'owner_session=not-a-session')]) {
      const res = await req;
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('reports to a signed-in admin the database as reachable and every projection with its checkpoint and lag', async () => {
    const res = await asAdmin();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { driver, reachable: true } });
    const names = res.body.projections.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['also-bought', 'analytics', 'cart', 'catalog', 'checkouts', 'forms', 'media', 'orders', 'restock', 'site']);
    for (const p of res.body.projections) {
      expect(p).toEqual(expect.objectContaining({ lag: expect.any(Number), checkpoint: expect.any(Object), stopped: false }));
    }
  });

  it('shows lag until the projections apply new events, then none', async () => {
    await request(t.server).post('/api/commerce/shopping-cart/entries').send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 });
    // The in-process runner is woken by NOTIFY; wait until it has caught up.
    const lag = async () => Math.max(...(await asAdmin()).body.projections.map((p: { lag: number }) => p.lag));
    await eventually(async () => (await lag()) === 0, { timeoutMs: 5_000, intervalMs: 50, message: 'the projections did not catch up' });
  });

  it('answers 503 when the database is unreachable, without the error text', async () => {
    await t.db.close();
    const res = await request(t.server).get('/healthz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable' });
  });
});
