/**
 * The owner app's shell in Debian's Chromium against the built API: sign-in, the panel, phone
 * and desktop widths, and the two bundles kept apart.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../../apps/api/test/browser/chromium';
import { signInOwner } from '../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../apps/api/test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');

describe('owner app shell (browser)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer(), launchChromium()]);
    await mkdir(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openPage(width: number): Promise<{ page: Page; errors: string[]; scripts: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    const scripts: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(`${m.text()} (${m.location().url})`));
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    return { page, errors, scripts };
  }

  it('signs in and shows the site, the sections and who is signed in; signs out', async () => {
    const { page, errors, scripts } = await openPage(1280);
    await signInOwner(page, server);
    const panel = page.getByRole('navigation', { name: 'Editor' });
    await panel.getByRole('link', { name: 'Clay & Co.' }).waitFor();
    for (const section of ['Pages', 'Products', 'Orders', 'Settings']) expect(await panel.getByRole('link', { name: section, exact: true }).count()).toBe(1);
    await panel.getByText('owner@example.com').waitFor();
    expect(scripts.some((s) => s.startsWith('/static/owner/'))).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-app-1280.png'), fullPage: true });

    // Keyboard: the first Tab reaches the skip link, which moves focus to the open section.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ow-main');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/config/login`);
    await page.goto(`${server.url}/config/products`);
    expect(new URL(page.url()).pathname).toBe('/config/login');
    expect(errors).toEqual([]);
  });

  it('fits a 390 px phone: the panel folds behind Menu, nothing scrolls sideways', async () => {
    const { page, errors } = await openPage(390);
    await signInOwner(page, server);
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    const products = page.locator('#ow-panel').getByRole('link', { name: 'Products', exact: true });
    expect(await products.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await products.click();
    await page.waitForURL(`${server.url}/config/products`);
    expect(await products.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-app-390.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('keeps the editor out of published pages: they load the islands bundle only', async () => {
    const { page, errors, scripts } = await openPage(1280);
    await signInOwner(page, server);
    await page.goto(`${server.url}/shop`);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => s.startsWith('/static/') && !s.startsWith('/static/owner/')).length).toBeGreaterThan(0);
    const publishedScripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
    expect(publishedScripts.some((s) => s.includes('/static/owner/'))).toBe(false);
    // A signed-in account counts as authenticated (SPEC 6), so the cart island asks for a cart this
    // owner does not have: the API's 404 CART_NOT_FOUND, which Chromium logs. Nothing else may fail.
    expect(errors.filter((e) => !e.includes('404') || !e.includes('/api/commerce/shopping-cart'))).toEqual([]);
  });
});
