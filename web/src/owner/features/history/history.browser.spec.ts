/**
 * History and restore in Debian's Chromium against the built demo server (issue 12, item 8):
 * change a page through the owner app and see the published page change; see the site as it was
 * before the change, from the pages screen's date-time field and from the page's history; restore
 * the earlier version and see the published page back as it was; the panel and the preview at
 * 390 px and 1280 px, by keyboard. Run: npm run build && NODE_OPTIONS=--experimental-vm-modules
 * npx jest -c jest.browser.config.js web/src/owner/features/history
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../../../../../apps/api/test/browser/chromium';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';
import { signInOwner } from '../../../../../apps/api/test/browser/owner';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const STEP_TIMEOUT = 15_000;
const BEFORE = 'Spring at the studio';
const AFTER = 'Summer at the studio';

describe('history and restore (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: WIDE, locale: 'en-US' });
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    consoleErrors = [];
    page.on('console', (message) => {
      // A signed-in owner's preview asks for a cart the owner does not have yet (404): the islands' own behaviour.
      if (message.type() === 'error' && !/status of 404/.test(message.text())) consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
    await signInOwner(page, server);
  });

  afterEach(async () => {
    await context?.close();
  });

  /** A new page made through the owner API (the page tree builds them in the app). */
  async function createPage(title: string): Promise<{ id: string; fullUrl: string }> {
    return page.evaluate(async (pageTitle) => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('xsrf_token='))!.slice('xsrf_token='.length));
      const response = await fetch('/api/site/collections', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-Token': token },
        body: JSON.stringify({ kind: 'page', title: pageTitle, published: false }),
      });
      const { collection } = (await response.json()) as { collection: { id: string; fullUrl: string } };
      return { id: collection.id, fullUrl: collection.fullUrl };
    }, title);
  }

  /** The published page as a visitor (not signed in) sees it, read until it shows `heading`: the site's read models follow the log shortly after a save. */
  async function visitorSees(path: string, heading: string) {
    const visitor = await browser.newContext({ viewport: WIDE });
    const visitorPage = await visitor.newPage();
    const deadline = Date.now() + 20_000;
    try {
      for (;;) {
        await visitorPage.goto(`${server.url}${path}`);
        if ((await visitorPage.getByRole('heading', { name: heading }).count()) > 0) return;
        if (Date.now() > deadline) throw new Error(`${path} did not show “${heading}” in time`);
        await visitorPage.waitForTimeout(250);
      }
    } finally {
      await visitor.close();
    }
  }

  const headingText = () => page.getByRole('textbox', { name: 'Heading text' });

  /** Replaces the selected heading block's words. */
  async function retype(text: string) {
    await headingText().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
    await expect(headingText().innerHTML()).resolves.toBe(`<h2>${text}</h2>`);
  }

  /** The entry of the history whose diff added or changed the heading to `text`. */
  const entrySetting = (sheet: Locator, text: string) => sheet.getByRole('article').filter({ has: page.locator('ins', { hasText: text }) });

  it('restores a page to an earlier version, and shows the site as it was before a change', async () => {
    const created = await createPage('Studio news');
    await page.goto(`${server.url}/config/pages/${created.id}/content`);
    await page.getByText('This page has no blocks yet.').waitFor();

    // Version with a heading, published.
    await page.getByRole('button', { name: '+ Add block' }).click();
    await page.getByRole('group', { name: 'Block types' }).getByRole('button', { name: /^Heading/ }).click();
    await headingText().click();
    await page.keyboard.type(BEFORE);
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText('Published. Visitors now see this page.').waitFor();
    await visitorSees(created.fullUrl, BEFORE);

    // A later moment between the two versions, in whole seconds (the date-time field's precision).
    await page.waitForTimeout(1100);
    const between = await page.evaluate(() => new Date(Math.ceil(Date.now() / 1000) * 1000).toISOString());
    await page.waitForTimeout(1100);

    // The change: the heading's words, saved; the published page follows.
    await retype(AFTER);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. The published page shows your changes.').waitFor();
    await visitorSees(created.fullUrl, AFTER);
    await page.frameLocator('iframe.pe-frame').getByRole('heading', { name: AFTER }).waitFor();

    // The pages screen's "View the site as it was": the moment between the versions shows the first.
    await page.getByRole('link', { name: 'Pages', exact: true }).first().click();
    await page.getByRole('heading', { name: 'View the site as it was' }).waitFor();
    const local = await page.evaluate((iso) => {
      const d = new Date(iso);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    }, between);
    const form = page.getByRole('region', { name: 'View the site as it was' });
    await form.getByLabel('Date and time').fill(local);
    await form.getByLabel('Page').fill(created.fullUrl);
    await form.getByRole('button', { name: 'View the site as it was' }).click();
    const past = page.getByRole('dialog', { name: 'The site as it was' });
    await past.waitFor();
    const pastFrame = page.frameLocator('.hi-sheet-wide iframe');
    await pastFrame.getByRole('heading', { name: BEFORE }).waitFor();
    expect(await pastFrame.getByRole('heading', { name: AFTER }).count()).toBe(0);
    expect(await past.locator('iframe').getAttribute('src')).toBe(`/config/preview/at/${encodeURIComponent(between)}${created.fullUrl}`);
    await page.screenshot({ path: join(ARTIFACTS, 'history-past-site-1280.png') });
    await page.keyboard.press('Escape');
    await past.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('View the site as it was');

    // The page's history: opened by keyboard, newest first, with who and what changed.
    await page.goto(`${server.url}/config/pages/${created.id}/content`);
    await page.frameLocator('iframe.pe-frame').getByRole('heading', { name: AFTER }).waitFor();
    await page.locator('.pe-row-main').first().click();
    await expect(headingText().innerHTML()).resolves.toBe(`<h2>${AFTER}</h2>`);
    await page.getByRole('button', { name: 'History' }).focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'History of “Studio news”' });
    await sheet.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    const current = sheet.getByRole('article').first();
    await current.getByText('Current').waitFor();
    await current.getByText('owner@example.com').waitFor();
    expect(await current.locator('del').innerText()).toMatch(BEFORE);
    expect(await current.locator('ins').innerText()).toMatch(AFTER);
    const earlier = entrySetting(sheet, BEFORE);
    await earlier.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'history-panel-1280.png') });

    // From the earlier entry: the site as it was then shows the first version.
    await earlier.getByRole('button', { name: 'View the site as it was then' }).click();
    await pastFrame.getByRole('heading', { name: BEFORE }).waitFor();
    await page.keyboard.press('Escape');
    await past.waitFor({ state: 'detached' });
    await sheet.waitFor();

    // Restore it: the confirmation, then a new version; the history says so.
    const version = Number((await earlier.locator('.hi-version').innerText()).replace('Version ', ''));
    await earlier.getByRole('button', { name: 'Restore this version' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Restore version ${version}?` });
    await confirm.getByRole('button', { name: 'Restore this version' }).click();
    await sheet.getByText(new RegExp(`^Restored version ${version}\\. It is saved as version \\d+\\.$`)).waitFor();
    const newest = sheet.getByRole('article').first();
    await newest.getByText(`Restored version ${version}`).waitFor();
    await newest.getByText('Current').waitFor();
    expect(await newest.locator('ins').innerText()).toMatch(BEFORE);
    await page.screenshot({ path: join(ARTIFACTS, 'history-restored-1280.png') });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('History');

    // The open editor has the restored version, the preview and the published page show it.
    await expect(headingText().innerHTML()).resolves.toBe(`<h2>${BEFORE}</h2>`);
    await page.frameLocator('iframe.pe-frame').getByRole('heading', { name: BEFORE }).waitFor();
    await visitorSees(created.fullUrl, BEFORE);
    // Saving again goes on from the restored version (no conflict, nothing unsaved).
    await retype('Autumn at the studio');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. The published page shows your changes.').waitFor();
    await visitorSees(created.fullUrl, 'Autumn at the studio');

    expect(consoleErrors).toEqual([]);
  });

  it('shows the navigation history on the pages screen, and a product’s history in its editor', async () => {
    await page.goto(`${server.url}/config/pages`);
    await page.getByRole('button', { name: 'Navigation history' }).click();
    const layout = page.getByRole('dialog', { name: 'History of the pages and navigation' });
    await layout.getByRole('article').first().waitFor();
    // The layout has no restore route: its entries are read only.
    expect(await layout.getByRole('button', { name: 'Restore this version' }).count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'history-navigation-1280.png') });
    await page.keyboard.press('Escape');
    await layout.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'View the site as it was' }).screenshot({ path: join(ARTIFACTS, 'history-pages-form-1280.png') });

    await page.goto(`${server.url}/config/products/p-glaze-recipes`);
    await page.getByRole('button', { name: 'History' }).click();
    const product = page.getByRole('dialog', { name: /^History of “/ });
    await product.getByRole('heading', { name: 'Product created' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'history-product-1280.png') });
    await page.keyboard.press('Escape');
    await product.waitFor({ state: 'detached' });

    expect(consoleErrors).toEqual([]);
  });

  it('fits a phone: the history panel and the site as it was at 390 px', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/config/settings`);
    await page.getByRole('button', { name: 'History' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(ARTIFACTS, 'history-settings-header-390.png') });
    await page.getByRole('button', { name: 'History' }).click();
    const sheet = page.getByRole('dialog', { name: 'History of the settings, header and footer' });
    await sheet.getByRole('article').first().waitFor();
    const box = (await sheet.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'history-panel-390.png') });

    await sheet.getByRole('button', { name: 'View the site as it was then' }).first().click();
    const past = page.getByRole('dialog', { name: 'The site as it was' });
    await page.frameLocator('.hi-sheet-wide iframe').locator('main').first().waitFor();
    const pastBox = (await past.boundingBox())!;
    expect(pastBox.x + pastBox.width).toBeLessThanOrEqual(PHONE.width);
    for (const name of ['Close', 'Show']) expect(await past.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'history-past-site-390.png') });

    // The pages screen's form fits too.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/config/pages`);
    await page.getByRole('button', { name: 'Navigation history' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'history-pages-header-390.png') });
    await page.getByRole('heading', { name: 'View the site as it was' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('region', { name: 'View the site as it was' }).screenshot({ path: join(ARTIFACTS, 'history-pages-form-390.png') });

    expect(consoleErrors).toEqual([]);
  });
});
