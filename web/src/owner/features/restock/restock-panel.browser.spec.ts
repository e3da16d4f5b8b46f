/**
 * The owner's restock panel in Chromium against the built demo server with a real SMTP server
 * (apps/api/test/smtp-server.ts): visitors wait for the sold-out bowl; the owner sees them with
 * the stock, sends by keyboard and the mails arrive; the store's settings and a product's
 * merchandising save; a person is erased. Screenshots at 1280 px and 390 px.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/restock
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openTab, type Tab } from '../../../../../apps/api/test/browser/chromium';
import { signInOwner } from '../../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';
import { startSmtpServer, type TestSmtpServer } from '../../../../../apps/api/test/smtp-server';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'restock');
const RESTOCK = '/api/site-users/account/notifications/restock';

describe('owner restock panel (browser)', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;
  const tabs: Tab[] = [];

  const signUp = async (email: string, variant = { productId: 'p-serving-bowl', variantId: 'v-bowl' }) => {
    const res = await fetch(`${server.url}${RESTOCK}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...variant, siteVisitorEmail: email }) });
    expect(res.status).toBe(200);
  };
  async function ownerPage(width: number): Promise<Page> {
    const tab = await openTab(browser, { width, height: 900 });
    tabs.push(tab);
    await signInOwner(tab.page, server);
    await tab.page.goto(`${server.url}/config/restock`);
    return tab.page;
  }
  const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    smtp = await startSmtpServer();
    server = await startBuiltServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Clay <shop@example.com>', RESTOCK_RATE_LIMIT_BURST: '0' });
    browser = await launchChromium();
    for (const who of ['ada', 'bob', 'cy']) await signUp(`${who}@example.com`);
    // A loaded shared machine has taken over a minute to start the server.
  }, 300_000);

  afterEach(async () => {
    for (const tab of tabs.splice(0)) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it('shows who waits with the stock beside it, and sends for the variant by keyboard', async () => {
    const page = await ownerPage(1280);
    const bowl = row(page, 'Large Serving Bowl');
    await bowl.waitFor();
    expect(await bowl.getByRole('cell').allTextContents()).toEqual(['Sold out', '3', '0', '0', expect.any(String)]);
    await page.screenshot({ path: join(ARTIFACTS, 'panel-1280.png'), fullPage: true });
    await bowl.getByRole('button', { name: 'Send to those waiting for Large Serving Bowl' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('still sold out');
    await dialog.getByRole('button', { name: 'Send' }).press('Enter');
    await page.getByText('Sending to 3 shoppers waiting for Large Serving Bowl (BOWL-L).').waitFor();
    const mails = await smtp.waitForMessages(3, 60_000);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['ada@example.com', 'bob@example.com', 'cy@example.com']);
    expect(mails[0]!.subject).toBe('Large Serving Bowl is back in stock');
  });

  it('exports the CSV, saves the settings and a product’s merchandising, erases a person; fits 390 px', async () => {
    await signUp('dee@example.com');
    const page = await ownerPage(390);
    await page.getByRole('row').filter({ hasText: 'Large Serving Bowl' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'panel-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const href = await page.getByRole('link', { name: 'Export the sign-ups for Large Serving Bowl (BOWL-L) as CSV' }).getAttribute('href');
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(csv.split('\r\n')[0]).toBe('"email","language","mailing list","status","signed up","notified"');
    expect(csv).toContain('"dee@example.com"');

    const success = page.getByLabel('Success text');
    await success.fill('Thanks, we will write.');
    await page.getByLabel('Send automatically when a sold-out variant is back in stock').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();

    await page.getByLabel('Product', { exact: true }).selectOption({ label: 'Large Serving Bowl' });
    await page.getByLabel('Sold-out text').fill('Back in spring');
    await page.getByRole('button', { name: 'Save product settings' }).click();
    await page.getByText('Product settings saved.').waitFor();

    await page.getByRole('textbox', { name: 'Email address' }).fill('dee@example.com');
    await page.getByRole('button', { name: 'Erase sign-ups' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click();
    await page.getByText('Erased 1 sign-up of dee@example.com.').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'panel-saved-390.png'), fullPage: true });

    // The storefront shows what was saved.
    const tab = await openTab(browser, { width: 1280 });
    tabs.push(tab);
    for (let i = 0; i < 30; i++) {
      await tab.page.goto(`${server.url}/shop/p/large-serving-bowl`);
      if ((await tab.page.locator('.product-mark').textContent())?.trim() === 'Back in spring') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await tab.page.locator('.product-mark').textContent())?.trim()).toBe('Back in spring');
    expect(await tab.page.locator('[data-island="restock"]').getAttribute('data-success-text')).toBe('Thanks, we will write.');
  });
});
