/// <reference lib="dom" />
/**
 * The sample pages in Debian's Chromium at the SPEC's phone (428 px) and desktop (1024 px) widths:
 * nothing overflows sideways, every control has an accessible name, the skip link and focus ring
 * show, and the embedded site context parses. Screenshots go to test-artifacts/theme/screenshots.
 * Run: npm run test:browser (or npx jest -c jest.browser.config.js apps/api/src/theme).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../test/browser/chromium';
import { Theme } from './theme';
import { samplePages } from '../../test/theme/sample-contexts';
import { writeSamplePages } from '../../test/theme/write-sample-pages';

const OUT = resolve(__dirname, '../../../../test-artifacts/theme');
const SHOTS = join(OUT, 'screenshots');
const WIDTHS = [428, 1024];
const names = samplePages().map((p) => p.name);

describe('theme pages in the browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await writeSamplePages(Theme.load(), OUT);
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const open = async (name: string, width: number) => {
    page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`file://${join(OUT, `${name}.html`)}`);
  };

  afterEach(async () => {
    await page?.close();
  });

  describe.each(WIDTHS)('at %i px', (width) => {
    it.each(names)('%s fits the width, names every control and parses its site context', async (name) => {
      await open(name, width);
      const report = await page.evaluate(() => {
        const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
        const controls = [...document.querySelectorAll<HTMLInputElement>('input, select, textarea')].filter(
          (c) => c.type !== 'hidden' && !c.closest('[hidden]') && getComputedStyle(c).display !== 'none' && c.offsetParent !== null,
        );
        const unnamed = controls.filter((c) => (c.labels?.length ?? 0) === 0 && !c.getAttribute('aria-label')).map((c) => c.outerHTML);
        const text = document.getElementById('site-context')?.textContent ?? '';
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        return { overflow, unnamed, parses, h1: document.querySelectorAll('h1').length };
      });
      expect(report).toEqual({ overflow: 0, unnamed: [], parses: true, h1: 1 });
      if (['home', 'products-list', 'product-linen-apron', 'events-list', 'gallery-slideshow', 'blog-item'].includes(name)) {
        await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
      }
    });
  });

  it('shows the skip link on the first Tab and a focus ring on the next link', async () => {
    await open('home', 428);
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement;
      const box = a.getBoundingClientRect();
      return { text: a.textContent, top: box.top, visible: box.bottom > 0 };
    });
    expect(skip).toMatchObject({ text: 'Skip to content', visible: true });
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement as HTMLElement).outlineStyle);
    expect(ring).toBe('solid');
  });

  it('opens the folder of the main navigation from the keyboard', async () => {
    await open('home', 1024);
    await page.focus('.site-nav__folder > summary');
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'Wholesale' });
    expect(await link.isVisible()).toBe(true);
  });
});
