/**
 * The purchase path in Debian's Chromium against the built demo server (issue 13), at 390 px and
 * 1280 px: from the home page to a product, its option, the cart from the pill, a quantity change,
 * removing until the cart is empty, adding again, checking out with tok_visa, the order confirmed
 * page and the order-status link; a declined card; two tabs checking out one cart; the last unit
 * bought in another tab; the cart changed in another tab; a reload while the order is being placed
 * and one after its answer was lost; a network error and a double click. Every wait is for a
 * state of the page (an element, a URL, a response), never for time. Screenshots go to
 * test-artifacts/purchase-path/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchChromium } from '../../test/browser/chromium';
import { BUILT_OWNER } from '../../test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'purchase-path');
const WIDTHS = [390, 1280];
const ADDRESS = { name: 'Ada Lovelace', line1: '12 Kiln Street', city: 'Hudson', region: 'NY', postalCode: '12534' };
const STOCK_MESSAGE = 'Sorry, we do not have enough of that item available.';
const CART_CHANGED_MESSAGE = 'Your cart changed during checkout. Please review it and try again.';
const ORDER_CONFIRMED = /\/commerce\/orders\/([0-9a-f-]{36})\/confirmed\?token=/;

describe('purchase path (browser)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The tracker is on, as on every published page: a reload while placing must still be followed.
    server = await startBuiltServer({});
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  type Tab = { page: Page; errors: string[] };

  async function visitor(width: number): Promise<BrowserContext> {
    return browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, locale: 'en-US' });
  }

  async function tab(context: BrowserContext): Promise<Tab> {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    return { page, errors };
  }

  const shot = (page: Page, name: string, width: number) => page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });

  /** Adds a variant through the API, as the visitor (the context's cookies). */
  async function add(request: APIRequestContext, itemId: string, sku: string, quantity = 1) {
    const res = await request.post(`${server.url}/api/commerce/shopping-cart/entries`, { data: { itemId, sku, quantity } });
    expect(res.status()).toBe(200);
  }

  /** Fills the checkout form (its island mounted) and picks a test card. */
  async function fillCheckout(page: Page, email: string, card = 'Visa test card (tok_visa): pays') {
    await page.locator('.checkout-form__submit:not([disabled])').waitFor();
    await page.getByLabel('Contact email').fill(email);
    if (await page.getByLabel('Full name').count()) {
      await page.getByLabel('Full name').fill(ADDRESS.name);
      await page.getByLabel('Address', { exact: true }).fill(ADDRESS.line1);
      await page.getByLabel('Town or city').fill(ADDRESS.city);
      await page.getByLabel('State, province or region').fill(ADDRESS.region);
      await page.getByLabel('ZIP or postal code').fill(ADDRESS.postalCode);
    }
    await page.getByLabel(card).check();
  }

  /** The store manager's view of the orders placed with an email (owner API, its own context). */
  async function ordersOf(email: string): Promise<{ id: string }[]> {
    const owner = await browser.newContext();
    try {
      const signIn = await owner.request.post(`${server.url}/api/config/session`, { data: BUILT_OWNER });
      expect(signIn.status()).toBe(200);
      const res = await owner.request.get(`${server.url}/api/commerce/orders?q=${encodeURIComponent(email)}`);
      return ((await res.json()) as { orders: { id: string }[] }).orders;
    } finally {
      await owner.close();
    }
  }

  /** The checkout processes started for an email (owner API): one charge is one COMPLETED checkout, any other voided. */
  async function checkoutsOf(email: string): Promise<{ status: string; orderId: string; compensation: { paymentVoided: boolean } | null }[]> {
    const owner = await browser.newContext();
    try {
      const signIn = await owner.request.post(`${server.url}/api/config/session`, { data: BUILT_OWNER });
      expect(signIn.status()).toBe(200);
      const res = await owner.request.get(`${server.url}/api/commerce/checkouts?limit=200`);
      expect(res.status()).toBe(200);
      const { checkouts } = (await res.json()) as { checkouts: { status: string; orderId: string; customerEmail: string; compensation: { paymentVoided: boolean } | null }[] };
      return checkouts.filter((c) => c.customerEmail === email);
    } finally {
      await owner.close();
    }
  }

  /** Holds every checkout request of `page` until the test releases it. */
  async function holdCheckouts(page: Page): Promise<{ held: Route[]; nth(n: number): Promise<Route> }> {
    const held: Route[] = [];
    const waiting: { n: number; resolve: (r: Route) => void }[] = [];
    await page.route('**/api/commerce/checkout', (route) => {
      held.push(route);
      for (const w of waiting.filter((x) => x.n === held.length)) w.resolve(route);
    });
    return {
      held,
      nth: (n) => (held.length >= n ? Promise.resolve(held[n - 1]!) : new Promise<Route>((resolve) => waiting.push({ n, resolve }))),
    };
  }

  /** Sets a variant's stock as the owner would. */
  async function setStock(productId: string, sku: string, qtyInStock: number) {
    const owner = await browser.newContext();
    try {
      const signIn = await owner.request.post(`${server.url}/api/config/session`, { data: BUILT_OWNER });
      const { xsrfToken } = (await signIn.json()) as { xsrfToken: string };
      const home = await owner.request.get(`${server.url}/?format=json`);
      const websiteId = ((await home.json()) as { siteContext: { website: { id: string } } }).siteContext.website.id;
      const res = await owner.request.put(`${server.url}/api/content-service/product/1.1/websites/${websiteId}/products/${productId}/variants/${sku}/stock`, {
        data: { qtyInStock }, headers: { 'X-XSRF-Token': xsrfToken },
      });
      expect(res.status()).toBe(200);
    } finally {
      await owner.close();
    }
  }

  for (const width of WIDTHS) {
    it(`at ${width} px: finds a product from the home page, edits the cart, checks out with tok_visa and opens the order-status link`, async () => {
      const context = await visitor(width);
      const { page, errors } = await tab(context);
      try {
        await page.goto(`${server.url}/`);
        const shop = page.locator('header').getByRole('link', { name: 'Shop', exact: true });
        // On a phone the navigation sits behind the header's Menu.
        if (!(await shop.isVisible())) await page.locator('header').getByText('Menu', { exact: true }).click();
        await shop.click();
        await page.waitForURL(`${server.url}/shop`);
        await page.locator('.product-card__link', { hasText: 'Stoneware Mug' }).click();
        await page.waitForURL(/\/shop\/p\/stoneware-mug$/);
        // The island has taken over once its button is enabled; the option is chosen after that.
        const addButton = page.locator('[data-island="add-to-cart"] button.add-to-cart__button:not([disabled])').first();
        await addButton.waitFor();
        await page.locator('select[data-variant-option-name="Glaze"]').selectOption('Sand');
        await addButton.click();
        const pill = page.getByRole('link', { name: /^Cart, 1 item/ });
        await pill.waitFor();
        await shot(page, 'product', width);

        // The cart, from the pill.
        await pill.click();
        await page.waitForURL(`${server.url}/cart`);
        const line = page.locator('.cart-line', { hasText: 'Stoneware Mug' });
        await line.getByText('Glaze: Sand').waitFor();
        // The island has taken over once the controls are enabled.
        const more = page.getByRole('button', { name: 'One more Stoneware Mug' });
        await page.locator('.quantity-stepper__button:not([disabled])').first().waitFor();
        const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/quantity'));
        await more.click();
        expect((await saved).status()).toBe(200);
        await line.locator('.cart-line__total', { hasText: /^\$56\.00$/ }).waitFor();
        await page.getByRole('status').filter({ hasText: 'Your cart was updated.' }).waitFor({ state: 'attached' });
        await shot(page, 'cart', width);
        await page.reload();
        await expect(page.getByRole('spinbutton', { name: 'Quantity of Stoneware Mug' }).inputValue()).resolves.toBe('2');

        // Removed until the cart is empty.
        await page.getByRole('button', { name: 'Remove Stoneware Mug from your cart' }).click();
        await page.getByText('You have nothing in your shopping cart.').waitFor();
        await page.waitForFunction(() => document.activeElement?.textContent === 'Continue Shopping');
        await shot(page, 'cart-empty', width);

        // Added again, then checkout with tok_visa.
        await page.goto(`${server.url}/shop/p/stoneware-mug`);
        await addButton.waitFor();
        await page.locator('select[data-variant-option-name="Glaze"]').selectOption('Sand');
        await addButton.click();
        await page.getByRole('link', { name: /^Cart, 1 item/ }).click();
        await page.waitForURL(`${server.url}/cart`);
        await page.getByRole('link', { name: 'Checkout' }).click();
        await page.waitForURL(`${server.url}/checkout`);
        const email = `buyer-${width}@example.com`;
        await fillCheckout(page, email);
        await shot(page, 'checkout', width);
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.waitForURL(/\/commerce\/orders\/[0-9a-f-]{36}\/confirmed\?token=/);
        await page.getByRole('heading', { name: 'Thank you for your order', level: 1 }).waitFor();
        await page.getByText('Test order: no real payment was taken and nothing will be shipped.').waitFor();
        await expect(page.locator('.order-card').textContent()).resolves.toContain('$28.00');
        await shot(page, 'order-confirmed', width);

        // The order-status link.
        await page.locator('.order-link__url a').click();
        await page.waitForURL(/\/commerce\/orders\/[0-9a-f-]{36}\?token=/);
        await page.getByRole('heading', { name: 'Your order', level: 1 }).waitFor();
        await page.getByText('Order placed', { exact: true }).waitFor();
        await shot(page, 'order-status', width);
        expect(await ordersOf(email)).toHaveLength(1);

        // No sideways scrolling on any of these pages, and nothing failed on the way.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: a declined card says so and leaves the cart as it was`, async () => {
      const context = await visitor(width);
      const { page, errors } = await tab(context);
      try {
        await add(context.request, 'p-linen-apron', 'APRON-RUST-S');
        await page.goto(`${server.url}/checkout`);
        await fillCheckout(page, `declined-${width}@example.com`, 'Declined test card (tok_chargeDeclined)');
        await page.getByRole('button', { name: 'Place Order' }).click();
        const alert = page.locator('.checkout-form__alert');
        await alert.getByText('Your card was declined.').waitFor();
        await expect(alert.textContent()).resolves.toContain('Unable to place your order');
        await shot(page, 'checkout-declined', width);
        await page.goto(`${server.url}/cart`);
        await page.locator('.cart-line', { hasText: 'Linen Apron' }).waitFor();
        await expect(page.locator('.cart-summary dd').textContent()).resolves.toBe('$36.00');
        expect(await ordersOf(`declined-${width}@example.com`)).toHaveLength(0);
        // The browser logs the refused request (402) itself; nothing else may fail.
        expect(errors.filter((e) => !/status of 402/.test(e))).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: two tabs checking out the same cart make one order`, async () => {
      const context = await visitor(width);
      try {
        await add(context.request, 'p-stoneware-mug', 'MUG-SAND');
        const [a, b] = [await tab(context), await tab(context)];
        const email = `two-tabs-${width}@example.com`;
        for (const { page } of [a, b]) {
          await page.goto(`${server.url}/checkout`);
          await fillCheckout(page, email);
        }
        await Promise.all([a.page.getByRole('button', { name: 'Place Order' }).click(), b.page.getByRole('button', { name: 'Place Order' }).click()]);
        // Whichever comes first; the other wait's failure is absorbed by Promise.any (never an unhandled rejection).
        const outcome = async ({ page }: Tab) => {
          const confirmed = page.waitForURL(/\/confirmed\?token=/).then(() => 'confirmed' as const);
          const refused = page.locator('.checkout-form__alert').getByText('This cart is no longer open').waitFor().then(() => 'refused' as const);
          return Promise.any([confirmed, refused]);
        };
        const outcomes = (await Promise.all([outcome(a), outcome(b)])).sort();
        expect(outcomes).toEqual(['confirmed', 'refused']);
        const refusedTab = a.page.url().includes('/confirmed') ? b : a;
        await shot(refusedTab.page, 'checkout-other-tab', width);
        expect(await ordersOf(email)).toHaveLength(1);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: the last unit bought in one tab makes the other tab's checkout fail with the stock message`, async () => {
      await setStock('p-small-bud-vase', 'BUD-VASE', 1);
      const first = await visitor(width);
      const second = await visitor(width);
      try {
        await add(first.request, 'p-small-bud-vase', 'BUD-VASE');
        await add(second.request, 'p-small-bud-vase', 'BUD-VASE');
        const a = await tab(first);
        const b = await tab(second);
        for (const [{ page }, who] of [[a, 'first'], [b, 'second']] as const) {
          await page.goto(`${server.url}/checkout`);
          await fillCheckout(page, `last-unit-${who}-${width}@example.com`);
        }
        await a.page.getByRole('button', { name: 'Place Order' }).click();
        await a.page.waitForURL(/\/confirmed\?token=/);
        await b.page.getByRole('button', { name: 'Place Order' }).click();
        const alert = b.page.locator('.checkout-form__alert');
        await alert.getByText(STOCK_MESSAGE, { exact: false }).waitFor();
        await expect(alert.textContent()).resolves.toContain('Small Bud Vase');
        await alert.getByRole('link', { name: 'Review your cart' }).waitFor();
        await shot(b.page, 'checkout-sold-out', width);
        expect(await ordersOf(`last-unit-second-${width}@example.com`)).toHaveLength(0);
        expect(b.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
      } finally {
        await first.close();
        await second.close();
      }
    });

    it(`at ${width} px: the cart changed in another tab: the order is refused in words, the summary shows the cart as it is, nothing is charged; placing again buys it`, async () => {
      const context = await visitor(width);
      const a = await tab(context);
      const b = await tab(context);
      try {
        // Enough mugs for one more, whatever earlier tests bought.
        await setStock('p-stoneware-mug', 'MUG-MOSS', 20);
        await add(context.request, 'p-stoneware-mug', 'MUG-MOSS');
        const email = `cart-changed-${width}@example.com`;
        await a.page.goto(`${server.url}/checkout`);
        await fillCheckout(a.page, email);
        const summary = a.page.locator('.checkout-summary');
        await summary.locator('.summary-line__total', { hasText: /^\$28\.00$/ }).waitFor();

        // Tab B: one more mug, through the cart page.
        await b.page.goto(`${server.url}/cart`);
        await b.page.locator('.quantity-stepper__button:not([disabled])').first().waitFor();
        const saved = b.page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/quantity'));
        await b.page.getByRole('button', { name: 'One more Stoneware Mug' }).click();
        expect((await saved).status()).toBe(200);

        // Tab A places the order it shows: refused, said in the SPEC's words, the summary as the cart is now.
        const refused = a.page.waitForResponse((r) => r.url().endsWith('/api/commerce/checkout'));
        await a.page.getByRole('button', { name: 'Place Order' }).click();
        expect((await refused).status()).toBe(409);
        const alert = a.page.locator('.checkout-form__alert');
        await alert.getByText(CART_CHANGED_MESSAGE).waitFor();
        await alert.getByRole('link', { name: 'Review your cart' }).waitFor();
        await summary.locator('.summary-line__total', { hasText: /^\$56\.00$/ }).waitFor();
        await a.page.locator('.checkout-form__submit:not([disabled])').waitFor();
        // What was typed stays.
        await expect(a.page.getByLabel('Contact email').inputValue()).resolves.toBe(email);
        await shot(a.page, 'checkout-cart-changed', width);
        expect(await ordersOf(email)).toHaveLength(0);
        expect(await checkoutsOf(email)).toHaveLength(0);

        // Placing again buys the cart as the page now shows it.
        await a.page.getByRole('button', { name: 'Place Order' }).click();
        await a.page.waitForURL(ORDER_CONFIRMED);
        await expect(a.page.locator('.order-card').textContent()).resolves.toContain('$56.00');
        expect(await ordersOf(email)).toHaveLength(1);
        expect((await checkoutsOf(email)).map((c) => c.status)).toEqual(['COMPLETED']);
        expect(a.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
        expect(b.errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: a reload while the order is being placed says so, follows it and ends on its confirmation: one order, one charge`, async () => {
      const context = await visitor(width);
      const { page, errors } = await tab(context);
      try {
        await add(context.request, 'p-linen-apron', 'APRON-RUST-L');
        const email = `reload-in-flight-${width}@example.com`;
        await page.goto(`${server.url}/checkout`);
        await fillCheckout(page, email);
        const requests = await holdCheckouts(page);
        await page.getByRole('button', { name: 'Place Order' }).click();
        const first = await requests.nth(1);

        // Reloaded while the request is out: the page says the order is being placed and asks again with the same key.
        await page.reload();
        await page.getByRole('status').filter({ hasText: 'Checking on the order you placed…' }).waitFor();
        await page.getByRole('button', { name: 'Placing your order…' }).waitFor();
        await expect(page.getByRole('button', { name: 'Placing your order…' }).isDisabled()).resolves.toBe(true);
        await expect(page.getByLabel('Contact email').inputValue()).resolves.toBe(email);
        await shot(page, 'checkout-reload-in-flight', width);
        const second = await requests.nth(2);
        expect(second.request().headers()['idempotency-key']).toBe(first.request().headers()['idempotency-key']);
        expect(second.request().postData()).toBe(first.request().postData());

        // The first request reaches the store now (its page is gone, its answer with it); then the second.
        const answer = await first.fetch();
        expect(answer.status()).toBe(200);
        const { order } = (await answer.json()) as { order: { id: string } };
        await second.continue();
        await page.waitForURL(ORDER_CONFIRMED);
        expect(ORDER_CONFIRMED.exec(page.url())![1]).toBe(order.id);
        await page.getByRole('heading', { name: 'Thank you for your order', level: 1 }).waitFor();
        expect((await ordersOf(email)).map((o) => o.id)).toEqual([order.id]);
        const checkouts = await checkoutsOf(email);
        expect(checkouts.filter((c) => c.status === 'COMPLETED').map((c) => c.orderId)).toEqual([order.id]);
        expect(checkouts.filter((c) => c.status !== 'COMPLETED' && !c.compensation?.paymentVoided)).toEqual([]);
        expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: a reload after the order was placed but its answer lost ends on its confirmation, and so does coming back to checkout`, async () => {
      const context = await visitor(width);
      const { page, errors } = await tab(context);
      try {
        await add(context.request, 'p-glaze-recipes', 'BOOK-PDF');
        const email = `answer-lost-${width}@example.com`;
        await page.goto(`${server.url}/checkout`);
        await fillCheckout(page, email);
        const requests = await holdCheckouts(page);
        await page.getByRole('button', { name: 'Place Order' }).click();
        const first = await requests.nth(1);
        // The store places the order; the page never hears of it.
        const answer = await first.fetch();
        expect(answer.status()).toBe(200);
        const { order } = (await answer.json()) as { order: { id: string } };
        await page.unroute('**/api/commerce/checkout');
        await page.reload();
        await page.waitForURL(ORDER_CONFIRMED);
        expect(ORDER_CONFIRMED.exec(page.url())![1]).toBe(order.id);
        await page.getByRole('heading', { name: 'Thank you for your order', level: 1 }).waitFor();

        // Coming back to checkout later (no cart now): the same confirmation, not an empty checkout.
        await page.goto(`${server.url}/checkout`);
        await page.waitForURL(ORDER_CONFIRMED);
        expect(ORDER_CONFIRMED.exec(page.url())![1]).toBe(order.id);
        expect((await ordersOf(email)).map((o) => o.id)).toEqual([order.id]);
        expect((await checkoutsOf(email)).map((c) => c.status)).toEqual(['COMPLETED']);
        expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: a network error says so in words; trying again and a double click make one order`, async () => {
      const context = await visitor(width);
      const { page } = await tab(context);
      try {
        await add(context.request, 'p-glaze-recipes', 'BOOK-PDF');
        await page.goto(`${server.url}/checkout`);
        await page.getByText('Nothing in this order is shipped, so no address is needed.').waitFor();
        const email = `network-${width}@example.com`;
        await fillCheckout(page, email);
        const keys: string[] = [];
        await page.route('**/api/commerce/checkout', async (route) => {
          keys.push(route.request().headers()['idempotency-key'] ?? '');
          await route.abort('internetdisconnected');
        });
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.locator('.checkout-form__alert').getByText('We could not reach the store').waitFor();
        await shot(page, 'checkout-network-error', width);
        await page.unroute('**/api/commerce/checkout');
        const sent: string[] = [];
        page.on('request', (r) => {
          if (r.url().endsWith('/api/commerce/checkout')) sent.push(r.headers()['idempotency-key'] ?? '');
        });
        await page.getByRole('button', { name: 'Place Order' }).dblclick();
        await page.waitForURL(/\/confirmed\?token=/);
        expect(sent).toEqual([keys[0]]);
        expect(await ordersOf(email)).toHaveLength(1);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: the fixed cart pill leaves the footer's last link uncovered on a short page`, async () => {
      const context = await visitor(width);
      const { page } = await tab(context);
      try {
        await add(context.request, 'p-glaze-recipes', 'BOOK-PDF');
        await page.goto(`${server.url}/no-such-page`);
        const pill = page.getByRole('link', { name: /^Cart, / });
        await pill.waitFor();
        // The pill's fade-in (it moves up as it appears) has ended before anything is measured.
        await pill.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const overlap = await page.evaluate(() => {
          const pillBox = document.querySelector('.cart-pill')!.getBoundingClientRect();
          const links = [...document.querySelectorAll('.site-footer a')];
          const last = links[links.length - 1]!.getBoundingClientRect();
          const legal = document.querySelector('.site-footer__legal')!.getBoundingClientRect();
          const hits = (r: DOMRect) => !(r.right <= pillBox.left || r.left >= pillBox.right || r.bottom <= pillBox.top || r.top >= pillBox.bottom);
          return { link: hits(last), legal: hits(legal) };
        });
        expect(overlap).toEqual({ link: false, legal: false });
        await shot(page, 'short-page-pill', width);
      } finally {
        await context.close();
      }
    });
  }

  it('a signed-in owner browsing the shop, and a buyer just after checking out, see no failed cart read', async () => {
    const context = await visitor(1280);
    const { page, errors } = await tab(context);
    try {
      const signIn = await context.request.post(`${server.url}/api/config/session`, { data: BUILT_OWNER });
      expect(signIn.status()).toBe(200);
      const reads: number[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === '/api/commerce/shopping-cart') reads.push(r.status());
      });
      await page.goto(`${server.url}/shop`);
      await page.waitForLoadState('networkidle');
      const cartRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/commerce/shopping-cart');
      await page.goto(`${server.url}/cart`);
      await page.getByText('You have nothing in your shopping cart.').waitFor();
      await cartRead;
      await page.waitForLoadState('networkidle');
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.every((status) => status === 200)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
