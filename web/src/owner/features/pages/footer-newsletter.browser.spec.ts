/**
 * The footer newsletter through the owner's header & footer screen in Debian's Chromium against
 * the built demo server (issue 14 part 8): the demo's footer signs visitors up on every page; the
 * owner turns it off by keyboard and the published pages lose it, then chooses it again. Screenshots
 * of the screen at 1280 px and 390 px.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/pages/footer-newsletter
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, openTab, type Tab } from '../../../../../apps/api/test/browser/chromium';
import { signInOwner } from '../../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'pages');

describe('footer newsletter on the header & footer screen (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    server = await startBuiltServer();
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const tab of tabs.splice(0)) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Whether the published page at `path` shows the footer's sign-up (read as a visitor, waiting for the projection). */
  async function footerShowsNewsletter(path: string, expected: boolean): Promise<void> {
    const until = Date.now() + 30_000;
    for (;;) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      if (html.includes('data-block-id="footer-newsletter"') === expected) return;
      if (Date.now() > until) throw new Error(`the footer newsletter is ${expected ? 'missing' : 'still there'} on ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('turns the footer newsletter off and on again by keyboard; the published pages follow', async () => {
    await footerShowsNewsletter('/about', true);
    const tab = await openTab(browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page } = tab;
    await signInOwner(page, server);
    await page.goto(`${server.url}/config/pages/header-footer`);
    const form = page.getByRole('form', { name: 'Footer newsletter' });
    const select = form.getByLabel('Newsletter form');
    await form.getByRole('option', { name: 'Kiln days newsletter' }).waitFor({ state: 'attached' });
    expect(await select.inputValue()).toBe('newsletter');
    await page.screenshot({ path: join(ARTIFACTS, 'header-footer-newsletter-1280.png'), fullPage: true });

    await select.focus();
    await select.selectOption('');
    await form.getByText('Unsaved changes.').waitFor();
    await form.getByRole('button', { name: 'Save footer newsletter' }).press('Enter');
    await form.getByText('Saved. The footer shows no newsletter sign-up.').waitFor();
    await footerShowsNewsletter('/about', false);

    await select.selectOption('newsletter');
    await form.getByRole('button', { name: 'Save footer newsletter' }).click();
    await form.getByText('Saved. The sign-up shows in the footer of every page.').waitFor();
    await footerShowsNewsletter('/about', true);

    await page.setViewportSize({ width: 390, height: 844 });
    await form.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await form.screenshot({ path: join(ARTIFACTS, 'header-footer-newsletter-390.png') });
  });
});
