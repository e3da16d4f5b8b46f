/**
 * The Pages screens of the owner app in Debian's Chromium against the built demo server: create a
 * page and publish it, see it on the published site and in its navigation; rename and reorder the
 * navigation (by keyboard and by drag and drop) and see it on the site; delete a page through the
 * confirmation modal; the screens fit a 390 px phone.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/pages
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, openTab } from '../../../../../apps/api/test/browser/chromium';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';
import { signInOwner } from '../../../../../apps/api/test/browser/owner';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'owner-pages');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const STEP_TIMEOUT = 15_000;

describe('owner app: pages and navigation (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(viewport: { width: number; height: number }) {
    ({ context: owner, page, errors: problems } = await openTab(browser, { ...viewport, timeout: STEP_TIMEOUT }));
    await signInOwner(page, server);
  }

  afterEach(async () => {
    await owner?.close();
  });

  /** What a visitor (no cookies) gets at `path`, retried while the read models catch up. */
  async function visitorSees(path: string, until: (status: number, html: string) => boolean): Promise<{ status: number; html: string }> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await fetch(`${server.url}${path}`);
      const result = { status: res.status, html: await res.text() };
      if (until(result.status, result.html) || Date.now() > deadline) return result;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  const mainNavOf = (html: string) => /<nav class="site-nav" aria-label="Main">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  /** The main navigation's top-level titles (a folder by its name, without its pages). */
  const topLevelTitles = (nav: string) => [...nav.replace(/<ul class="site-nav__sub">[\s\S]*?<\/ul>/g, '').matchAll(/<li class="site-nav__item[^"]*">\n(?:<a href="[^"]*"(?: aria-current="page")?>([^<]*)<\/a>|<details class="site-nav__folder">\n<summary>([^<]*)<\/summary>)/g)].map((m) => m[1] ?? m[2]);

  const mainList = () => page.getByRole('list', { name: 'Main navigation' });
  const rowTitles = async () => mainList().locator(':scope > li > .pg-row-main .pg-row-title').allTextContents();

  it('creates a page, publishes it, and visitors see it on the site and in the main navigation', async () => {
    await signedIn(DESKTOP);
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('heading', { name: 'Main navigation' }).waitFor();

    await page.getByRole('button', { name: 'Add page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a page' });
    await dialog.getByLabel('Title').fill('Care Guide');
    await dialog.getByText('Its address will be /care-guide.').waitFor();
    await dialog.getByLabel('Where').selectOption({ label: 'Main navigation (at the end)' });
    await dialog.getByRole('button', { name: 'Add page' }).click();
    await page.getByText('Added Care Guide as a draft at /care-guide, in the main navigation.').waitFor();
    expect((await rowTitles()).at(-1)).toBe('Care Guide');
    const row = mainList().locator(':scope > li').filter({ hasText: 'Care Guide' });
    await row.getByText('Draft').waitFor();
    // A draft: visitors do not find it, nor its link.
    expect((await visitorSees('/care-guide', (s) => s === 404)).status).toBe(404);
    expect(mainNavOf((await visitorSees('/', () => true)).html)).not.toContain('Care Guide');

    await row.getByRole('button', { name: 'More actions for Care Guide' }).click();
    await page.getByRole('menuitem', { name: 'Publish now' }).click();
    await page.getByText('Published Care Guide: visitors see it at /care-guide.').waitFor();
    await expectNoText(row, 'Draft');

    const published = await visitorSees('/care-guide', (s) => s === 200);
    expect(published.status).toBe(200);
    expect(published.html).toContain('<title>Care Guide — Clay &amp; Co.</title>');
    const home = await visitorSees('/', (_s, html) => mainNavOf(html).includes('Care Guide'));
    expect(topLevelTitles(mainNavOf(home.html))).toEqual(['Home', 'Shop', 'Journal', 'Events', 'Gallery', 'The Studio', 'Contact us', 'Care Guide']);
    await page.screenshot({ path: join(ARTIFACTS, 'pages-desktop.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('renames and reorders the navigation by keyboard and by drag and drop, and the site follows', async () => {
    // Tall enough that the drag's start (the last of eight rows) and its target are both on screen.
    await signedIn({ ...DESKTOP, height: 1300 });
    await page.goto(`${server.url}/config/pages`);
    await page.getByRole('heading', { name: 'Main navigation' }).waitFor();

    // Rename: the navigation title.
    const gallery = mainList().locator(':scope > li').filter({ hasText: 'Gallery' }).first();
    await gallery.getByRole('button', { name: 'More actions for Gallery' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const name = page.getByRole('textbox', { name: 'New name for Gallery' });
    await name.fill('Studio photos');
    await name.press('Enter');
    await page.getByText('Renamed to Studio photos.').waitFor();

    // Keyboard: focus the row's handle, Alt+ArrowUp twice; focus stays on it and each move is announced.
    const handle = page.getByRole('button', { name: 'Move Studio photos' });
    await handle.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByText('Studio photos moved to position 4 of 8 in main navigation.').waitFor();
    await expectFocused(page.getByRole('button', { name: 'Move Studio photos' }));
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByText('Studio photos moved to position 3 of 8 in main navigation.').waitFor();
    expect(await rowTitles()).toEqual(['Home', 'Shop', 'Studio photos', 'Journal', 'Events', 'The Studio', 'Contact us', 'Care Guide']);

    // Drag and drop: Care Guide before Shop.
    const care = mainList().locator(':scope > li').filter({ hasText: 'Care Guide' }).locator(':scope > .pg-row-main .pg-handle');
    const shop = mainList().locator(':scope > li').filter({ hasText: 'Shop' }).locator(':scope > .pg-row-main');
    await care.dragTo(shop, { targetPosition: { x: 200, y: 4 } });
    await page.getByText('Care Guide moved to position 2 of 8 in main navigation.').waitFor();
    expect(await rowTitles()).toEqual(['Home', 'Care Guide', 'Shop', 'Studio photos', 'Journal', 'Events', 'The Studio', 'Contact us']);

    const home = await visitorSees('/', (_s, html) => topLevelTitles(mainNavOf(html))[1] === 'Care Guide' && mainNavOf(html).includes('Studio photos'));
    expect(topLevelTitles(mainNavOf(home.html))).toEqual(['Home', 'Care Guide', 'Shop', 'Studio photos', 'Journal', 'Events', 'The Studio', 'Contact us']);
    expect(mainNavOf(home.html)).toContain('<a href="/gallery">Studio photos</a>');
    await page.screenshot({ path: join(ARTIFACTS, 'pages-reordered-desktop.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('deletes a page only through the confirmation modal, and it leaves the site', async () => {
    await signedIn(DESKTOP);
    await page.goto(`${server.url}/config/pages`);
    const row = mainList().locator(':scope > li').filter({ hasText: 'Care Guide' });
    await row.getByRole('button', { name: 'More actions for Care Guide' }).click();
    await page.getByRole('menuitem', { name: 'Delete page' }).click();
    const modal = page.getByRole('alertdialog', { name: 'Delete “Care Guide”?' });
    await modal.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'delete-confirmation-desktop.png') });
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await rowTitles()).toContain('Care Guide');

    await row.getByRole('button', { name: 'More actions for Care Guide' }).click();
    await page.getByRole('menuitem', { name: 'Delete page' }).click();
    await modal.getByRole('button', { name: 'Delete page' }).click();
    await page.getByText('Deleted Care Guide.').waitFor();
    expect(await rowTitles()).not.toContain('Care Guide');
    expect((await visitorSees('/care-guide', (s) => s === 404)).status).toBe(404);
    expect(mainNavOf((await visitorSees('/', (_s, html) => !html.includes('Care Guide'))).html)).not.toContain('Care Guide');
    expect(problems).toEqual([]);
  });

  it('edits the secondary navigation and the announcement bar, and every page shows them', async () => {
    await signedIn(DESKTOP);
    await page.goto(`${server.url}/config/pages`);
    const secondary = page.getByRole('region', { name: 'Secondary navigation' });
    await secondary.getByRole('button', { name: 'Add link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a link' });
    await dialog.getByLabel('Address').fill('etsy.com/shop/clayandco');
    await dialog.getByLabel('Title in the navigation').fill('Etsy');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await page.getByText('Added the link Etsy to the secondary navigation.').waitFor();

    await page.getByRole('link', { name: 'Header and footer' }).click();
    const bar = page.getByRole('form', { name: 'Announcement bar' });
    await bar.getByLabel('Show the announcement bar').check();
    await bar.getByLabel('Text').fill('Kiln sale this Saturday');
    await bar.getByLabel('Link (optional)').fill('/shop');
    await bar.getByRole('button', { name: 'Save announcement bar' }).click();
    await bar.getByText('Saved. The bar shows on every page.').waitFor();

    const about = await visitorSees('/about', (_s, html) => html.includes('Kiln sale this Saturday') && html.includes('>Etsy</a>'));
    expect(about.html).toContain('<p><a href="/shop">Kiln sale this Saturday</a></p>');
    expect(about.html).toContain('<li><a href="https://etsy.com/shop/clayandco" target="_blank" rel="noopener">Etsy</a></li>');
    expect(problems).toEqual([]);
  });

  it('fits a 390 px phone without scrolling sideways, the row menus and dialogs included', async () => {
    await signedIn(PHONE);
    for (const [path, name] of [['/config/pages', 'pages'], ['/config/pages/header-footer', 'header-footer'], ['/config/pages/about/settings', 'settings']] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.screenshot({ path: join(ARTIFACTS, `${name}-phone.png`), fullPage: true });
    }
    await page.goto(`${server.url}/config/pages`);
    await page.getByRole('button', { name: 'More actions for The Studio' }).click();
    await page.getByRole('menuitem', { name: 'Move to…' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('dialog', { name: 'Add a page' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'add-page-phone.png') });
    expect(problems).toEqual([]);
  });
});

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function expectFocused(locator: ReturnType<Page['getByRole']>) {
  await locator.waitFor();
  const deadline = Date.now() + 5_000;
  while (!(await locator.evaluate((el) => el === document.activeElement))) {
    if (Date.now() > deadline) throw new Error('the moved row did not keep the focus');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function expectNoText(locator: ReturnType<Page['locator']>, text: string) {
  await locator.getByText(text, { exact: true }).waitFor({ state: 'detached' });
}
