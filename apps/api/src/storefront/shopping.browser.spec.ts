/**
 * Shopping on the demo store in Debian's Chromium against one built demo server (sharedBuiltSite:
 * one server and one browser for the file, a context of its own for each visitor), started with
 * RESTOCK_RATE_LIMIT_BURST=100 for the restock island's visitors, who share the runner's address:
 * - the cart pill and add-to-cart islands;
 * - the extra-fields lightbox, at 390 px and 1280 px: the demo's Wheel Throwing
 *   Class asks its sign-up form (form-class-signup) in a modal lightbox before it goes in the cart.
 *   Submitting it empty shows the forms' messages; Escape, Enter and Space on the close control and
 *   a click outside close it, focus stays inside while it is open and comes back to the button; the
 *   answers then go out with the add, show on the cart page, the checkout summary (paid with
 *   tok_visa) and the order status page, as text. The owner's product editor shows the chosen form
 *   and the order's answers. Screenshots: test-artifacts/extra-fields/;
 * - the back-in-stock sign-up island: the demo's sold-out Large Serving Bowl, SPEC
 *   4/5/7/8 end to end, by keyboard, at 1280 and 390 px;
 * - the subscription path ('the price shown must be the price charged'), at 390 px and
 *   1280 px: /shop/p/studio-notes reads '$8.00 every month' and 'Subscribe'; Subscribe goes to the
 *   subscription checkout (never the cart: the pill stays empty), which reads the same price and
 *   plan; a declined card says so and makes nothing; tok_visa lands on the subscription confirmed
 *   page (page type 206), whose plan the order status link shows too; the checkout page, opened
 *   again, goes on to that confirmation; another visitor with the link gets 404.
 *   Screenshots: test-artifacts/subscription-checkout/.
 * Every wait is for a state of the page, never for time. The subscriptions come after the
 * extra fields: the owner's case of those opens the newest order, which must be a class's.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js apps/api/src/storefront/shopping
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RESTOCK_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openTab, type Tab } from '../../test/browser/chromium';
import { BUILT_OWNER, signInOwner } from '../../test/browser/owner';
import { sharedBuiltSite } from '../../test/browser/shared-site';
import { REPO_ROOT, type RunningServer } from '../../test/built-app';

const site = sharedBuiltSite({ RESTOCK_RATE_LIMIT_BURST: '100' });

describe('cart pill (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
  const DESKTOP = { width: 1024, height: 768 }; // SPEC §9: desktop frame width 1024 px
  const STEP_TIMEOUT = 10_000;

  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    ({ server, browser } = site);
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  });

  afterEach(async () => {
    await context?.close();
  });

  const cartPill = () => page.getByRole('link', { name: /^Cart, / });
  // The add button itself (its island also holds the added-item popover's close button once it shows).
  const firstAddButton = () => page.locator('[data-island="add-to-cart"]').first().locator('.add-to-cart__button');

  /** GET /api/commerce/shopping-cart requests the page made (cart loads). */
  const cartReads = () => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/commerce/shopping-cart') reads.push(request.url());
    });
    return reads;
  };

  it('is hidden on an empty cart, counts adds, and keeps the count across a reload', async () => {
    const reads = cartReads();
    await page.goto(`${server.url}/shop`);
    const button = firstAddButton();
    await button.waitFor({ state: 'visible' });
    await expectHidden(page.locator('[data-island="cart-pill"] a'));
    // No cart cookie and not signed in: the cart is not requested (SPEC §6/§7).
    await page.waitForLoadState('networkidle');
    expect(reads).toHaveLength(0);

    await button.click();
    await cartPill().filter({ hasText: '1' }).waitFor({ state: 'visible' });
    expect(await cartPill().getAttribute('aria-label')).toMatch(/^Cart, 1 item, subtotal \S/);
    expect(await cartPill().getAttribute('href')).toBe('/cart');

    // idle → adding → added → idle; click() waits until the button is enabled again.
    await page.getByRole('button', { name: 'Added!' }).waitFor({ state: 'visible' });
    await button.click();
    await page.getByRole('link', { name: /^Cart, 2 items, subtotal / }).waitFor({ state: 'visible' });

    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'cart-pill-desktop.png') });

    await page.reload();
    await page.getByRole('link', { name: /^Cart, 2 items, subtotal / }).waitFor({ state: 'visible' });
    await expect(cartPill().locator('.cart-pill__count').textContent()).resolves.toBe('2');
    // Read-your-writes after each add; one read after the reload (cart cookie → hasCart).
    expect(reads).toHaveLength(1);

    expect(consoleErrors).toEqual([]);
  });

  it("shows the server's message when an add fails and returns to idle", async () => {
    const message = 'Sorry, we do not have enough of that item available.';
    await page.route('**/api/commerce/shopping-cart/entries', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'INSUFFICIENT_STOCK', message }) }),
    );
    await page.goto(`${server.url}/shop`);
    const button = firstAddButton();
    const label = await button.textContent();
    await button.click();

    await page.getByRole('alert').filter({ hasText: message }).waitFor({ state: 'visible' });
    await page.getByRole('alert').filter({ hasText: 'Unable to Add Item' }).waitFor({ state: 'visible' });
    await expect(button.isEnabled()).resolves.toBe(false);
    await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await button.elementHandle(), { timeout: 3000 });
    await expect(button.textContent()).resolves.toBe(label);
    await expectHidden(page.locator('[data-island="cart-pill"] a'));

    // The browser logs the refused request itself; anything else is a failure.
    expect(consoleErrors.filter((text) => !/status of 409/.test(text))).toEqual([]);
  });

  async function expectHidden(locator: ReturnType<Page['locator']>) {
    await locator.waitFor({ state: 'attached' });
    expect(await locator.isVisible()).toBe(false);
  }
});

describe('extra-fields lightbox (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'extra-fields');
  const WIDTHS = [390, 1280];
  const SAFETY = 'I will wear closed shoes and clothes that can get muddy';

  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = site);
    await mkdir(ARTIFACTS, { recursive: true });
  });

  const shot = (page: Page, name: string, width: number) => page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`) });
  const activeIsAddButton = (page: Page) => page.waitForFunction(() => document.activeElement?.classList.contains('add-to-cart__button') === true);

  for (const width of WIDTHS) {
    it(`at ${width} px: asks the class sign-up before the add, closes every way, and the answers reach the cart and the order`, async () => {
      const { context, page, errors } = await openTab(browser, { width, height: width < 500 ? 844 : 900 });
      try {
        await page.goto(`${server.url}/shop/p/wheel-throwing-class`);
        const addButton = page.locator('[data-island="add-to-cart"] button.add-to-cart__button:not([disabled])').first();
        await addButton.waitFor();
        await page.locator('select[data-variant-option-name="Day"]').selectOption('Saturday');
        const dialog = page.getByRole('dialog', { name: 'Class sign-up' });

        // Opens modal; the first field has the focus.
        await addButton.click();
        await dialog.waitFor();
        await page.waitForFunction(() => document.activeElement?.closest('dialog[open]') !== null && document.activeElement?.tagName === 'INPUT');
        expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(':modal'))).toBe(true);
        await shot(page, 'lightbox', width);

        // Submitted empty: the forms' messages, focus on the first field in error, nothing sent.
        let adds = 0;
        page.on('request', (r) => {
          if (r.method() === 'POST' && r.url().endsWith('/api/commerce/shopping-cart/entries')) adds++;
        });
        await dialog.getByRole('button', { name: 'Book my seat' }).click();
        await dialog.getByRole('alert').getByText('One or more fields is invalid, please check your entries.').waitFor();
        expect(await dialog.locator('[data-field-error]').allTextContents()).toEqual(['Required', 'Required', 'Required', 'Required']);
        await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'student-first');
        await shot(page, 'lightbox-errors', width);

        // Escape closes it; focus is back on the button.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        await activeIsAddButton(page);

        // Enter, then Space, on the close control close it.
        for (const key of ['Enter', ' ']) {
          await page.keyboard.press('Enter'); // the focused add button opens it again
          await dialog.waitFor();
          await dialog.getByRole('button', { name: 'Close' }).focus();
          await page.keyboard.press(key);
          await dialog.waitFor({ state: 'hidden' });
          await activeIsAddButton(page);
        }

        // A click outside (on the backdrop) closes it; a click on the panel does not.
        await addButton.click();
        await dialog.waitFor();
        await dialog.locator('.extra-fields__title').click();
        expect(await dialog.isVisible()).toBe(true);
        await page.mouse.click(3, 3);
        await dialog.waitFor({ state: 'hidden' });
        await activeIsAddButton(page);

        // Focus is trapped: Tab and Shift+Tab never leave the dialog.
        await addButton.click();
        await dialog.waitFor();
        for (const key of [...Array(14).fill('Tab'), ...Array(4).fill('Shift+Tab')] as string[]) {
          await page.keyboard.press(key);
          expect(await page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
        }
        expect(adds).toBe(0);

        // Filled and submitted: the add goes out with the answers; the dialog closes; the pill counts it.
        await dialog.getByLabel('First name').fill('Ana');
        await dialog.getByLabel('Last name').fill('<b>Lima</b>');
        await dialog.getByLabel(/^Email/).fill(`ana-${width}@example.com`);
        await dialog.getByLabel(/^Experience at the wheel/).selectOption('First time');
        await dialog.getByLabel(/^Anything we should know/).fill('Left-handed');
        await dialog.getByLabel(SAFETY).check();
        const added = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/commerce/shopping-cart/entries'));
        await dialog.getByRole('button', { name: 'Book my seat' }).click();
        const response = await added;
        expect(response.status()).toBe(200);
        expect(response.request().postDataJSON()).toMatchObject({
          itemId: 'p-throwing-class', sku: 'CLASS-SAT', quantity: 1,
          additionalFields: { student: { first: 'Ana', last: '<b>Lima</b>' }, email: `ana-${width}@example.com`, experience: 'First time', notes: 'Left-handed', safety: [SAFETY] },
        });
        await dialog.waitFor({ state: 'hidden' });
        const pill = page.getByRole('link', { name: /^Cart, 1 item/ });
        await pill.waitFor();

        // The cart page shows the answers as text.
        await pill.click();
        await page.waitForURL(`${server.url}/cart`);
        const line = page.locator('.cart-line', { hasText: 'Wheel Throwing Class' });
        await line.locator('.line-fields__item', { hasText: 'Student name: Ana <b>Lima</b>' }).waitFor();
        await line.locator('.line-fields__item', { hasText: `Studio rules: ${SAFETY}` }).waitFor();
        await page.locator('.quantity-stepper__button:not([disabled])').first().waitFor();
        await shot(page, 'cart', width);

        // Checkout with tok_visa; the summary and the order status page show them too.
        await page.getByRole('link', { name: 'Checkout' }).click();
        await page.waitForURL(`${server.url}/checkout`);
        await page.locator('.checkout-summary .line-fields__item', { hasText: 'Experience at the wheel: First time' }).waitFor();
        await page.locator('.checkout-form__submit:not([disabled])').waitFor();
        await page.getByLabel('Contact email').fill(`ana-${width}@example.com`);
        if (await page.getByLabel('Full name').count()) {
          await page.getByLabel('Full name').fill('Ana Lima');
          await page.getByLabel('Address', { exact: true }).fill('12 Kiln Street');
          await page.getByLabel('Town or city').fill('Hudson');
          await page.getByLabel('State, province or region').fill('NY');
          await page.getByLabel('ZIP or postal code').fill('12534');
        }
        await page.getByLabel('Visa test card (tok_visa): pays').check();
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.waitForURL(/\/commerce\/orders\/[0-9a-f-]{36}\/confirmed\?token=/);
        await page.locator('.order-link__url a').click();
        await page.waitForURL(/\/commerce\/orders\/[0-9a-f-]{36}\?token=/);
        await page.getByRole('heading', { name: 'Your order', level: 1 }).waitFor();
        await page.locator('.summary-line .line-fields__item', { hasText: 'Student name: Ana <b>Lima</b>' }).waitFor();
        await page.locator('.summary-line .line-fields__item', { hasText: 'Anything we should know? Left-handed' }).waitFor();
        expect(await page.locator('.summary-line b').count()).toBe(0);
        await shot(page, 'order-status', width);

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: the owner's product editor shows the class's form among the site's forms, and the order its answers`, async () => {
      const { context, page, errors } = await openTab(browser, { width, height: width < 500 ? 844 : 900 });
      try {
        await signInOwner(page, server);
        await page.goto(`${server.url}/config/products/p-throwing-class`);
        const select = page.getByLabel('Additional fields form');
        await select.waitFor();
        await page.waitForFunction(() => [...document.querySelectorAll('option')].some((o) => o.textContent === 'Class sign-up' && o.selected));
        expect(await select.locator('option').allTextContents()).toEqual(expect.arrayContaining(['None', 'Class sign-up', 'Write to the studio']));
        expect(await select.locator('option').allTextContents()).not.toContain('Kiln days newsletter');
        await select.scrollIntoViewIfNeeded();
        await shot(page, 'owner-product', width);

        await page.goto(`${server.url}/config/orders`);
        await page.getByRole('link', { name: /#\d+/ }).first().click();
        await page.locator('.order-line-fields li', { hasText: 'Student name: Ana <b>Lima</b>' }).first().waitFor();
        await shot(page, 'owner-order', width);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('restock sign-up island (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'restock');
  const BOWL = '/shop/p/large-serving-bowl';
  const RESTOCK = '/api/site-users/account/notifications/restock';

  let server: RunningServer;
  let browser: Browser;
  const tabs: Tab[] = [];
  let owner: { cookie: string; xsrf: string };
  async function ownerFetch(method: string, path: string, body?: unknown) {
    return fetch(`${server.url}${path}`, {
      method, headers: { cookie: owner.cookie, 'X-XSRF-Token': owner.xsrf, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  async function signUpsOfBowl(): Promise<{ email: string; language: string | null; joinedMailingList: boolean }[]> {
    for (let i = 0; i < 50; i++) {
      const res = await ownerFetch('GET', `${RESTOCK}?productId=p-serving-bowl&variantId=v-bowl`);
      const body = (await res.json()) as { signUps: { email: string; language: string | null; joinedMailingList: boolean }[] };
      if (body.signUps.length > 0) return body.signUps;
      await new Promise((r) => setTimeout(r, 100));
    }
    return [];
  }

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    ({ server, browser } = site);
    const res = await fetch(`${server.url}/api/config/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BUILT_OWNER) });
    expect(res.status).toBe(200);
    const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('owner_session=')) ?? '').split(';')[0]!;
    owner = { cookie, xsrf: ((await res.json()) as { xsrfToken: string }).xsrfToken };
  });

  afterEach(async () => {
    for (const tab of tabs.splice(0)) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });

  /** A new visitor on the bowl's page once the island has taken over. */
  async function visit(width: number, expected?: RegExp): Promise<Page> {
    const tab = await openTab(browser, { width, height: 900, expected });
    tabs.push(tab);
    await tab.page.goto(`${server.url}${BOWL}`);
    // The island's form (the server's has no data-restock-island).
    await tab.page.locator('.restock form[data-restock-island]').waitFor();
    return tab.page;
  }
  function restockCalls(page: Page): string[] {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === RESTOCK) calls.push(r.postData() ?? '');
    });
    return calls;
  }
  const island = (page: Page) => page.locator('.restock');

  it("checks the email in the browser with the server's words, then signs up by keyboard and shows the success text", async () => {
    const page = await visit(1280);
    const calls = restockCalls(page);
    const email = island(page).getByLabel('Email address');
    await email.focus();
    await page.keyboard.press('Enter');
    await island(page).getByRole('alert').getByText(RESTOCK_ERROR_MESSAGES.RESTOCK_EMAIL_BLANK).waitFor();
    await email.fill('ada@example');
    await page.keyboard.press('Enter');
    await island(page).getByRole('alert').getByText(RESTOCK_ERROR_MESSAGES.RESTOCK_EMAIL_INVALID).waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
    expect(calls).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'bowl-invalid-1280.png'), fullPage: true });

    await email.fill('Ada@Example.com');
    // The mailing-list box (shown: the bowl has mailingListSignUpEnabled; not pre-ticked), ticked by keyboard.
    const box = island(page).getByRole('checkbox', { name: 'Subscribe to our mailing list' });
    expect(await box.isChecked()).toBe(false);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    await email.focus();
    await page.keyboard.press('Enter');
    await island(page).getByRole('status').getByText('Signed up!').waitFor();
    expect(await island(page).locator('input').count()).toBe(0);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!)).toEqual({ isJoinMailingList: true, productId: 'p-serving-bowl', variantId: 'v-bowl', siteVisitorEmail: 'Ada@Example.com', language: 'en-US' });
    await page.screenshot({ path: join(ARTIFACTS, 'bowl-signed-up-1280.png'), fullPage: true });
    expect(await signUpsOfBowl()).toEqual([expect.objectContaining({ email: 'ada@example.com', language: 'en-US', joinedMailingList: true })]);
  });

  it("shows the server's message, else SPEC 8's, and fits 390 px", async () => {
    const page = await visit(390, /status of 4\d\d|status of 5\d\d/);
    await page.screenshot({ path: join(ARTIFACTS, 'bowl-form-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await island(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await page.route(`**${RESTOCK}`, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }));
    await island(page).getByLabel('Email address').fill('bob@example.com');
    await island(page).getByRole('button', { name: 'Sign Up' }).click();
    await island(page).getByRole('alert').getByText('Unable to submit form. Please try again later.').waitFor();
    await page.unroute(`**${RESTOCK}`);
    await page.route(`**${RESTOCK}`, (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Too many requests. Try again shortly.' }) }));
    await island(page).getByRole('button', { name: 'Sign Up' }).click();
    await island(page).getByRole('alert').getByText('Too many requests. Try again shortly.').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'bowl-error-390.png'), fullPage: true });
  });

  it("shows the owner's words and success text", async () => {
    const saved = await ownerFetch('PATCH', `${RESTOCK}/settings`, {
      restockNotificationsSuccessText: "Thanks! We'll write when it's back.", restockNotificationMessages: { buttonText: 'Notify me', CTAText: 'Tell me when it is back' },
    });
    expect(saved.status).toBe(200);
    // The read model follows the log.
    let page: Page | null = null;
    for (let i = 0; i < 30; i++) {
      page = await visit(1280);
      if ((await island(page).getByRole('button').textContent()) === 'Notify me') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await island(page!).getByRole('heading').textContent()).toBe('Tell me when it is back');
    await island(page!).getByLabel('Email address').fill('cy@example.com');
    await island(page!).getByRole('button', { name: 'Notify me' }).click();
    await island(page!).getByRole('status').getByText("Thanks! We'll write when it's back.").waitFor();
    await page!.screenshot({ path: join(ARTIFACTS, 'bowl-owner-text-1280.png') });
  });

  it('shows no form on a product in stock', async () => {
    const tab = await openTab(browser, { width: 1280 });
    tabs.push(tab);
    await tab.page.goto(`${server.url}/shop/p/stoneware-mug`);
    await tab.page.locator('[data-island="add-to-cart"] button:not([disabled])').first().waitFor();
    expect(await tab.page.locator('.restock').isVisible()).toBe(false);
  });
});

describe('subscription checkout (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'subscription-checkout');
  const WIDTHS = [390, 1280];
  const CONFIRMED = /\/commerce\/orders\/([0-9a-f-]{36})\/confirmed\?token=/;
  const SUBSCRIPTION_CHECKOUT = /\/checkout\/subscription\?cartToken=[0-9a-f-]{36}$/;

  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = site);
    await mkdir(ARTIFACTS, { recursive: true });
  });

  async function visitor(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      // The declined card's 402 is provoked on purpose.
      if (m.type() === 'error' && !/status of 402/.test(m.text())) errors.push(`${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    return { context, page, errors };
  }

  /** The cart pill is there and hidden: the cart holds nothing (it shows from 1 item). */
  async function expectEmptyPill(page: Page) {
    const pill = page.locator('[data-island="cart-pill"] a');
    await pill.waitFor({ state: 'attached' });
    expect(await pill.isVisible()).toBe(false);
  }

  const shot = (page: Page, name: string, width: number) => page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  const shoppingCart = async (page: Page) => (await page.context().request.get(`${server.url}/api/commerce/shopping-cart`)).json() as Promise<{ totalQuantity: number }>;

  for (const width of WIDTHS) {
    it(`subscribes to Studio Notes at ${width} px: the price shown is the price charged, and the cart is untouched`, async () => {
      const { context, page, errors } = await visitor(width);
      try {
        await page.goto(`${server.url}/shop/p/studio-notes`);
        await page.locator('.product-price').filter({ hasText: '$8.00 every month' }).first().waitFor();
        const subscribe = page.locator('.add-to-cart--page .add-to-cart__button');
        await subscribe.filter({ hasText: 'Subscribe' }).waitFor();
        await subscribe.click();

        // The subscription checkout, not the cart.
        await page.waitForURL(SUBSCRIPTION_CHECKOUT);
        const checkoutUrl = page.url();
        await page.getByRole('heading', { level: 1, name: 'Subscription checkout' }).waitFor();
        const summary = page.locator('.checkout-summary');
        await summary.getByText('Studio Notes Membership').waitFor();
        await summary.locator('.summary-line__plan', { hasText: '$8.00 every month' }).waitFor();
        await summary.getByText('Until you cancel').waitFor();
        expect(await summary.locator('.cart-summary__row--total').innerText()).toMatch(/Due today\s+\$8\.00/);
        await page.locator('.checkout-form__submit:not([disabled])', { hasText: 'Place Subscription' }).waitFor();
        // The cart pill stays empty (hidden) and the shopping cart holds nothing.
        await expectEmptyPill(page);
        expect((await shoppingCart(page)).totalQuantity ?? 0).toBe(0);
        await shot(page, 'checkout', width);

        // A declined card: its message, nothing made, the form again.
        await page.getByLabel('Contact email').fill(`notes-${width}@example.com`);
        await page.getByLabel('Declined test card (tok_chargeDeclined)').check();
        await page.getByRole('button', { name: 'Place Subscription' }).click();
        const alert = page.locator('#checkout-alert');
        await alert.getByText('Your card was declined.').waitFor();
        await alert.getByText('Unable to start your subscription').waitFor();
        await shot(page, 'declined', width);

        // tok_visa, by keyboard: the subscription confirmed page (206).
        await page.getByLabel('Visa test card (tok_visa): pays').check();
        await page.getByRole('button', { name: 'Place Subscription' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(CONFIRMED);
        const orderId = CONFIRMED.exec(page.url())![1]!;
        await page.getByRole('heading', { level: 1, name: 'Thank you for subscribing' }).waitFor();
        const context206 = await page.context().request.get(`${page.url()}&format=json`);
        expect(((await context206.json()) as { pageType: number }).pageType).toBe(206);
        const card = page.locator('.order-card');
        await card.locator('.order-card__plan', { hasText: '$8.00 every month' }).waitFor();
        expect(await card.locator('.cart-summary__rows').innerText()).toMatch(/Billing\s+Until you cancel/);
        expect(await card.locator('.cart-summary__row--total').innerText()).toMatch(/\$8\.00/);
        await expectEmptyPill(page);
        expect((await shoppingCart(page)).totalQuantity ?? 0).toBe(0);
        await shot(page, 'confirmed', width);

        // The order status link says it is a subscription too.
        const statusUrl = await page.locator('.order-link__url a').getAttribute('href');
        await page.goto(`${server.url}${statusUrl}`);
        await page.getByRole('heading', { level: 1, name: 'Your order' }).waitFor();
        await page.locator('.order-card__plan', { hasText: '$8.00 every month' }).waitFor();

        // Opened again, the checkout goes on to the confirmation; another visitor with the link gets 404.
        await page.goto(checkoutUrl);
        await page.waitForURL(CONFIRMED);
        const stranger = await visitor(width);
        try {
          const res = await stranger.page.goto(checkoutUrl);
          expect(res?.status()).toBe(404);
        } finally {
          await stranger.context.close();
        }
        expect(errors).toEqual([]);

        // The store manager's order list and order page say it is a subscription, with its plan.
        const owner = await openTab(browser, { width, height: width < 500 ? 844 : 900, baseURL: server.url });
        try {
          await signInOwner(owner.page, server);
          await owner.page.goto('/config/orders');
          const row = owner.page.locator('tr', { hasText: `notes-${width}@example.com` });
          await row.getByText('1 item · $8.00 every month · Until you cancel').waitFor();
          await row.getByText('Subscription', { exact: true }).waitFor();
          await owner.page.goto(`/config/orders/${orderId}`);
          await owner.page.getByRole('region', { name: 'Payment' }).getByText('$8.00 every month · Until you cancel').waitFor();
          await shot(owner.page, 'owner-order', width);
          expect(owner.errors).toEqual([]);
        } finally {
          await owner.context.close();
        }
      } finally {
        await context.close();
      }
    });
  }
});
