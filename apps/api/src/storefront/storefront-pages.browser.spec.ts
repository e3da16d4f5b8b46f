/**
 * The demo store's published pages in Debian's Chromium against one built demo server
 * (sharedBuiltSite: one server and one browser for the file, contexts of their own for each test).
 * Every part only reads the demo site (a visitor's cart at most), so they share its data:
 * - the header, folder menus, gallery lightbox and not-found page: at 390 px a
 *   compact header whose Menu opens the navigation (by keyboard, Escape closes, focus managed,
 *   without JavaScript too); folder dropdowns measured on screen at 390, 768, 1024 and 1280 px; the
 *   gallery's lightbox (SPEC 3 `lightbox`) by mouse, keyboard and swipe, with focus kept and given
 *   back, and the plain link without JavaScript; the 404 page marks no navigation entry as current.
 *   Screenshots: test-artifacts/theme-navigation/;
 * - the gallery slideshow (SPEC 3 gallery options design slideshow, controls, autoplay,
 *   autoplay-duration, thumbnails; the demo's About page has one), at 390 px and 1280 px:
 *   previous/next and the thumbnails show their slide, the keyboard moves it, a swipe does on a
 *   touch screen, autoplay moves it every 5 seconds (the page's clock is Playwright's, so time is
 *   advanced, never waited for) and stops while the pointer is over the gallery, while focus is in
 *   it, after Pause, and for prefers-reduced-motion. Screenshots: test-artifacts/gallery-slideshow/;
 * - the home page, a product page and the gallery at the SPEC's desktop (1024 px) and phone
 *   (428 px) widths, with no console errors, no sideways overflow and screenshots kept in
 *   test-artifacts/published-site/; and a product with options bought by choosing its option on the
 *   product page.
 * Run: npm run build, then NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js apps/api/src/storefront/storefront-pages
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { sharedBuiltSite } from '../../test/browser/shared-site';
import { REPO_ROOT, type RunningServer } from '../../test/built-app';

const site = sharedBuiltSite();

describe('theme navigation, gallery lightbox and not-found page (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'theme-navigation');
  const PHONE = { width: 390, height: 844 };
  const DESKTOP = { width: 1280, height: 800 };

  type Box = { left: number; right: number; top: number; bottom: number };

  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = site);
    await mkdir(ARTIFACTS, { recursive: true });
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
        // Photographed once its opening animation has run.
        await page.evaluate(async () => {
          const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
          await Promise.all(finite.map((a) => a.finished.then(() => null, () => null)));
        });
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

describe('gallery slideshow (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'gallery-slideshow');
  const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1280, height: 900 }];
  const GALLERY = '#gallery-about-slideshow';
  const SLIDES = 5;

  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = site);
    await mkdir(ARTIFACTS, { recursive: true });
  });

  type Opened = { page: Page; gallery: Locator; errors: string[]; close: () => Promise<void> };

  async function open(viewport: { width: number; height: number }, options: { hasTouch?: boolean; reducedMotion?: 'reduce'; fakeClock?: boolean } = {}): Promise<Opened> {
    const context = await browser.newContext({ viewport, locale: 'en-US', hasTouch: options.hasTouch, reducedMotion: options.reducedMotion ?? 'no-preference' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(`${m.text()} (${m.location().url})`));
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    if (options.fakeClock) {
      // The page's time stands still but for runFor: autoplay moves only when the test says.
      const now = Date.now();
      await page.clock.install({ time: now });
      await page.clock.pauseAt(now + 1_000);
    }
    await page.goto(`${server.url}/about`);
    const gallery = page.locator(GALLERY);
    // The island has run once the gallery is marked enhanced.
    await page.locator(`${GALLERY}.gallery--enhanced`).waitFor({ state: 'attached' });
    return { page, gallery, errors, close: () => context.close() };
  }

  const current = (gallery: Locator) => gallery.getAttribute('data-current').then(Number);
  const waitForCurrent = (page: Page, index: number) =>
    page.waitForFunction(([selector, i]) => document.querySelector<HTMLElement>(selector as string)?.dataset.current === String(i), [GALLERY, index] as const);
  /**
   * Slide `index` (0-based) is the one in the list's view (its smooth scroll has arrived). Within
   * 3 px: slides are a fraction of a pixel wide at some widths, and a scroll stopped by focus and
   * snapped again lands on a whole pixel up to 2 px from the slide's edge (seen at 390 px: -2).
   */
  const waitForShown = (page: Page, index: number) =>
    page.waitForFunction(([selector, i]) => {
      const list = document.querySelector(`${selector as string} .gallery__items`)!;
      const slide = list.querySelectorAll('.gallery__item')[i as number]!;
      return Math.abs(slide.getBoundingClientRect().left - list.getBoundingClientRect().left) < 3;
    }, [GALLERY, index] as const);
  /** Focus and pointer leave the gallery (focus to nowhere, the pointer to the page's top corner). */
  const leaveGallery = async (page: Page) => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => !document.activeElement || document.activeElement === document.body);
  };
  const shot = (page: Page, name: string, width: number) => page.locator(GALLERY).screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`) });

  for (const viewport of VIEWPORTS) {
    const { width } = viewport;

    it(`at ${width} px: controls, Pause and the thumbnail strip are there; previous/next and a thumbnail show their slide`, async () => {
      const { page, gallery, errors, close } = await open(viewport, { fakeClock: true });
      try {
        await gallery.scrollIntoViewIfNeeded();
        await expect(current(gallery)).resolves.toBe(0);
        const previous = gallery.getByRole('button', { name: 'Previous image' });
        const next = gallery.getByRole('button', { name: 'Next image' });
        await next.waitFor();
        await gallery.getByRole('button', { name: 'Pause slideshow' }).waitFor();
        expect(await gallery.locator('.gallery__thumb').count()).toBe(SLIDES);
        await expect(gallery.locator('.gallery__thumb').first().getAttribute('aria-current')).resolves.toBe('true');
        await shot(page, 'slideshow', width);

        await next.click();
        await waitForCurrent(page, 1);
        await waitForShown(page, 1);
        await previous.click();
        await previous.click();
        await waitForCurrent(page, SLIDES - 1);
        await waitForShown(page, SLIDES - 1);
        const scrollY = await page.evaluate(() => window.scrollY);
        await gallery.locator('.gallery__thumb').nth(2).click();
        await waitForCurrent(page, 2);
        await waitForShown(page, 2);
        await expect(gallery.locator('.gallery__thumb[aria-current="true"]').getAttribute('href')).resolves.toBe('#gallery-about-slideshow-3');
        // The thumbnail showed its slide without jumping the page to it.
        expect(page.url()).toBe(`${server.url}/about`);
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThan(2);
        await shot(page, 'slideshow-third', width);

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`at ${width} px: autoplay moves every 5 seconds, and stops while hovered, while focused and after Pause`, async () => {
      const { page, gallery, errors, close } = await open(viewport, { fakeClock: true });
      try {
        await gallery.scrollIntoViewIfNeeded();
        await page.mouse.move(1, 1);
        await expect(gallery.getAttribute('data-playing')).resolves.toBe('true');
        expect(await current(gallery)).toBe(0);
        await page.clock.runFor(4_900);
        expect(await current(gallery)).toBe(0);
        await page.clock.runFor(100);
        await waitForCurrent(page, 1);
        await waitForShown(page, 1);

        // Hovered: no move however long.
        await gallery.locator('.gallery__items').hover();
        await page.waitForFunction((s) => document.querySelector<HTMLElement>(s)?.dataset.playing === 'false', GALLERY);
        const hovered = await current(gallery);
        await page.clock.runFor(30_000);
        expect(await current(gallery)).toBe(hovered);
        await page.mouse.move(1, 1);
        await page.clock.runFor(5_000);
        await waitForCurrent(page, (hovered + 1) % SLIDES);

        // Focused (a keyboard visitor on the slides) while that move is on its way: no move after
        // it, and the slide it was going to is shown (focus can stop a smooth scroll before it moved).
        await gallery.locator('.gallery__items').focus();
        await expect(gallery.getAttribute('data-playing')).resolves.toBe('false');
        const focused = await current(gallery);
        await page.clock.runFor(30_000);
        expect(await current(gallery)).toBe(focused);
        await waitForShown(page, focused);

        // Paused by its button: no move after focus and pointer leave.
        await gallery.getByRole('button', { name: 'Pause slideshow' }).click();
        await gallery.getByRole('button', { name: 'Play slideshow' }).waitFor();
        await expect(gallery.getByRole('button', { name: 'Play slideshow' }).getAttribute('aria-pressed')).resolves.toBe('true');
        await leaveGallery(page);
        const paused = await current(gallery);
        await page.clock.runFor(30_000);
        expect(await current(gallery)).toBe(paused);
        await waitForShown(page, paused);
        await shot(page, 'slideshow-paused', width);
        // Play: moving again.
        await gallery.getByRole('button', { name: 'Play slideshow' }).click();
        await leaveGallery(page);
        await page.clock.runFor(5_000);
        await waitForCurrent(page, (paused + 1) % SLIDES);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`at ${width} px: the keyboard moves the slides (arrows, Home, End) and reaches every button`, async () => {
      const { page, gallery, errors, close } = await open(viewport);
      try {
        const list = gallery.locator('.gallery__items');
        await list.focus();
        // Focus in the gallery stops autoplay, so nothing moves but the keys.
        await expect(gallery.getAttribute('data-playing')).resolves.toBe('false');
        const start = await current(gallery);
        await page.keyboard.press('ArrowRight');
        await waitForCurrent(page, (start + 1) % SLIDES);
        await waitForShown(page, (start + 1) % SLIDES);
        await page.keyboard.press('End');
        await waitForCurrent(page, SLIDES - 1);
        await page.keyboard.press('ArrowRight');
        await waitForCurrent(page, 0);
        await page.keyboard.press('ArrowLeft');
        await waitForCurrent(page, SLIDES - 1);
        await page.keyboard.press('Home');
        await waitForCurrent(page, 0);
        await waitForShown(page, 0);

        // Tab from the slides reaches Previous, Next, Pause and the thumbnails, in that order.
        const reached: string[] = [];
        for (let i = 0; i < 2 + SLIDES + 6 && reached.length < 4; i += 1) {
          await page.keyboard.press('Tab');
          const name = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            return el?.matches('.gallery__control, .gallery__thumb') ? (el.textContent ?? '').trim() : null;
          });
          if (name && !reached.includes(name)) reached.push(name);
        }
        expect(reached).toEqual(['Previous image', 'Next image', 'Pause slideshow', 'Show image 1: At the wheel']);
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Space');
        await gallery.getByRole('button', { name: 'Play slideshow' }).waitFor();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Enter');
        await waitForCurrent(page, 1);
        // A thumbnail by keyboard.
        await gallery.locator('.gallery__thumb').nth(3).focus();
        await page.keyboard.press('Enter');
        await waitForCurrent(page, 3);
        await waitForShown(page, 3);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`at ${width} px: with prefers-reduced-motion nothing moves by itself; Play is offered`, async () => {
      const { page, gallery, errors, close } = await open(viewport, { reducedMotion: 'reduce', fakeClock: true });
      try {
        await gallery.getByRole('button', { name: 'Play slideshow' }).waitFor();
        await expect(gallery.getAttribute('data-playing')).resolves.toBe('false');
        await page.mouse.move(1, 1);
        await page.clock.runFor(60_000);
        expect(await current(gallery)).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('at 390 px on a touch screen: a swipe sideways shows the next slide, the other way the previous one', async () => {
    const viewport = VIEWPORTS[0]!;
    const { page, gallery, errors, close } = await open(viewport, { hasTouch: true, reducedMotion: 'reduce' });
    try {
      await gallery.scrollIntoViewIfNeeded();
      const box = (await gallery.locator('.gallery__items').boundingBox())!;
      const cdp = await page.context().newCDPSession(page);
      const swipe = async (fromX: number, toX: number) => {
        const y = box.y + box.height / 2;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
        for (let step = 1; step <= 6; step += 1) {
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * step) / 6, y: y + step }] });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      const start = await current(gallery);
      await swipe(box.x + box.width - 40, box.x + 40);
      await waitForCurrent(page, (start + 1) % SLIDES);
      await waitForShown(page, (start + 1) % SLIDES);
      await swipe(box.x + box.width - 40, box.x + 40);
      await waitForCurrent(page, (start + 2) % SLIDES);
      await swipe(box.x + 40, box.x + box.width - 40);
      await waitForCurrent(page, (start + 1) % SLIDES);
      await waitForShown(page, (start + 1) % SLIDES);
      await shot(page, 'slideshow-swiped', viewport.width);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('published site (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'published-site');
  const WIDTHS = [1024, 428];
  const PAGES = [
    ['home', '/'],
    ['product', '/shop/stoneware-mug'],
    ['gallery', '/gallery'],
  ] as const;

  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = site);
    await mkdir(ARTIFACTS, { recursive: true });
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
