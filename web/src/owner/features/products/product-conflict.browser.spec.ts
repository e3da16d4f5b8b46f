/**
 * Concurrent editing in the owner app (issue 12, item 9), in Debian's Chromium against the built
 * demo server: two browser contexts (two owners' sessions) edit the same product; the second save
 * gets the conflict message; applying it on top keeps the first owner's other change; and the
 * other way on, Reload, drops the stale edits and shows the product as it is now. The notice is
 * photographed at 1280 and 390 px.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/products/product-conflict
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
const MUG = 'p-stoneware-mug';

type Owner = Tab;
type ProductAnswer = { version: number; product: { title: string; description: string; variants: { sku: string; priceMinor: number }[] } };

describe('two owners editing the same product (browser)', () => {
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

  /** A signed-in owner in a browser context of its own, with the mug open in the product editor. */
  async function ownerWithMugOpen(): Promise<Owner> {
    // A refused save is a 409 answer, which Chromium logs as a failed resource.
    const { context, page, errors } = await openTab(browser, { ...DESKTOP, timeout: STEP_TIMEOUT, expected: /status of 409/ });
    await signInOwner(page, server);
    await page.goto(`${server.url}/config/products/${MUG}`);
    await page.getByRole('heading', { name: 'Stoneware Mug', level: 1 }).waitFor();
    const owner = { context, page, errors };
    owners.push(owner);
    return owner;
  }

  /** The product as the owner API reads it now (the owner's session). */
  const productNow = ({ page }: Owner): Promise<ProductAnswer> =>
    page.evaluate(async (id) => {
      const { website } = (await (await fetch('/api/site/settings')).json()) as { website: { id: string } };
      return (await (await fetch(`/api/content-service/product/1.1/websites/${website.id}/products/${id}`)).json()) as ProductAnswer;
    }, MUG);

  const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).first().click();
  const savedClean = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
  const price = (page: Page, glaze: string) => page.getByLabel(`Price of ${glaze}`, { exact: true });

  async function replaceDescription(page: Page, text: string) {
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
  }

  it('the second save gets the conflict message; applied on top, its fields win and the first owner’s other change stays; Reload shows the product as it is', async () => {
    const first = await ownerWithMugOpen();
    const second = await ownerWithMugOpen();
    const before = await productNow(first);

    // The first owner changes the description and the Moss price, and saves.
    await replaceDescription(first.page, 'Thrown by the first owner.');
    await price(first.page, 'Moss').fill('30.00');
    await save(first.page);
    await savedClean(first.page);
    await first.page.getByText('Saved.', { exact: true }).waitFor();

    // The second owner, still on the version both opened, changes the title and the Moss price.
    const b = second.page;
    await b.getByLabel('Title', { exact: true }).fill('Speckled Mug');
    await price(b, 'Moss').fill('32.00');
    await save(b);
    const notice = b.getByRole('alert').filter({ hasText: ERROR_MESSAGES.EDIT_CONFLICT });
    await notice.waitFor();
    // Focused and read out; both ways on offered; nothing was written, the edits are still there.
    expect(await notice.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await notice.getByRole('button').allTextContents()).toEqual(['Reload', 'Apply my changes on top']);
    expect(await b.getByLabel('Title', { exact: true }).inputValue()).toBe('Speckled Mug');
    expect((await productNow(second)).product.title).toBe('Stoneware Mug');
    await b.screenshot({ path: join(ARTIFACTS, 'owner-edit-conflict-product-desktop.png') });
    await b.setViewportSize(PHONE);
    await notice.scrollIntoViewIfNeeded();
    expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await b.screenshot({ path: join(ARTIFACTS, 'owner-edit-conflict-product-phone.png') });
    await b.setViewportSize(DESKTOP);

    // Applied on top: the second owner's title and price, the first owner's description.
    await notice.getByRole('button', { name: 'Apply my changes on top' }).click();
    await savedClean(b);
    await b.getByText('Saved.', { exact: true }).waitFor();
    expect(await b.getByRole('alert').count()).toBe(0);
    const merged = await productNow(second);
    expect(merged.product.title).toBe('Speckled Mug');
    expect(merged.product.description).toContain('Thrown by the first owner.');
    expect(merged.product.variants.map((v) => [v.sku, v.priceMinor])).toEqual([['MUG-SAND', 2800], ['MUG-MOSS', 3200]]);
    expect(merged.version).toBeGreaterThan(before.version + 1);
    expect(await b.getByRole('textbox', { name: 'Description' }).innerText()).toContain('Thrown by the first owner.');

    // Now the first owner is behind: a title change of theirs is refused, and Reload shows the product as it is.
    const a = first.page;
    await a.getByLabel('Title', { exact: true }).fill('First Owner’s Mug');
    await save(a);
    const stale = a.getByRole('alert').filter({ hasText: ERROR_MESSAGES.EDIT_CONFLICT });
    await stale.waitFor();
    await stale.getByRole('button', { name: 'Reload' }).click();
    await stale.waitFor({ state: 'detached' });
    await a.getByRole('heading', { name: 'Speckled Mug', level: 1 }).waitFor();
    expect(await a.getByLabel('Title', { exact: true }).inputValue()).toBe('Speckled Mug');
    expect(await price(a, 'Moss').inputValue()).toBe('32.00');
    expect(await a.getByRole('region', { name: 'Unsaved changes' }).count()).toBe(0);
    // A save from here is based on what Reload read: it lands.
    await price(a, 'Sand').fill('29.00');
    await save(a);
    await savedClean(a);
    expect((await productNow(first)).product.variants.map((v) => v.priceMinor)).toEqual([2900, 3200]);

    for (const o of owners) expect(o.errors).toEqual([]);
  }, 180_000);
});
