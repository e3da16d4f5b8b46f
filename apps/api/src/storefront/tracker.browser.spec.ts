/**
 * The tracker script (web/src/tracker, docs/ANALYTICS.md 'Tracker') in Debian's Chromium against
 * the built demo app: what it sends, when, and when it sends nothing.
 *
 * The census, performance and error-report endpoints are built by the analytics ingestion
 * (apps/api/src/analytics) and tested there. This spec records what the browser sends to them with
 * Playwright's routes and answers 204 itself, so it tests the tracker alone, whatever the server does
 * with the calls.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { CensusCookie, OrderTracking } from '@storefront/domain';
import { parseCensusCookie } from '@storefront/domain';
import { ERROR_DEBOUNCE_MS } from '@storefront/domain/analytics/wire';
import { launchChromium } from '../../test/browser/chromium';
import { BUILT_OWNER } from '../../test/browser/owner';
import { startBuiltServer, type RunningServer } from '../../test/built-app';

type Sent = { path: string; method: string; headers: Record<string, string>; body: string };
/** A call to a tracker endpoint as the page's script made it (recorded in the page, at the call). */
type Called = { path: string; body: string };
/** The tracker's endpoints (the routes recordingContext answers). */
const TRACKER_PATH = /^\/api\/(census\/|1\/performance\/records$|events\/RecordJavascriptErrors$)/;
type Hit = { event: string; data: Record<string, unknown>; ss_cvr: string };

const ADDRESS = { name: 'Ada Lovelace', line1: '12 Kiln Street', city: 'Hudson', region: 'NY', postalCode: '12534' };
const DAY_S = 24 * 3600;

/** A browser context whose tracker calls are recorded (and answered 204 here: see the header comment). */
async function recordingContext(browser: Browser, options: { gpc?: boolean; width?: number } = {}): Promise<{ context: BrowserContext; sent: Sent[] }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, locale: 'en-US' });
  // What the page's scripts write to document.cookie, as written (Chromium caps a cookie's stored lifetime at 400 days).
  await context.addInitScript(() => {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const writes: string[] = [];
    (window as unknown as { cookieWrites: string[] }).cookieWrites = writes;
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get() {
        return descriptor.get!.call(this);
      },
      set(value: string) {
        writes.push(value);
        descriptor.set!.call(this, value);
      },
    });
  });
  // The calls to the tracker's endpoints, recorded in the page as the script makes them (fetch or
  // sendBeacon): what the tracker sent, whenever the routes below get to see the requests.
  await context.addInitScript((pattern: string) => {
    const tracker = new RegExp(pattern);
    const called: { path: string; body: string }[] = [];
    (window as unknown as { trackerCalls: typeof called }).trackerCalls = called;
    const record = (url: RequestInfo | URL, body: unknown) => {
      const path = new URL(typeof url === 'object' && 'url' in url ? url.url : String(url), location.href).pathname;
      if (tracker.test(path)) called.push({ path, body: body instanceof Blob ? '(blob)' : String(body ?? '') });
    };
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      record(input, init?.body);
      return fetch(input, init);
    };
    const sendBeacon = Navigator.prototype.sendBeacon;
    Navigator.prototype.sendBeacon = function (url, data) {
      record(url, data);
      return sendBeacon.call(this, url, data);
    };
  }, TRACKER_PATH.source);
  const sent: Sent[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    sent.push({ path: url.pathname, method: request.method(), headers: request.headers(), body: request.postData() ?? '' });
  };
  for (const pattern of ['**/api/census/**', '**/api/1/performance/records', '**/api/events/RecordJavascriptErrors']) {
    await context.route(pattern, async (route) => {
      record(route.request());
      await route.fulfill({ status: 204 });
    });
  }
  if (options.gpc) {
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
  }
  return { context, sent };
}

const hitsOf = (sent: Sent[]): Hit[] =>
  sent
    .filter((s) => s.path === '/api/census/RecordHit')
    .map((s) => {
      const form = new URLSearchParams(s.body);
      return { event: form.get('event')!, data: JSON.parse(form.get('data')!) as Record<string, unknown>, ss_cvr: form.get('ss_cvr')! };
    });

async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(url, { waitUntil: 'load' });
  // The tracker is on every published page (a deferred script, run before `load`).
  await page.locator('script[defer][src^="/static/tracker/"]').waitFor({ state: 'attached' });
  return page;
}

/**
 * Waits until `count` calls to `path` were recorded from index `from` of `sent` on (the live list:
 * calls still arriving are seen).
 */
async function waitForSent(sent: Sent[], path: string, count = 1, from = 0): Promise<Sent[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = sent.slice(from).filter((s) => s.path === path);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} calls to ${path}, got ${found.length}: ${JSON.stringify(sent.map((s) => s.path))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the page's scripts have called the tracker's endpoints with so far (this document's calls). */
const calledOn = (page: Page): Promise<Called[]> => page.evaluate(() => (window as unknown as { trackerCalls: Called[] }).trackerCalls);

/**
 * Nothing is sent and no census cookie is set. The tracker decides when its deferred script runs,
 * before `load` (which `open` waited for), and sends nothing later unless it decided to track (its
 * timers and listeners are set up only then): so the page's own record of its calls, empty after
 * `load`, stays empty.
 */
async function expectNothingTracked(context: BrowserContext, page: Page, sent: Sent[]): Promise<void> {
  expect(await calledOn(page)).toEqual([]);
  expect(sent).toEqual([]);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('ss_cvr');
  expect(names).not.toContain('ss_cvt');
}

const census = async (context: BrowserContext): Promise<CensusCookie | null> => parseCensusCookie((await context.cookies()).find((c) => c.name === 'ss_cvr')?.value);

describe('tracker script (browser)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer(), launchChromium()]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('two visits: a new census cookie, then after the timing cookie expires previous/latest/count move on (SPEC 4)', async () => {
    const { context, sent } = await recordingContext(browser);
    try {
      const before = Date.now();
      const page = await open(context, `${server.url}/`);
      const [first] = hitsOf(await waitForSent(sent, '/api/census/RecordHit'));
      expect(first!.event).toBe('view');
      const c1 = await census(context);
      expect(c1).toMatchObject({ visitCount: 1 });
      expect(c1!.firstVisit).toBeGreaterThanOrEqual(before);
      expect(c1!.previousVisit).toBe(c1!.firstVisit);
      expect(c1!.latestVisit).toBe(c1!.firstVisit);
      expect(first!.ss_cvr).toBe(`${c1!.id}|${c1!.firstVisit}|${c1!.firstVisit}|${c1!.firstVisit}|1`);
      expect(first!.data).toMatchObject({
        pagePath: '/', pageType: 2, pageKind: null, templateId: 'default', website_locale: 'en-US', isFirstLanding: true, isFirstSession: true,
        pagePermissionTypeValue: 'public', localStorageSupported: true, url: `${server.url}/`, viewportInnerWidth: 1280, viewportInnerHeight: 900,
      });
      expect(typeof first!.data.websiteId).toBe('string');
      expect(first!.data.sessionId).toMatch(/^[0-9a-z]{4,}$/);

      // The cookies: SameSite=Lax, path /, census 2 years, timing 30 minutes (SPEC 9). Chromium keeps a
      // cookie at most 400 days whatever its Max-Age, so the census cookie's 2 years are checked as written.
      const writes = await page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites);
      expect(writes).toEqual([
        `ss_cvr=${first!.ss_cvr};Max-Age=63072000;Path=/;SameSite=Lax`,
        `ss_cvt=${c1!.firstVisit};Max-Age=1800;Path=/;SameSite=Lax`,
      ]);
      const cookies = await context.cookies();
      const cvr = cookies.find((c) => c.name === 'ss_cvr')!;
      const cvt = cookies.find((c) => c.name === 'ss_cvt')!;
      expect([cvr.sameSite, cvr.path, cvt.sameSite, cvt.path]).toEqual(['Lax', '/', 'Lax', '/']);
      expect(cvr.expires - Date.now() / 1000).toBeGreaterThan(399 * DAY_S);
      expect(cvt.expires - Date.now() / 1000).toBeGreaterThan(29 * 60);
      expect(cvt.expires - Date.now() / 1000).toBeLessThanOrEqual(30 * 60 + 5);
      expect(Number(cvt.value)).toBe(c1!.firstVisit);

      // Another page in the same visit: the census cookie is unchanged, the session goes on.
      // Followed from the home page (so the home page is its referrer).
      await Promise.all([page.waitForURL(`${server.url}/journal`, { waitUntil: 'load' }), page.evaluate(() => location.assign('/journal'))]);
      const [, sameVisit] = hitsOf(await waitForSent(sent, '/api/census/RecordHit', 2));
      expect(await census(context)).toEqual(c1);
      expect(sameVisit!.data).toMatchObject({ pagePath: '/journal', isFirstLanding: false, sessionId: first!.data.sessionId, referrer: `${server.url}/` });

      // The timing cookie expires (30 minutes without a page view): the next page view is the second visit.
      await context.clearCookies({ name: 'ss_cvt' });
      await page.goto(`${server.url}/about`, { waitUntil: 'load' });
      const [, , second] = hitsOf(await waitForSent(sent, '/api/census/RecordHit', 3));
      const c2 = await census(context);
      expect(c2).toMatchObject({ id: c1!.id, firstVisit: c1!.firstVisit, previousVisit: c1!.latestVisit, visitCount: 2 });
      expect(c2!.latestVisit).toBeGreaterThan(c1!.latestVisit);
      expect(second!.ss_cvr).toBe(`${c1!.id}|${c1!.firstVisit}|${c1!.latestVisit}|${c2!.latestVisit}|2`);
      expect(second!.data.isFirstSession).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('replaces a forged census cookie (leading zero) with a new one of count 1', async () => {
    const { context, sent } = await recordingContext(browser);
    try {
      await context.addCookies([{ name: 'ss_cvr', value: 'forged|01|2|3|9', url: server.url }]);
      await open(context, `${server.url}/`);
      const [hit] = hitsOf(await waitForSent(sent, '/api/census/RecordHit'));
      const c = await census(context);
      expect(c).toMatchObject({ visitCount: 1 });
      expect(c!.id).not.toBe('forged');
      expect(hit!.ss_cvr).toBe((await context.cookies()).find((k) => k.name === 'ss_cvr')!.value);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['not found (100)', '/no-such-page'],
    ['a lock screen (103)', '/wholesale'],
    ['member area access denied (106)', '/studio-members'],
    ['/search', '/search?q=mug'],
  ])('sends nothing and sets no cookie on %s', async (_what, path) => {
    const { context, sent } = await recordingContext(browser);
    try {
      const page = await open(context, `${server.url}${path}`);
      await expectNothingTracked(context, page, sent);
    } finally {
      await context.close();
    }
  });

  it('respects Global Privacy Control (navigator.globalPrivacyControl === true)', async () => {
    const { context, sent } = await recordingContext(browser, { gpc: true });
    try {
      const page = await open(context, `${server.url}/`);
      expect(await page.evaluate(() => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl)).toBe(true);
      await expectNothingTracked(context, page, sent);
    } finally {
      await context.close();
    }
  });

  describe('signed-in accounts (SPEC 6)', () => {
    const VIEWER = { email: 'viewer@example.com', password: 'viewer-browser-password' };

    beforeAll(async () => {
      const admin = await browser.newContext();
      try {
        const signIn = await admin.request.post(`${server.url}/api/config/session`, { data: BUILT_OWNER });
        const { xsrfToken } = (await signIn.json()) as { xsrfToken: string };
        const created = await admin.request.post(`${server.url}/api/config/owners`, {
          data: { ...VIEWER, roles: ['viewer'], currentPassword: BUILT_OWNER.password },
          headers: { 'X-XSRF-Token': xsrfToken },
        });
        expect(created.status()).toBe(201);
      } finally {
        await admin.close();
      }
    });

    it('sends nothing for a signed-in owner (admin)', async () => {
      const { context, sent } = await recordingContext(browser);
      try {
        expect((await context.request.post(`${server.url}/api/config/session`, { data: BUILT_OWNER })).status()).toBe(200);
        const page = await open(context, `${server.url}/shop`);
        await expectNothingTracked(context, page, sent);
      } finally {
        await context.close();
      }
    });

    it('tracks a viewer outside /config, echoing the session XSRF token', async () => {
      const { context, sent } = await recordingContext(browser);
      try {
        const signIn = await context.request.post(`${server.url}/api/config/session`, { data: VIEWER });
        const { xsrfToken } = (await signIn.json()) as { xsrfToken: string };
        await open(context, `${server.url}/shop`);
        const [call] = await waitForSent(sent, '/api/census/RecordHit');
        expect(call!.headers['x-xsrf-token']).toBe(xsrfToken);
        expect(hitsOf(sent)[0]).toMatchObject({ event: 'view', data: { pagePath: '/shop', pageType: 1, pageKind: 'product-listing' } });
      } finally {
        await context.close();
      }
    });
  });

  it('add to cart from a product page (pdp) and a product list (plp), then the cart view', async () => {
    const { context, sent } = await recordingContext(browser);
    try {
      const page = await open(context, `${server.url}/shop/p/stoneware-mug`);
      const [view] = hitsOf(await waitForSent(sent, '/api/census/RecordHit'));
      expect(view!.data).toMatchObject({ pageType: 50, pageKind: 'product-details', recordType: 11 });
      const addButton = page.locator('[data-island="add-to-cart"] button.add-to-cart__button:not([disabled])').first();
      await addButton.waitFor();
      await page.locator('select[data-variant-option-name="Glaze"]').selectOption('Sand');
      await addButton.click();
      await waitForSent(sent, '/api/census/RecordHit', 2);
      const pdp = hitsOf(sent).find((h) => h.event === 'add-to-cart')!;
      const addToCart = pdp.data.addToCart as Record<string, unknown> & { product: Record<string, unknown> };
      expect(typeof addToCart.cart_id).toBe('string');
      expect(addToCart).toMatchObject({
        website_id: view!.data.websiteId, page_id: view!.data.itemId, product_page: 'pdp',
        product: { item_id: view!.data.itemId, item_type: 'PHYSICAL', item_title: 'Stoneware Mug', item_collection_id: view!.data.collectionId, item_collection_name: 'Shop' },
      });

      // A list grid's card of one variant adds at once.
      await page.goto(`${server.url}/shop`, { waitUntil: 'load' });
      const card = page.locator('[data-island="add-to-cart"][data-needs-options="false"][data-sold-out="false"][data-subscribable="false"]').first();
      const itemId = await card.getAttribute('data-item-id');
      await card.locator('button.add-to-cart__button:not([disabled])').click();
      await waitForSent(sent, '/api/census/RecordHit', 4);
      const plp = hitsOf(sent).filter((h) => h.event === 'add-to-cart')[1]!;
      expect(plp.data.addToCart).toMatchObject({ product_page: 'plp', cart_id: addToCart.cart_id, product: { item_id: itemId, item_collection_name: 'Shop' } });

      // The cart page: a view and a cart view of the same cart.
      await page.goto(`${server.url}/cart`, { waitUntil: 'load' });
      await waitForSent(sent, '/api/census/RecordHit', 6);
      const cartView = hitsOf(sent).find((h) => h.event === 'cart-view')!;
      expect(cartView.data).toMatchObject({ pageType: 200, pagePath: '/cart', cartId: addToCart.cart_id });
    } finally {
      await context.close();
    }
  });

  it('order confirmed: the Order (analytics) once, without the order token in the address', async () => {
    const { context, sent } = await recordingContext(browser);
    try {
      const page = await open(context, `${server.url}/shop/p/stoneware-mug`);
      const addButton = page.locator('[data-island="add-to-cart"] button.add-to-cart__button:not([disabled])').first();
      await addButton.waitFor();
      await page.locator('select[data-variant-option-name="Glaze"]').selectOption('Sand');
      await addButton.click();
      await page.getByRole('link', { name: /^Cart, 1 item/ }).waitFor();
      const cartId = (hitsOf(sent).find((h) => h.event === 'add-to-cart')!.data.addToCart as { cart_id: string }).cart_id;
      await page.goto(`${server.url}/checkout`, { waitUntil: 'load' });
      await page.locator('.checkout-form__submit:not([disabled])').waitFor();
      await page.getByLabel('Contact email').fill('tracked@example.com');
      if (await page.getByLabel('Full name').count()) {
        await page.getByLabel('Full name').fill(ADDRESS.name);
        await page.getByLabel('Address', { exact: true }).fill(ADDRESS.line1);
        await page.getByLabel('Town or city').fill(ADDRESS.city);
        await page.getByLabel('State, province or region').fill(ADDRESS.region);
        await page.getByLabel('ZIP or postal code').fill(ADDRESS.postalCode);
      }
      await page.getByLabel('Visa test card (tok_visa): pays').check();
      await waitForSent(sent, '/api/census/RecordHit', 3);
      const confirmedAt = sent.length;
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL(/\/commerce\/orders\/[0-9a-f-]{36}\/confirmed\?token=/);
      const orderId = /orders\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
      const deadline = Date.now() + 15_000;
      while (!hitsOf(sent.slice(confirmedAt)).some((h) => h.event === 'order-confirmed') && Date.now() < deadline) await page.waitForTimeout(50);
      const confirmed = hitsOf(sent.slice(confirmedAt));
      const order = confirmed.find((h) => h.event === 'order-confirmed')!.data.order as OrderTracking;
      expect(typeof order.testMode).toBe('boolean');
      expect(order).toMatchObject({ id: orderId, purchasedCartId: cartId, items: [{ sku: 'MUG-SAND', productName: 'Stoneware Mug', quantity: 1, unitPrice: { value: '2800', currency: 'USD' } }] });
      expect(Number(order.grandTotal.value)).toBeGreaterThanOrEqual(2800);
      expect(Object.keys(order).sort()).toEqual(['grandTotal', 'id', 'items', 'purchasedCartId', 'shippingTotal', 'taxTotal', 'testMode', 'websiteId']);
      for (const hit of confirmed) {
        expect(hit.data).toMatchObject({ pageType: 202, queryString: '' });
        expect(String(hit.data.url)).not.toContain('token');
      }
      // A reload of the confirmed page is not a second order.
      const reloadAt = sent.length;
      await page.reload({ waitUntil: 'load' });
      await waitForSent(sent, '/api/census/RecordHit', 1, reloadAt);
      // The reloaded page's hits are all sent as its tracker starts (before `load`): its own record holds them all.
      const reloaded = (await calledOn(page)).filter((c) => c.path === '/api/census/RecordHit').map((c) => new URLSearchParams(c.body).get('event'));
      expect(reloaded).toEqual(['view']);
      expect(hitsOf(sent.slice(reloadAt)).map((h) => h.event)).toEqual(['view']);
    } finally {
      await context.close();
    }
  });

  it('button and form renders, a button click, and the web vitals beacon when the page is hidden', async () => {
    const { context, sent } = await recordingContext(browser);
    try {
      const page = await open(context, `${server.url}/`);
      const formIds = await page.locator('form[data-form]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.form));
      expect(formIds.length).toBeGreaterThan(0);
      const [render] = await waitForSent(sent, '/api/census/button-render');
      const button = JSON.parse(render!.body) as Record<string, unknown>;
      expect(button).toMatchObject({ buttonId: 'home-shop-button', label: 'Shop the collection', href: `${server.url}/shop`, pagePath: '/', pageType: 2 });
      expect(button.visitorCookie).toBe((await context.cookies()).find((c) => c.name === 'ss_cvr')!.value);
      expect(render!.headers['content-type']).toBe('application/json');
      const forms = (await waitForSent(sent, '/api/census/form-render', formIds.length)).map((s) => JSON.parse(s.body) as { formId: string; pagePath: string });
      expect(forms.map((f) => f.formId).sort()).toEqual([...formIds].sort());
      expect(forms[0]).toMatchObject({ pagePath: '/', pageType: 2 });

      // An interaction, so FID and INP have something to measure; then the page is hidden. The
      // tracker's observer has its first-input entry once one of ours, observing after it, has had
      // its own (the browser delivers entries to observers in the order they began observing).
      await page.evaluate(() => {
        new PerformanceObserver((list) => {
          if (list.getEntries().length > 0) (window as unknown as { firstInputSeen: boolean }).firstInputSeen = true;
        }).observe({ type: 'first-input', buffered: true });
      });
      await page.locator('h1').first().click();
      await page.waitForFunction(() => (window as unknown as { firstInputSeen?: boolean }).firstInputSeen === true);
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
      const [beacon] = await waitForSent(sent, '/api/1/performance/records');
      expect(beacon!.headers['content-type']).toMatch(/^text\/plain/);
      const records = JSON.parse(beacon!.body) as { app: string; event: string; pageLoadId: string; ts: number; data: Record<string, number | string> }[];
      expect(records).toHaveLength(1);
      const [record] = records;
      expect(record).toMatchObject({ app: 'storefront', event: 'web-vitals', data: { pagePath: '/', pageType: 2 } });
      expect(record!.pageLoadId).toMatch(/^[0-9a-z]+$/);
      for (const metric of ['fcp', 'lcp', 'cls']) expect(typeof record!.data[metric]).toBe('number');
      expect(record!.data.fcp).toBeGreaterThan(0);
      expect(record!.data.lcp).toBeGreaterThanOrEqual(record!.data.fcp as number);
      expect(typeof record!.data.fid).toBe('number');
      // Hidden again: one record a page load (the record is sent in the listener itself, so the page's own record of its calls is complete at once).
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      expect((await calledOn(page)).filter((c) => c.path === '/api/1/performance/records')).toHaveLength(1);
      expect(sent.filter((s) => s.path === '/api/1/performance/records')).toHaveLength(1);

      // A click on the button block (it leaves the page: its click is sent on the way out).
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      });
      await page.locator('[data-census-button="home-shop-button"]').click();
      const [click] = await waitForSent(sent, '/api/census/button-click');
      expect(JSON.parse(click!.body)).toMatchObject({ buttonId: 'home-shop-button', label: 'Shop the collection' });
    } finally {
      await context.close();
    }
  });

  it('reports JavaScript errors: at most 20 a page, 10 a batch, stacks cut to 5000 characters', async () => {
    const { context, sent } = await recordingContext(browser);
    try {
      // The page's clock is Playwright's (running as the real one does), so the reporter's debounce can be run out at the end rather than waited for.
      await context.clock.install();
      const page = await open(context, `${server.url}/`);
      await waitForSent(sent, '/api/census/RecordHit');
      // Each thrown in a task of its own (a message's), uncaught: the fake clock runs the timers due
      // together in one task and lets only the first of their errors out.
      const throwErrors = (count: number) =>
        page.evaluate((n) => {
          for (let i = 0; i < n; i++) {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              channel.port1.close();
              throw new Error(`boom ${i} ${'x'.repeat(6000)}`);
            };
            channel.port2.postMessage(null);
          }
        }, count);
      await throwErrors(12);
      const [first] = await waitForSent(sent, '/api/events/RecordJavascriptErrors');
      await page.evaluate(() => void Promise.reject(new Error('rejected')));
      await throwErrors(12);
      await waitForSent(sent, '/api/events/RecordJavascriptErrors', 2);
      // Five more, past the page's 20: once the page has seen them (a listener of ours, after the
      // tracker's), the reporter's debounce is run out. A third batch would be sent then, at once.
      await page.evaluate(() => {
        (window as unknown as { errorsSeen: number }).errorsSeen = 0;
        addEventListener('error', () => (window as unknown as { errorsSeen: number }).errorsSeen++);
      });
      await throwErrors(5);
      await page.waitForFunction(() => (window as unknown as { errorsSeen: number }).errorsSeen === 5);
      await page.clock.runFor(ERROR_DEBOUNCE_MS * 2);
      expect((await calledOn(page)).filter((c) => c.path === '/api/events/RecordJavascriptErrors')).toHaveLength(2);
      const reports = sent.filter((s) => s.path === '/api/events/RecordJavascriptErrors');
      expect(reports).toHaveLength(2);
      const batches = reports.map((r) => JSON.parse(r.body) as { pagePath: string; pageLoadId: string; errors: { message: string; stack: string; source?: string; line?: number }[] });
      expect(batches.map((b) => b.errors.length)).toEqual([10, 10]);
      expect(first!.headers['content-type']).toBe('application/json');
      expect(batches[0]!.pagePath).toBe('/');
      expect(batches[1]!.pageLoadId).toBe(batches[0]!.pageLoadId);
      const [one] = batches[0]!.errors;
      expect(one!.message).toMatch(/^Uncaught Error: boom 0 x+$/);
      expect(one!.stack.length).toBe(5000);
      expect(one!.stack.startsWith('Error: boom 0 ')).toBe(true);
      expect(batches.flatMap((b) => b.errors).some((e) => e.message === 'rejected' && e.stack.startsWith('Error: rejected'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('tracker script under the disabling flag and the restrictive cookie policy (browser)', () => {
  let browser: Browser;
  // Each case has a server of its own (a setting of the process), both started at once here.
  let untracked: RunningServer | undefined;
  let restrictive: RunningServer | undefined;
  beforeAll(async () => {
    const started = await Promise.allSettled([launchChromium(), startBuiltServer({ VISITOR_TRACKING: 'false' }), startBuiltServer({ COOKIE_POLICY: 'restrictive' })]);
    const [launched, first, second] = started;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (first.status === 'fulfilled') untracked = first.value;
    if (second.status === 'fulfilled') restrictive = second.value;
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([untracked?.stop(), restrictive?.stop()]);
  });

  it('sends nothing and sets no cookie with VISITOR_TRACKING=false', async () => {
    const server = untracked!;
    const { context, sent } = await recordingContext(browser);
    try {
      const page = await open(context, `${server.url}/`);
      await expectNothingTracked(context, page, sent);
    } finally {
      await context.close();
    }
  });

  it('COOKIE_POLICY=restrictive: clears the performance cookies and sends nothing, unless the visitor allowed performance cookies', async () => {
    const server = restrictive!;
    const PERFORMANCE = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'];
    const refused = await recordingContext(browser);
    try {
      await refused.context.addCookies([...PERFORMANCE.map((name) => ({ name, value: name === 'ss_cvr' ? 'abc|1|2|3|4' : '123', url: server.url })), { name: 'other', value: 'kept', url: server.url }]);
      const page = await open(refused.context, `${server.url}/`);
      await expectNothingTracked(refused.context, page, refused.sent);
      expect((await refused.context.cookies()).map((c) => c.name)).toEqual(['other']);
    } finally {
      await refused.context.close();
    }
    const allowed = await recordingContext(browser);
    try {
      await allowed.context.addCookies([{ name: 'ss_cookie_consent', value: 'necessary,performance', url: server.url }]);
      await open(allowed.context, `${server.url}/`);
      expect(hitsOf(await waitForSent(allowed.sent, '/api/census/RecordHit'))[0]!.event).toBe('view');
      expect(await census(allowed.context)).toMatchObject({ visitCount: 1 });
    } finally {
      await allowed.context.close();
    }
  });
});
