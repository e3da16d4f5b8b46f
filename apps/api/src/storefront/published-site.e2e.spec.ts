import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { DEMO_WHOLESALE_PASSWORD } from '../demo';

/** The demo site, rendered by the theme from read models, through HTTP. */
describeOnHttpDriver('published site', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) => request(t.server).get(path);
  const siteContextOf = (html: string) => JSON.parse(/<script id="site-context" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!);

  it('renders the home page (page type 2) with its blocks, navigation, SEO tags and the islands', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<title>Clay &amp; Co.</title>');
    expect(res.text).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/">/);
    expect(res.text).toContain('<meta property="og:title"');
    expect(res.text).toContain('<nav class="site-nav" aria-label="Main">');
    expect(res.text).toContain('href="/journal"');
    expect(res.text).toContain('data-island="cart-pill"');
    expect(res.text).toMatch(/srcset="\/static\/images\/img-hero-studio\/[^"]*\?format=100w 100w/);
    expect(res.text).not.toContain('{.');
    expect(siteContextOf(res.text)).toMatchObject({ pageType: 2, storeSettings: { selectedCurrency: 'USD' }, hasCart: false, authenticated: false });
  });

  it('answers ?format=json with the context the template saw', async () => {
    const res = await get('/about?format=json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pageType: 2, collection: { title: 'About', typeName: 'page' }, website: { siteTitle: 'Clay & Co.' } });
    const html = (await get('/about')).text;
    for (const block of res.body.collection.layout.blocks.filter((b: { typeName: string }) => b.typeName === 'quote')) {
      expect(html).toContain(String(block.value.text ?? block.value.quote ?? '').slice(0, 20).replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
    }
    expect(res.body.collection.layout.blocks.map((b: { typeName: string }) => b.typeName)).toEqual(expect.arrayContaining(['html', 'image', 'quote']));
  });

  it('renders the blog list and a post; drafts and future posts stay hidden', async () => {
    const list = await get('/journal?format=json');
    expect(list.body).toMatchObject({ pageType: 1, collection: { typeName: 'blog' } });
    expect(list.body.items.length).toBe(3);
    expect(list.body.items.every((i: { workflowState: string }) => i.workflowState === 'Published')).toBe(true);
    const html = (await get('/journal')).text;
    for (const item of list.body.items) expect(html).toContain(`href="${item.fullUrl}"`);
    const post = await get(list.body.items[0].fullUrl);
    expect(post.status).toBe(200);
    expect(post.text).toContain(list.body.items[0].title.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
    expect(siteContextOf(post.text)).toMatchObject({ pageType: 50 });
    expect(post.text).toMatch(/ago|less than a minute/);
  });

  it('renders the events list and an event with its calendar link', async () => {
    const list = await get('/events?format=json');
    expect(list.body).toMatchObject({ pageType: 1, collection: { typeName: 'events' } });
    const event = list.body.items[0];
    const page = await get(event.fullUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('google.com/calendar');
  });

  it('renders the gallery with its normalised options and every image', async () => {
    const json = await get('/gallery?format=json');
    expect(json.body.collection.galleryOptions).toMatchObject({ design: 'grid', 'thumbnails-per-row': 4, padding: 20 });
    const html = (await get('/gallery')).text;
    expect(html.match(/<img /g)!.length).toBeGreaterThanOrEqual(json.body.items.length);
  });

  it('renders the store grid and a product page with prices, marks and add-to-cart mounts', async () => {
    const grid = await get('/shop');
    expect(grid.status).toBe(200);
    expect(grid.text).toContain('Stoneware Mug');
    expect(grid.text).toContain('$28.00');
    expect(grid.text).toMatch(/sold out/i);
    expect(grid.text).toContain('data-island="add-to-cart"');
    const json = await get('/shop/stoneware-mug?format=json');
    // The JSON is what the template saw: the record plus the theme's view, whose price the page prints.
    expect(json.body.item.view.pricing).toBeDefined();
    expect(json.body.item.structuredContent.variants.map((v: { sku: string }) => v.sku)).toEqual(['MUG-SAND', 'MUG-MOSS']);
    const product = await get('/shop/stoneware-mug');
    expect(product.status).toBe(200);
    expect(product.text).toContain('data-item-id="p-stoneware-mug"');
    expect(product.text).toContain('$28.00');
    expect(product.text).not.toContain('$2,800.00');
    expect(siteContextOf(product.text)).toMatchObject({ pageType: 50 });
    // Images come from the products: the card shows the main one, the page every one, main first.
    expect(json.body.item).toMatchObject({ imageIds: ['img-stoneware-mug', 'img-moss-mug'], mainImageId: 'img-stoneware-mug', mainImage: { assetUrl: expect.stringContaining('/img-stoneware-mug/') } });
    expect(json.body.item.items.map((i: { assetUrl: string }) => i.assetUrl)).toEqual([expect.stringContaining('/img-moss-mug/')]);
    expect(grid.text).toMatch(/srcset="\/static\/images\/img-stoneware-mug\/[^"]*\?format=100w 100w/);
    const main = product.text.search(/srcset="\/static\/images\/img-stoneware-mug\//);
    expect(main).toBeGreaterThan(-1);
    expect(product.text.search(/srcset="\/static\/images\/img-moss-mug\//)).toBeGreaterThan(main);
    // The cards link the record's fullUrl, /shop/p/<urlId>: it opens the same page.
    expect(grid.text).toContain('href="/shop/p/stoneware-mug"');
    const linked = await get('/shop/p/stoneware-mug');
    expect(linked.status).toBe(200);
    expect(linked.text).toContain('data-item-id="p-stoneware-mug"');
    expect((await get('/shop/p/no-such-product')).status).toBe(404);
  });

  it('searches pages, posts, events and products', async () => {
    const res = await get('/search?q=mug');
    expect(res.status).toBe(200);
    expect(siteContextOf(res.text)).toMatchObject({ pageType: 102 });
    const json = await get('/search?q=mug&format=json');
    expect(json.body.search.results.length).toBeGreaterThan(0);
    expect(json.body.search.results.some((r: { kind: string }) => r.kind === 'product')).toBe(true);
    expect((await get('/search?q=%22%27%3C')).status).toBe(200);
  });

  it('locks the wholesale page until the password is given', async () => {
    const locked = await get('/wholesale');
    expect(locked.status).toBe(401);
    expect(siteContextOf(locked.text)).toMatchObject({ pageType: 103 });
    expect(locked.text).toMatch(/locked/i);
    expect(locked.text).not.toContain('wholesale minimum');
    const json = await get('/wholesale?format=json');
    expect(json.body).toMatchObject({ pageType: 105 });
    expect(json.body.collection ?? null).toBeNull();
    expect(JSON.stringify(json.body)).not.toContain('wholesale minimum');

    const wrong = await request(t.server).post('/wholesale').type('form').send({ password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('That password is not right');
    const right = await request(t.server).post('/wholesale').type('form').send({ password: DEMO_WHOLESALE_PASSWORD });
    expect(right.status).toBe(303);
    const cookie = ([] as string[]).concat(right.headers['set-cookie']).find((c) => c.startsWith('ss_unlocked='))!.split(';')[0];
    const open = await get('/wholesale').set('Cookie', cookie);
    expect(open.status).toBe(200);
    expect(siteContextOf(open.text)).toMatchObject({ pageType: 2 });
    expect(open.text).toContain('wholesale minimum');
    expect((await get('/wholesale').set('Cookie', 'ss_unlocked=wholesale~forged')).status).toBe(401);
  });

  it('shows members-only pages as member area access denied (106)', async () => {
    const res = await get('/studio-members');
    expect(res.status).toBe(403);
    expect(siteContextOf(res.text)).toMatchObject({ pageType: 106 });
    expect(res.text).toMatch(/only to site members/i);
  });

  it('renders not found (100) for unknown paths and keeps API 404s as JSON', async () => {
    const res = await get('/no-such-page');
    expect(res.status).toBe(404);
    expect(siteContextOf(res.text)).toMatchObject({ pageType: 100 });
    // A page that does not exist is no page of the navigation (not Home), and has no canonical address.
    expect(res.text).toContain('<a href="/">Home</a>');
    expect(res.text).not.toContain('aria-current="page"');
    expect(res.text).not.toContain('site-nav__item--active');
    expect(res.text).not.toContain('rel="canonical"');
    const api = await get('/api/no-such-route');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('serves robots.txt and a sitemap of the published pages only', async () => {
    const robots = await get('/robots.txt');
    expect(robots.text).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.text).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/journal<\/loc>/);
    expect(sitemap.text).not.toContain('/wholesale');
    expect(sitemap.text).not.toContain('/studio-members');
  });

  describe('Content-Security-Policy and security headers (issue 10)', () => {
    const nonceOf = (csp: string) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    // One Host, so the two answers are of the same page (supertest listens on a new port each time).
    const get = (path: string) => request(t.server).get(path).set('Host', 'shop.test');

    it.each(['/', '/journal', '/shop', '/wholesale', '/no-such-page', '/search?q=mug'])('%s runs only its own scripts, by a fresh nonce', async (path) => {
      const [a, b] = [await get(path), await get(path)];
      const csp = String(a.headers['content-security-policy']);
      expect(csp).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/; style-src 'self'; style-src-elem 'self'; style-src-attr 'unsafe-inline'; /);
      expect(csp).toContain("object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'");
      const nonce = nonceOf(csp)!;
      // Exactly our three script elements carry it: the islands bundle, the tracker (deferred) and the site context. A form's
      // definition (issue 14) is a JSON data block beside its form: never run, no nonce, no src.
      const all = a.text.match(/<script\b[^>]*>/g)!;
      const formData = all.filter((tag) => /^<script type="application\/json" data-form-definition="[A-Za-z0-9_-]+">$/.test(tag));
      const scripts = all.filter((tag) => !formData.includes(tag));
      expect(scripts).toEqual([
        expect.stringMatching(new RegExp(`^<script nonce="${nonce.replace(/[+/]/g, '\\$&')}" type="module" src="/static/`)),
        expect.stringMatching(new RegExp(`^<script nonce="${nonce.replace(/[+/]/g, '\\$&')}" defer src="/static/tracker/main-[A-Za-z0-9_-]+\\.js">$`)),
        `<script id="site-context" type="application/json" nonce="${nonce}">`,
      ]);
      expect(a.text).not.toContain('nonce-slot');
      // A new response, a new nonce; the same page, the same ETag.
      expect(nonceOf(String(b.headers['content-security-policy']))).not.toBe(nonce);
      expect(b.headers.etag).toBe(a.headers.etag);
      for (const res of [a, b]) {
        expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', 'x-frame-options': 'SAMEORIGIN' });
      }
    });

    it('answers an unchanged page 304 without a policy, so the browser keeps the one stored with its body', async () => {
      const first = await get('/about');
      const again = await get('/about').set('If-None-Match', first.headers.etag!);
      expect(again.status).toBe(304);
      expect(again.headers['content-security-policy']).toBeUndefined();
    });

    it('sends a policy and the headers with the JSON context, the API, and the owner pages', async () => {
      for (const path of ['/about?format=json', '/api/commerce/products/p-stoneware-mug']) {
        const res = await get(path);
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      const login = await get('/config/login');
      expect(login.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'nonce-[^']+'; style-src 'nonce-[^']+'; .*frame-ancestors 'none'/);
      expect(login.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
    });
  });

  // Last: it breaks the read model on purpose.
  it('answers a failure with the error page (101), logged, with no stack trace for the visitor', async () => {
    await t.db.query('DROP VIEW site_items');
    const res = await get('/journal');
    expect(res.status).toBe(500);
    expect(siteContextOf(res.text)).toMatchObject({ pageType: 101 });
    expect(res.text).not.toMatch(/\bat .*\.(js|ts):\d+/);
    expect(res.text).not.toMatch(/site_items|relation|does not exist/);
  });
});
