/**
 * Issue 10 replayed in Debian's Chromium against the built server. A store manager puts script,
 * `<img onerror>` and `javascript:` payloads into a product description, an editor into a blog
 * post's body and excerpt, the site footer and an html block (a code block is refused outright); each payload
 * sets `window.pwned` and tries to create an admin account with the reader's session. The admin
 * then opens the product page, the shop, the journal, the post and the About page, and clicks the links: nothing
 * runs, no owner-creation request leaves the browser, and the owner list is unchanged. Our own
 * scripts still run (the islands mount), and a script injected into the page without the nonce is
 * refused by the Content-Security-Policy.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../test/browser/chromium';
import { startBuiltServer, type RunningServer } from '../../test/built-app';

const ADMIN = { email: 'owner@example.com', password: 'browser-test-password' };
const MANAGER = { email: 'manager@example.com', password: 'a long enough password', roles: ['store manager'] };
const EDITOR = { email: 'editor@example.com', password: 'a long enough password', roles: ['editor'] };

/** What the attacker's script does with the reader's session: make itself an admin. */
const ESCALATE =
  "window.pwned=1;fetch('/api/config/session').then(function(r){return r.json()}).then(function(s){return fetch('/api/config/owners'," +
  "{method:'POST',headers:{'Content-Type':'application/json','X-XSRF-Token':s.xsrfToken},body:JSON.stringify({email:'mallory@example.com',password:'mallory password 1',roles:['admin']})})})";
const PAYLOAD = [
  `<script>${ESCALATE}</script>`,
  `<img src="x" onerror="${ESCALATE}">`,
  `<img src="/static/images/none/none.jpg" onerror="${ESCALATE}">`,
  `<a class="trap" href="javascript:${encodeURIComponent(ESCALATE)}">Read more</a>`,
  `<svg><script>${ESCALATE}</script></svg>`,
  `<iframe srcdoc="<script>parent.${ESCALATE}</script>"></iframe>`,
].join('\n');

describe('issue 10 in Chromium: a contributor cannot run script in the admin’s browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A browser context signed in as `who` (the session cookie lands in the context's jar). */
  async function signedIn(who: { email: string; password: string }): Promise<{ context: BrowserContext; api: APIRequestContext; xsrf: string }> {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    const res = await context.request.post(`${server.url}/api/config/session`, { data: { email: who.email, password: who.password } });
    expect(res.status()).toBe(200);
    return { context, api: context.request, xsrf: (await res.json()).xsrfToken };
  }

  async function ownerEmails(admin: { api: APIRequestContext }): Promise<string[]> {
    const res = await admin.api.get(`${server.url}/api/config/owners`);
    expect(res.status()).toBe(200);
    return ((await res.json()).owners as { email: string }[]).map((o) => o.email).sort();
  }

  async function until(path: string, test: (text: string) => boolean): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${server.url}${path}`);
      if (res.ok && test(await res.text())) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${path} never showed the planted content`);
  }

  it('plants the payloads, the admin reads them, nothing runs and no account is created', async () => {
    const admin = await signedIn(ADMIN);
    for (const owner of [MANAGER, EDITOR]) {
      const res = await admin.api.post(`${server.url}/api/config/owners`, { data: { ...owner, currentPassword: ADMIN.password }, headers: { 'X-XSRF-Token': admin.xsrf } });
      expect(res.status()).toBe(201);
    }
    const ownersBefore = await ownerEmails(admin);

    // The store manager's product.
    const manager = await signedIn(MANAGER);
    const { websiteId } = await (await manager.api.get(`${server.url}/api/commerce/products/p-stoneware-mug`)).json();
    const created = await manager.api.post(`${server.url}/api/content-service/product/1.1/websites/${websiteId}/products`, {
      headers: { 'X-XSRF-Token': manager.xsrf },
      data: { title: 'Trap Mug', productType: 'PHYSICAL', variants: [{ sku: 'TRAP-1', priceCents: 1000, qtyInStock: 3 }], description: `<p>A lovely mug.</p>${PAYLOAD}` },
    });
    expect(created.status()).toBe(201);
    const productUrl: string = (await created.json()).record.fullUrl;

    // The editor's post and footer; an html block is the admin's alone.
    const editor = await signedIn(EDITOR);
    const post = await editor.api.post(`${server.url}/api/site/collections/journal/items`, {
      headers: { 'X-XSRF-Token': editor.xsrf },
      data: { title: 'Trap post', excerpt: `<p>Short.</p>${PAYLOAD}`, body: `<p>Long.</p>${PAYLOAD}`, workflowState: 'Published' },
    });
    expect(post.status()).toBe(201);
    const postUrl: string = (await post.json()).item.fullUrl;
    expect((await editor.api.put(`${server.url}/api/site-header-footer`, { headers: { 'X-XSRF-Token': editor.xsrf }, data: { footer: `<p>Footer.</p>${PAYLOAD}` } })).status()).toBe(200);
    // An html block (the editor's Heading or Text) is stored with formatting only; a code block is the admin's alone.
    const htmlBlock = await editor.api.put(`${server.url}/api/site/collections/about/layout`, {
      headers: { 'X-XSRF-Token': editor.xsrf }, data: { blocks: [{ type: 'html', value: { html: `<p>About us.</p>${PAYLOAD}` } }] },
    });
    expect(htmlBlock.status()).toBe(200);
    const codeBlock = await editor.api.put(`${server.url}/api/site/collections/about/layout`, {
      headers: { 'X-XSRF-Token': editor.xsrf }, data: { blocks: [{ type: 23, value: { code: PAYLOAD } }] },
    });
    expect(codeBlock.status()).toBe(403);

    await until(productUrl, (t) => t.includes('A lovely mug.'));
    await until(postUrl, (t) => t.includes('Long.'));
    await until('/about', (t) => t.includes('About us.'));

    // The admin reads everything, in their signed-in browser.
    const ownerRequests: string[] = [];
    admin.context.on('request', (r) => {
      if (r.url().includes('/api/config/owners')) ownerRequests.push(`${r.method()} ${r.url()}`);
    });
    const violations: string[] = [];
    for (const path of [productUrl, '/shop', '/journal', postUrl, '/about', '/']) {
      const page: Page = await admin.context.newPage();
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(`${path}: ${m.text()}`);
      });
      const res = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      // Click every link the payloads left (a sanitized one has no href and goes nowhere: none is a javascript: link).
      const trapLinks = await page.locator('a.trap').all();
      expect({ path, scripted: await page.locator('a.trap[href^="javascript:" i]').count() }).toEqual({ path, scripted: 0 });
      for (const link of trapLinks) await link.click({ noWaitAfter: true }).catch(() => undefined);
      // `load` waited for the page's images and frames, so an onerror or a frame's script has run by
      // now; and every image the page has is settled (loaded or broken: its handlers called).
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      expect({ path, pwned: await page.evaluate(() => (window as { pwned?: unknown }).pwned) }).toEqual({ path, pwned: undefined });
      expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
      // Our own scripts run: the islands bundle mounted the cart pill.
      await page.locator('[data-island="cart-pill"] .cart-pill').waitFor({ state: 'attached', timeout: 10_000 });
      await page.close();
    }
    expect(ownerRequests).toEqual([]);
    expect(await ownerEmails(admin)).toEqual(ownersBefore);
    // The payloads never reached the page, so the policy had nothing to refuse.
    expect(violations).toEqual([]);
    await Promise.all([admin.context.close(), manager.context.close(), editor.context.close()]);
  });

  it('refuses, by its Content-Security-Policy, a script injected into a published page without the nonce', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const blocked: string[] = [];
    await page.goto(`${server.url}/shop`, { waitUntil: 'load' });
    await page.evaluate(() => document.addEventListener('securitypolicyviolation', (e) => ((window as { blocked?: string[] }).blocked ??= []).push(e.violatedDirective)));
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'window.pwned = 1';
      document.body.append(inline);
      const foreign = document.createElement('script');
      foreign.src = 'https://evil.example/x.js';
      document.body.append(foreign);
      const div = document.createElement('div');
      div.setAttribute('onclick', 'window.pwned = 2');
      document.body.append(div);
      div.click();
    });
    // The policy's verdicts come as events: the three refusals (the inline script, the foreign one, the handler) are in once they have come.
    await page.waitForFunction(() => ((window as { blocked?: string[] }).blocked?.length ?? 0) >= 3);
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();
    blocked.push(...((await page.evaluate(() => (window as { blocked?: string[] }).blocked)) ?? []));
    expect(blocked.length).toBeGreaterThanOrEqual(3);
    expect(blocked.every((d) => d.startsWith('script-src'))).toBe(true);
    await context.close();
  });
});
