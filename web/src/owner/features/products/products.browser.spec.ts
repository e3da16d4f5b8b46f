/**
 * The owner app's Products section in Debian's Chromium against the built demo server (issue 12,
 * item 5): create a product with two variants and stock, find it in the shop and add it to the
 * cart, edit its stock and see the change, disable it and see it leave the shop; the SPEC 5
 * messages a product's fields answer; and the screens at 390 px.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/products
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, ElementHandle, Page } from 'playwright-core';
import { launchChromium } from '../../../../../apps/api/test/browser/chromium';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';
import { BUILT_OWNER, signInOwner } from '../../../../../apps/api/test/browser/owner';

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

describe('owner products (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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
