/**
 * The extra-fields lightbox in Debian's Chromium against the built demo server (issue 14 part 7),
 * at 390 px and 1280 px: the demo's Wheel Throwing Class asks its sign-up form (form-class-signup)
 * in a modal lightbox before it goes in the cart. Submitting it empty shows the forms' messages;
 * Escape, Enter and Space on the close control and a click outside close it, focus stays inside
 * while it is open and comes back to the button; the answers then go out with the add, show on the
 * cart page, the checkout summary (paid with tok_visa) and the order status page, as text. Every
 * wait is for a state of the page. The owner's product editor shows the chosen form and the order's
 * answers. Screenshots go to test-artifacts/extra-fields/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openTab } from '../../test/browser/chromium';
import { signInOwner } from '../../test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'extra-fields');
const WIDTHS = [390, 1280];
const SAFETY = 'I will wear closed shoes and clothes that can get muddy';

describe('extra-fields lightbox (browser)', () => {
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

  const shot = (page: Page, name: string, width: number) => page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`) });
  const activeIsAddButton = (page: Page) => page.waitForFunction(() => document.activeElement?.classList.contains('add-to-cart__button') === true);

  for (const width of WIDTHS) {
    it(`at ${width} px: asks the class sign-up before the add, closes every way, and the answers reach the cart and the order`, async () => {
      const { context, page, errors } = await openTab(browser, { width, height: width < 500 ? 844 : 900 });
      try {
        await page.goto(`${server.url}/shop/p/wheel-throwing-class`);
        const addButton = page.locator('[data-island="add-to-cart"] button.add-to-cart__button:not([disabled])').first();
        await addButton.waitFor();
        await page.locator('select[data-variant-option-name="Day"]').selectOption('Saturday');
        const dialog = page.getByRole('dialog', { name: 'Class sign-up' });

        // Opens modal; the first field has the focus.
        await addButton.click();
        await dialog.waitFor();
        await page.waitForFunction(() => document.activeElement?.closest('dialog[open]') !== null && document.activeElement?.tagName === 'INPUT');
        expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(':modal'))).toBe(true);
        await shot(page, 'lightbox', width);

        // Submitted empty: the forms' messages, focus on the first field in error, nothing sent.
        let adds = 0;
        page.on('request', (r) => {
          if (r.method() === 'POST' && r.url().endsWith('/api/commerce/shopping-cart/entries')) adds++;
        });
        await dialog.getByRole('button', { name: 'Book my seat' }).click();
        await dialog.getByRole('alert').getByText('One or more fields is invalid, please check your entries.').waitFor();
        expect(await dialog.locator('[data-field-error]').allTextContents()).toEqual(['Required', 'Required', 'Required', 'Required']);
        await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'student-first');
        await shot(page, 'lightbox-errors', width);

        // Escape closes it; focus is back on the button.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        await activeIsAddButton(page);

        // Enter, then Space, on the close control close it.
        for (const key of ['Enter', ' ']) {
          await page.keyboard.press('Enter'); // the focused add button opens it again
          await dialog.waitFor();
          await dialog.getByRole('button', { name: 'Close' }).focus();
          await page.keyboard.press(key);
          await dialog.waitFor({ state: 'hidden' });
          await activeIsAddButton(page);
        }

        // A click outside (on the backdrop) closes it; a click on the panel does not.
        await addButton.click();
        await dialog.waitFor();
        await dialog.locator('.extra-fields__title').click();
        expect(await dialog.isVisible()).toBe(true);
        await page.mouse.click(3, 3);
        await dialog.waitFor({ state: 'hidden' });
        await activeIsAddButton(page);

        // Focus is trapped: Tab and Shift+Tab never leave the dialog.
        await addButton.click();
        await dialog.waitFor();
        for (const key of [...Array(14).fill('Tab'), ...Array(4).fill('Shift+Tab')] as string[]) {
          await page.keyboard.press(key);
          expect(await page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
        }
        expect(adds).toBe(0);

        // Filled and submitted: the add goes out with the answers; the dialog closes; the pill counts it.
        await dialog.getByLabel('First name').fill('Ana');
        await dialog.getByLabel('Last name').fill('<b>Lima</b>');
        await dialog.getByLabel(/^Email/).fill(`ana-${width}@example.com`);
        await dialog.getByLabel(/^Experience at the wheel/).selectOption('First time');
        await dialog.getByLabel(/^Anything we should know/).fill('Left-handed');
        await dialog.getByLabel(SAFETY).check();
        const added = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/commerce/shopping-cart/entries'));
        await dialog.getByRole('button', { name: 'Book my seat' }).click();
        const response = await added;
        expect(response.status()).toBe(200);
        expect(response.request().postDataJSON()).toMatchObject({
          itemId: 'p-throwing-class', sku: 'CLASS-SAT', quantity: 1,
          additionalFields: { student: { first: 'Ana', last: '<b>Lima</b>' }, email: `ana-${width}@example.com`, experience: 'First time', notes: 'Left-handed', safety: [SAFETY] },
        });
        await dialog.waitFor({ state: 'hidden' });
        const pill = page.getByRole('link', { name: /^Cart, 1 item/ });
        await pill.waitFor();

        // The cart page shows the answers as text.
        await pill.click();
        await page.waitForURL(`${server.url}/cart`);
        const line = page.locator('.cart-line', { hasText: 'Wheel Throwing Class' });
        await line.locator('.line-fields__item', { hasText: 'Student name: Ana <b>Lima</b>' }).waitFor();
        await line.locator('.line-fields__item', { hasText: `Studio rules: ${SAFETY}` }).waitFor();
        await page.locator('.quantity-stepper__button:not([disabled])').first().waitFor();
        await shot(page, 'cart', width);

        // Checkout with tok_visa; the summary and the order status page show them too.
        await page.getByRole('link', { name: 'Checkout' }).click();
        await page.waitForURL(`${server.url}/checkout`);
        await page.locator('.checkout-summary .line-fields__item', { hasText: 'Experience at the wheel: First time' }).waitFor();
        await page.locator('.checkout-form__submit:not([disabled])').waitFor();
        await page.getByLabel('Contact email').fill(`ana-${width}@example.com`);
        if (await page.getByLabel('Full name').count()) {
          await page.getByLabel('Full name').fill('Ana Lima');
          await page.getByLabel('Address', { exact: true }).fill('12 Kiln Street');
          await page.getByLabel('Town or city').fill('Hudson');
          await page.getByLabel('State, province or region').fill('NY');
          await page.getByLabel('ZIP or postal code').fill('12534');
        }
        await page.getByLabel('Visa test card (tok_visa): pays').check();
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.waitForURL(/\/commerce\/orders\/[0-9a-f-]{36}\/confirmed\?token=/);
        await page.locator('.order-link__url a').click();
        await page.waitForURL(/\/commerce\/orders\/[0-9a-f-]{36}\?token=/);
        await page.getByRole('heading', { name: 'Your order', level: 1 }).waitFor();
        await page.locator('.summary-line .line-fields__item', { hasText: 'Student name: Ana <b>Lima</b>' }).waitFor();
        await page.locator('.summary-line .line-fields__item', { hasText: 'Anything we should know? Left-handed' }).waitFor();
        expect(await page.locator('.summary-line b').count()).toBe(0);
        await shot(page, 'order-status', width);

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: the owner's product editor shows the class's form among the site's forms, and the order its answers`, async () => {
      const { context, page, errors } = await openTab(browser, { width, height: width < 500 ? 844 : 900 });
      try {
        await signInOwner(page, server);
        await page.goto(`${server.url}/config/products/p-throwing-class`);
        const select = page.getByLabel('Additional fields form');
        await select.waitFor();
        await page.waitForFunction(() => [...document.querySelectorAll('option')].some((o) => o.textContent === 'Class sign-up' && o.selected));
        expect(await select.locator('option').allTextContents()).toEqual(expect.arrayContaining(['None', 'Class sign-up', 'Write to the studio']));
        expect(await select.locator('option').allTextContents()).not.toContain('Kiln days newsletter');
        await select.scrollIntoViewIfNeeded();
        await shot(page, 'owner-product', width);

        await page.goto(`${server.url}/config/orders`);
        await page.getByRole('link', { name: /#\d+/ }).first().click();
        await page.locator('.order-line-fields li', { hasText: 'Student name: Ana <b>Lima</b>' }).first().waitFor();
        await shot(page, 'owner-order', width);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
