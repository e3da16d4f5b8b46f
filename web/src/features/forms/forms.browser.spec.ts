/**
 * The form and newsletter islands in Debian's Chromium against the built demo server (issue 14):
 * the demo's Contact page form and the home page's newsletter block, SPEC 5/7/8 end to end.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/features/forms
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EMAIL_INVALID_MESSAGE, FORM_FIELD_MESSAGES } from '@storefront/domain/forms/validation';
import { FORM_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openTab, type Tab } from '../../../../apps/api/test/browser/chromium';
import { BUILT_OWNER } from '../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../apps/api/test/built-app';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'forms');
const CONTACT = 'contact-form';

describe('form and newsletter islands (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  const tabs: Tab[] = [];

  /** The owner's API session (cookie and XSRF token), to change the demo's contact form between cases. */
  let owner: { cookie: string; xsrf: string };
  async function ownerFetch(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return fetch(`${server.url}${path}`, {
      method,
      headers: { cookie: owner.cookie, 'X-XSRF-Token': owner.xsrf, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  /** Changes the contact form's definition through the owner API (If-Match its version). */
  async function editContact(change: Record<string, unknown>) {
    const read = await ownerFetch('GET', `/api/config/forms/${CONTACT}`);
    expect(read.status).toBe(200);
    const { form, version } = (await read.json()) as { form: Record<string, unknown>; version: number };
    const saved = await ownerFetch('PUT', `/api/config/forms/${CONTACT}`, { ...form, ...change }, { 'If-Match': `"${version}"` });
    expect(saved.status).toBe(200);
  }

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    // Every case is a new visitor; several share the runner's address before their cookie exists.
    server = await startBuiltServer({ FORM_VISITOR_RATE_LIMIT_BURST: '100' });
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

  /** A new visitor on `path`, once the form island has taken over (its fields are the island's). */
  async function visit(path: string, width = 1280, expected?: RegExp): Promise<Page> {
    const tab = await openTab(browser, { width, height: 900, expected });
    tabs.push(tab);
    await tab.page.goto(`${server.url}${path}`);
    await tab.page.locator('.form-island__fields').first().waitFor({ state: 'attached' });
    return tab.page;
  }

  /** Counts the page's calls to SPEC 7's routes. */
  function formCalls(page: Page): string[] {
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/rest/forms/') || path.startsWith('/api/form/')) calls.push(path);
    });
    return calls;
  }

  const contactForm = (page: Page) => page.locator('form[data-island="form"]');
  const field = (page: Page, id: string) => contactForm(page).locator(`[data-field="${id}"]`);

  async function fillValid(page: Page) {
    await field(page, 'name').getByLabel('First name').fill('Ada');
    await field(page, 'name').getByLabel('Last name').fill('Lovelace');
    await field(page, 'email').locator('input').fill('ada@example.com');
    await field(page, 'topic').locator('select').selectOption('Wholesale');
    await field(page, 'message').locator('textarea').fill('Do you sell to shops?');
  }

  /** Answers both statements of the survey (required from the survey case on). */
  async function answerSurvey(page: Page) {
    await field(page, 'survey').getByRole('group', { name: 'The shop was easy to find' }).getByLabel('Agree', { exact: true }).check();
    await field(page, 'survey').getByRole('group', { name: 'The staff were helpful' }).getByLabel('Strongly agree').check();
  }

  it('empty required fields: Required above each, the SPEC messages above and below, focus on the first, no request', async () => {
    const page = await visit('/contact');
    const calls = formCalls(page);
    await contactForm(page).getByRole('button', { name: 'Send message' }).click();
    await field(page, 'name').getByText(FORM_FIELD_MESSAGES.REQUIRED).waitFor();
    for (const id of ['email', 'topic', 'message']) expect(await field(page, id).locator('.form-field__error').textContent()).toBe(FORM_FIELD_MESSAGES.REQUIRED);
    expect(await field(page, 'phone').locator('.form-field__error').count()).toBe(0);
    expect(await contactForm(page).locator('[data-form-problem="above"]').textContent()).toContain(FORM_ERROR_MESSAGES.FORM_PROBLEM_ABOVE);
    expect(await contactForm(page).locator('[data-form-problem="below"]').textContent()).toContain(FORM_ERROR_MESSAGES.FORM_PROBLEM_BELOW);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name-first');
    expect(calls).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'contact-errors-1280.png'), fullPage: true });
  });

  it('a bad email and an over-long textarea: their messages; fixing them clears them; the counter reads n / max', async () => {
    const page = await visit('/contact', 390);
    await fillValid(page);
    await field(page, 'email').locator('input').fill('ada@example');
    await field(page, 'message').locator('textarea').fill('x'.repeat(1001));
    expect(await field(page, 'message').locator('.form-field__counter').textContent()).toBe('1001 / 1000');
    await contactForm(page).locator('button[type=submit]').press('Enter');
    await field(page, 'email').getByText(EMAIL_INVALID_MESSAGE).waitFor();
    await field(page, 'message').getByText(FORM_FIELD_MESSAGES.TOO_LONG).waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
    await page.screenshot({ path: join(ARTIFACTS, 'contact-errors-390.png'), fullPage: true });
    await field(page, 'message').locator('textarea').fill('x'.repeat(1000));
    expect(await field(page, 'message').locator('.form-field__error').count()).toBe(0);
    expect(await field(page, 'email').locator('.form-field__error').count()).toBe(1);
  });

  it('a survey missing a required question: the survey message', async () => {
    const read = await ownerFetch('GET', `/api/config/forms/${CONTACT}`);
    const { form } = (await read.json()) as { form: { fields: Array<Record<string, unknown>> } };
    await editContact({ fields: form.fields.map((f) => (f.id === 'survey' ? { ...f, required: true } : f)) });
    const page = await visit('/contact');
    await fillValid(page);
    await field(page, 'survey').getByRole('group', { name: 'The shop was easy to find' }).getByLabel('Agree', { exact: true }).check();
    await contactForm(page).locator('button[type=submit]').click();
    await field(page, 'survey').getByText(FORM_FIELD_MESSAGES.SURVEY_INCOMPLETE).waitFor();
  });

  it('a valid form with post-submit HTML: locked and Submitting… while sent, then the HTML in place of the form', async () => {
    await editContact({ submissionHTML: '<h3>Message received</h3><p>We will <strong>write back</strong> soon.</p>', successRedirect: '' });
    const page = await visit('/contact');
    const calls = formCalls(page);
    await fillValid(page);
    await answerSurvey(page);
    // Hold the save so the locked state can be seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/form/SaveFormSubmission', async (route) => {
      await held;
      await route.continue();
    });
    await contactForm(page).locator('button[type=submit]').click();
    await contactForm(page).getByRole('button', { name: 'Submitting…' }).waitFor();
    expect(await field(page, 'email').locator('input').isDisabled()).toBe(true);
    expect(await contactForm(page).getAttribute('aria-busy')).toBe('true');
    release();
    await contactForm(page).getByRole('heading', { name: 'Message received' }).waitFor();
    expect(await contactForm(page).locator('strong').textContent()).toBe('write back');
    expect(await contactForm(page).locator('input, textarea, select').count()).toBe(0);
    expect(calls).toEqual([`/api/rest/forms/validate/${CONTACT}`, '/api/form/FormSubmissionKey', '/api/form/SaveFormSubmission']);
    await page.screenshot({ path: join(ARTIFACTS, 'contact-done.png') });
    // Stored: the owner's submissions list has it.
    const list = await ownerFetch('GET', `/api/config/forms/${CONTACT}/submissions?page=1`);
    expect(JSON.stringify(await list.json())).toContain('Do you sell to shops?');
  });

  it('a valid form with a redirect: the visitor lands on the redirect page', async () => {
    await editContact({ submissionHTML: '', successRedirect: '/shop' });
    const page = await visit('/contact');
    await fillValid(page);
    await answerSurvey(page);
    await contactForm(page).locator('button[type=submit]').click();
    await page.waitForURL(`${server.url}/shop`);
  });

  it('a form the server no longer has: 404 This form has not been configured yet, and the form unlocks', async () => {
    const page = await visit('/contact', 1280, /404/);
    await page.route(`**/api/rest/forms/validate/${CONTACT}`, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'FORM_NOT_FOUND', message: 'x' }) }));
    await fillValid(page);
    await answerSurvey(page);
    await contactForm(page).locator('button[type=submit]').click();
    await contactForm(page).locator('[data-form-problem="above"]').getByText(FORM_ERROR_MESSAGES.FORM_NOT_CONFIGURED).waitFor();
    expect(await field(page, 'email').locator('input').isDisabled()).toBe(false);
    expect(await contactForm(page).getByRole('button', { name: 'Send message' }).count()).toBe(1);
  });

  it('newsletter sign-up on the home page: by keyboard, then the thank-you text; the mailing list has the address', async () => {
    const page = await visit('/');
    const form = page.locator('form[data-island="newsletter"]');
    const email = form.locator('input[type=email]');
    await email.fill('not an email');
    await email.press('Enter');
    await form.getByText(EMAIL_INVALID_MESSAGE).waitFor();
    await email.fill('reader@example.com');
    await email.press('Enter');
    await form.getByText('You are on the list').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'newsletter-done.png') });
    const list = await ownerFetch('GET', '/api/config/mailing-list');
    expect(JSON.stringify(await list.json())).toContain('reader@example.com');
    // The home page's block shows the footer's form: the footer leaves it out, so it asks once.
    expect(await page.locator('.site-footer form[data-island="newsletter"]').count()).toBe(0);
  });

  it('newsletter sign-up from the footer of a page without other forms, at 390 px: the island loads near the viewport, by keyboard', async () => {
    const tab = await openTab(browser, { width: 390, height: 844 });
    tabs.push(tab);
    const { page } = tab;
    await page.goto(`${server.url}/about`);
    expect(await page.locator('main form').count()).toBe(0);
    const footer = page.locator('.site-footer__newsletter');
    await footer.getByRole('heading', { name: 'Kiln days newsletter' }).waitFor();
    await footer.scrollIntoViewIfNeeded();
    await footer.locator('.form-island__fields').waitFor({ state: 'attached' });
    const email = footer.locator('input[type=email]');
    await email.fill('footer-reader@example.com');
    await email.press('Enter');
    await footer.getByText('You are on the list').waitFor();
    await footer.screenshot({ path: join(ARTIFACTS, 'footer-newsletter-390.png') });
    const list = await ownerFetch('GET', '/api/config/mailing-list');
    expect(JSON.stringify(await list.json())).toContain('footer-reader@example.com');
  });

  it('on the cart page the footer newsletter loads only once used; Enter pressed before its code arrived still signs up, once', async () => {
    const tab = await openTab(browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page } = tab;
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/form-island-[^/]+\.js/.test(r.url())) chunks.push(r.url());
    });
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/form/SaveFormSubmission')) saves.push(r.url());
    });
    await page.goto(`${server.url}/cart`);
    const footer = page.locator('.site-footer__newsletter');
    // In view, as far as the page knows: an observer of ours, with the margin of the pages that load
    // the footer's island near the viewport, has seen it, so such a loader would have asked for the
    // chunk by then; a request of ours made after that has had its answer, so that ask would have
    // reached the browser's network (and `chunks`) before it.
    await footer.evaluate((element) => {
      new IntersectionObserver(
        (entries, observer) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          element.dataset.seen = 'true';
        },
        { rootMargin: '100% 0px' },
      ).observe(element);
    });
    await footer.scrollIntoViewIfNeeded();
    await page.locator('.site-footer__newsletter[data-seen="true"]').waitFor({ state: 'attached' });
    await page.evaluate(async () => void (await fetch(location.href, { method: 'HEAD' })));
    // The cart page's download is the purchase path's: scrolling to the footer loads no form code.
    expect(chunks).toEqual([]);
    // The chunk is slow to arrive (held until the visitor's Enter is in): the Enter comes first, and is held, not posted to the page.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/form-island-[^/]+\.js/, async (route) => {
      await held;
      await route.continue();
    });
    const email = footer.locator('input[type=email]');
    await email.fill('cart-reader@example.com');
    await email.press('Enter');
    expect(await footer.locator('.form-island__fields').count()).toBe(0);
    release();
    await footer.getByText('You are on the list').waitFor();
    expect(page.url()).toBe(`${server.url}/cart`);
    expect(chunks).toHaveLength(1);
    expect(saves).toHaveLength(1);
    const list = await ownerFetch('GET', '/api/config/mailing-list');
    expect(JSON.stringify(await list.json())).toContain('cart-reader@example.com');
  });

  it('the footer newsletter at 1280 px, before signing up', async () => {
    const page = await visit('/contact');
    const footer = page.locator('.site-footer');
    await footer.scrollIntoViewIfNeeded();
    await footer.locator('.form-island__fields').waitFor({ state: 'attached' });
    await footer.screenshot({ path: join(ARTIFACTS, 'footer-newsletter-1280.png') });
    expect(await footer.getByRole('button', { name: 'Sign up' }).count()).toBe(1);
  });
});
