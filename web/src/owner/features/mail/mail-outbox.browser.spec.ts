/**
 * The owner's mail outbox in Chromium against the built demo server with a real SMTP server
 * (apps/api/test/smtp-server.ts): form notifications the server refused for good (550) show as not
 * delivered with their error; the owner reads one, and Retry (by keyboard) sends it once the server
 * takes mail again. Screenshots at 1280 px and 390 px.
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/mail
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openTab, type Tab } from '../../../../../apps/api/test/browser/chromium';
import { BUILT_OWNER, signInOwner } from '../../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';
import { startSmtpServer, type TestSmtpServer } from '../../../../../apps/api/test/smtp-server';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'mail');
const FORM = {
  id: 'mail-test', name: 'Mail test', storage: { notificationEmails: ['studio@example.com'], emailSubject: 'Note from the website' },
  fields: [{ id: 'note', type: 'text', title: 'Note', required: true }],
};

type Outbox = { messages: { id: string; subject: string; status: string; text: string }[]; total: number };

describe('owner mail outbox (browser)', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;
  const tabs: Tab[] = [];
  let owner: { cookie: string; xsrf: string };

  const ownerFetch = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { cookie: owner.cookie, 'X-XSRF-Token': owner.xsrf, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const outbox = async (): Promise<Outbox> => (await (await ownerFetch('GET', '/api/config/mail-outbox')).json()) as Outbox;
  /** Polls the outbox (the sender works in the background) until `done` holds. */
  async function outboxUntil(done: (o: Outbox) => boolean, timeoutMs = 60_000): Promise<Outbox> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const current = await outbox();
      if (done(current)) return current;
      if (Date.now() > until) throw new Error(`outbox never reached the state: ${JSON.stringify(current.messages.map((m) => [m.subject, m.status]))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  /** A visitor's submission of the test form, which mails the studio a notification. */
  async function submit(note: string) {
    const keyRes = await fetch(`${server.url}/api/form/FormSubmissionKey`, { method: 'POST' });
    expect(keyRes.status).toBe(200);
    const cookie = (keyRes.headers.getSetCookie().find((c) => c.startsWith('ss_fvid=')) ?? '').split(';')[0]!;
    const { key } = (await keyRes.json()) as { key: string };
    const res = await fetch(`${server.url}/api/form/SaveFormSubmission`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ key, formId: FORM.id, form: JSON.stringify({ note }) }),
    });
    expect(res.status).toBe(200);
  }
  async function ownerPage(width: number): Promise<Page> {
    const tab = await openTab(browser, { width, height: 900 });
    tabs.push(tab);
    await signInOwner(tab.page, server);
    return tab.page;
  }

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    smtp = await startSmtpServer({ behaviour: { kind: 'refuse-recipient', code: 550, message: 'No such mailbox' } });
    server = await startBuiltServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Clay & Co. <shop@example.com>', MAIL_POLL_INTERVAL_MS: '200', FORM_VISITOR_RATE_LIMIT_BURST: '100' });
    browser = await launchChromium();
    const res = await fetch(`${server.url}/api/config/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BUILT_OWNER) });
    expect(res.status).toBe(200);
    const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('owner_session=')) ?? '').split(';')[0]!;
    owner = { cookie, xsrf: ((await res.json()) as { xsrfToken: string }).xsrfToken };
    expect((await ownerFetch('POST', '/api/config/forms', FORM)).status).toBe(201);
    await submit('Do you fire on Sundays?');
    await submit('<b>Two</b> mugs please');
    await outboxUntil((o) => o.messages.filter((m) => m.subject === 'Note from the website' && m.status === 'failed').length === 2);
  }, 180_000);
  afterEach(async () => {
    for (const tab of tabs.splice(0)) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it('lists the refused notifications with their error, opens one to read, and Retry by keyboard delivers it once the server takes mail', async () => {
    const page = await ownerPage(1280);
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Mail', exact: true }).click();
    const list = page.getByRole('list', { name: 'Messages' });
    await list.waitFor();
    const failed = list.getByRole('listitem').filter({ hasText: 'Not delivered' });
    await failed.nth(1).waitFor();
    expect(await failed.first().getByText(/550/).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'outbox-1280.png'), fullPage: true });

    // The newest message (the second submission): its text as written, markup shown as text.
    await failed.first().getByRole('button', { name: 'Note from the website', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Note from the website' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Message text').textContent()).toContain('<b>Two</b> mugs please');
    expect(await dialog.locator('b').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'outbox-message-1280.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    smtp.behaviour = { kind: 'accept' };
    const before = smtp.received.length;
    const retry = failed.first().getByRole('button', { name: 'Retry “Note from the website”' });
    await retry.focus();
    await page.keyboard.press('Enter');
    await page.getByText('“Note from the website” is queued again and goes out shortly.').waitFor();
    const [delivered] = (await smtp.waitForMessages(before + 1, 60_000)).slice(before);
    expect(delivered!.text).toContain('<b>Two</b> mugs please');
    await outboxUntil((o) => o.messages.some((m) => m.status === 'sent' && m.text.includes('Two')));
    await page.reload();
    await list.getByRole('listitem').filter({ hasText: 'Delivered' }).first().waitFor();
    // One left to retry.
    expect(await list.getByRole('button', { name: /^Retry/ }).count()).toBe(1);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('fits 390 px: the list and an open message', async () => {
    const page = await ownerPage(390);
    await page.goto(`${server.url}/config/mail`);
    const list = page.getByRole('list', { name: 'Messages' });
    await list.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'outbox-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await list.getByRole('button', { name: 'Note from the website', exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Note from the website' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'outbox-message-390.png') });
  });
});
