/**
 * Orders and Settings of the owner app in Debian's Chromium against the built demo server (issue 12:
 * "fulfil an order placed through the storefront"; Settings' site title on the published site).
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js owner-orders
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, openTab } from '../../../../../apps/api/test/browser/chromium';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';
import { signInOwner } from '../../../../../apps/api/test/browser/owner';
import { TEST_SHIPPING_ADDRESS } from '../../../../../apps/api/test/shipping-address';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const STEP_TIMEOUT = 15_000;

describe('owner app: orders and settings (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
    ({ context: owner, page, errors: consoleErrors } = await openTab(browser, { ...DESKTOP, baseURL: server.url, timeout: STEP_TIMEOUT }));
    await signInOwner(page, server);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A visitor adds the first product of the shop to the cart on the page, then checks out with a test card. */
  async function placeOrderThroughTheStore(email: string): Promise<{ id: string; total: string }> {
    const visitor = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', baseURL: server.url });
    try {
      const shop = await visitor.newPage();
      await shop.goto('/shop');
      const add = shop.locator('[data-island="add-to-cart"]').first().getByRole('button');
      await add.click();
      await shop.getByRole('link', { name: /^Cart, 1 item/ }).waitFor();
      const checkout = await visitor.request.post('/api/commerce/checkout', { data: { email, paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS } });
      expect(checkout.status()).toBe(200);
      const { order } = (await checkout.json()) as { order: { id: string; grandTotal: { value: string } } };
      return { id: order.id, total: order.grandTotal.value };
    } finally {
      await visitor.close();
    }
  }

  const badge = () => page.getByRole('navigation', { name: 'Editor' }).getByTestId('orders-badge');

  it('finds an order placed in the store by email, opens it and fulfils it through the confirmation modal; the status and the panel’s count change', async () => {
    await placeOrderThroughTheStore('grace.hopper@example.com');
    const placed = await placeOrderThroughTheStore('ada.lovelace@example.com');

    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: /^Orders/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    // The count beside Orders: both new orders (the panel asks again on its own; a reload is quicker here).
    await page.reload();
    await expect(badgeShows('2')).resolves.toBe('2');

    await page.getByRole('searchbox', { name: 'Search orders' }).fill('ada.lovelace');
    await page.waitForURL(/\?q=ada\.lovelace$/);
    const rows = page.locator('table.orders-table tbody tr');
    await expect(waitForCount(rows, 1)).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('ada.lovelace@example.com');
    await page.screenshot({ path: join(ARTIFACTS, 'owner-orders-list-1280.png'), fullPage: true });

    await rows.first().getByRole('link', { name: /^#\d+/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Order #\d+ Pending Test$/ }).waitFor();
    expect(page.url()).toBe(`${server.url}/config/orders/${placed.id}`);
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.textContent()).resolves.toContain('in test mode: no real money moved');
    await page.screenshot({ path: join(ARTIFACTS, 'owner-orders-detail-1280.png'), fullPage: true });

    // By keyboard: the button, then the dialog's confirm (which has the focus) with Enter.
    await page.getByRole('button', { name: 'Fulfil order' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: /^Fulfil order #\d+\?$/ });
    await dialog.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'owner-orders-fulfil-dialog-1280.png') });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Fulfil order');
    await page.keyboard.press('Enter');
    await page.getByText(/^Order #\d+ is fulfilled\.$/).waitFor();
    await page.getByRole('heading', { level: 1, name: /^Order #\d+ Fulfilled Test$/ }).waitFor();
    await expect(page.getByRole('button', { name: 'Fulfil order' }).count()).resolves.toBe(0);
    await expect(badgeShows('1')).resolves.toBe('1');

    // The list shows it fulfilled; the Fulfilled filter finds it.
    await page.getByRole('link', { name: '← All orders' }).click();
    await page.getByRole('button', { name: /^Fulfilled/ }).click();
    await page.waitForURL(/status=FULFILLED/);
    await expect(waitForCount(rows, 1)).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('Fulfilled');
    expect(consoleErrors).toEqual([]);
  });

  it('changes the site title in Settings and the published site shows it', async () => {
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Settings' }).click();
    const title = page.getByLabel('Site title');
    await title.waitFor();
    await title.fill('Kiln & Co. Studio');
    await page.getByRole('button', { name: 'Save settings' }).first().click();
    await page.getByText('Settings saved. The published site shows them now.').waitFor();
    // The panel follows at once.
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Kiln & Co. Studio' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'owner-settings-1280.png'), fullPage: true });

    const site = await owner.newPage();
    try {
      for (let attempt = 0; ; attempt += 1) {
        await site.goto('/');
        if ((await site.locator('a.site-title').textContent())?.trim() === 'Kiln & Co. Studio') break;
        if (attempt > 20) throw new Error('the published site never showed the new title');
        await site.waitForTimeout(250);
      }
      await expect(site.title()).resolves.toContain('Kiln & Co. Studio');
    } finally {
      await site.close();
    }
    expect(consoleErrors).toEqual([]);
  });

  it('fits a 390 px phone: orders as cards, the order page and Settings without sideways scrolling', async () => {
    await page.setViewportSize(PHONE);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await page.goto('/config/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.locator('table.orders-table tbody tr').first().waitFor();
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-orders-list-390.png'), fullPage: true });

    await page.locator('table.orders-table tbody tr').first().getByRole('link', { name: /^#\d+/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Order #\d+/ }).waitFor();
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-orders-detail-390.png'), fullPage: true });

    // The panel folds behind Menu on a phone; the badge is still there when it opens.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Site title').waitFor();
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-settings-390.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  /** What the panel's count beside Orders shows once it shows `expected` (or what it shows when the step times out). */
  async function badgeShows(expected: string): Promise<string> {
    const deadline = Date.now() + STEP_TIMEOUT;
    let shown = '';
    while (Date.now() < deadline) {
      shown = (await badge().count()) === 0 ? '' : ((await badge().locator('[aria-hidden="true"]').textContent()) ?? '');
      if (shown === expected) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return shown;
  }
});

/** Waits until `locator` matches exactly `count` elements (or the step times out), then answers how many it matches. */
async function waitForCount(locator: ReturnType<Page['locator']>, count: number): Promise<number> {
  const deadline = Date.now() + STEP_TIMEOUT;
  while (Date.now() < deadline) {
    if ((await locator.count()) === count) return count;
    await new Promise((r) => setTimeout(r, 100));
  }
  return locator.count();
}
