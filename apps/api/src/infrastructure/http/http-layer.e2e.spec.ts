import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_WHOLESALE_PASSWORD } from '../../demo';

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET with node:http, which (unlike supertest and fetch) leaves the body as it came on the wire. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (res: RawResponse): Buffer => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  return res.body;
};

describeOnHttpDriver('HTTP layer on Fastify', (driver) => {
  let t: TestApp;
  let base: string;
  const withoutNonces = (body: Buffer) => body.toString('latin1').replace(/ nonce="[^"]*"/g, '');

  beforeAll(async () => {
    t = await startTestApp(driver);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('compression', () => {
    it.each([
      ['a published page', '/'],
      ['a page as JSON', '/shop?format=json'],
      ['an API answer', '/api/media/images'],
    ])('sends %s as brotli or gzip when asked, decoding to the same bytes as the plain answer', async (_what, path) => {
      const plain = await rawGet(base, path);
      if (plain.status === 401) return; // the media list needs a sign-in: nothing to compress
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const encoding of ['br', 'gzip']) {
        const packed = await rawGet(base, path, { 'Accept-Encoding': encoding });
        expect(packed.status).toBe(plain.status);
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.body.length).toBeLessThan(plain.body.length / 2);
        // (A page's CSP nonce is new in every answer: compared without it.)
        expect(withoutNonces(decode(packed))).toBe(withoutNonces(plain.body));
        expect(String(packed.headers.vary)).toMatch(/accept-encoding/i);
      }
    });

    it('sends the islands bundle from its build-time .br and .gz files', async () => {
      const html = (await request(t.server).get('/')).text;
      const script = /<script [^>]*type="module" src="(\/static\/[^"]+\.js)">/.exec(html)![1]!;
      const plain = await rawGet(base, script);
      expect(plain.status).toBe(200);
      const br = await rawGet(base, script, { 'Accept-Encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(decode(br).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      const gzip = await rawGet(base, script, { 'Accept-Encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decode(gzip).equals(plain.body)).toBe(true);
    });

    it('leaves small answers alone', async () => {
      // A fresh empty cart: under the 1 KiB threshold.
      const res = await rawGet(base, '/api/commerce/shopping-cart', { 'Accept-Encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThan(1024);
      expect(res.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('caching', () => {
    it('serves hashed assets with immutable caching, and no build files', async () => {
      const html = (await request(t.server).get('/')).text;
      const assets = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
      expect(assets.length).toBeGreaterThanOrEqual(2);
      for (const asset of assets) {
        const res = await request(t.server).get(asset);
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect((await request(t.server).get('/static/.vite/manifest.json')).status).toBe(403);
      expect((await request(t.server).get('/static/nothing-here.js')).status).toBe(404);
    });

    it('links the theme stylesheet as one cached file instead of inlining it in every page', async () => {
      const html = (await request(t.server).get('/')).text;
      expect(html).not.toContain('<style>');
      const href = /<link rel="stylesheet" href="(\/static\/theme\/site\.[A-Za-z0-9_-]{12}\.css)">/.exec(html)![1]!;
      const css = await request(t.server).get(href);
      expect(css.status).toBe(200);
      expect(css.headers['content-type']).toMatch(/^text\/css/);
      expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(css.text).toContain('--color-accent');
      expect((await request(t.server).get('/static/theme/site.AAAAAAAAAAAA.css')).status).toBe(404);
    });

    it('answers an unchanged page with 304 to its ETag, and a changed one in full', async () => {
      const first = await request(t.server).get('/about');
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      const again = await request(t.server).get('/about').set('If-None-Match', etag);
      expect(again.status).toBe(304);
      expect(again.text ?? '').toBe('');
      const other = await request(t.server).get('/about').set('If-None-Match', 'W/"something-else"');
      expect(other.status).toBe(200);
      const json = await request(t.server).get('/about?format=json');
      expect(json.headers.etag).toMatch(/^W\//);
      expect(json.headers.etag).not.toBe(etag);
      expect((await request(t.server).get('/about?format=json').set('If-None-Match', json.headers.etag as string)).status).toBe(304);
    });

    it('keeps pages that show a visitor their own state out of shared caches', async () => {
      const product = (await request(t.server).get('/shop?format=json')).body.items[0];
      const added = await request(t.server)
        .post('/api/commerce/shopping-cart/entries')
        .send({ itemId: product.id, sku: product.structuredContent.variants[0].sku, quantity: 1 });
      expect(added.status).toBe(200);
      const cartCookie = ([] as string[]).concat(added.headers['set-cookie']).find((c) => c.startsWith('ss_cart='))!.split(';')[0]!;
      const withCart = await request(t.server).get('/shop').set('Cookie', cartCookie);
      expect(withCart.status).toBe(200);
      expect(withCart.headers['cache-control']).toBe('private, no-cache');
      expect(withCart.headers.vary).toMatch(/cookie/i);

      const lockScreen = await request(t.server).get('/wholesale');
      expect(lockScreen.status).toBe(401);
      expect(lockScreen.headers['cache-control']).toBe('private, no-store');
      const unlocked = await request(t.server).post('/wholesale').type('form').send({ password: DEMO_WHOLESALE_PASSWORD });
      const unlockCookie = ([] as string[]).concat(unlocked.headers['set-cookie']).find((c) => c.startsWith('ss_unlocked='))!.split(';')[0]!;
      const open = await request(t.server).get('/wholesale').set('Cookie', unlockCookie);
      expect(open.status).toBe(200);
      expect(open.text).toContain('wholesale minimum');
      expect(open.headers['cache-control']).toBe('private, no-store');
      const openJson = await request(t.server).get('/wholesale?format=json').set('Cookie', unlockCookie);
      expect(openJson.headers['cache-control']).toBe('private, no-store');
    });

    it('serves a site icon', async () => {
      const svg = await request(t.server).get('/favicon.svg');
      expect(svg.status).toBe(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const ico = await request(t.server).get('/favicon.ico').buffer(true);
      expect(ico.status).toBe(200);
      expect(ico.headers['content-type']).toBe('image/png');
      expect((ico.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
      expect((await request(t.server).get('/')).text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    });
  });

  describe('request bodies', () => {
    const addToCart = () => request(t.server).post('/api/commerce/shopping-cart/entries');

    it('refuses JSON nested deeper than the limit before it becomes a command', async () => {
      let deep: unknown = 'x';
      for (let i = 0; i < 3000; i++) deep = { a: deep };
      const res = await addToCart().set('Content-Type', 'application/json').send(JSON.stringify({ itemId: 'x', sku: 'y', quantity: 1, additionalFields: deep }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'INVALID_REQUEST', message: 'The request body nests more than 32 levels deep.' });
    });

    it('refuses a body with too many members', async () => {
      const wide = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, i]));
      const res = await addToCart().send({ itemId: 'x', additionalFields: wide });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The request body has more than 10000 fields and items.');
    });

    it('answers malformed JSON, prototype keys and bodies over 1 MB with 4xx and a message', async () => {
      const bad = await addToCart().set('Content-Type', 'application/json').send('{"itemId": ');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('MALFORMED_JSON');
      const proto = await addToCart().set('Content-Type', 'application/json').send('{"__proto__": {"admin": true}}');
      expect(proto.status).toBe(400);
      expect(proto.body.error).toBe('MALFORMED_JSON');
      const huge = await addToCart().set('Content-Type', 'application/json').send(JSON.stringify({ itemId: 'x'.repeat(1024 * 1024) }));
      expect(huge.status).toBe(413);
      expect(huge.body).toEqual({ error: 'REQUEST_TOO_LARGE', message: 'The request is too large.' });
      const latin1 = await addToCart().set('Content-Type', 'application/json; charset=latin1').send('{}');
      expect(latin1.status).toBeLessThan(500);
    });

    it('refuses a form with more than 1,000 fields', async () => {
      const form = Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join('&');
      const res = await request(t.server).post('/wholesale').type('form').send(form);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('A form can send at most 1000 fields.');
    });

    it('answers every response with a request id, keeping a sane incoming one', async () => {
      const mine = await request(t.server).get('/healthz').set('X-Request-Id', 'trace-42');
      expect(mine.headers['x-request-id']).toBe('trace-42');
      const odd = await request(t.server).get('/healthz').set('X-Request-Id', 'no spaces please');
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
