/**
 * The subscription path in Debian's Chromium against the built demo server (issue 13: 'the price
 * shown must be the price charged'), at 390 px and 1280 px: /shop/p/studio-notes reads '$8.00
 * every month' and 'Subscribe'; Subscribe goes to the subscription checkout (never the cart: the
 * pill stays empty), which reads the same price and plan; a declined card says so and makes
 * nothing; tok_visa lands on the subscription confirmed page (page type 206), whose plan the order
 * status link shows too; the checkout page, opened again, goes on to that confirmation; another
 * visitor with the link gets 404. Every wait is for a state of the page, never for time.
 * Screenshots go to test-artifacts/subscription-checkout/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, openTab } from '../../test/browser/chromium';
import { signInOwner } from '../../test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'subscription-checkout');
const WIDTHS = [390, 1280];
const CONFIRMED = /\/commerce\/orders\/([0-9a-f-]{36})\/confirmed\?token=/;
const SUBSCRIPTION_CHECKOUT = /\/checkout\/subscription\?cartToken=[0-9a-f-]{36}$/;

describe('subscription checkout (browser)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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
