/**
 * The owner app's shell in Debian's Chromium against the built API: sign-in, the panel, phone
 * and desktop widths, and the two bundles kept apart.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ERROR_MESSAGES, type ErrorCode } from '../../../../domain/src/shared/error-catalogue';
import { HISTORY_STRINGS } from '../../../../domain/src/shared/strings';
import { launchChromium, openTab } from '../../../../apps/api/test/browser/chromium';
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
    const { page, errors } = await openTab(browser, { width, timeout: 10_000 });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    return { page, errors, scripts };
  }

  it('signs in and shows the site, the sections and who is signed in; signs out', async () => {
    const { page, errors, scripts } = await openPage(1280);
    await signInOwner(page, server);
    const panel = page.getByRole('navigation', { name: 'Editor' });
    await panel.getByRole('link', { name: 'Clay & Co.' }).waitFor();
    for (const section of ['Pages', 'Products', 'Orders', 'Forms', 'Settings']) expect(await panel.getByRole('link', { name: section, exact: true }).count()).toBe(1);
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
    await products.waitFor({ state: 'hidden' });
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
    // Nor do they carry the editor's words through the domain modules both bundles share: no
    // history label, no owner-only message (one of each part of the catalogue: were the whole
    // catalogue bundled, these would be in it).
    const code = (await Promise.all(publishedScripts.map(async (src) => (await page.request.get(src)).text()))).join('\n');
    const ownerCodes: ErrorCode[] = ['EDIT_CONFLICT', 'VERSION_NOT_FOUND', 'OWNER_ALREADY_EXISTS', 'STORE_PRODUCT_LIMIT', 'INVALID_NAVIGATION', 'INVALID_WORKFLOW_STATE'];
    const ownerWords = [...Object.values(HISTORY_STRINGS.events), ...ownerCodes.map((c) => ERROR_MESSAGES[c])];
    expect(ownerWords.filter((words) => code.includes(words))).toEqual([]);
    // A signed-in account counts as authenticated (SPEC 6), so the cart island asks for a cart this
    // owner does not have: a fresh empty cart (issue 13), no error. Nothing may fail.
    expect(errors).toEqual([]);
  });
});
