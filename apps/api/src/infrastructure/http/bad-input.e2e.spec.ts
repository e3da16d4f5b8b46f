import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { WebsiteDirectory } from '../../catalog';

const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
type Session = { cookie: string; xsrf: string };

/** A raw request with node:http: the path and headers go on the wire exactly as given. */
function raw(base: string, method: string, path: string, headers: Record<string, string | number> = {}, body?: Buffer | string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describeOnHttpDriver('bad input answers 4xx with a message and stores nothing', (driver) => {
  let t: TestApp;
  let base: string;
  let admin: Session;
  let products: string;
  let item: { id: string; sku: string };
  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n);

  beforeAll(async () => {
    t = await startTestApp(driver);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const res = await request(t.server).post('/api/config/session').send(ADMIN);
    admin = {
      cookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('owner_session='))!.split(';')[0]!,
      xsrf: res.body.xsrfToken,
    };
    products = `/api/content-service/product/1.1/websites/${(await t.app.get(WebsiteDirectory).current()).websiteId}/products`;
    const product = (await request(t.server).get('/shop?format=json')).body.items[0];
    item = { id: product.id, sku: product.structuredContent.variants[0].sku };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function expectRefused(send: () => Promise<{ status: number; body: unknown; text?: string }>, status: number, error?: string) {
    const before = await eventCount();
    const res = await send();
    const body = (typeof res.body === 'string' ? JSON.parse(res.body || '{}') : res.body) as { error?: string; message?: unknown };
    expect({ status: res.status, body }).toMatchObject({ status, body: error ? { error } : {} });
    expect(typeof body.message).toBe('string');
    expect(await eventCount()).toBe(before);
  }

  describe('NUL and other control characters', () => {
    it.each([
      ['an item id', () => ({ itemId: `${'x'}\u0000`, sku: 'y', quantity: 1 })],
      ['a sku', () => ({ itemId: item.id, sku: `${item.sku}\u0000`, quantity: 1 })],
      ['a nested additional field', () => ({ itemId: item.id, sku: item.sku, quantity: 1, additionalFields: { note: 'a\u0000b' } })],
    ])('in %s of a JSON body: 400 INVALID_REQUEST', async (_what, body) => {
      await expectRefused(() => request(t.server).post('/api/commerce/shopping-cart/entries').send(body()), 400, 'INVALID_REQUEST');
    });

    // JSON can escape half of a surrogate pair ("\\ud800"): a JavaScript string holds it, but no
    // UTF-8 text can, and PostgreSQL's jsonb refuses it when the event is appended (a 500 found by the
    // fuzz suite on the restock settings' success text).
    it.each([
      ['a high surrogate in a free-text field', { restockNotificationsSuccessText: 'Thanks \ud800' }],
      ['a low surrogate in a free-text field', { restockNotificationsSuccessText: '\udfff' }],
      ['a reversed pair in a free-text field', { restockNotificationsSuccessText: '\udc00\ud800' }],
      ['a lone surrogate in a key', { 'restockNotificationsSuccessText\ud800': 'x' }],
    ])('%s of a JSON body: 400 INVALID_REQUEST', async (_what, body) => {
      await expectRefused(
        () => raw(base, 'PATCH', '/api/site-users/account/notifications/restock/settings', { Cookie: admin.cookie, 'X-XSRF-Token': admin.xsrf, 'Content-Type': 'application/json' }, JSON.stringify(body)),
        400,
        'INVALID_REQUEST',
      );
    });

    it('a well-formed pair (an emoji) in the same field is stored', async () => {
      const res = await raw(base, 'PATCH', '/api/site-users/account/notifications/restock/settings', { Cookie: admin.cookie, 'X-XSRF-Token': admin.xsrf, 'Content-Type': 'application/json' }, JSON.stringify({ restockNotificationsSuccessText: 'Thanks \ud83d\ude00' }));
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).settings.restockNotificationsSuccessText).toBe('Thanks \u{1F600}');
    });

    it.each([
      ['a product id', '/api/commerce/products/abc%00def'],
      ['a stock query', '/api/commerce/inventory/stock?itemId=%00'],
      ['a page path', '/shop%00'],
      ['a page path with another control character', '/about%01'],
      ['a category', '/shop?category=%00'],
      ['a query key', '/shop?%00=1'],
    ])('in %s: 400 INVALID_REQUEST', async (_what, path) => {
      await expectRefused(() => raw(base, 'GET', path), 400, 'INVALID_REQUEST');
    });

    it('a page path is decoded once: /%2500 is the page "/%00", not found, never a NUL', async () => {
      for (const path of ['/%2500', '/journal/%2500', '/%2500/x']) {
        const res = await raw(base, 'GET', path);
        expect(res.status).toBe(404);
      }
    });

    it('in an owner product id: 400 before anything is read', async () => {
      await expectRefused(() => raw(base, 'GET', `${products}/x%00`, { Cookie: admin.cookie }), 400, 'INVALID_REQUEST');
      await expectRefused(() => raw(base, 'PUT', `${products}/x%00/enabled`, { Cookie: admin.cookie, 'X-XSRF-Token': admin.xsrf, 'Content-Type': 'application/json' }, '{"enabled":true}'), 400, 'INVALID_REQUEST');
    });

    it.each([
      ['the session cookie', { Cookie: 'owner_session=%00abc' }],
      ['the cart cookie', { Cookie: 'ss_cart=%00' }],
      ['the XSRF header (a tab)', { 'X-XSRF-Token': 'a\tb' }],
      ['the XSRF header (a C1 control)', { 'X-XSRF-Token': 'a\u0085b' }],
      ['the Idempotency-Key header', { 'Idempotency-Key': 'a\tb' }],
      ['a cookie with a raw control character in its percent-decoding', { Cookie: 'ss_cart=abc%1Fdef' }],
    ])('in %s: refused cleanly with 400', async (_what, headers) => {
      await expectRefused(() => raw(base, 'POST', '/api/commerce/shopping-cart/entries', { ...headers, 'Content-Type': 'application/json' }, JSON.stringify({ itemId: item.id, sku: item.sku, quantity: 1 })), 400, 'INVALID_REQUEST');
    });
  });

  describe('bodies and encodings', () => {
    it('413 for a body over 1 MB on an owner route without a session, before the 401', async () => {
      const big = JSON.stringify({ title: 'x'.repeat(1024 * 1024) });
      await expectRefused(() => raw(base, 'POST', products, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(big) }, big), 413, 'REQUEST_TOO_LARGE');
      await expectRefused(() => raw(base, 'POST', '/api/config/owners', { 'Content-Type': 'application/json' }, big), 413, 'REQUEST_TOO_LARGE');
      // Chunked, with no Content-Length to judge by up front.
      await expectRefused(() => raw(base, 'POST', products, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, big), 413, 'REQUEST_TOO_LARGE');
    });

    it('413 for a big form body and for a big body of an unknown type', async () => {
      const form = `password=${'x'.repeat(1024 * 1024 + 10)}`;
      await expectRefused(() => raw(base, 'POST', '/wholesale', { 'Content-Type': 'application/x-www-form-urlencoded' }, form), 413, 'REQUEST_TOO_LARGE');
      await expectRefused(() => raw(base, 'POST', '/api/commerce/shopping-cart/entries', { 'Content-Type': 'text/plain' }, 'x'.repeat(1024 * 1024 + 10)), 413, 'REQUEST_TOO_LARGE');
    });

    // Request bodies in gzip, deflate or br are decoded (by @fastify/compress), within the 1 MB limit.
    it('decodes a gzip body, and counts the 1 MB limit on the decoded bytes', async () => {
      const ok = await raw(base, 'POST', '/api/commerce/shopping-cart/entries', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, gzipSync(JSON.stringify({ itemId: 'nope', sku: 'y', quantity: 1 })));
      expect(ok.status).toBe(404);
      expect(JSON.parse(ok.body).error).toBe('VARIANT_UNAVAILABLE');
      const bomb = gzipSync(JSON.stringify({ itemId: 'x'.repeat(20 * 1024 * 1024) }));
      expect(bomb.length).toBeLessThan(100 * 1024);
      await expectRefused(() => raw(base, 'POST', '/api/commerce/shopping-cart/entries', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, bomb), 413, 'REQUEST_TOO_LARGE');
    });

    it.each(['gzip', 'deflate', 'br'])('Content-Encoding %s with bytes that do not decode: 400 with a message', async (encoding) => {
      await expectRefused(() => raw(base, 'POST', '/api/commerce/shopping-cart/entries', { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, 'not compressed'), 400, 'INVALID_REQUEST');
    });

    it.each(['x-unknown', 'compress'])('Content-Encoding %s: 415 UNSUPPORTED_MEDIA_TYPE', async (encoding) => {
      await expectRefused(() => raw(base, 'POST', '/api/commerce/shopping-cart/entries', { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, '{}'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('an address that does not percent-decode: 400 in the app\'s shape', async () => {
      await expectRefused(() => raw(base, 'GET', '/shop%zz'), 400, 'INVALID_REQUEST');
      await expectRefused(() => raw(base, 'GET', '/api/commerce/products/%E0%A4%A'), 400, 'INVALID_REQUEST');
    });

    it('Content-Encoding identity is fine', async () => {
      const res = await raw(base, 'POST', '/api/commerce/shopping-cart/entries', { 'Content-Type': 'application/json', 'Content-Encoding': 'identity' }, JSON.stringify({ itemId: 'nope', sku: 'y', quantity: 1 }));
      expect(res.status).toBe(404);
    });

    it.each(['application/json; charset=latin1', 'application/json; charset="ISO-8859-1"', 'application/x-www-form-urlencoded; charset=utf-16'])('%s: 415 with a message', async (type) => {
      await expectRefused(() => raw(base, 'POST', '/wholesale', { 'Content-Type': type }, Buffer.from('{"password":"caf\xe9"}', 'latin1')), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('charset=utf-8 is fine', async () => {
      const res = await raw(base, 'POST', '/api/commerce/shopping-cart/entries', { 'Content-Type': 'application/json; charset=UTF-8' }, JSON.stringify({ itemId: 'nope', sku: 'y', quantity: 1 }));
      expect(res.status).toBe(404);
    });

    it('more than 1,000 form fields: 400 with a message', async () => {
      const form = Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join('&');
      await expectRefused(() => raw(base, 'POST', '/wholesale', { 'Content-Type': 'application/x-www-form-urlencoded' }, form), 400, 'INVALID_REQUEST');
    });
  });

  describe('values the domain refuses', () => {
    it.each(['1e2', '0x10', ' 3', '+1', '', '1_000', 'Infinity'])('quantity %j is not a whole number the form would send', async (quantity) => {
      await expectRefused(() => request(t.server).post('/api/commerce/shopping-cart/entries').send({ itemId: item.id, sku: item.sku, quantity }), 400);
    });

    it.each([['1e2', 200], ['1e400', 400]])('quantity %s as a JSON number is judged by value', async (quantity, status) => {
      const res = await request(t.server).post('/api/commerce/shopping-cart/entries').send(`{"itemId":"${item.id}","sku":"${item.sku}","quantity":${quantity}}`).set('Content-Type', 'application/json');
      expect(res.status).toBe(status);
    });

    it.each(['<script>alert(1)</script>@x.com', 'a"b@x.com', 'a@b@x.com', 'a@x.c', 'a@x.company', 'a b@x.com', 'a@-x.com'])('email %j is not a valid email', async (email) => {
      await expectRefused(
        () => request(t.server).post('/api/config/owners').set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf).send({ email, password: 'a long enough password', roles: ['editor'], currentPassword: ADMIN.password }),
        400,
        'INVALID_EMAIL',
      );
    });
  });
});
