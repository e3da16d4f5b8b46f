/**
 * Concurrent editing in the page editor (issue 12, item 9), in Debian's Chromium against the built
 * demo server: two owners edit the About page's blocks in two browser contexts. The second save
 * gets the conflict message; applying it on top sends its whole layout again (a layout is saved as
 * one value, so its blocks are what the page has then); the first owner, now behind, reloads and
 * sees the page as it is. The notice is photographed at 1280 and 390 px.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/page-editor/page-conflict
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openTab, type Tab } from '../../../../../apps/api/test/browser/chromium';
import { signInOwner } from '../../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const STEP_TIMEOUT = 15_000;

type Owner = Tab;
type PageAnswer = { version: number; collection: { layout: { blocks: { id: string; type: number }[] } } };

describe('two owners editing the same page (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  const owners: Owner[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    for (const o of owners) await o.context.close();
    await browser?.close();
    await server?.stop();
  });

  /** A signed-in owner in a browser context of its own, with the About page open in the page editor. */
  async function ownerWithAboutOpen(): Promise<Owner> {
    // A refused save is a 409 answer, which Chromium logs as a failed resource; so is the preview's
    // published page asking for a cart the visitor does not have yet (404).
    const { context, page, errors } = await openTab(browser, { ...DESKTOP, timeout: STEP_TIMEOUT, expected: /status of (409|404)/ });
    await signInOwner(page, server);
    await page.goto(`${server.url}/config/pages/about/content`);
    await page.getByRole('heading', { name: 'Blocks', level: 2 }).waitFor();
    const owner = { context, page, errors };
    owners.push(owner);
    return owner;
  }

  /** The About page's blocks as the owner API reads them now. */
  const aboutNow = ({ page }: Owner): Promise<PageAnswer> => page.evaluate(async () => (await (await fetch('/api/site/collections/about')).json()) as PageAnswer);
  const blockIds = async (owner: Owner) => (await aboutNow(owner)).collection.layout.blocks.map((b) => b.id);
  const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
  const saved = (page: Page) => page.getByText('Saved. The published page shows your changes.').waitFor();
  const unsaved = (page: Page) => page.getByText('· Unsaved changes');

  it('the second save gets the conflict message; applied on top its layout is the page’s; the first owner reloads and sees it', async () => {
    const first = await ownerWithAboutOpen();
    const second = await ownerWithAboutOpen();
    const original = await blockIds(first);
    expect(original).toContain('about-quote');

    // The first owner deletes the quote and saves.
    const a = first.page;
    await a.getByRole('button', { name: 'Delete Quote block' }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Delete block' }).click();
    await saveButton(a).click();
    await saved(a);
    expect(await blockIds(first)).not.toContain('about-quote');

    // The second owner, on the version both opened, duplicates the line and saves: refused.
    const b = second.page;
    await b.getByRole('button', { name: 'Duplicate Line block' }).click();
    await saveButton(b).click();
    const notice = b.getByRole('alert').filter({ hasText: ERROR_MESSAGES.EDIT_CONFLICT });
    await notice.waitFor();
    expect(await notice.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await notice.getByRole('button').allTextContents()).toEqual(['Reload', 'Apply my changes on top']);
    expect(await unsaved(b).count()).toBe(1);
    await b.screenshot({ path: join(ARTIFACTS, 'owner-edit-conflict-page-desktop.png') });
    await b.setViewportSize(PHONE);
    await notice.scrollIntoViewIfNeeded();
    await b.screenshot({ path: join(ARTIFACTS, 'owner-edit-conflict-page-phone.png') });
    await b.setViewportSize(DESKTOP);

    // Keyboard: the focused notice's buttons are next in the tab order; Apply on top from the keyboard.
    await b.keyboard.press('Tab');
    await b.keyboard.press('Tab');
    expect(await b.evaluate(() => document.activeElement?.textContent)).toBe('Apply my changes on top');
    await b.keyboard.press('Enter');
    await saved(b);
    expect(await unsaved(b).count()).toBe(0);
    // Its whole layout was saved: the quote it still had is back, with the second line.
    const merged = await blockIds(second);
    expect(merged).toContain('about-quote');
    expect(merged).toHaveLength(original.length + 1);

    // The first owner is behind now: the next save is refused; Reload shows the page as it is.
    await a.getByRole('button', { name: 'Duplicate Spacer block' }).click();
    await saveButton(a).click();
    const stale = a.getByRole('alert').filter({ hasText: ERROR_MESSAGES.EDIT_CONFLICT });
    await stale.waitFor();
    await stale.getByRole('button', { name: 'Reload' }).click();
    await stale.waitFor({ state: 'detached' });
    await a.getByRole('button', { name: 'Delete Quote block' }).waitFor();
    expect(await unsaved(a).count()).toBe(0);
    expect(await a.getByText(`${merged.length} of 60`).count()).toBe(1);
    expect(await blockIds(first)).toEqual(merged);

    // Nothing unsaved: leaving asks nothing.
    await a.getByRole('link', { name: 'Products' }).first().click();
    await a.waitForURL(`${server.url}/config/products`);
    expect(await a.getByRole('alertdialog').count()).toBe(0);

    for (const o of owners) expect(o.errors).toEqual([]);
  }, 180_000);
});
