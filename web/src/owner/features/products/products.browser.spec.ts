/**
 * The owner app's Products section in Debian's Chromium against one built demo server
 * (sharedBuiltSite: one server and one browser for the file, contexts of their own for each test):
 * - products: create a product with two variants and stock, find it in the
 *   shop and add it to the cart, edit its stock and see the change, disable it and see it leave the
 *   shop; the SPEC 5 messages a product's fields answer; and the screens at 390 px;
 * - concurrent editing: two browser contexts (two owners' sessions) edit the
 *   same product; the second save gets the conflict message; applying it on top keeps the first
 *   owner's other change; and the other way on, Reload, drops the stale edits and shows the product
 *   as it is now. The notice is photographed at 1280 and 390 px.
 * The concurrent editing comes last: it renames the demo's mug and changes its prices, which the
 * products' phone case reads as the demo has them.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/products
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import type { Browser, BrowserContext, ElementHandle, Page } from 'playwright-core';
import { openTab, type Tab } from '../../../../../apps/api/test/browser/chromium';
import { BUILT_OWNER, signInOwner } from '../../../../../apps/api/test/browser/owner';
import { sharedBuiltSite } from '../../../../../apps/api/test/browser/shared-site';
import { REPO_ROOT, type RunningServer } from '../../../../../apps/api/test/built-app';

const site = sharedBuiltSite();

describe('owner products (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
  const DESKTOP = { width: 1280, height: 900 };
  const PHONE = { width: 390, height: 844 };
  const STEP_TIMEOUT = 15_000;

  /** A small solid-colour PNG (width × height, RGB), written by hand: an image to upload. */
  function png(width: number, height: number, rgb: [number, number, number]): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const out = Buffer.alloc(body.length + 8);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc32(body), body.length + 4);
      return out;
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
    const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
    return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
  }

  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    ({ server, browser } = site);
    await mkdir(ARTIFACTS, { recursive: true });
  });

  async function open(viewport: { width: number; height: number }) {
    context = await browser.newContext({ viewport, locale: 'en-US' });
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  }

  afterEach(async () => {
    await context?.close();
  });

  const signIn = () => signInOwner(page, server);

  /** Reloads `path` until `ready` holds: the published site reads projections, which follow the commands shortly after. */
  async function untilPublished(path: string, ready: () => Promise<boolean>) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.goto(`${server.url}${path}`);
      if (await ready()) return;
      if (Date.now() > deadline) throw new Error(`${path} did not show the change in time`);
      await page.waitForTimeout(250);
    }
  }

  const save = () => page.getByRole('button', { name: 'Save', exact: true }).first().click();
  /** The select of a variant's image (by its label 'Image of Iron'), to wait on its chosen option. */
  const chosenImage = async (variant: string) => (await page.getByLabel(`Image of ${variant}`, { exact: true }).elementHandle()) as ElementHandle<HTMLSelectElement>;
  const savedClean = () => page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });

  it('creates a product with two variants and stock, sells it in the shop, changes its stock and disables it', async () => {
    await open(DESKTOP);
    await signIn();
    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.getByRole('heading', { name: 'New product' }).waitFor();

    // Details, then an option with two values: two variants.
    await page.getByLabel('Title', { exact: true }).fill('Speckled Tumbler');
    await page.getByLabel('New option name', { exact: true }).fill('Size');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('New value of Size', { exact: true }).fill('Small');
    await page.keyboard.press('Enter');
    await page.getByLabel('New value of Size', { exact: true }).fill('Large');
    await page.keyboard.press('Enter');
    await page.getByLabel('SKU of Large', { exact: true }).waitFor();
    expect(await page.getByLabel('SKU of Small', { exact: true }).inputValue()).toBe('SPECKLED-TUMBLER-SMALL');

    // The SPEC 5 messages before anything is sent: a URL with nothing usable, a price with a third decimal.
    await page.getByLabel('URL', { exact: true }).fill('!!!');
    await page.getByLabel('Price of Small', { exact: true }).fill('24.999');
    await page.getByRole('button', { name: 'Create product' }).first().click();
    await page.getByText('!!! is not a valid page URL').waitFor();
    await page.getByText('USD prices have at most 2 decimals.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');

    // A description in rich text, and an image uploaded through the media API: the main image.
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('Holds 12 oz. ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('Dishwasher safe.');
    await page.getByRole('button', { name: 'Add images' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add images' });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'tumbler.png', mimeType: 'image/png', buffer: png(64, 64, [120, 150, 130]) });
    await dialog.getByRole('button', { name: 'Add 1 image' }).click();
    await page.getByText('Main image').waitFor();

    await page.getByLabel('URL', { exact: true }).fill('');
    await page.getByText('Made from the title: /shop/p/speckled-tumbler.', { exact: false }).waitFor();
    await page.getByLabel('Price of Small', { exact: true }).fill('24');
    await page.getByLabel('Price of Large', { exact: true }).fill('29.50');
    await page.getByLabel('Stock of Small', { exact: true }).fill('5');
    await page.getByLabel('Stock of Large', { exact: true }).fill('2');
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-new-desktop.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create product' }).first().click();

    // Saved: the editor of the new product, clean, with its stock and who set it.
    await page.waitForURL(/\/config\/products\/[0-9a-f-]{36}$/);
    const productId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Speckled Tumbler' }).waitFor();
    expect(await page.getByLabel('Stock of Large', { exact: true }).inputValue()).toBe('2');
    expect(await page.getByLabel('Price of Large', { exact: true }).inputValue()).toBe('29.50');
    await page.getByText('Last change: set by', { exact: false }).first().waitFor();

    // The shop lists it; its page adds the chosen variant to the cart and the pill counts it.
    await untilPublished('/shop', () => page.getByRole('link', { name: /Speckled Tumbler/ }).first().isVisible());
    await page.getByRole('link', { name: /Speckled Tumbler/ }).first().click();
    await page.waitForURL(/\/shop\/p\/speckled-tumbler$/);
    await page.getByText('Holds 12 oz.').first().waitFor();
    expect(await page.locator('strong, b').filter({ hasText: 'Dishwasher safe.' }).count()).toBeGreaterThan(0);
    expect(await page.locator('img[src*="tumbler"]').count()).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Size' }).selectOption('Large');
    await page.locator('[data-island="add-to-cart"]').first().getByRole('button').click();
    await page.getByRole('link', { name: /^Cart, 1 item, subtotal \$29\.50/ }).waitFor();

    // Stock: Large from 2 to 7 is an adjustment of +5 by this owner.
    await page.goto(`${server.url}/config/products/${productId}`);
    await page.getByLabel('Stock of Large', { exact: true }).fill('7');
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor();
    await save();
    await savedClean();
    expect(await page.getByLabel('Stock of Large', { exact: true }).inputValue()).toBe('7');
    await page.getByText(`Last change: +5 by ${BUILT_OWNER.email}`, { exact: false }).waitFor();
    const stock = await page.evaluate(async (id) => (await (await fetch(`/api/commerce/products/${id}`)).json()) as { structuredContent: { variants: { sku: string; qtyInStock: number }[] } }, productId);
    expect(stock.structuredContent.variants.map((v) => v.qtyInStock)).toEqual([5, 7]);

    // Both variants out of stock: the shop marks it sold out.
    await page.getByLabel('Stock of Small', { exact: true }).fill('0');
    await page.getByLabel('Stock of Large', { exact: true }).fill('0');
    await save();
    await savedClean();
    await untilPublished('/shop/p/speckled-tumbler', () => page.getByRole('button', { name: /^Sold Out/ }).first().isVisible());

    // Disabled, it leaves the shop: not listed, and its page is gone.
    await page.goto(`${server.url}/config/products/${productId}`);
    await page.getByRole('checkbox', { name: 'Enabled' }).uncheck();
    await save();
    await savedClean();
    await page.getByText('Physical · Shop · Disabled').waitFor();
    await untilPublished('/shop', async () => (await page.getByRole('link', { name: /Speckled Tumbler/ }).count()) === 0);
    expect((await page.goto(`${server.url}/shop/p/speckled-tumbler`))?.status()).toBe(404);

    // The list shows it disabled; filters find it.
    await page.goto(`${server.url}/config/products?status=disabled`);
    const row = page.getByRole('row').filter({ hasText: 'Speckled Tumbler' });
    await row.waitFor();
    expect(await row.getByText('Disabled').isVisible()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-list-desktop.png'), fullPage: true });

    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  }, 180_000);

  it("gives each variant its own image with the keyboard (1280 and 390 px); the shop's product page switches to it", async () => {
    await open(DESKTOP);
    await signIn();
    await page.goto(`${server.url}/config/products/new?store=shop&type=PHYSICAL`);
    await page.getByLabel('Title', { exact: true }).fill('Glaze Test Cup');
    await page.getByLabel('New option name', { exact: true }).fill('Glaze');
    await page.getByRole('button', { name: 'Add option' }).click();
    for (const value of ['Ash', 'Iron']) {
      await page.getByLabel('New value of Glaze', { exact: true }).fill(value);
      await page.keyboard.press('Enter');
    }
    await page.getByLabel('Price of Iron', { exact: true }).fill('26');
    await page.getByLabel('Price of Ash', { exact: true }).fill('26');
    await page.getByLabel('Stock of Ash', { exact: true }).fill('4');
    await page.getByLabel('Stock of Iron', { exact: true }).fill('4');
    // No image choice before the product has two images.
    expect(await page.getByLabel('Image of Iron', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add images' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add images' });
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'cup-ash.png', mimeType: 'image/png', buffer: png(64, 64, [200, 200, 190]) },
      { name: 'cup-iron.png', mimeType: 'image/png', buffer: png(64, 64, [90, 50, 30]) },
    ]);
    await dialog.getByRole('button', { name: 'Add 2 images' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The keyboard picks Iron's image: focus its select and step down to the second image.
    const iron = page.getByLabel('Image of Iron', { exact: true });
    // Named from the uploads' answers, whether or not the library list has caught up with them.
    await iron.locator('option', { hasText: 'cup-iron.png' }).waitFor({ state: 'attached' });
    await iron.focus();
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
    await page.waitForFunction((select) => select.selectedOptions[0]?.textContent?.includes('cup-iron.png') ?? false, await chosenImage('Iron'));
    expect(await iron.evaluate((select) => select === document.activeElement)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-variant-images-desktop.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create product' }).first().click();
    await page.waitForURL(/\/config\/products\/[0-9a-f-]{36}$/);
    const productId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Glaze Test Cup' }).waitFor();
    await page.waitForFunction((select) => select.selectedOptions[0]?.textContent?.includes('cup-iron.png') ?? false, await chosenImage('Iron'));
    expect(await page.getByLabel('Image of Ash', { exact: true }).inputValue()).toBe('');
    const saved = await page.evaluate(async (id) => (await (await fetch(`/api/commerce/products/${id}`)).json()) as { imageIds: string[]; structuredContent: { variants: { sku: string; imageId?: string }[] } }, productId);
    expect(saved.structuredContent.variants.map((v) => v.imageId ?? null)).toEqual([null, saved.imageIds[1]]);

    // The shop: choosing Iron shows Iron's image; Ash shows the main image again.
    await untilPublished('/shop/p/glaze-test-cup', () => page.getByRole('combobox', { name: 'Glaze' }).isVisible());
    const main = page.locator('.product-gallery__main img');
    await main.waitFor();
    expect(await main.getAttribute('src')).toContain('cup-ash.png');
    await page.getByRole('combobox', { name: 'Glaze' }).selectOption('Iron');
    await page.waitForFunction(() => document.querySelector('.product-gallery__main img')?.getAttribute('src')?.includes('cup-iron.png') ?? false);
    await page.getByRole('combobox', { name: 'Glaze' }).selectOption('Ash');
    await page.waitForFunction(() => document.querySelector('.product-gallery__main img')?.getAttribute('src')?.includes('cup-ash.png') ?? false);

    // Back in the editor, on a phone: the image choice is part of each variant's card and fits.
    await context.close();
    await open(PHONE);
    await signIn();
    await page.goto(`${server.url}/config/products/${productId}`);
    const ash = page.getByLabel('Image of Ash', { exact: true });
    await ash.locator('option', { hasText: 'cup-ash.png' }).waitFor({ state: 'attached' });
    await ash.selectOption({ label: 'Main image: cup-ash.png' });
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.locator('.pr-variants').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-variant-images-phone.png'), fullPage: true });
    await save();
    await savedClean();
    const after = await page.evaluate(async (id) => (await (await fetch(`/api/commerce/products/${id}`)).json()) as { imageIds: string[]; structuredContent: { variants: { imageId?: string }[] } }, productId);
    expect(after.structuredContent.variants.map((v) => v.imageId ?? null)).toEqual(after.imageIds);
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  }, 180_000);

  it('fits a 390 px phone: the list, the editor and a new product, without sideways scrolling', async () => {
    await open(PHONE);
    await signIn();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto(`${server.url}/config/products`);
    await page.getByRole('link', { name: 'Stoneware Mug', exact: true }).waitFor();
    expect(await fits()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-list-phone.png'), fullPage: true });

    await page.getByRole('link', { name: 'Stoneware Mug', exact: true }).click();
    await page.getByLabel('Price of Sand', { exact: true }).waitFor();
    expect(await fits()).toBe(true);
    // The price field is on screen and usable by keyboard.
    await page.getByLabel('Price of Sand', { exact: true }).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('30');
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor();
    expect(await fits()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-editor-phone.png'), fullPage: true });

    // Leaving with unsaved changes asks first (SPEC 4 confirmation modal).
    await page.getByRole('link', { name: '← All products' }).click();
    await page.getByRole('alertdialog', { name: 'Discard unsaved changes?' }).waitFor();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();

    await page.goto(`${server.url}/config/products/new?store=shop&type=GIFT_CARD`);
    await page.getByLabel('Price of $25', { exact: true }).waitFor();
    expect(await page.getByLabel('Price of $100', { exact: true }).inputValue()).toBe('100.00');
    expect(await fits()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-new-gift-card-phone.png'), fullPage: true });

    expect(consoleErrors).toEqual([]);
  }, 120_000);
});

describe('two owners editing the same product (browser)', () => {
  const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
  const DESKTOP = { width: 1280, height: 900 };
  const PHONE = { width: 390, height: 844 };
  const STEP_TIMEOUT = 15_000;
  const MUG = 'p-stoneware-mug';

  type Owner = Tab;
  type ProductAnswer = { version: number; product: { title: string; description: string; variants: { sku: string; priceMinor: number }[] } };

  let server: RunningServer;
  let browser: Browser;
  const owners: Owner[] = [];

  beforeAll(async () => {
    ({ server, browser } = site);
    await mkdir(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    for (const o of owners) await o.context.close();
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
