/**
 * The product page states of SPEC 4, 5 and 8 in Debian's Chromium against the built demo server, at
 * a phone's 390 px and a desktop's 1280 px: the messages of an add without options, without a
 * gift card's value and for a combination that does not exist; the price, scarcity text and image
 * following the chosen variant; the studio notes defect (the price shown is the price charged);
 * distinct accessible names for the grid's buttons; product blocks and add-on items on a page of
 * their own; express checkout (switched on through the settings API as the owner). Screenshots in
 * test-artifacts/product-states/.
 * Run: node web/scripts/build.mjs && npx tsc -b apps/api && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/features/product
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { request, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchChromium } from '../../../../apps/api/test/browser/chromium';
import { BUILT_OWNER } from '../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../apps/api/test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'product-states');
const WIDTHS = [390, 1280] as const;
const ADD_ENTRY = '/api/commerce/shopping-cart/entries';

describe('product page states (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: APIRequestContext;
  let xsrf: string;
  const asOwner = (method: 'post' | 'put', path: string, data: unknown) => owner[method](path, { data, headers: { 'X-XSRF-Token': xsrf } });
  /** The site's id, for the owner catalog API's paths. */
  const websiteId = async () => ((await (await owner.get('/api/site/settings')).json()) as { website: { id: string } }).website.id;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
    // The owner's API session (its cookie stays in this request context's jar; writes carry the XSRF token).
    owner = await request.newContext({ baseURL: server.url });
    const session = await owner.post('/api/config/session', { data: { email: BUILT_OWNER.email, password: BUILT_OWNER.password } });
    expect(session.status()).toBe(200);
    xsrf = ((await session.json()) as { xsrfToken: string }).xsrfToken;
  });

  afterAll(async () => {
    await owner?.dispose();
    await browser?.close();
    await server?.stop();
  });

  type Visit = { page: Page; context: BrowserContext; errors: string[] };

  async function visit(path: string, width: number): Promise<Visit> {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status()).toBe(200);
    // The islands have taken over once the add button is no longer the server's disabled placeholder.
    await page.locator('.add-to-cart__button:not([disabled])').first().waitFor();
    return { page, context, errors };
  }

  const alertText = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ }).first().textContent();
  const addButton = (page: Page) => page.locator('[data-island="add-to-cart"] .add-to-cart__button').first();
  /** Clicks once the button has left its last state (idle: not aria-disabled). */
  async function add(page: Page) {
    await page.locator('[data-island="add-to-cart"] .add-to-cart__button:not([aria-disabled])').first().click();
  }
  /** The text a sighted visitor reads (without the visually hidden words for screen readers). */
  const seen = (locator: ReturnType<Page['locator']>) =>
    locator.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    });
  /** Chromium's accessible name of an element (its ARIA snapshot's). */
  const accessibleName = async (locator: ReturnType<Page['locator']>) => (await locator.ariaSnapshot()).replace(/^- '?\w+ "(.*)".*$/s, '$1');
  /** A screenshot once the running fades (popover, cart pill) have finished. */
  const shoot = async (page: Page, name: string, width: number) => {
    await page.evaluate(async () => {
      await Promise.all(document.getAnimations().map((a) => a.finished.then(() => null, () => null)));
    });
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  };
  const noOverflow = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);

  for (const width of WIDTHS) {
    describe(`at ${width} px`, () => {
      it("adding without options shows the SPEC's exact messages, then the price, scarcity and image follow the variant", async () => {
        const { page, context, errors } = await visit('/shop/p/ridged-dinner-plate', width);
        try {
          const sent: string[] = [];
          page.on('request', (r) => {
            if (new URL(r.url()).pathname === ADD_ENTRY) sent.push(r.method());
          });
          await add(page);
          await expect(alertText(page)).resolves.toBe('Unable to Add Item Please select the Glaze, Size and Finish options.');
          await expect(addButton(page).textContent()).resolves.toBe('Add To Cart');
          await shoot(page, 'plate-options-missing', width);

          await page.getByLabel('Glaze').selectOption('Sand');
          await page.getByLabel('Size').selectOption('8 in');
          await page.getByLabel('Finish').selectOption('Gloss');
          await add(page);
          await expect(alertText(page)).resolves.toBe('Unable to Add Item Sorry, that item variant is unavailable. Please select another variant.');
          expect(sent).toEqual([]);

          // The $38 plate: the price follows, and its scarcity text shows (2 left).
          await page.getByLabel('Size').selectOption('10 in');
          await page.getByLabel('Finish').selectOption('Matte');
          await expect(page.locator('.product__price').innerText()).resolves.toBe('$38.00');
          await expect(page.locator('.product-scarcity').innerText()).resolves.toBe('Only 2 left in this combination');
          await expect(page.locator('.installment-pill__text').innerText()).resolves.toBe('or 4 interest-free payments of $9.50 with Afterpay');

          // On sale: the sale price, the regular price struck through.
          await page.getByLabel('Glaze').selectOption('Moss');
          await page.getByLabel('Size').selectOption('8 in');
          await page.getByLabel('Finish').selectOption('Gloss');
          await expect(seen(page.locator('.product-price__sale'))).resolves.toBe('$29.00');
          await expect(seen(page.locator('del.product-price__original'))).resolves.toBe('$34.00');
          await expect(seen(page.locator('.product__price'))).resolves.toBe('$29.00 $34.00');
          // Screen readers hear which is which.
          await expect(page.locator('.product__price').evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())).resolves.toBe('Reduced price $29.00 Regular price $34.00');
          expect(await page.locator('del.product-price__original').evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
          await expect(page.locator('.product-scarcity').innerText()).resolves.toBe('Only 6 left in this combination');
          await noOverflow(page);
          await shoot(page, 'plate-sale-chosen', width);

          await add(page);
          await page.getByRole('link', { name: 'Cart, 1 item, subtotal $29.00' }).waitFor();
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });

      it("the image follows the variant: the moss mug's own image, and the thumbnails", async () => {
        const { page, context, errors } = await visit('/shop/p/stoneware-mug', width);
        try {
          const main = page.locator('.product-gallery__main img');
          await expect(main.getAttribute('src')).resolves.toContain('stoneware-mug-sand');
          // By keyboard: the select takes the choice.
          await page.getByLabel('Glaze').focus();
          await page.getByLabel('Glaze').selectOption('Moss');
          await expect(main.getAttribute('src')).resolves.toContain('stoneware-mug-moss');
          await page.waitForFunction(() => {
            const img = document.querySelector<HTMLImageElement>('.product-gallery__main img');
            return img?.complete && img.naturalWidth > 0;
          });
          await expect(page.getByRole('link', { name: 'Show image 2 of 2' }).getAttribute('aria-current')).resolves.toBe('true');
          await expect(page.locator('.product-scarcity').innerText()).resolves.toBe('Only 3 left!');
          await shoot(page, 'mug-moss', width);
          await page.getByRole('link', { name: 'Show image 1 of 2' }).click();
          await expect(main.getAttribute('src')).resolves.toContain('stoneware-mug-sand');
          expect(page.url()).toBe(`${server.url}/shop/p/stoneware-mug`);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });

      it("a gift card without its value: 'Unable to purchase Gift Card' and the SPEC's message", async () => {
        const { page, context, errors } = await visit('/shop/p/gift-card', width);
        try {
          await add(page);
          await expect(alertText(page)).resolves.toBe('Unable to purchase Gift Card Select a denomination for the Gift Card');
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });

      it('the studio notes: the price shown is the price charged, no SOLD OUT, Subscribe goes to its subscription checkout at that price', async () => {
        const { page, context, errors } = await visit('/shop/p/studio-notes', width);
        try {
          await expect(page.locator('.product__price').innerText()).resolves.toBe('$8.00 every month');
          await expect(page.locator('.product-mark').count()).resolves.toBe(0);
          const subscribe = page.getByRole('button', { name: 'Subscribe' });
          await expect(subscribe.isEnabled()).resolves.toBe(true);
          await shoot(page, 'studio-notes', width);
          // Issue 13: Subscribe makes a subscription cart, never a cart entry, and the subscription
          // checkout reads the same price (shopping.browser.spec.ts goes on to pay).
          const added: string[] = [];
          page.on('request', (r) => {
            if (new URL(r.url()).pathname === ADD_ENTRY) added.push(r.method());
          });
          await subscribe.click();
          await page.waitForURL(/\/checkout\/subscription\?cartToken=[0-9a-f-]{36}$/);
          await page.locator('.checkout-summary .summary-line__plan', { hasText: '$8.00 every month' }).waitFor();
          expect(added).toEqual([]);

          // On the grid too: no SOLD OUT badge, the same price.
          await page.goto(`${server.url}/shop`);
          const card = page.locator('article', { has: page.getByRole('heading', { name: 'Studio Notes Membership' }) });
          await expect(card.locator('.product-mark').count()).resolves.toBe(0);
          await expect(card.locator('.product-card__price').innerText()).resolves.toBe('$8.00 every month');
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });

      it("every add button on /shop has its own accessible name; a product with options says 'Select Option' for 2000 ms", async () => {
        const { page, context, errors } = await visit('/shop', width);
        try {
          const buttons = page.locator('[data-island="add-to-cart"] .add-to-cart__button');
          const accessible: string[] = [];
          for (let i = 0; i < (await buttons.count()); i += 1) accessible.push(await accessibleName(buttons.nth(i)));
          // Chromium names each after its label and product ('Add To Cart : Stoneware Mug': it spaces the hidden span off).
          for (const [label, title] of [['Add To Cart', 'Stoneware Mug'], ['Sold Out', 'Large Serving Bowl'], ['Subscribe', 'Studio Notes Membership'], ['Book a Seat', 'Wheel Throwing Class']]) {
            expect(accessible).toContainEqual(expect.stringMatching(new RegExp(`^${label} ?: ${title}$`)));
          }
          expect(accessible).toHaveLength(10);
          expect(new Set(accessible).size).toBe(accessible.length);

          const mug = page.getByRole('button', { name: /Stoneware Mug$/ });
          const started = Date.now();
          await mug.click();
          await expect(seen(page.locator('[data-item-id="p-stoneware-mug"] .add-to-cart__button'))).resolves.toBe('Select Option');
          await page.waitForFunction(() => document.querySelector('[data-item-id="p-stoneware-mug"] .add-to-cart__button')?.getAttribute('aria-disabled') === null, undefined, { timeout: 4000 });
          expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
          await expect(seen(page.locator('[data-item-id="p-stoneware-mug"] .add-to-cart__button'))).resolves.toBe('Add To Cart');

          // The added-item popover: under the button that added, gone after 3 s.
          await page.getByRole('button', { name: /Small Bud Vase$/ }).click();
          const popover = page.locator('.added-item-popover');
          await popover.waitFor();
          await expect(popover.innerText()).resolves.toContain('Small Bud Vase');
          // With what was added as its thumbnail (the vase's one variant has no image of its own: the main one).
          await expect(popover.locator('.added-item-popover__image').getAttribute('src')).resolves.toContain('small-bud-vase');
          await noOverflow(page);
          await shoot(page, 'shop-popover', width);
          await popover.waitFor({ state: 'detached', timeout: 5000 });
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    });
  }

  it('product blocks and add-on items on a page of their own: options, the variant image, their own adds', async () => {
    const created = await asOwner('post', '/api/site/collections', {
        kind: 'page',
        title: 'Gift Ideas',
        urlId: 'gift-ideas',
        blocks: [
          { type: 2, value: { html: '<h2>Add a little extra</h2>' } },
          { type: 43, value: { productId: 'p-stoneware-mug', design: 'add-on' } },
          { type: 43, value: { productId: 'p-glaze-recipes', design: 'add-on' } },
          { type: 43, value: { productId: 'p-stoneware-mug' } },
          { type: 43, value: { productId: 'p-linen-apron' } },
        ],
    });
    expect(created.status()).toBe(201);
    for (const width of WIDTHS) {
      const { page, context, errors } = await visit('/gift-ideas', width);
      try {
        const addOn = page.locator('.product-add-on').first();
        const block = page.locator('.block--product .product-card').first();
        // A block's variant: its own image.
        await expect(block.locator('.product-card__image img').getAttribute('src')).resolves.toContain('stoneware-mug-sand');
        await block.getByLabel('Glaze').selectOption('Moss');
        await expect(block.locator('.product-card__image img').getAttribute('src')).resolves.toContain('stoneware-mug-moss');
        // The add-on's own choice is its own.
        await expect(addOn.getByLabel('Glaze').inputValue()).resolves.toBe('');
        await addOn.getByRole('button', { name: /Stoneware Mug$/ }).click();
        await expect(addOn.getByRole('alert').textContent()).resolves.toBe('Unable to Add Item Please select the Glaze option.');
        await addOn.getByLabel('Glaze').selectOption('Sand');
        await expect(addOn.locator('.product-card__image img').getAttribute('src')).resolves.toContain('stoneware-mug-sand');
        const tracked = page.waitForRequest((r) => new URL(r.url()).pathname === ADD_ENTRY);
        await addOn.locator('.add-to-cart__button:not([aria-disabled])').click();
        expect((await tracked).postDataJSON()).toEqual({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1, additionalFields: null });
        await page.getByRole('link', { name: /^Cart, 1 item/ }).waitFor();
        await expect(page.locator('[data-island="add-to-cart"][data-product-page="add-on"]').count()).resolves.toBe(2);
        await noOverflow(page);
        await shoot(page, 'gift-ideas', width);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("a variant's own image (issue 13): on its page and in a product block, and as its cart line's thumbnail", async () => {
    // Images whose names say nothing of the glazes: only the variant's image field can pick them.
    const products = `/api/content-service/product/1.1/websites/${await websiteId()}/products`;
    const made = await asOwner('post', products, {
      title: 'Two Glaze Bowl', urlId: 'two-glaze-bowl', imageIds: ['img-kiln', 'img-glaze-swatches'], variantOptionOrdering: ['Glaze'],
      variants: [
        { sku: 'TGB-ASH', attributes: { Glaze: 'Ash' }, priceCents: 3000, qtyInStock: 10, imageId: 'img-glaze-swatches' },
        { sku: 'TGB-IRON', attributes: { Glaze: 'Iron' }, priceCents: 3000, qtyInStock: 10 },
      ],
    });
    expect(made.status()).toBe(201);
    const page43 = await asOwner('post', '/api/site/collections', {
      kind: 'page', title: 'Bowls', urlId: 'bowls', blocks: [{ type: 43, value: { productId: ((await made.json()) as { record: { id: string } }).record.id } }],
    });
    expect(page43.status()).toBe(201);
    // A cup of one glaze whose one variant has its own image: the grid's add shows it in the popover.
    const cup = await asOwner('post', products, {
      title: 'Ash Cup', urlId: 'ash-cup', imageIds: ['img-kiln', 'img-glaze-swatches'],
      variants: [{ sku: 'ASH-CUP', priceCents: 1800, qtyInStock: 10, imageId: 'img-glaze-swatches' }],
    });
    expect(cup.status()).toBe(201);
    // The storefront reads projections: wait until both pages are there.
    for (const path of ['/shop/p/two-glaze-bowl', '/bowls', '/shop/p/ash-cup']) {
      const deadline = Date.now() + 20_000;
      while ((await owner.get(path)).status() !== 200) {
        if (Date.now() > deadline) throw new Error(`${path} was not published in time`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const srcOf = (page: Page, selector: string) => page.evaluate((s) => document.querySelector(s)?.getAttribute('src') ?? '', selector);
    const until = (page: Page, selector: string, part: string) =>
      page.waitForFunction(([s, p]) => document.querySelector(s)?.getAttribute('src')?.includes(p) ?? false, [selector, part] as const);

    for (const width of WIDTHS) {
      const { page, context, errors } = await visit('/shop/p/two-glaze-bowl', width);
      try {
        const main = '.product-gallery__main img';
        expect(await srcOf(page, main)).toContain('kiln.jpg');
        await page.getByLabel('Glaze').selectOption('Ash');
        await until(page, main, 'glaze-test-tiles');
        await add(page);
        await page.getByRole('link', { name: /^Cart, 1 item/ }).waitFor();
        // Iron has no image of its own: the main image.
        await page.getByLabel('Glaze').selectOption('Iron');
        await until(page, main, 'kiln.jpg');
        await add(page);
        await page.getByRole('link', { name: /^Cart, 2 items/ }).waitFor();

        // A product block of the bowl: the chosen variant's image.
        await page.goto(`${server.url}/bowls`);
        const card = '.block--product .product-card .product-card__image img';
        await page.locator('.add-to-cart__button:not([disabled])').first().waitFor();
        expect(await srcOf(page, card)).toContain('kiln.jpg');
        await page.locator('.block--product').getByLabel('Glaze').selectOption('Ash');
        await until(page, card, 'glaze-test-tiles');
        await shoot(page, 'variant-image-block', width);

        // The demo mug's moss glaze: the moss image.
        await page.goto(`${server.url}/shop/p/stoneware-mug`);
        await page.locator('.add-to-cart__button:not([disabled])').first().waitFor();
        await page.getByLabel('Glaze').selectOption('Moss');
        await until(page, main, 'stoneware-mug-moss');
        await add(page);
        await page.getByRole('link', { name: /^Cart, 3 items/ }).waitFor();

        // The shop grid: the cup's add shows its variant's image in the added-item popover.
        await page.goto(`${server.url}/shop`);
        await page.getByRole('button', { name: /Ash Cup$/ }).click();
        const popover = page.locator('.added-item-popover');
        await popover.waitFor();
        await expect(popover.innerText()).resolves.toContain('Ash Cup');
        await expect(popover.locator('.added-item-popover__image').getAttribute('src')).resolves.toContain('glaze-test-tiles');
        await shoot(page, 'variant-image-popover', width);
        await page.getByRole('link', { name: /^Cart, 4 items/ }).waitFor();

        // The cart: each line's thumbnail is its variant's image, the main image without one.
        await page.goto(`${server.url}/cart`);
        const thumb = (text: string) => page.locator('.cart-line').filter({ hasText: text }).locator('.cart-line__media img');
        await thumb('Glaze: Ash').waitFor();
        await expect(thumb('Glaze: Ash').getAttribute('src')).resolves.toContain('glaze-test-tiles');
        await expect(thumb('Glaze: Iron').getAttribute('src')).resolves.toContain('kiln.jpg');
        await expect(thumb('Glaze: Moss').getAttribute('src')).resolves.toContain('stoneware-mug-moss');
        await expect(page.locator('.cart-line').filter({ hasText: 'Ash Cup' }).locator('.cart-line__media img').getAttribute('src')).resolves.toContain('glaze-test-tiles');
        await noOverflow(page);
        await shoot(page, 'variant-image-cart', width);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('express checkout: a successful add goes straight to checkout; a failed one is "Unable to Purchase Item"', async () => {
    const on = await asOwner('put', '/api/site/settings', { expressCheckout: true });
    expect(on.status()).toBe(200);
    try {
      for (const width of WIDTHS) {
        const { page, context } = await visit('/shop/p/glaze-recipe-book', width);
        try {
          await Promise.all([page.waitForURL(`${server.url}/checkout`), add(page)]);
          // The add was made before leaving: the cart holds the book.
          const cart = await context.request.get(`${server.url}/api/commerce/shopping-cart`);
          expect(((await cart.json()) as { totalQuantity: number }).totalQuantity).toBe(1);
        } finally {
          await context.close();
        }
        const failing = await visit('/shop/p/glaze-recipe-book', width);
        try {
          await failing.page.route(`**${ADD_ENTRY}`, (route) =>
            route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.' }) }),
          );
          await add(failing.page);
          await expect(alertText(failing.page)).resolves.toBe('Unable to Purchase Item Sorry, we do not have enough of that item available.');
          expect(failing.page.url()).toBe(`${server.url}/shop/p/glaze-recipe-book`);
          await shoot(failing.page, 'express-failed', width);
        } finally {
          await failing.context.close();
        }
      }
    } finally {
      const off = await asOwner('put', '/api/site/settings', { expressCheckout: false });
      expect(off.status()).toBe(200);
    }
  });
});
