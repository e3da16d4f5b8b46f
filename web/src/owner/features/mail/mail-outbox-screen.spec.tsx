/** @jest-environment ./web/test/dom-environment.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY } from '../../../../test/owner-app';
import type { OutboxMessage } from './mail-api';

afterEach(() => jest.restoreAllMocks());

const message = (id: string, overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id, to: ['owner@example.com'], subject: `Message ${id}`, text: 'Name: Ada\nMessage: Hello', status: 'sent', attempts: 1,
  nextAttemptAt: null, lastError: null, createdAt: '2026-11-20T10:00:00.000Z', sentAt: '2026-11-20T10:00:01.000Z', ...overrides,
});

const FAILED = message('m-failed', {
  subject: 'New submission: Contact', status: 'failed', attempts: 4, sentAt: null, lastError: '550 No such mailbox',
  html: '<p onclick="alert(1)">Hi <script>window.pwned = true</script></p>', replyTo: 'visitor@example.org',
});

function open(options: { roles?: string[]; total?: number; retry?: { status: number; body: unknown } } = {}) {
  let retried = false;
  const session = { ...ADMIN_SESSION, owner: { ...ADMIN_SESSION.owner, roles: options.roles ?? ['admin'] } };
  const pageOne = () => ({ body: { page: 1, pageSize: 50, total: options.total ?? 2, messages: [retried ? { ...FAILED, status: 'queued', nextAttemptAt: '2026-11-20T10:05:00.000Z' } : FAILED, message('m-sent')] } });
  const fake = fakeFetch({
    'GET /api/config/session': { body: session },
    'GET /api/site/settings': { body: SITE_SUMMARY },
    'GET /api/config/mail-outbox?page=1': () => pageOne(),
    'GET /api/config/mail-outbox?page=2': { body: { page: 2, pageSize: 50, total: options.total ?? 2, messages: [message('m-old', { subject: 'An older one' })] } },
    'POST /api/config/mail-outbox/m-failed/retry': () => {
      if (options.retry) return options.retry;
      retried = true;
      return { body: { message: { ...FAILED, status: 'queued' } } };
    },
  });
  renderOwnerApp('/mail');
  return fake;
}

describe('the mail outbox screen', () => {
  it('lists messages newest first with status, attempts and the last error; a failed one has Retry, which requeues it', async () => {
    const { calls } = open();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getAllByRole('button')[0]!.textContent)).toEqual(['New submission: Contact', 'Message m-sent']);
    expect(within(rows[0]!).getByText('Not delivered')).toBeTruthy();
    expect(within(rows[0]!).getByText('4 attempts')).toBeTruthy();
    expect(within(rows[0]!).getByText('550 No such mailbox')).toBeTruthy();
    expect(within(rows[1]!).getByText('Delivered')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /Retry/ })).toBeNull();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Retry “New submission: Contact”' }));
    expect(await screen.findByText('“New submission: Contact” is queued again and goes out shortly.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/config/mail-outbox/m-failed/retry']);
    // The list is read again: the message is waiting now, without Retry.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')[0]!.textContent).toContain('Waiting to send'));
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
  });

  it('says why a retry was refused (someone else retried it first)', async () => {
    open({ retry: { status: 409, body: { code: 'MAIL_MESSAGE_NOT_FAILED', message: 'Only a failed message can be retried; this one is queued.' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry “New submission: Contact”' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only a failed message can be retried; this one is queued.');
  });

  it('opens a message to read it: its text, and its html part as code, never rendered', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'New submission: Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'New submission: Contact' });
    expect(within(dialog).getByLabelText('Message text').textContent).toBe('Name: Ada\nMessage: Hello');
    expect(within(dialog).getByLabelText('HTML part').textContent).toBe(FAILED.html);
    expect(dialog.querySelector('script, p[onclick]')).toBeNull();
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
    expect(within(dialog).getByText('visitor@example.org')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('pages by 50: Older and Newer', async () => {
    open({ total: 51 });
    expect(await screen.findByText('51 messages')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('button', { name: 'An older one' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByRole('button', { name: 'New submission: Contact' })).toBeTruthy();
  });

  it('is the admin’s section: an editor has no Mail in the panel and is told the section is not open', async () => {
    open({ roles: ['editor'] });
    expect(await screen.findByRole('heading', { name: 'Mail is not open to your account' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Mail' })).toBeNull();
  });

  it('has Mail in the panel for the admin', async () => {
    open();
    expect(await screen.findByRole('link', { name: 'Mail' })).toBeTruthy();
  });
});
