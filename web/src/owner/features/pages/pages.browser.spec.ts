/**
 * The Pages screens, the header & footer screen and history of the owner app in Debian's Chromium
 * against one built demo server (sharedBuiltSite: one server and one browser for the file,
 * contexts of their own for each test):
 * - pages and navigation: create a page and publish it, see it on the published site and in its
 *   navigation; rename and reorder the navigation (by keyboard and by drag and drop) and see it on
 *   the site; delete a page through the confirmation modal; the screens fit a 390 px phone;
 * - the footer newsletter: the demo's footer signs visitors up on every page; the
 *   owner turns it off by keyboard and the published pages lose it, then chooses it again.
 *   Screenshots of the screen at 1280 px and 390 px;
 * - history and restore: change a page through the owner app and see the
 *   published page change; see the site as it was before the change, from the pages screen's
 *   date-time field and from the page's history; restore the earlier version and see the published
 *   page back as it was; the panel and the preview at 390 px and 1280 px, by keyboard.
 * History comes last: its page is made through the API, and the pages cases count the main
 * navigation's entries as the demo has them (with their own page only).
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/pages
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { openTab, type Tab } from '../../../../../apps/api/test/browser/chromium';
import { signInOwner } from '../../../../../apps/api/test/browser/owner';
import { sharedBuiltSite } from '../../../../../apps/api/test/browser/shared-site';
import { REPO_ROOT, type RunningServer } from '../../../../../apps/api/test/built-app';

const site = sharedBuiltSite();

describe('owner app: pages and navigation (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'owner-pages');
  const DESKTOP = { width: 1280, height: 900 };
  const PHONE = { width: 390, height: 844 };
  const STEP_TIMEOUT = 15_000;

  let server: RunningServer;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    ({ server, browser } = site);
    await mkdir(ARTIFACTS, { recursive: true });
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
});

describe('footer newsletter on the header & footer screen (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'pages');

  let server: RunningServer;
  let browser: Browser;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    ({ server, browser } = site);
  });
  afterEach(async () => {
    for (const tab of tabs.splice(0)) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
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

describe('history and restore (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
  const WIDE = { width: 1280, height: 900 };
  const PHONE = { width: 390, height: 844 };
  const STEP_TIMEOUT = 15_000;
  const BEFORE = 'Spring at the studio';
  const AFTER = 'Summer at the studio';

  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    ({ server, browser } = site);
    await mkdir(ARTIFACTS, { recursive: true });
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

    // A later moment between the two versions, in whole seconds (the date-time field's precision):
    // the next whole second after the first version, which the second is saved after.
    const between = await page.evaluate(() => new Date(Math.floor(Date.now() / 1000) * 1000 + 1000).toISOString());
    await page.waitForFunction((moment) => Date.now() > Date.parse(moment), between);

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
