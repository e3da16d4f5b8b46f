import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { ownerProductsPath, signIn } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';

/** The product's own entry point (no demo): a new database gets an untitled website and an empty store. */
describeOnHttpDriver('first start without the demo', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the website "My Site" and its empty store, and nothing of the demo', async () => {
    const owner = await signIn(t.server);
    const settings = await request(t.server).get('/api/site/settings').set('Cookie', owner.cookie).expect(200);
    expect(settings.body.settings).toMatchObject({ siteTitle: 'My Site', timeZone: 'America/New_York' });
    const products = await request(t.server).get(await ownerProductsPath(t)).set('Cookie', owner.cookie).expect(200);
    expect(products.body).toMatchObject({ products: [] });
    const { rows } = await t.db.query<{ stream_id: string }>("SELECT stream_id FROM streams WHERE stream_id LIKE 'store-%' OR stream_id LIKE 'product-%' OR stream_id LIKE 'image-%' ORDER BY stream_id");
    expect(rows.map((r) => r.stream_id)).toEqual(['store-shop']);
    await request(t.server).get('/shop/p/stoneware-mug').expect(404);
  });
});
