/**
 * The cart pill and add-to-cart islands in Debian's Chromium against the built API.
 * Run: npm run build -w web && npx tsc -b apps/api && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../../../apps/api/test/browser/chromium';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../apps/api/test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
const DESKTOP = { width: 1024, height: 768 }; // SPEC §9: desktop frame width 1024 px
const STEP_TIMEOUT = 10_000;

describe('cart pill (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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
});

async function expectHidden(locator: ReturnType<Page['locator']>) {
  await locator.waitFor({ state: 'attached' });
  expect(await locator.isVisible()).toBe(false);
}
