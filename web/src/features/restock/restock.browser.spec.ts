/**
 * The back-in-stock sign-up island in Debian's Chromium against the built demo server (issue 15):
 * the demo's sold-out Large Serving Bowl, SPEC 4/5/7/8 end to end, by keyboard, at 1280 and 390 px.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/features/restock
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RESTOCK_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openTab, type Tab } from '../../../../apps/api/test/browser/chromium';
import { BUILT_OWNER } from '../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../apps/api/test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'restock');
const BOWL = '/shop/p/large-serving-bowl';
const RESTOCK = '/api/site-users/account/notifications/restock';

describe('restock sign-up island (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  const tabs: Tab[] = [];
  let owner: { cookie: string; xsrf: string };
  async function ownerFetch(method: string, path: string, body?: unknown) {
    return fetch(`${server.url}${path}`, {
      method, headers: { cookie: owner.cookie, 'X-XSRF-Token': owner.xsrf, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  async function signUpsOfBowl(): Promise<{ email: string; language: string | null; joinedMailingList: boolean }[]> {
    for (let i = 0; i < 50; i++) {
      const res = await ownerFetch('GET', `${RESTOCK}?productId=p-serving-bowl&variantId=v-bowl`);
      const body = (await res.json()) as { signUps: { email: string; language: string | null; joinedMailingList: boolean }[] };
      if (body.signUps.length > 0) return body.signUps;
      await new Promise((r) => setTimeout(r, 100));
    }
    return [];
  }

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    server = await startBuiltServer({ RESTOCK_RATE_LIMIT_BURST: '100' });
    browser = await launchChromium();
    const res = await fetch(`${server.url}/api/config/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BUILT_OWNER) });
    expect(res.status).toBe(200);
    const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('owner_session=')) ?? '').split(';')[0]!;
    owner = { cookie, xsrf: ((await res.json()) as { xsrfToken: string }).xsrfToken };
  });

  afterEach(async () => {
    for (const tab of tabs.splice(0)) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A new visitor on the bowl's page once the island has taken over. */
  async function visit(width: number, expected?: RegExp): Promise<Page> {
    const tab = await openTab(browser, { width, height: 900, expected });
    tabs.push(tab);
    await tab.page.goto(`${server.url}${BOWL}`);
    // The island's form (the server's has no data-restock-island).
    await tab.page.locator('.restock form[data-restock-island]').waitFor();
    return tab.page;
  }
  function restockCalls(page: Page): string[] {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === RESTOCK) calls.push(r.postData() ?? '');
    });
    return calls;
  }
  const island = (page: Page) => page.locator('.restock');

  it("checks the email in the browser with the server's words, then signs up by keyboard and shows the success text", async () => {
    const page = await visit(1280);
    const calls = restockCalls(page);
    const email = island(page).getByLabel('Email address');
    await email.focus();
    await page.keyboard.press('Enter');
    await island(page).getByRole('alert').getByText(RESTOCK_ERROR_MESSAGES.RESTOCK_EMAIL_BLANK).waitFor();
    await email.fill('ada@example');
    await page.keyboard.press('Enter');
    await island(page).getByRole('alert').getByText(RESTOCK_ERROR_MESSAGES.RESTOCK_EMAIL_INVALID).waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
    expect(calls).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'bowl-invalid-1280.png'), fullPage: true });

    await email.fill('Ada@Example.com');
    // The mailing-list box (shown: the bowl has mailingListSignUpEnabled; not pre-ticked), ticked by keyboard.
    const box = island(page).getByRole('checkbox', { name: 'Subscribe to our mailing list' });
    expect(await box.isChecked()).toBe(false);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    await email.focus();
    await page.keyboard.press('Enter');
    await island(page).getByRole('status').getByText('Signed up!').waitFor();
    expect(await island(page).locator('input').count()).toBe(0);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!)).toEqual({ isJoinMailingList: true, productId: 'p-serving-bowl', variantId: 'v-bowl', siteVisitorEmail: 'Ada@Example.com', language: 'en-US' });
    await page.screenshot({ path: join(ARTIFACTS, 'bowl-signed-up-1280.png'), fullPage: true });
    expect(await signUpsOfBowl()).toEqual([expect.objectContaining({ email: 'ada@example.com', language: 'en-US', joinedMailingList: true })]);
  });

  it("shows the server's message, else SPEC 8's, and fits 390 px", async () => {
    const page = await visit(390, /status of 4\d\d|status of 5\d\d/);
    await page.screenshot({ path: join(ARTIFACTS, 'bowl-form-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await island(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await page.route(`**${RESTOCK}`, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }));
    await island(page).getByLabel('Email address').fill('bob@example.com');
    await island(page).getByRole('button', { name: 'Sign Up' }).click();
    await island(page).getByRole('alert').getByText('Unable to submit form. Please try again later.').waitFor();
    await page.unroute(`**${RESTOCK}`);
    await page.route(`**${RESTOCK}`, (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Too many requests. Try again shortly.' }) }));
    await island(page).getByRole('button', { name: 'Sign Up' }).click();
    await island(page).getByRole('alert').getByText('Too many requests. Try again shortly.').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'bowl-error-390.png'), fullPage: true });
  });

  it("shows the owner's words and success text", async () => {
    const saved = await ownerFetch('PATCH', `${RESTOCK}/settings`, {
      restockNotificationsSuccessText: "Thanks! We'll write when it's back.", restockNotificationMessages: { buttonText: 'Notify me', CTAText: 'Tell me when it is back' },
    });
    expect(saved.status).toBe(200);
    // The read model follows the log.
    let page: Page | null = null;
    for (let i = 0; i < 30; i++) {
      page = await visit(1280);
      if ((await island(page).getByRole('button').textContent()) === 'Notify me') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await island(page!).getByRole('heading').textContent()).toBe('Tell me when it is back');
    await island(page!).getByLabel('Email address').fill('cy@example.com');
    await island(page!).getByRole('button', { name: 'Notify me' }).click();
    await island(page!).getByRole('status').getByText("Thanks! We'll write when it's back.").waitFor();
    await page!.screenshot({ path: join(ARTIFACTS, 'bowl-owner-text-1280.png') });
  });

  it('shows no form on a product in stock', async () => {
    const tab = await openTab(browser, { width: 1280 });
    tabs.push(tab);
    await tab.page.goto(`${server.url}/shop/p/stoneware-mug`);
    await tab.page.locator('[data-island="add-to-cart"] button:not([disabled])').first().waitFor();
    expect(await tab.page.locator('.restock').isVisible()).toBe(false);
  });
});
