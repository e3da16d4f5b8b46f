/**
 * The demo store's header, folder menus, gallery lightbox and not-found page in Debian's Chromium
 * against the built server (issue 13, item 10): at 390 px a compact header whose Menu opens the
 * navigation (by keyboard, Escape closes, focus managed, without JavaScript too); folder dropdowns
 * measured on screen at 390, 768, 1024 and 1280 px; the gallery's lightbox (SPEC 3 `lightbox`) by
 * mouse, keyboard and swipe, with focus kept and given back, and the plain link without JavaScript;
 * the 404 page marks no navigation entry as current. Screenshots: test-artifacts/theme-navigation/.
 * Run: npm run build, then NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js apps/api/src/storefront/theme-navigation
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from '../../test/browser/chromium';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'theme-navigation');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Box = { left: number; right: number; top: number; bottom: number };

describe('theme navigation, gallery lightbox and not-found page (browser)', () => {
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

  async function open(path: string, viewport: { width: number; height: number }, options: { javaScriptEnabled?: boolean; hasTouch?: boolean; status?: number } = {}) {
    const context = await browser.newContext({ viewport, locale: 'en-US', javaScriptEnabled: options.javaScriptEnabled ?? true, hasTouch: options.hasTouch ?? false });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      // The not-found page is itself a 404 response, which Chromium logs.
      if (m.type() === 'error' && !(options.status === 404 && m.text().includes('404 (Not Found)'))) errors.push(`${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(options.status ?? 200);
    return { page, errors, close: () => context.close() };
  }

  /** The window-relative box of each element matching `selector`. */
  const boxes = (page: Page, selector: string): Promise<Box[]> =>
    page.locator(selector).evaluateAll((elements) =>
      elements.map((e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    );
  const inside = (box: Box, width: number, height: number) => box.left >= 0 && box.right <= width && box.top >= 0 && box.bottom <= height;
  const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  const toggle = (page: Page) => page.locator('.site-menu__toggle');
  const studio = (page: Page) => page.locator('.site-nav__folder > summary', { hasText: 'The Studio' });
  /** Waits for a toggle's aria-expanded (a <details> tells of its change in a task of its own). */
  const expanded = (toggleLocator: Locator, value: boolean) => toggleLocator.and(toggleLocator.page().locator(`[aria-expanded="${value}"]`)).waitFor({ timeout: 2000 });

  describe('header', () => {
    it('phone: the header is compact and its Menu opens the navigation by keyboard; folders expand on screen; Escape closes with focus back', async () => {
      const { page, errors, close } = await open('/', PHONE);
      try {
        const header = (await boxes(page, 'header.site-header'))[0]!;
        const bar = (await boxes(page, '.site-header__bar'))[0]!;
        // Was 190-209 of 844 px (the navigation wrapped on three rows under the title).
        expect(header.bottom - header.top).toBeLessThanOrEqual(80);
        expect(bar.bottom - bar.top).toBeLessThanOrEqual(64);
        expect(await page.locator('.site-nav').isVisible()).toBe(false);
        await expanded(toggle(page), false);
        await page.screenshot({ path: join(ARTIFACTS, 'home-390.png') });

        // Skip link, site title, then the Menu button.
        for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
        expect(await activeText(page)).toBe('Menu');
        await page.keyboard.press('Enter');
        await expanded(toggle(page), true);
        expect(await page.locator('.site-nav').isVisible()).toBe(true);
        const links = await boxes(page, '.site-nav__list > .site-nav__item > a, .site-nav__list > .site-nav__item > details > summary');
        expect(links).toHaveLength(7);
        for (const link of links) expect(inside(link, PHONE.width, PHONE.height)).toBe(true);
        // Each entry is a comfortable touch target.
        for (const link of links) expect(link.bottom - link.top).toBeGreaterThanOrEqual(44);

        // The focus goes on into the menu: Home first, then down to the folder, opened with Enter.
        await page.keyboard.press('Tab');
        expect(await activeText(page)).toBe('Home');
        for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
        expect(await activeText(page)).toMatch(/^The Studio/);
        await page.keyboard.press('Enter');
        await expanded(studio(page), true);
        const sub = await boxes(page, '.site-nav__sub a');
        expect(sub).toHaveLength(3);
        // Was: the folder's links started at x = −91 px.
        for (const link of sub) expect(inside(link, PHONE.width, PHONE.height)).toBe(true);
        await page.screenshot({ path: join(ARTIFACTS, 'menu-folder-open-390.png') });
        await page.keyboard.press('Tab');
        expect(await activeText(page)).toBe('About');

        // Escape: the folder first (focus on its toggle), then the menu (focus on Menu).
        await page.keyboard.press('Escape');
        await expanded(studio(page), false);
        expect(await activeText(page)).toMatch(/^The Studio/);
        await page.keyboard.press('Escape');
        await expanded(toggle(page), false);
        expect(await page.locator('.site-nav').isVisible()).toBe(false);
        expect(await activeText(page)).toBe('Menu');

        // A tap outside the header closes it too; a link in it navigates.
        await toggle(page).click();
        expect(await page.locator('.site-nav').isVisible()).toBe(true);
        await page.mouse.click(PHONE.width / 2, PHONE.height - 20);
        expect(await page.locator('.site-nav').isVisible()).toBe(false);
        await toggle(page).click();
        await page.locator('.site-nav').getByRole('link', { name: 'Gallery' }).click();
        await page.waitForURL(/\/gallery$/);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it('phone without JavaScript: the Menu and its folders still open (they are <details>)', async () => {
      const { page, close } = await open('/', PHONE, { javaScriptEnabled: false });
      try {
        expect(await page.locator('.site-nav').isVisible()).toBe(false);
        await toggle(page).click();
        expect(await page.locator('.site-nav').isVisible()).toBe(true);
        await studio(page).click();
        for (const link of await boxes(page, '.site-nav__sub a')) expect(inside(link, PHONE.width, PHONE.height)).toBe(true);
        await toggle(page).click();
        expect(await page.locator('.site-nav').isVisible()).toBe(false);
      } finally {
        await close();
      }
    });

    it.each([390, 768, 1024, 1280])('the folder menu stays on screen at %i px', async (width) => {
      const viewport = { width, height: 900 };
      const { page, errors, close } = await open('/', viewport);
      try {
        const compact = await toggle(page).isVisible();
        expect(compact).toBe(width <= 720);
        if (compact) await toggle(page).click();
        await studio(page).click();
        const sub = await boxes(page, '.site-nav__sub a');
        expect(sub).toHaveLength(3);
        for (const link of sub) expect(inside(link, width, viewport.height)).toBe(true);
        const panel = (await boxes(page, '.site-nav__folder[open] > .site-nav__sub'))[0]!;
        expect(inside(panel, width, viewport.height)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
        if (width === 1280 || width === 768) await page.screenshot({ path: join(ARTIFACTS, `folder-open-${width}.png`) });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it('a dropdown that would still cross the window\'s edge is shifted back inside it (the navigation script)', async () => {
      const viewport = { width: 768, height: 900 };
      const { page, errors, close } = await open('/', viewport);
      try {
        // The folder moved to the middle of the bar (where the stylesheet opens it to the right) and its menu made wide.
        await page.evaluate(() => {
          const folder = document.querySelector('.site-nav__folder')!.closest('li')!;
          const list = folder.parentElement!;
          list.insertBefore(folder, list.children[3]!);
          folder.querySelector<HTMLElement>('.site-nav__sub')!.style.minWidth = '24rem';
        });
        await studio(page).click();
        const panel = (await boxes(page, '.site-nav__folder[open] > .site-nav__sub'))[0]!;
        expect(panel.right - panel.left).toBeGreaterThanOrEqual(384);
        expect(inside(panel, viewport.width, viewport.height)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it('desktop: the navigation is one row; a folder opens by keyboard, Escape or a click outside closes it', async () => {
      const { page, errors, close } = await open('/', DESKTOP);
      try {
        expect(await toggle(page).isVisible()).toBe(false);
        await page.screenshot({ path: join(ARTIFACTS, 'home-1280.png') });
        const entries = await boxes(page, '.site-nav__list > .site-nav__item');
        expect(new Set(entries.map((e) => Math.round(e.top))).size).toBe(1);
        await studio(page).focus();
        await page.keyboard.press('Enter');
        await expanded(studio(page), true);
        await page.keyboard.press('Tab');
        expect(await activeText(page)).toBe('About');
        await page.keyboard.press('Escape');
        await expanded(studio(page), false);
        expect(await activeText(page)).toMatch(/^The Studio/);
        await studio(page).click();
        expect(await page.locator('.site-nav__sub').isVisible()).toBe(true);
        await page.locator('h1').click();
        expect(await page.locator('.site-nav__sub').isVisible()).toBe(false);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  describe('gallery lightbox (SPEC 3 lightbox)', () => {
    const dialog = (page: Page) => page.locator('dialog.lightbox');
    const position = (page: Page) => dialog(page).locator('.lightbox__position').textContent();
    /** The image the lightbox shows, once it has loaded. */
    const shownImage = (page: Page) =>
      page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('dialog.lightbox[open] .lightbox__image');
        return img && img.complete && img.naturalWidth > 0 ? img.currentSrc : null;
      }).then((handle) => handle.jsonValue());

    it.each([DESKTOP, PHONE])('opens an image large at $width px: caption, previous/next, arrow keys, focus kept inside and given back', async (viewport) => {
      const { page, errors, close } = await open('/gallery', viewport);
      try {
        const links = page.locator('a[data-lightbox-item]');
        expect(await links.count()).toBe(8);
        const second = links.nth(1);
        await second.click();
        await dialog(page).waitFor();
        expect(page.url()).toBe(`${server.url}/gallery`);
        expect(await dialog(page).evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
        const first = await shownImage(page);
        expect(first).toContain('/static/images/');
        await expect(dialog(page).locator('.lightbox__title').textContent()).resolves.toBe(await page.locator('.gallery__title').nth(1).textContent());
        await expect(position(page)).resolves.toBe('2 of 8');
        // Large: most of the window's width or height.
        const image = (await boxes(page, 'dialog.lightbox .lightbox__image'))[0]!;
        expect(Math.max((image.right - image.left) / viewport.width, (image.bottom - image.top) / viewport.height)).toBeGreaterThan(0.6);
        expect(inside(image, viewport.width, viewport.height)).toBe(true);
        await page.waitForTimeout(250);
        await page.screenshot({ path: join(ARTIFACTS, `lightbox-${viewport.width}.png`) });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');

        await page.keyboard.press('ArrowRight');
        await expect(position(page)).resolves.toBe('3 of 8');
        expect(await shownImage(page)).not.toBe(first);
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await expect(position(page)).resolves.toBe('8 of 8');
        await dialog(page).getByRole('button', { name: 'Next image' }).click();
        await expect(position(page)).resolves.toBe('1 of 8');

        // Focus goes round the dialog's buttons, never to the page behind.
        for (let i = 0; i < 7; i += 1) {
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => !!document.activeElement?.closest('dialog.lightbox'))).toBe(true);
        }
        // Escape closes it; focus is back on the link that opened it.
        await page.keyboard.press('Escape');
        expect(await dialog(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
        expect(await second.evaluate((a) => a === document.activeElement)).toBe(true);

        // By keyboard from the gallery: Enter on a focused image link opens it; a click beside the image closes it.
        await links.nth(4).focus();
        await page.keyboard.press('Enter');
        await expect(position(page)).resolves.toBe('5 of 8');
        // Modal as soon as its caption shows: a click now must not reach the page behind.
        expect(await dialog(page).evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
        // The dim band above the image (the stage's padding).
        await page.mouse.click(viewport.width / 2, 30);
        await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>('dialog.lightbox')?.open, undefined, { timeout: 5_000 });
        await page.waitForFunction((index) => document.activeElement === document.querySelectorAll('a[data-lightbox-item]')[index], 4, { timeout: 5_000 });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it('phone: a sideways swipe goes to the next and the previous image', async () => {
      const { page, errors, close } = await open('/gallery', PHONE, { hasTouch: true });
      try {
        await page.locator('a[data-lightbox-item]').first().tap();
        await dialog(page).waitFor();
        await expect(position(page)).resolves.toBe('1 of 8');
        const cdp = await page.context().newCDPSession(page);
        const swipe = async (fromX: number, toX: number) => {
          const y = PHONE.height / 2;
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
          for (let step = 1; step <= 6; step += 1) {
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * step) / 6, y: y + step }] });
          }
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        };
        await swipe(320, 80);
        await expect(position(page)).resolves.toBe('2 of 8');
        await swipe(320, 80);
        await expect(position(page)).resolves.toBe('3 of 8');
        await swipe(80, 320);
        await expect(position(page)).resolves.toBe('2 of 8');
        expect(await dialog(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it('without JavaScript an image link opens the image itself', async () => {
      const { page, close } = await open('/gallery', DESKTOP, { javaScriptEnabled: false });
      try {
        const link = page.locator('a[data-lightbox-item]').first();
        const href = await link.getAttribute('href');
        const [response] = await Promise.all([page.waitForResponse((r) => r.url() === `${server.url}${href}`), link.click()]);
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toMatch(/^image\//);
      } finally {
        await close();
      }
    });

    it('its code loads only on a page whose gallery has a lightbox, and stays small', async () => {
      const scriptsOf = async (path: string) => {
        const context = await browser.newContext({ viewport: DESKTOP });
        const page = await context.newPage();
        const scripts: { url: string; size: number }[] = [];
        page.on('response', async (r) => {
          if (r.request().resourceType() === 'script') scripts.push({ url: new URL(r.url()).pathname, size: Number(r.headers()['content-length'] ?? 0) });
        });
        await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
        await context.close();
        return scripts;
      };
      expect((await scriptsOf('/')).some((s) => /\/gallery-[\w-]+\.js$/.test(s.url))).toBe(false);
      const gallery = (await scriptsOf('/gallery')).filter((s) => /\/gallery-[\w-]+\.js$/.test(s.url));
      expect(gallery).toHaveLength(1);
      // A few KB: what the build wrote gzipped beside it (the server sends that file to gzip clients).
      const gzipped = (await stat(join(REPO_ROOT, 'web', 'dist', `${gallery[0]!.url.replace(/^\/static\//, '')}.gz`))).size;
      expect(gzipped).toBeLessThan(4 * 1024);
    });
  });

  describe('not-found page', () => {
    it.each([PHONE, DESKTOP])('at $width px marks no navigation entry (not Home) as the current page', async (viewport) => {
      const { page, errors, close } = await open('/no-such-page', viewport, { status: 404 });
      try {
        await expect(page.locator('h1').textContent()).resolves.toBe('We couldn’t find that page');
        expect(await page.locator('header [aria-current]').count()).toBe(0);
        expect(await page.locator('.site-nav__item--active').count()).toBe(0);
        await page.screenshot({ path: join(ARTIFACTS, `not-found-${viewport.width}.png`), fullPage: true });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });
});
