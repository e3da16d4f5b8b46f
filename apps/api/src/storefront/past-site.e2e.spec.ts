import { describeOnHttpDriver, eventually } from '@storefront/eventstore/testing';
import request from 'supertest';
import { appIdle } from '../../test/app-idle';
import { ownerProductsPath, signIn, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { SiteReadModel } from '../content';

const between = (a: string, b: string) => new Date((Date.parse(a) + Date.parse(b)) / 2).toISOString();

/**
 * Issue 12, item 8: "view the site as it was at …". A page rendered from the log at a past moment by
 * the live site's projections and theme, without touching the live read models.
 */
describeOnHttpDriver('the site as it was at a moment', (driver) => {
  let t: TestApp;
  let owner: OwnerSession;

  const as = (method: 'get' | 'post' | 'put', path: string) => request(t.server)[method](path).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf);
  /**
   * The projections at the log's head, and every log follower too (mail, restock sends): those wake
   * only for the event types they follow and move past the others at their next poll, which idle()
   * brings forward, so the live state compared below is taken once every checkpoint has reached the head.
   */
  const catchUp = async () => {
    await appIdle(t.app);
    const { rows } = await t.db.query<{ behind: number }>(
      'SELECT count(*)::int AS behind FROM checkpoints WHERE global_position < (SELECT coalesce(max(global_position), 0) FROM events)',
    );
    expect(rows[0]!.behind).toBe(0);
  };
  /** Until the database's clock is past `ms` after `at`: a change made then is recorded later than that. */
  const clockPast = (at: string, ms = 1) =>
    eventually(async () => (await t.db.query<{ past: boolean }>(`SELECT clock_timestamp() > $1::timestamptz + make_interval(secs => $2::double precision / 1000) AS past`, [at, ms])).rows[0]!.past);
  /** When the latest change of a history was recorded. */
  const lastChangeAt = async (historyPath: string): Promise<string> => (await as('get', `${historyPath}?limit=1`)).body.entries[0].at;
  /** What the live read models and checkpoints hold, to show a preview leaves them alone. */
  const liveState = async () => ({
    collections: (await t.db.query('SELECT id, version, record FROM site_collections ORDER BY id')).rows,
    products: (await t.db.query('SELECT id, version FROM catalog_products ORDER BY id')).rows,
    checkpoints: (await t.db.query("SELECT name, transaction_id::text, global_position FROM checkpoints ORDER BY name")).rows,
  });

  beforeAll(async () => {
    t = await startTestApp(driver);
    owner = await signIn(t.server);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a title changed at T1 and again at T2: a moment between shows the T1 title; the live site and its read models stay at T2', async () => {
    const created = await as('post', '/api/site/collections').send({ kind: 'page', title: 'Classes', layout: { blocks: [{ type: 'quote', value: { text: 'Wheel throwing on Tuesdays.' } }] } });
    const { id, urlId } = created.body.collection;
    const history = `/api/site/collections/${id}/history`;
    const createdAt = await lastChangeAt(history);
    await clockPast(createdAt);
    expect((await as('put', `/api/site/collections/${id}`).send({ title: 'Classes at T1' })).status).toBe(200);
    const t1 = await lastChangeAt(history);
    await clockPast(t1);
    expect((await as('put', `/api/site/collections/${id}`).send({ title: 'Classes at T2' })).status).toBe(200);
    const t2 = await lastChangeAt(history);
    expect(Date.parse(t2)).toBeGreaterThan(Date.parse(t1));
    await catchUp();
    const before = await liveState();

    const past = await as('get', `/config/preview/at/${between(t1, t2)}/${urlId}`);
    expect(past.status).toBe(200);
    expect(past.headers['content-type']).toMatch(/text\/html/);
    expect(past.headers['cache-control']).toBe('private, no-store');
    expect(past.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    expect(past.text).toContain('<title>Classes at T1');
    expect(past.text).not.toContain('Classes at T2');
    expect(past.text).toContain('Wheel throwing on Tuesdays.');
    // The same builder and theme as the live site: the page frame (navigation, header) is there too.
    expect(past.text).toContain('<nav class="site-nav" aria-label="Main">');

    const json = await as('get', `/config/preview/at/${encodeURIComponent(between(t1, t2))}/${urlId}?format=json`);
    expect(json.body).toMatchObject({ pageType: 2, collection: { id, title: 'Classes at T1' } });
    expect((await as('get', `/config/preview/at/${t2}/${urlId}?format=json`)).body.collection.title).toBe('Classes at T2');
    expect((await as('get', `/config/preview/at/${between(createdAt, t1)}/${urlId}?format=json`)).body.collection.title).toBe('Classes');
    // Before the page existed there was nothing at its path.
    expect((await as('get', `/config/preview/at/${new Date(Date.parse(createdAt) - 1000).toISOString()}/${urlId}`)).status).toBe(404);

    // Nothing live moved: read models, checkpoints, the published page.
    expect(await liveState()).toEqual(before);
    expect((await t.app.get(SiteReadModel).collection(id))!.title).toBe('Classes at T2');
    const live = await request(t.server).get(`/${urlId}`);
    expect(live.text).toContain('<title>Classes at T2');
  });

  it('shows a product page, the home page and search as they were', async () => {
    const products = await ownerProductsPath(t);
    const created = await as('post', products).send({ title: 'Moon Jar', productType: 'PHYSICAL', variants: [{ sku: 'MOON-1', priceCents: 9000, qtyInStock: 1 }] });
    const id = created.body.record.id;
    const t1 = await lastChangeAt(`${products}/${id}/history`);
    const at = new Date(Date.parse(t1) + 5).toISOString();
    await clockPast(at);
    expect((await as('put', `${products}/${id}`).send({ title: 'Full Moon Jar' })).status).toBe(200);
    await catchUp();
    const product = await as('get', `/config/preview/at/${at}${created.body.record.fullUrl}?format=json`);
    expect({ status: product.status, title: product.body.item?.title }).toEqual({ status: 200, title: 'Moon Jar' });
    const home = await as('get', `/config/preview/at/${at}`);
    expect(home.status).toBe(200);
    expect(home.text).toContain('<html');
    const search = await as('get', `/config/preview/at/${at}/search?q=moon&format=json`);
    expect(search.body.search.results.map((r: { title: string }) => r.title)).toContain('Moon Jar');
  });

  it('is for signed-in owners, and wants an ISO time', async () => {
    const now = new Date().toISOString();
    expect((await request(t.server).get(`/config/preview/at/${now}/about`)).status).toBe(401);
    const bad = await as('get', '/config/preview/at/yesterday/about');
    expect({ status: bad.status, error: bad.body.error }).toEqual({ status: 400, error: 'INVALID_REQUEST' });
    expect((await as('get', `/config/preview/at/${now}/about`)).status).toBe(200);
  });
});
