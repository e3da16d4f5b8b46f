/**
 * The bot check in Debian's Chromium: a page with one form using `useBotCheck` (built from
 * web/src/features/bot-check/bot-check-harness.tsx by Vite with the islands' config, Preact included), served at the test
 * app's origin with the published pages' Content-Security-Policy, against the real API (challenge
 * route, BotCheck). reCAPTCHA's script cannot be reached from here: the spec serves a stand-in at
 * its URL. The forms' own end-to-end browser tests are forms-web's.
 * Run: NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js apps/api/src/bot-check
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openTab, type Tab } from '../../test/browser/chromium';
import { REPO_ROOT } from '../../test/built-app';
import { startTestApp, type TestApp } from '../../test/test-app';
import { newNonce, publishedPagePolicy } from '../security/content-security-policy';
import { BotCheck } from './index';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
const OUT = join(ARTIFACTS, 'bot-check-harness');
const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/enterprise.js';

/** Builds the harness page's script and stylesheet into test-artifacts/bot-check-harness/. */
function buildHarness() {
  const script = `
    import { build } from 'vite';
    await build({
      configFile: 'vite.config.ts', logLevel: 'error', base: '/__harness/',
      build: {
        outDir: ${JSON.stringify(OUT)}, emptyOutDir: true, manifest: false, assetsDir: '',
        rollupOptions: { input: 'src/features/bot-check/bot-check-harness.tsx', output: { entryFileNames: 'harness.js', assetFileNames: 'harness[extname]', chunkFileNames: '[name].js' } },
      },
    });`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: join(REPO_ROOT, 'web'), stdio: 'inherit' });
}

/** reCAPTCHA's loader as the spec serves it: renders an inline badge and answers `standin-<action>` tokens. */
const RECAPTCHA_STAND_IN = `
  window.grecaptcha = { enterprise: {
    ready(cb) { cb(); },
    render(el, p) {
      const b = document.createElement('div');
      b.className = 'grecaptcha-badge';
      b.dataset.sitekey = p.sitekey; b.dataset.badge = p.badge; b.dataset.size = p.size;
      b.style.cssText = 'width:256px;height:60px;display:flex;align-items:center;gap:8px;box-shadow:0 0 5px #999;background:#f9f9f9;font:12px sans-serif';
      const logo = document.createElement('span');
      logo.style.cssText = 'flex:none;width:70px;height:60px;background:#4a90e2';
      const text = document.createElement('span');
      text.textContent = 'protected by reCAPTCHA (stand-in)';
      b.append(logo, text);
      el.appendChild(b);
      return 1;
    },
    execute(id, o) { return Promise.resolve('standin-' + o.action); },
    reset() {},
  } };
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  if (onload) window[onload]();
`;

describe('bot check (browser)', () => {
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let tab: Tab;
  let page: Page;
  let recaptchaLoads: number;

  beforeAll(async () => {
    buildHarness();
    t = await startTestApp('pglite', {}, { demo: false });
    await (t.app as NestFastifyApplication).listen(0, '127.0.0.1');
    origin = await t.app.getUrl();
    origin = origin.replace('[::1]', '127.0.0.1');
    browser = await launchChromium();
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  afterEach(async () => {
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  /** The harness at `query`, `width` px wide, as a published page (its CSP, its origin). */
  async function open(query: string, width = 1280) {
    tab = await openTab(browser, { width, height: 700 });
    page = tab.page;
    recaptchaLoads = 0;
    const nonce = newNonce();
    const css = readdirSync(OUT).filter((f) => f.endsWith('.css'));
    await page.route(`${origin}/__harness/**`, async (route) => {
      const path = new URL(route.request().url()).pathname.slice('/__harness/'.length);
      if (path === 'page') {
        await route.fulfill({
          contentType: 'text/html; charset=utf-8',
          headers: { 'content-security-policy': publishedPagePolicy(nonce) },
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bot check</title>${css.map((f) => `<link rel="stylesheet" href="/__harness/${f}">`).join('')}</head><body><div id="root"></div><script type="module" src="/__harness/harness.js"></script></body></html>`,
        });
        return;
      }
      const file = join(OUT, path);
      if (!/^[\w.-]+$/.test(path) || !existsSync(file)) return route.fulfill({ status: 404, body: '' });
      await route.fulfill({ contentType: path.endsWith('.css') ? 'text/css' : 'text/javascript', body: readFileSync(file) });
    });
    await page.route(`${RECAPTCHA_SCRIPT}*`, async (route) => {
      recaptchaLoads += 1;
      await route.fulfill({ contentType: 'text/javascript', body: RECAPTCHA_STAND_IN });
    });
    await page.goto(`${origin}/__harness/page?${query}`);
    await page.getByRole('button', { name: 'Submit' }).waitFor();
  }

  const tokenOf = async () => {
    await page.getByTestId('sent').waitFor();
    return (await page.locator('form').getAttribute('data-token'))!;
  };

  it('altcha: solves the proof of work in the page once the visitor tabs into the form; the server passes the token once', async () => {
    await open('method=altcha', 390);
    const status = page.getByRole('status');
    await page.waitForFunction(() => document.querySelector('[data-bot-check]')?.getAttribute('data-state') === 'idle');
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
    await page.keyboard.type('ada@example.com');
    await page.waitForFunction(() => document.querySelector('[data-bot-check]')?.getAttribute('data-state') === 'solved', undefined, { timeout: 30_000 });
    expect(await status.textContent()).toContain('Checked');
    await page.screenshot({ path: join(ARTIFACTS, 'bot-check-altcha-390.png') });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const token = await tokenOf();
    const botCheck = t.app.get(BotCheck);
    expect(await botCheck.verify({ method: 'altcha', token, action: 'FORM_BLOCK_SUBMISSION' })).toEqual({ ok: true });
    expect(await botCheck.verify({ method: 'altcha', token, action: 'FORM_BLOCK_SUBMISSION' })).toMatchObject({ ok: false, message: 'Complete CAPTCHA before submitting.' });
  });

  it('altcha: a form sent without focusing first still gets a fresh token each time', async () => {
    await open('method=altcha', 1280);
    await page.getByRole('button', { name: 'Submit' }).click();
    const first = await tokenOf();
    await page.screenshot({ path: join(ARTIFACTS, 'bot-check-altcha-1280.png') });
    await page.evaluate(() => document.querySelector('[data-testid="sent"]')?.remove());
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction((previous) => {
      const token = document.querySelector('form')?.getAttribute('data-token');
      return token && token !== previous;
    }, first, { timeout: 30_000 });
    const second = (await page.locator('form').getAttribute('data-token'))!;
    const botCheck = t.app.get(BotCheck);
    expect(await botCheck.verify({ method: 'altcha', token: first, action: 'FORM_BLOCK_SUBMISSION' })).toEqual({ ok: true });
    expect(await botCheck.verify({ method: 'altcha', token: second, action: 'FORM_BLOCK_SUBMISSION' })).toEqual({ ok: true });
  });

  it('is compact in a container narrower than 320 px, full at 320 px and wider', async () => {
    await open('method=altcha&width=300', 390);
    await page.waitForFunction(() => document.querySelector('[data-bot-check]')?.classList.contains('bot-check--compact'));
    expect(await page.getByRole('status').textContent()).toBe('Human check');
    await page.screenshot({ path: join(ARTIFACTS, 'bot-check-compact-300.png') });
    await tab.context.close();
    await open('method=altcha&width=352', 390);
    await page.getByRole('status').waitFor();
    expect(await page.locator('[data-bot-check]').evaluate((e) => e.classList.contains('bot-check--compact'))).toBe(false);
  });

  it("recaptcha: loads the provider's script (allowed by the page's CSP) only once the form is used, renders its badge inline and sends the action's token", async () => {
    await open('method=recaptcha&action=NEWSLETTER_BLOCK_SUBMISSION&siteKey=site-key-1', 390);
    expect(recaptchaLoads).toBe(0);
    await page.getByLabel('Email').focus();
    await page.locator('.grecaptcha-badge').waitFor();
    expect(recaptchaLoads).toBe(1);
    expect(await page.locator('.grecaptcha-badge').evaluate((b) => ({ ...(b as HTMLElement).dataset }))).toEqual({ sitekey: 'site-key-1', badge: 'inline', size: 'invisible' });
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await tokenOf()).toBe('standin-NEWSLETTER_BLOCK_SUBMISSION');
    expect(recaptchaLoads).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'bot-check-recaptcha-390.png') });
  });

  it("recaptcha: compact badge under 320 px", async () => {
    await open('method=recaptcha&siteKey=k&width=280', 390);
    await page.getByLabel('Email').focus();
    await page.locator('.grecaptcha-badge').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-bot-check]')?.classList.contains('bot-check--compact'));
    expect(await page.locator('.grecaptcha-badge').evaluate((b) => b.getBoundingClientRect().width)).toBe(70);
    await page.screenshot({ path: join(ARTIFACTS, 'bot-check-recaptcha-compact-280.png') });
  });

  it("recaptcha without a site key: the form shows the SPEC's message and loads nothing", async () => {
    await open('method=recaptcha&siteKey=', 390);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Enterprise V3 ReCaptcha site key not found');
    expect(recaptchaLoads).toBe(0);
  });
});
