import { describeOnHttpDriver, eventually } from '@storefront/eventstore/testing';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { signIn } from '../../test/store-fixtures';
import { startAnotherApp, startTestApp, type TestApp } from '../../test/test-app';
import { WebsiteDirectory } from '../catalog';
import { VisitAppends } from './visit-appends';
import { utcDayOf, VisitorIdentities } from './visitor-identities';

/**
 * Issue 16 part 4: the census calls of SPEC 7 over HTTP, on both drivers. Each happy path is read
 * back from the events table; each bad input answers 4xx with nothing stored; bots are dropped;
 * no stored event holds the client's address or the census cookie's id; a burst of concurrent
 * hits is stored exactly once, in fewer appends than hits.
 */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const COOKIE_ID = 'CensusCookieIdQ7x2';
const NOW = Date.now();
const CENSUS = `${COOKIE_ID}|${NOW - 86_400_000}|${NOW - 3_600_000}|${NOW}|3`;
const NEW_CENSUS = `FreshVisitorZ9|${NOW}|${NOW}|${NOW}|1`;

type Row = { stream_id: string; event_type: string; data: Record<string, unknown>; metadata: Record<string, unknown> };

describeOnHttpDriver('census calls over HTTP (issue 16)', (driver) => {
  let t: TestApp;
  let websiteId: string;
  let nextAddress = 1;
  /** Each test's calls come from an address of their own (the rate limit is per address). */
  const address = () => `203.0.113.${nextAddress++}`;
  let ip = '';

  const visitRows = async (): Promise<Row[]> =>
    (await t.db.query<Row>(`SELECT stream_id, event_type, data, metadata FROM events WHERE stream_id LIKE 'visits-%' ORDER BY global_position`)).rows;
  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n);

  const hitData = (extra: Record<string, unknown> = {}) => ({
    websiteId, templateId: 'tpl', website_locale: 'en-US', userAgent: CHROME, clientDate: NOW, viewportInnerWidth: 390, viewportInnerHeight: 800,
    screenWidth: 390, screenHeight: 844, url: 'http://shop.example/shop/mug?utm_source=newsletter', title: 'Stoneware mug', localStorageSupported: true,
    queryString: '?utm_source=newsletter', referrer: 'https://www.Search.example/results?q=mug', pagePath: '/shop/mug', pageType: 2,
    pageKind: 'product-details', itemId: 'p-stoneware-mug', collectionId: 'shop', isFirstLanding: true, isFirstSession: false, sessionId: 's-1',
    ...extra,
  });
  const post = (path: string, from = ip) => request(t.server).post(path).set('User-Agent', CHROME).set('X-Forwarded-For', from).set('Accept-Language', 'fr-CA,fr;q=0.9');
  const hit = (event: string, data: unknown, cookie = CENSUS, from = ip) =>
    post('/api/census/RecordHit', from).type('form').send({ event, data: typeof data === 'string' ? data : JSON.stringify(data), ss_cvr: cookie });
  const page = { pagePath: '/about', pageType: 1, sessionId: 's-1' };
  let baseUrl: string | undefined;
  const listening = async () => {
    if (!baseUrl) {
      await t.app.listen(0, '127.0.0.1');
      baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    }
    return baseUrl;
  };

  beforeAll(async () => {
    // X-Forwarded-For from the test client counts: each test is a client address of its own.
    t = await startTestApp(driver, { TRUST_PROXY: 'loopback', ANALYTICS_RATE_LIMIT_BURST: '60', ANALYTICS_RATE_LIMIT_PER_SECOND: '0.01' });
    websiteId = (await t.app.get(WebsiteDirectory).current()).websiteId;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    ip = address();
  });

  it('stores a page view with hashed identities, the referrer host, the campaign, the device class and the language', async () => {
    const res = await hit('view', hitData());
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const row = (await visitRows()).at(-1)!;
    expect(row.stream_id).toMatch(/^visits-[0-9a-f-]{36}$/);
    expect(row.event_type).toBe('PageViewed');
    expect(row.data).toEqual({
      hitId: expect.stringMatching(/^[0-9a-f-]{36}$/), at: expect.any(String), websiteId, visitorId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      visitId: expect.stringMatching(/^[0-9a-f-]{36}$/), path: '/shop/mug', title: 'Stoneware mug', referrerHost: 'www.search.example', utmSource: 'newsletter',
      pageType: 2, pageKind: 'product-details', itemId: 'p-stoneware-mug', collectionId: 'shop', pagePermission: null, newVisit: true, newVisitor: false,
      device: 'mobile', language: 'fr-CA',
    });
    expect(Math.abs(Date.parse(row.data.at as string) - Date.now())).toBeLessThan(60_000);
  });

  it('gives every call of one visit the same visit id, a new visit a new one, and the same visitor the same visitor id that day', async () => {
    await hit('view', hitData({ isFirstLanding: true })).expect(204);
    await hit('view', hitData({ isFirstLanding: false, pagePath: '/shop' })).expect(204);
    const nextVisit = `${COOKIE_ID}|${NOW - 86_400_000}|${NOW}|${NOW + 1000}|4`;
    await hit('view', hitData()).expect(204);
    await hit('view', hitData(), nextVisit).expect(204);
    await post('/api/census/RecordHit', address()).type('form').send({ event: 'view', data: JSON.stringify(hitData()), ss_cvr: NEW_CENSUS }).expect(204);
    const rows = (await visitRows()).slice(-5).map((r) => r.data);
    expect(rows[1]!.visitId).toBe(rows[0]!.visitId);
    expect(rows[1]!.newVisit).toBe(false);
    expect(rows[3]!.visitId).not.toBe(rows[0]!.visitId);
    expect(rows[3]!.visitorId).toBe(rows[0]!.visitorId);
    expect(rows[4]!.visitorId).not.toBe(rows[0]!.visitorId);
    expect(rows[4]!.newVisitor).toBe(true);
  });

  it('reduces the referrer to null when it is the same site or empty, and classes tablets and desktops by viewport width', async () => {
    await hit('view', hitData({ referrer: 'http://shop.example/shop', viewportInnerWidth: 1024 })).expect(204);
    await hit('view', hitData({ referrer: '', viewportInnerWidth: 1025 })).expect(204);
    await hit('view', hitData({ referrer: 'javascript:alert(1)', viewportInnerWidth: 433 })).expect(204);
    const rows = (await visitRows()).slice(-3).map((r) => r.data);
    expect(rows.map((r) => [r.referrerHost, r.device])).toEqual([[null, 'tablet'], [null, 'desktop'], [null, 'tablet']]);
  });

  it('stores the commerce hits: add to cart, cart view, confirmed order', async () => {
    const addToCart = { website_id: websiteId, page_id: 'shop', cart_id: 'cart-1', product_page: 'pdp', product: { item_id: 'p-stoneware-mug', item_type: 'physical', item_title: 'Stoneware mug', item_collection_id: 'shop', item_collection_name: 'Shop' } };
    await hit('add-to-cart', hitData({ addToCart })).expect(204);
    await hit('cart-view', hitData({ cartId: 'cart-1', pagePath: '/cart' })).expect(204);
    const usd = (value: string) => ({ value, currency: 'USD' });
    const order = { id: 'order-9', purchasedCartId: 'cart-1', testMode: true, websiteId, items: [{ sku: 'MUG-SAND', productName: 'Mug', quantity: 2, unitPrice: usd('1800') }], grandTotal: usd('4100'), shippingTotal: usd('500'), taxTotal: usd('0') };
    await hit('order-confirmed', hitData({ order, pagePath: '/commerce/orders/order-9' })).expect(204);
    const rows = (await visitRows()).slice(-3);
    expect(rows.map((r) => r.event_type)).toEqual(['ProductAddedToCartTracked', 'CartViewedTracked', 'OrderConfirmedTracked']);
    expect(rows[0]!.data).toMatchObject({ productPage: 'pdp', itemId: 'p-stoneware-mug', itemTitle: 'Stoneware mug', collectionId: 'shop', cartId: 'cart-1', path: '/shop/mug' });
    expect(rows[1]!.data).toMatchObject({ cartId: 'cart-1', path: '/cart' });
    expect(rows[2]!.data).toMatchObject({ orderId: 'order-9', grandTotal: 4100, currency: 'USD', testMode: true });
  });

  it('stores button, form and overlay calls, and quick views', async () => {
    const body = { websiteId, ...page, visitorCookie: CENSUS };
    await post('/api/census/button-render').send({ ...body, buttonId: 'b-1', label: 'Shop now', href: '/shop' }).expect(204);
    await post('/api/census/button-click').send({ ...body, buttonId: 'b-1', label: 'Shop now' }).expect(204);
    await post('/api/census/form-render').send({ ...body, formId: 'contact' }).expect(204);
    await post('/api/census/overlay').send({ ...body, action: 'submit' }).expect(204);
    await post('/api/census/RecordQuickView/p-stoneware-mug').set('Cookie', `ss_cvr=${encodeURIComponent(CENSUS)}`).set('Referer', 'http://127.0.0.1/shop?x=1').set('Host', '127.0.0.1').expect(204);
    const rows = (await visitRows()).slice(-5);
    expect(rows.map((r) => r.event_type)).toEqual(['ButtonTracked', 'ButtonTracked', 'FormRenderTracked', 'OverlayTracked', 'QuickViewTracked']);
    expect(rows[0]!.data).toMatchObject({ action: 'render', buttonId: 'b-1', label: 'Shop now', path: '/about', websiteId });
    expect(rows[1]!.data).toMatchObject({ action: 'click' });
    expect(rows[2]!.data).toMatchObject({ formId: 'contact' });
    expect(rows[3]!.data).toMatchObject({ action: 'submit' });
    expect(rows[4]!.data).toMatchObject({ itemId: 'p-stoneware-mug', path: '/shop', websiteId });
    expect(new Set(rows.map((r) => r.data.visitId)).size).toBe(1);
  });

  it('stores web vitals from a beacon (text body) and JSON', async () => {
    const record = (pageLoadId: string, metrics: Record<string, number>) => ({ app: 'storefront', event: 'web-vitals', pageLoadId, ts: NOW, data: { websiteId, pagePath: '/', pageType: 1, ...metrics } });
    const beacon = JSON.stringify([record('load-1', { fcp: 900, lcp: 2100.5, cls: 0.02 }), record('load-2', { inp: 180 })]);
    await post('/api/1/performance/records').set('Content-Type', 'text/plain;charset=UTF-8').send(beacon).expect(204);
    await post('/api/1/performance/records').send([record('load-3', { fid: 12 })]).expect(204);
    const rows = (await visitRows()).slice(-3);
    expect(rows.map((r) => [r.event_type, r.data.pageLoadId, r.data.metrics])).toEqual([
      ['WebVitalsRecorded', 'load-1', { fcp: 900, lcp: 2100.5, cls: 0.02 }],
      ['WebVitalsRecorded', 'load-2', { inp: 180 }],
      ['WebVitalsRecorded', 'load-3', { fid: 12 }],
    ]);
  });

  it('stores JavaScript error reports with the CSRF header, stacks cut to 5000 characters; 403 without it', async () => {
    const report = { websiteId, pagePath: '/shop', pageLoadId: 'load-9', errors: [{ message: 'x is not defined', stack: 'at f (app.js:1:2)\n'.repeat(1000), source: 'app.js', line: 1, column: 2, ts: NOW }] };
    const before = await eventCount();
    expect((await post('/api/events/RecordJavascriptErrors').send(report)).status).toBe(403);
    expect((await post('/api/events/RecordJavascriptErrors').set('X-XSRF-Token', '').send(report)).status).toBe(403);
    expect(await eventCount()).toBe(before);
    const res = await post('/api/events/RecordJavascriptErrors').set('X-XSRF-Token', 'anonymous').send(report);
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    const row = (await visitRows()).at(-1)!;
    expect(row.event_type).toBe('JavascriptErrorsReported');
    const errors = row.data.errors as { message: string; stack: string; line: number }[];
    expect(errors[0]!.stack).toHaveLength(5000);
    expect(errors[0]!).toMatchObject({ message: 'x is not defined', source: 'app.js', line: 1, column: 2 });
  });

  // Only these routes keep lone surrogates (every other JSON body is refused with 400: bad-input.e2e.spec.ts):
  // a tracker cutting a message at 5000 characters can end in half of a pair, and the report still counts.
  it('stores reports whose text holds half of a surrogate pair, with U+FFFD in its place, on JSON, text and form bodies', async () => {
    const cutMessage = `${'m'.repeat(4999)}\u{1F600}`.slice(0, 5000);
    const report = { websiteId, pagePath: '/shop', pageLoadId: 'load-half', errors: [{ message: cutMessage, stack: 'at \udc00f', ts: NOW }] };
    await post('/api/events/RecordJavascriptErrors').set('X-XSRF-Token', 'anonymous').send(report).expect(202);
    const record = (pageLoadId: string, pagePath: string) => ({ app: 'storefront', event: 'web-vitals', pageLoadId, ts: NOW, data: { websiteId, pagePath, pageType: 1, fcp: 900 } });
    await post('/api/1/performance/records').send([record('load-half-json', '/a\ud800')]).expect(204);
    await post('/api/1/performance/records').set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify([record('load-half-text', '/b\udfff')])).expect(204);
    await hit('view', hitData({ title: 'Mug \ud83d', pagePath: '/shop/mug' })).expect(204);
    const rows = (await visitRows()).slice(-4);
    const errors = rows[0]!.data.errors as { message: string; stack: string }[];
    expect(errors[0]!.message).toBe(`${'m'.repeat(4999)}\ufffd`);
    expect(errors[0]!.stack).toBe('at \ufffdf');
    expect([rows[1]!.data.path, rows[2]!.data.path]).toEqual(['/a\ufffd', '/b\ufffd']);
    expect(rows[3]!.data.title).toBe('Mug \ufffd');
  });

  it('takes census calls from a signed-in viewer without the owner token, but error reports only with the session token', async () => {
    const owner = await signIn(t.server);
    await post('/api/census/RecordHit').set('Cookie', owner.cookie).type('form').send({ event: 'view', data: JSON.stringify(hitData()), ss_cvr: CENSUS }).expect(204);
    const report = { websiteId, pagePath: '/', pageLoadId: 'load-10', errors: [{ message: 'boom', stack: '', ts: NOW }] };
    expect((await post('/api/events/RecordJavascriptErrors').set('Cookie', owner.cookie).set('X-XSRF-Token', 'anonymous').send(report)).status).toBe(403);
    await post('/api/events/RecordJavascriptErrors').set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf).send(report).expect(202);
  });

  it('answers every bad input with 4xx and stores nothing, and keeps serving', async () => {
    const before = await eventCount();
    // Short keys: a long address would be refused by Node itself (431) before the parser is reached.
    const manyKeys = Array.from({ length: 2000 }, (_, i) => `${i % 10}=`).join('&');
    const bad: [string, () => request.Test, number][] = [
      ['2000 query keys', () => hit('view', hitData()).query(manyKeys), 400],
      ['2000 form fields', () => post('/api/census/RecordHit').type('form').send(`${manyKeys}&event=view&data=${encodeURIComponent(JSON.stringify(hitData()))}&ss_cvr=${encodeURIComponent(CENSUS)}`), 400],
      ['a 1 MB form body', () => hit('view', hitData({ title: 'x'.repeat(1_000_000) })), 413],
      ['a 1 MB JSON body', () => post('/api/census/button-click').send({ websiteId, ...page, visitorCookie: CENSUS, buttonId: 'b', label: 'x'.repeat(1_000_000) }), 413],
      ['a 1 MB beacon', () => post('/api/1/performance/records').set('Content-Type', 'text/plain').send('['.padEnd(1_000_000, ' ')), 413],
      ['a 1 MB error report', () => post('/api/events/RecordJavascriptErrors').set('X-XSRF-Token', 'anonymous').send({ websiteId, pagePath: '/', pageLoadId: 'l', errors: [{ message: 'm'.repeat(1_000_000), stack: '', ts: NOW }] }), 413],
      ['malformed JSON in data', () => hit('view', '{"websiteId":'), 400],
      ['prototype keys in data', () => hit('view', '{"__proto__":{"x":1}}'), 400],
      ['malformed JSON body', () => post('/api/census/overlay').set('Content-Type', 'application/json').send('{"action":'), 400],
      ['malformed beacon', () => post('/api/1/performance/records').set('Content-Type', 'text/plain').send('[{"app":'), 400],
      ['a missing cookie', () => post('/api/census/RecordHit').type('form').send({ event: 'view', data: JSON.stringify(hitData()) }), 400],
      ['a four-part cookie', () => hit('view', hitData(), `${COOKIE_ID}|${NOW}|${NOW}|1`), 400],
      ['a cookie with leading zeros', () => hit('view', hitData(), `${COOKIE_ID}|0${NOW}|${NOW}|${NOW}|1`), 400],
      ['a cookie with a non-integer', () => hit('view', hitData(), `${COOKIE_ID}|${NOW}|${NOW}|${NOW}|1.5`), 400],
      ['a forged cookie from the future', () => hit('view', hitData(), `${COOKIE_ID}|${NOW}|${NOW}|${NOW + 10 * 86_400_000}|1`), 400],
      ['a forged cookie, first visit after latest', () => hit('view', hitData(), `${COOKIE_ID}|${NOW}|${NOW - 5}|${NOW - 10}|2`), 400],
      ['a cookie id with a quote', () => hit('view', hitData(), `a"b|${NOW}|${NOW}|${NOW}|1`), 400],
      ['a forged quick-view cookie', () => post('/api/census/RecordQuickView/p-1').set('Cookie', 'ss_cvr=forged'), 400],
      ['no quick-view cookie', () => post('/api/census/RecordQuickView/p-1'), 400],
      ['an unknown event', () => hit('purchase', hitData()), 400],
      ['data that is not an object', () => hit('view', '[1,2]'), 400],
      ['a page type that is text', () => hit('view', hitData({ pageType: '2' })), 400],
      ['a negative viewport', () => hit('view', hitData({ viewportInnerWidth: -1 })), 400],
      ['a missing session id', () => hit('view', hitData({ sessionId: undefined })), 400],
      ['a title that is a number', () => hit('view', hitData({ title: 5 })), 400],
      ['another website', () => hit('view', hitData({ websiteId: 'someone-else' })), 400],
      ['an add to cart without its product', () => hit('add-to-cart', hitData({ addToCart: { website_id: websiteId, cart_id: 'c', product_page: 'pdp' } })), 400],
      ['an order total that is not minor units', () => hit('order-confirmed', hitData({ order: { id: 'o', websiteId, items: [], grandTotal: { value: '12.50', currency: 'USD' } } })), 400],
      ['an overlay action it does not know', () => post('/api/census/overlay').send({ websiteId, ...page, visitorCookie: CENSUS, action: 'explode' }), 400],
      ['a form render without its form', () => post('/api/census/form-render').send({ websiteId, ...page, visitorCookie: CENSUS }), 400],
      ['a button call with a forged cookie', () => post('/api/census/button-click').send({ websiteId, ...page, visitorCookie: 'x|1|2|3|4', buttonId: 'b', label: 'l' }), 400],
      ['performance records that are not a list', () => post('/api/1/performance/records').send({ app: 'storefront' }), 400],
      ['101 performance records', () => post('/api/1/performance/records').send(Array.from({ length: 101 }, () => ({ app: 'storefront', event: 'web-vitals', pageLoadId: 'l', ts: NOW, data: { websiteId, pagePath: '/', pageType: 1, lcp: 1 } }))), 400],
      ['a metric that is text', () => post('/api/1/performance/records').send([{ app: 'storefront', event: 'web-vitals', pageLoadId: 'l', ts: NOW, data: { websiteId, pagePath: '/', pageType: 1, lcp: 'fast' } }]), 400],
      ['21 error reports', () => post('/api/events/RecordJavascriptErrors').set('X-XSRF-Token', 'anonymous').send({ websiteId, pagePath: '/', pageLoadId: 'l', errors: Array.from({ length: 21 }, () => ({ message: 'm', stack: '', ts: NOW })) }), 400],
      ['a quick-view id of 201 characters', () => post(`/api/census/RecordQuickView/${'i'.repeat(201)}`).set('Cookie', `ss_cvr=${encodeURIComponent(CENSUS)}`), 400],
    ];
    const answers: [string, number][] = [];
    for (const [name, send, _status] of bad) answers.push([name, (await send()).status]);
    expect(answers).toEqual(bad.map(([name, , status]) => [name, status]));
    expect(await eventCount()).toBe(before);
    const bodies = await Promise.all(bad.slice(6, 9).map(([, send]) => send()));
    expect(bodies.map((res) => res.body.error)).toEqual(['MALFORMED_JSON', 'MALFORMED_JSON', 'MALFORMED_JSON']);
    await hit('view', hitData(), CENSUS, address()).expect(204);
    expect(await eventCount()).toBe(before + 1);
  });

  it('accepts and drops known bots and headless browsers without storing anything', async () => {
    const before = await eventCount();
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'Wget/1.21', 'python-requests/2.31',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'facebookexternalhit/1.1',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0)', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'SomeCrawler/1.0', 'Go-http-client/1.1', '',
    ];
    for (const ua of bots) {
      const res = await request(t.server).post('/api/census/RecordHit').set('User-Agent', ua).set('X-Forwarded-For', ip).type('form').send({ event: 'view', data: JSON.stringify(hitData()), ss_cvr: CENSUS });
      expect([ua, res.status]).toEqual([ua, 204]);
    }
    expect(await eventCount()).toBe(before);
  });

  it('limits each client address (429, nothing stored)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await hit('view', hitData())).status);
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    const res = await hit('view', hitData(), CENSUS, address());
    expect(res.status).toBe(204);
  });

  it('stores no raw client address and no census cookie id in any event', async () => {
    await hit('view', hitData()).expect(204);
    const { rows } = await t.db.query<{ text: string }>(`SELECT data::text || metadata::text AS text FROM events`);
    const all = rows.map((r) => r.text).join('\n');
    expect(all).not.toContain('203.0.113.');
    expect(all).not.toContain(COOKIE_ID);
    expect(all).not.toContain('FreshVisitorZ9');
    expect(all).not.toContain('127.0.0.1');
  });

  it('computes the same visitor id in every API process from the day’s salt in the database, a new one the next day, and deletes old salts', async () => {
    await t.db.query(`INSERT INTO analytics_visitor_salts (day, salt) VALUES ('2020-01-01', 'old') ON CONFLICT DO NOTHING`);
    const other = await startAnotherApp(t);
    try {
      const now = Date.now();
      const here = await t.app.get(VisitorIdentities).visitorId(now, websiteId, '198.51.100.7', CHROME);
      const there = await other.get(VisitorIdentities).visitorId(now, websiteId, '198.51.100.7', CHROME);
      expect(there).toBe(here);
      expect(await other.get(VisitorIdentities).visitorId(now, websiteId, '198.51.100.8', CHROME)).not.toBe(here);
      const tomorrow = await other.get(VisitorIdentities).visitorId(now + 86_400_000, websiteId, '198.51.100.7', CHROME);
      expect(tomorrow).not.toBe(here);
      const days = (await t.db.query<{ day: string }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_visitor_salts ORDER BY day`)).rows.map((r) => r.day);
      expect(days).toEqual([utcDayOf(now), utcDayOf(now + 86_400_000)]);
    } finally {
      await other.close();
    }
  });

  it('stores a burst of 200 concurrent hits exactly once each, answering each once stored, in a few appends', async () => {
    const before = await visitRows();
    // The events table held by another transaction while the burst arrives: the first appends wait
    // in the database, the other hits queue in the process and are answered only once stored.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE events IN EXCLUSIVE MODE');
      locked();
      await held;
    });
    await lockTaken;
    const titles = Array.from({ length: 200 }, (_, i) => `burst ${i}`);
    // Over real connections, all sent at once (supertest would open a listener per request).
    const base = await listening();
    let answered = 0;
    const all = Promise.all(
      titles.map((title, i) =>
        fetch(`${base}/api/census/RecordHit`, {
          method: 'POST',
          headers: { 'User-Agent': CHROME, 'X-Forwarded-For': `198.51.100.${i + 1}`, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ event: 'view', data: JSON.stringify(hitData({ title })), ss_cvr: CENSUS }).toString(),
        }).then((res) => {
          answered++;
          return res.status;
        }),
      ),
    );
    const appends = t.app.get(VisitAppends);
    // Until every hit has reached the queue (the first ones' appends wait in the database).
    await eventually(() => appends.waiting + appends.committing === titles.length, { timeoutMs: 60_000, message: 'the burst did not reach the queue' });
    expect(appends.waiting).toBeGreaterThanOrEqual(190);
    expect(answered).toBe(0);
    release();
    await holder;
    const statuses = await all;
    expect(statuses.filter((s) => s !== 204)).toEqual([]);
    const added = (await visitRows()).slice(before.length);
    expect(added.map((r) => r.data.title).sort()).toEqual([...titles].sort());
    expect(new Set(added.map((r) => r.data.hitId)).size).toBe(200);
    expect(new Set(added.map((r) => r.stream_id)).size).toBeLessThanOrEqual(5);
  });
});
