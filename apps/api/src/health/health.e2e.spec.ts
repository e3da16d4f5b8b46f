import { describeEachDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';

describeEachDriver('GET /healthz', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    // The last test closes the database under the app; closing again may complain.
    await t.close().catch(() => undefined);
  });

  it('reports the database as reachable and every projection with its checkpoint and lag', async () => {
    const res = await request(t.server).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { driver, reachable: true } });
    const names = res.body.projections.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['cart', 'catalog', 'checkouts', 'media', 'orders', 'site']);
    for (const p of res.body.projections) {
      expect(p).toEqual(expect.objectContaining({ lag: expect.any(Number), checkpoint: expect.any(Object), stopped: false }));
    }
  });

  it('shows lag until the projections apply new events, then none', async () => {
    await request(t.server).post('/api/commerce/shopping-cart/entries').send({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 });
    // The in-process runner is woken by NOTIFY; wait until it has caught up.
    let lag = Infinity;
    for (let i = 0; i < 100 && lag > 0; i++) {
      const res = await request(t.server).get('/healthz');
      lag = Math.max(...res.body.projections.map((p: { lag: number }) => p.lag));
      if (lag > 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(lag).toBe(0);
  });

  it('answers 503 when the database is unreachable', async () => {
    await t.db.close();
    const res = await request(t.server).get('/healthz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', database: { reachable: false } });
  });
});
