/**
 * The gallery slideshow in Debian's Chromium against the built demo server (SPEC 3 gallery options
 * design slideshow, controls, autoplay, autoplay-duration, thumbnails; the demo's About page has
 * one), at 390 px and 1280 px: previous/next and the thumbnails show their slide, the keyboard moves
 * it, a swipe does on a touch screen, autoplay moves it every 5 seconds (the page's clock is
 * Playwright's, so time is advanced, never waited for) and stops while the pointer is over the
 * gallery, while focus is in it, after Pause, and for prefers-reduced-motion. Screenshots go to
 * test-artifacts/gallery-slideshow/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from '../../test/browser/chromium';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'gallery-slideshow');
const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1280, height: 900 }];
const GALLERY = '#gallery-about-slideshow';
const SLIDES = 5;

describe('gallery slideshow (browser)', () => {
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

