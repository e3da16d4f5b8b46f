import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { WebsiteDirectory } from '../../catalog';
import { appRoutes } from './api-fuzz.routes';

/**
 * Every route of the app, with the body fields its handler reads (fuzzed with bad values beside
 * random documents). The list must match the app's routes exactly: a new route fails this suite
 * until it is listed here, and so fuzzed.
 */
const ROUTE_FIELDS: Record<string, string[]> = {
  'DELETE /api/commerce/shopping-cart/entries/:entryId': [],
  'DELETE /api/config/forms/:id/submissions/:submissionId': [],
  'DELETE /api/config/session': [],
  'DELETE /api/content-service/product/1.1/websites/:websiteId/products/:productId': [],
  'DELETE /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants/:sku': [],
  'DELETE /api/media/images/:imageId': [],
  'DELETE /api/site/collections/:collectionId': [],
  'DELETE /api/site/items/:itemId': [],
  'GET /': [],
  'GET /*': [],
  'GET /api/bot-check/altcha/challenge': [],
  'GET /api/commerce/checkouts': [],
  'GET /api/commerce/checkouts/:checkoutId': [],
  'GET /api/commerce/inventory/stock': [],
  'GET /api/commerce/order-counts': [],
  'GET /api/commerce/orders': [],
  'GET /api/commerce/orders/:orderId': [],
  'GET /api/commerce/products/:id': [],
  'GET /api/commerce/shopping-cart': [],
  'GET /api/commondata/GetSiteLayout': [],
  'GET /api/config/analytics/:report': [],
  'GET /api/config/forms': [],
  'GET /api/config/forms/:id': [],
  'GET /api/config/forms/:id/submissions': [],
  'GET /api/config/forms/:id/submissions.csv': [],
  'GET /api/config/mail-outbox': [],
  'GET /api/config/mailing-list': [],
  'GET /api/config/owners': [],
  'GET /api/config/session': [],
  'GET /api/content-service/product/1.1/websites/:websiteId/products': [],
  'GET /api/content-service/product/1.1/websites/:websiteId/products/:productId': [],
  'GET /api/content-service/product/1.1/websites/:websiteId/products/:productId/history': [],
  'GET /api/media/images': [],
  'GET /api/media/images/:imageId': [],
  'GET /api/site-header-footer': [],
  'GET /api/site-users/account/notifications/restock': [],
  'GET /api/site-users/account/notifications/restock/export.csv': [],
  'GET /api/site-users/account/notifications/restock/groups': [],
  'GET /api/site-users/account/notifications/restock/settings': [],
  'GET /api/site-users/account/notifications/restock/unsubscribe': [],
  'GET /api/site/collections': [],
  'GET /api/site/collections/:collectionId': [],
  'GET /api/site/collections/:collectionId/history': [],
  'GET /api/site/collections/:collectionId/items': [],
  'GET /api/site/items/:itemId': [],
  'GET /api/site/items/:itemId/history': [],
  'GET /api/site/layout/history': [],
  'GET /api/site/settings': [],
  'GET /api/site/settings/history': [],
  'GET /config': [],
  'GET /config/*': [],
  'GET /config/login': [],
  'GET /config/preview/at/:at': [],
  'GET /config/preview/at/:at/*': [],
  'GET /favicon.ico': [],
  'GET /favicon.svg': [],
  'GET /healthz': [],
  'GET /robots.txt': [],
  'GET /sitemap.xml': [],
  'GET /static/images/:imageId/:filename': [],
  'GET /static/theme/:file': [],
  'POST /*': ['password'],
  'POST /api/3/commerce/cart/subscription': ['itemId', 'sku', 'qty', 'quantity', 'additionalFields', 'subscriptionOptionId'],
  'POST /api/1/performance/records': ['app', 'event', 'pageLoadId', 'ts', 'data'],
  'POST /api/census/RecordHit': ['event', 'data', 'ss_cvr'],
  'POST /api/census/RecordQuickView/:id': [],
  'POST /api/census/button-click': ['websiteId', 'pagePath', 'pageType', 'collectionId', 'itemId', 'sessionId', 'visitorCookie', 'buttonId', 'label', 'href'],
  'POST /api/census/button-render': ['websiteId', 'pagePath', 'pageType', 'collectionId', 'itemId', 'sessionId', 'visitorCookie', 'buttonId', 'label', 'href'],
  'POST /api/census/form-render': ['websiteId', 'pagePath', 'pageType', 'collectionId', 'itemId', 'sessionId', 'visitorCookie', 'formId'],
  'POST /api/census/overlay': ['websiteId', 'pagePath', 'pageType', 'collectionId', 'itemId', 'sessionId', 'visitorCookie', 'action'],
  'POST /api/events/RecordJavascriptErrors': ['websiteId', 'pagePath', 'pageLoadId', 'errors'],
  'POST /api/commerce/checkout': ['email', 'paymentToken', 'shippingAddress', 'expectedEntries'],
  'POST /api/commerce/orders/:orderId/cancellation': ['reason'],
  'POST /api/commerce/orders/:orderId/fulfilment': ['trackingNumber'],
  'POST /api/commerce/shopping-cart/entries': ['itemId', 'sku', 'quantity', 'additionalFields'],
  'POST /api/commerce/subscription-checkout': ['cartToken', 'email', 'paymentToken', 'shippingAddress'],
  'POST /api/config/forms': ['id', 'name', 'kind', 'fields', 'successRedirect', 'captchaMethod', 'storage'],
  'POST /api/config/mail-outbox/:id/retry': [],
  'POST /api/config/owners': ['email', 'password', 'roles', 'currentPassword'],
  'POST /api/config/session': ['email', 'password', 'rememberMe'],
  'POST /api/form/FormSubmissionKey': [],
  'POST /api/form/SaveFormSubmission': ['key', 'formId', 'form', 'captchaKey', 'pageTitle', 'pagePath', 'contentSource', 'pagePermissionTypeValue'],
  'POST /api/rest/forms/validate/:formId': ['email', 'name'],
  'POST /api/site-users/account/notifications/restock': ['productId', 'variantId', 'siteVisitorEmail', 'isJoinMailingList', 'recaptchaEnterpriseV3Token', 'language'],
  'POST /api/site-users/account/notifications/restock/erase': ['email'],
  'POST /api/site-users/account/notifications/restock/send': ['productId', 'variantId'],
  'POST /api/site-users/account/notifications/restock/send/all': ['sendRequests'],
  'POST /api/site-users/account/notifications/restock/unsubscribe': ['token'],
  'POST /api/content-service/product/1.1/websites/:websiteId/products': ['title', 'productType', 'currency', 'variants', 'urlId', 'tags', 'categories', 'imageIds', 'subscriptionPlan'],
  'POST /api/content-service/product/1.1/websites/:websiteId/products/:productId/restore': ['version'],
  'POST /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants': ['sku', 'attributes', 'priceCents', 'salePriceCents', 'qtyInStock', 'unlimited', 'weightGrams'],
  'POST /api/media/images': ['altText', 'title', 'filename'],
  'POST /api/site/collections': ['id', 'title', 'type', 'urlId', 'kind'],
  'POST /api/site/collections/:collectionId/restore': ['version'],
  'POST /api/site/collections/:collectionId/items': ['id', 'title', 'body', 'excerpt', 'startDate', 'endDate', 'location'],
  'POST /api/site/items/:itemId/publish': ['at'],
  'POST /api/site/items/:itemId/restore': ['version'],
  'POST /api/site/settings/restore': ['version'],
  'POST /api/site/items/:itemId/unpublish': [],
  'POST /api/widget/UpdateNavigation': ['fieldName', 'templateId', 'navigation'],
  'PATCH /api/site-users/account/notifications/restock/settings': ['restockNotificationsSuccessText', 'restockNotificationMessages', 'automaticSendOnRestock'],
  'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields': ['itemId', 'sku', 'additionalFields'],
  'PUT /api/commerce/shopping-cart/entries/:entryId/quantity': ['quantity'],
  'PUT /api/config/forms/:id': ['name', 'kind', 'fields', 'successRedirect', 'captchaMethod', 'storage'],
  'PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId': ['title', 'description', 'urlId', 'tags', 'categories', 'currency'],
  'PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/enabled': ['enabled'],
  'PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/images': ['imageIds'],
  'PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/sale': ['onSale', 'salePriceCents'],
  'PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants': ['variantOptionOrdering', 'variants'],
  'PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants/:sku': ['attributes', 'priceCents', 'salePriceCents', 'onSale', 'weightGrams'],
  'PUT /api/content-service/product/1.1/websites/:websiteId/products/:productId/variants/:sku/stock': ['qtyInStock', 'unlimited', 'delta'],
  'PUT /api/media/images/:imageId': ['altText', 'title', 'mediaFocalPoint'],
  'PUT /api/site-header-footer': ['header', 'footer', 'newsletterFormId'],
  'PUT /api/site/collections/:collectionId': ['title', 'urlId', 'description'],
  'PUT /api/site/collections/:collectionId/gallery-options': ['design', 'autoplay', 'padding', 'thumbnails-per-row'],
  'PUT /api/site/collections/:collectionId/layout': ['blocks'],
  'PUT /api/site/collections/:collectionId/order': ['itemIds'],
  'PUT /api/site/collections/:collectionId/password': ['password'],
  'PUT /api/site/home': ['collectionId'],
  'PUT /api/site/items/:itemId': ['title', 'body', 'startDate', 'endDate', 'location', 'tags'],
  'PUT /api/site/items/:itemId/workflow': ['state', 'publishOn'],
  'PUT /api/site/settings': ['siteTitle', 'currency', 'timeZone', 'language', 'siteStatus', 'socialAccounts'],
};

/** Routes that sign the admin out when they succeed: fuzzed anonymously only. */
const ANONYMOUS_ONLY = new Set(['DELETE /api/config/session']);

const NUM_RUNS = 25;
const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };

/** JSON text as written, for numbers JSON.stringify cannot produce (1e400, -0, NaN, 1e2). */
class RawJson {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encodes every byte of the UTF-8 form except unreserved characters (lone surrogates become U+FFFD). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** What a header value may carry on the wire (Node refuses the rest before sending). */
const headerSafe = (text: string) => [...text].filter((c) => c === '\t' || (c >= ' ' && c <= '~') || (c >= '\u0080' && c <= '\u00ff')).join('').trim();

const nested = (depth: number): unknown => (depth <= 0 ? 'x' : depth % 2 ? [nested(depth - 1)] : { a: nested(depth - 1) });

const badString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u009f'), fc.string({ maxLength: 8 }))
      .map((parts) => parts.join('')),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '', ' ', '\u0000', 'a\u0000b', '\u0001', '\t', '\n', '\u007f', '\u0085', '\ud800', '\udfff', '\ufeff', '\u202e', '\u200b', 'e\u0301',
      '..', '../../etc/passwd', '%00', '%', '%zz', '<script>alert(1)</script>', "' OR 1=1 --", '__proto__', 'constructor', 'prototype',
      'x'.repeat(600), 'x'.repeat(70_000), '😀'.repeat(300), '1e2', 'NaN', '-0', 'null', 'true', '{}', '[]',
      // JSON text for the routes that read JSON from a field (a form submission's values), escaping what PostgreSQL cannot store.
      '{"a":"\\u0000"}', '{"a":["\\ud800"]}', '{"\\udc00":1}',
    ),
  },
);

const badNumber = fc.oneof(
  fc.constantFrom(new RawJson('1e2'), new RawJson('1e400'), new RawJson('-1e400'), new RawJson('-0'), new RawJson('1e-400'), new RawJson('0.1'), new RawJson('9007199254740993'), new RawJson('1E+2')),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 9999, 10_000, 2 ** 31, Number.MAX_SAFE_INTEGER),
);

const badValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: badString },
    { weight: 3, arbitrary: badNumber },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(badString, tie('value'), { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(30, 31, 32, 33).map(nested) },
  ),
})).value;

const body = (fields: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fields.length > 0 ? fc.dictionary(fc.constantFrom(...fields), badValue, { maxKeys: fields.length }) : fc.dictionary(badString, badValue, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(30, 31, 32, 33).map((d) => ({ a: nested(d) })) },
    { weight: 1, arbitrary: fc.constantFrom('{', '[]', '"x"', 'null', '{"a":NaN}', '', '{"__proto__":{"x":1}}', '\u0000', '{"a":"\\u0000"}').map((t) => new RawJson(t)) },
  );

type Encoding = 'json' | 'json-latin1' | 'form' | 'multipart' | 'text' | 'none' | 'gzip' | 'bogus-encoding';

type FuzzRequest = {
  params: string[];
  query: Record<string, string>;
  body: unknown;
  encoding: Encoding;
  asAdmin: boolean;
  xsrf: 'right' | 'wrong' | 'missing';
  cartCookie: string | null;
  idempotencyKey: string | null;
  /** The version a save says it was based on (issue 12): a real one, a wrong one, or garbage. */
  ifMatch: string | null;
};

function send(base: string, method: string, path: string, headers: Record<string, string>, payload?: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    // A connection of its own: the server may close one it answered before reading the body.
    const req = httpRequest(`${base}${path}`, { method, agent: false, headers: payload ? { ...headers, 'Content-Length': String(payload.length) } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A body as the text fields of a form: strings as they are, anything else as its JSON. */
const formFields = (value: unknown): [string, string][] =>
  (typeof value === 'object' && value !== null && !(value instanceof RawJson) ? Object.entries(value) : [['value', value]]).map(([k, v]) => [String(k), typeof v === 'string' ? v : toJson(v)]);

function encodeBody(value: unknown, encoding: Encoding): { headers: Record<string, string>; payload?: Buffer } {
  const json = Buffer.from(toJson(value), 'utf8');
  switch (encoding) {
    case 'json':
      return { headers: { 'Content-Type': 'application/json' }, payload: json };
    case 'json-latin1':
      return { headers: { 'Content-Type': 'application/json; charset=latin1' }, payload: Buffer.from(toJson(value), 'latin1') };
    case 'gzip':
      return { headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, payload: gzipSync(json) };
    case 'bogus-encoding':
      return { headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'x-bogus' }, payload: json };
    case 'form': {
      const text = formFields(value).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
      return { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, payload: Buffer.from(text) };
    }
    case 'multipart': {
      // The fields as text parts (names escaped as browsers do), then an image in `file`, so an upload reaches its fields.
      const boundary = 'fuzz-boundary-7MA4YWxkTrZu0gW';
      const name = (k: string) => k.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
      const parts = formFields(value).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name(k)}"\r\n\r\n${v}\r\n`));
      const file = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fuzz.png"\r\nContent-Type: image/png\r\n\r\n`),
        TINY_PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat([...parts, file]) };
    }
    case 'text':
      return { headers: { 'Content-Type': 'text/plain' }, payload: json };
    case 'none':
      return { headers: {} };
  }
}

describeOnHttpDriver('every route, fuzzed with bad input: never a 5xx, nothing stored on a 4xx', (driver) => {
  let t: TestApp;
  let base: string;
  let admin: { cookie: string; xsrf: string };
  const knownIds: Record<string, string[]> = {};
  const saved: Record<string, string | undefined> = {};
  /**
   * Events stored by requests: every event but the followers' reactions to earlier events (a restock
   * send's completion, its notifications, a form's notification mail), which name the event they
   * react to as their causationId. Those follow an earlier request's 2xx in the background and may
   * land while a later request is answered. (The other writer in the background, checkout recovery,
   * is off in this suite: see beforeAll.)
   */
  const eventCount = async () =>
    Number((await t.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM events e WHERE NOT EXISTS (SELECT 1 FROM events c WHERE c.event_id::text = e.metadata->>'causationId')`,
    )).rows[0]!.n);

  beforeAll(async () => {
    // Sign-in failures are slowed by up to 5 s each by default: not what this suite measures. Nor is
    // checkout recovery, which would finish a fuzzed checkout left unfinished 15 s later, appending
    // while some later request is answered (its own suites test it).
    for (const [key, value] of Object.entries({ SIGN_IN_DELAY_MAX_MS: '0', SIGN_IN_IP_LOCK_AFTER: '100000', CHECKOUT_RECOVERY_INTERVAL_MS: '0' })) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    t = await startTestApp(driver);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const res = await request(t.server).post('/api/config/session').send(ADMIN);
    admin = { cookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('owner_session='))!.split(';')[0]!, xsrf: res.body.xsrfToken };
    const get = async (path: string) => (await request(t.server).get(path).set('Cookie', admin.cookie)).body;
    const collections = ((await get('/api/site/collections')).collections ?? []) as { id: string }[];
    const images = ((await get('/api/media/images')).images ?? []) as { id: string }[];
    knownIds.websiteId = [(await t.app.get(WebsiteDirectory).current()).websiteId];
    knownIds.productId = ['p-stoneware-mug', 'p-linen-apron'];
    knownIds.id = knownIds.productId;
    knownIds.sku = ['MUG-SAND', 'APRON-RUST-S'];
    knownIds.collectionId = collections.slice(0, 3).map((c) => c.id);
    knownIds.imageId = images.slice(0, 2).map((i) => i.id);
    knownIds.filename = ['original', '500w.jpg'];
    knownIds.file = ['site.css'];
    knownIds.at = [new Date().toISOString(), '2020-01-01', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00'];
  });
  afterAll(async () => {
    await t?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('fuzzes exactly the routes the app has', () => {
    expect(appRoutes(t.app)).toEqual(Object.keys(ROUTE_FIELDS).sort());
  });

  it.each(Object.keys(ROUTE_FIELDS))('%s', async (route) => {
    const [method, pattern] = route.split(' ') as [string, string];
    const paramNames = [...pattern.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? '*');
    const param = (name: string) =>
      name === '*'
        ? fc.array(badString, { minLength: 1, maxLength: 3 })
        : fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...(knownIds[name]?.length ? knownIds[name]! : ['x'])) }, { weight: 3, arbitrary: badString }).map((s) => [s]);
    const arbitrary: fc.Arbitrary<FuzzRequest> = fc.record({
      params: fc.tuple(...paramNames.map(param)).map((segments) => segments.map((parts) => parts.map(percentEncode).join('/'))),
      query: fc.dictionary(fc.oneof(fc.constantFrom('category', 'format', 'itemId', 'q', 'page', 'filename', 'tag'), badString), badString, { maxKeys: 3 }),
      body: body(ROUTE_FIELDS[route]!),
      encoding: fc.constantFrom<Encoding>('json', 'json', 'json', 'json', 'form', 'multipart', 'json-latin1', 'gzip', 'bogus-encoding', 'text', 'none'),
      asAdmin: ANONYMOUS_ONLY.has(route) ? fc.constant(false) : fc.boolean(),
      xsrf: fc.constantFrom<FuzzRequest['xsrf']>('right', 'right', 'right', 'wrong', 'missing'),
      cartCookie: fc.option(fc.oneof(fc.uuid(), badString), { freq: 3 }),
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), badString), { freq: 3 }),
      ifMatch: fc.option(fc.oneof(fc.nat({ max: 30 }).map((n) => `"${n}"`), fc.constantFrom('*', 'W/"1"', '1'), badString), { freq: 3 }),
    });

    await fc.assert(
      fc.asyncProperty(arbitrary, async (r) => {
        let i = 0;
        const path = pattern.replace(/:([A-Za-z]+)|\*/g, () => r.params[i++]!).replace(/^\/\//, '/');
        const query = Object.entries(r.query).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
        const { headers, payload } = method === 'GET' || method === 'DELETE' ? encodeBody(null, 'none') : encodeBody(r.body, r.encoding);
        const cookies = [r.asAdmin ? admin.cookie : null, r.cartCookie !== null ? `ss_cart=${percentEncode(r.cartCookie)}` : null].filter((c) => c !== null);
        if (cookies.length > 0) headers.Cookie = cookies.join('; ');
        if (r.asAdmin && r.xsrf !== 'missing') headers['X-XSRF-Token'] = r.xsrf === 'right' ? admin.xsrf : 'not-the-token';
        if (r.idempotencyKey !== null) headers['Idempotency-Key'] = headerSafe(r.idempotencyKey) || 'k';
        if (r.ifMatch !== null) headers['If-Match'] = headerSafe(r.ifMatch) || '"1"';
        const before = await eventCount();
        const res = await send(base, method, query ? `${path}?${query}` : path, headers, payload);
        if (res.status >= 500) throw new Error(`${method} ${path}${query ? `?${query}` : ''} answered ${res.status}: ${res.body.slice(0, 300)}`);
        if (res.status >= 400) expect(await eventCount()).toBe(before);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
