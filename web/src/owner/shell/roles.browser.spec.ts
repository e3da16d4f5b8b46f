/**
 * Roles in Debian's Chromium against the built API (issue 12): a store manager signs in to the
 * owner app, sees and opens only the store's sections, is refused page editing when typing its
 * address, and the server refuses the same account's direct calls to edit pages too.
 */
import type { Browser } from 'playwright-core';
import { launchChromium, openTab } from '../../../../apps/api/test/browser/chromium';
import { BUILT_OWNER, signInOwner } from '../../../../apps/api/test/browser/owner';
import { startBuiltServer, type RunningServer } from '../../../../apps/api/test/built-app';

const MANAGER = { email: 'manager@example.com', password: 'a long enough password', roles: ['store manager'] };

describe('owner roles (browser)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer(), launchChromium()]);
    const admin = await openTab(browser, { baseURL: server.url });
    const session = await admin.context.request.post('/api/config/session', { data: BUILT_OWNER });
    const created = await admin.context.request.post('/api/config/owners', {
      data: { ...MANAGER, currentPassword: BUILT_OWNER.password },
      headers: { 'X-XSRF-Token': (await session.json()).xsrfToken },
    });
    expect(created.status()).toBe(201);
    await admin.context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a store manager reaches products, orders and restock lists, not page editing; the API refuses its page edits too', async () => {
    const { context, page, errors } = await openTab(browser, { baseURL: server.url });
    await signInOwner(page, server, MANAGER);
    const panel = page.locator('#ow-panel');
    expect(await panel.getByRole('listitem').allTextContents()).toEqual(['Products', 'Orders', 'Restock']);

    // Typed addresses of page editing: the refusal, never an editor.
    // The demo site's About page (DEMO_COLLECTION_IDS.about; the demo module is not imported here: it
    // brings the API's controllers into the web specs' compilation).
    const aboutId = 'about';
    for (const path of ['/config/pages', `/config/pages/${aboutId}/content`, `/config/pages/${aboutId}/settings`, '/config/settings']) {
      await page.goto(path);
      await page.getByRole('heading', { name: /is not open to your account$/ }).waitFor();
      expect(await page.getByText('Your roles: store manager. An admin can change them.').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: '+ Add block' }).count()).toBe(0);
    }

    // The store's sections open.
    await panel.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('heading', { name: 'Products', exact: true }).waitFor();

    // Direct calls with the same session and XSRF token: refused by the permission table.
    const { xsrfToken } = await (await context.request.get('/api/config/session')).json();
    const headers = { 'X-XSRF-Token': xsrfToken };
    const refusals = [
      await context.request.post('/api/site/collections', { data: { kind: 'page', title: 'Mine' }, headers }),
      await context.request.put(`/api/site/collections/${aboutId}/layout`, { data: { blocks: [] }, headers }),
      await context.request.put(`/api/site/collections/${aboutId}`, { data: { title: 'Mine' }, headers }),
      await context.request.put('/api/site/settings', { data: { siteTitle: 'Mine' }, headers }),
    ];
    for (const res of refusals) {
      expect({ status: res.status(), error: (await res.json()).error }).toEqual({ status: 403, error: 'FORBIDDEN' });
    }
    // What it may do works with the same session: its store's products.
    const products = await context.request.get('/api/commerce/products/p-stoneware-mug');
    expect(products.status()).toBe(200);
    expect(errors.filter((e) => !e.includes('403') && !e.includes('404'))).toEqual([]);
    await context.close();
  });
});

