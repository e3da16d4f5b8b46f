/**
 * The published demo site in Debian's Chromium against the built server: the home page, a product
 * page and the gallery at the SPEC's desktop (1024 px) and phone (428 px) widths, with no console
 * errors, no sideways overflow and screenshots kept in test-artifacts/published-site/. Also: a
 * product with options is bought by choosing its option on the product page.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../test/browser/chromium';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'published-site');
const WIDTHS = [1024, 428];
const PAGES = [
  ['home', '/'],
  ['product', '/shop/stoneware-mug'],
  ['gallery', '/gallery'],
] as const;

describe('published site (browser)', () => {
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

  async function open(path: string, width: number): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    return { page, errors, close: () => context.close() };
  }

  for (const width of WIDTHS) {
    for (const [name, path] of PAGES) {
      it(`renders the ${name} page at ${width} px without console errors`, async () => {
        const { page, errors, close } = await open(path, width);
        try {
          await page.locator('h1').first().waitFor();
          expect(await page.locator('h1').count()).toBe(1);
          await expect(page.locator('main#main').count()).resolves.toBe(1);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow).toBeLessThanOrEqual(1);
          const brokenImages = await page.evaluate(async () => {
            const images = [...document.images].filter((img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < innerHeight);
            // An image not yet complete is waited for until it loads or fails, whichever comes first.
            const settled = (img: HTMLImageElement) =>
              new Promise((r) => {
                img.addEventListener('load', r, { once: true });
                img.addEventListener('error', r, { once: true });
              });
            await Promise.all(images.map((img) => (img.complete ? null : settled(img))));
            return images.filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src);
          });
          expect(brokenImages).toEqual([]);
          await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
          expect(errors).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  }

  it('adds a product with options after the visitor chooses one', async () => {
    const { page, errors, close } = await open('/shop/stoneware-mug', 1024);
    try {
      const button = page.locator('[data-island="add-to-cart"] .add-to-cart__button');
      await button.waitFor();
      await button.click();
      // SPEC 5: the product page says which option is missing (only a list grid says 'Select Option').
      await page.getByRole('alert').filter({ hasText: 'Please select the Glaze option.' }).waitFor();
      await page.locator('select[data-variant-option-name="Glaze"]').selectOption('Moss');
      await page.locator('[data-island="add-to-cart"] .add-to-cart__button:not([aria-disabled])').click();
      await page.getByRole('link', { name: /^Cart, / }).waitFor();
      await expect(page.getByRole('link', { name: /^Cart, / }).locator('.cart-pill__count').textContent()).resolves.toBe('1');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
