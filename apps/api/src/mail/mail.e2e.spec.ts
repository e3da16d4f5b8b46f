import { describeOnHttpDriver, eventually } from '@storefront/eventstore/testing';
import request from 'supertest';
import { ownerWithRoles } from '../../test/owner-accounts';
import { startSmtpServer, unusedPort, type TestSmtpServer } from '../../test/smtp-server';
import { signIn, type OwnerSession } from '../../test/store-fixtures';
import { startAnotherApp, startTestApp, type TestApp } from '../../test/test-app';
import { InvalidMailMessage, MAIL_LIMITS, Mailer, MailSender, type MailMessage, type OutboxMessage } from './index';

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: ['owner@example.com'],
  subject: 'New form submission: Contact',
  text: 'Name: Ada\nMessage: Hello',
  ...overrides,
});

/**
 * Runs the sender until `done` holds. A retry is due only after its backoff (MAIL_RETRY_BASE_MS,
 * counted by the database's clock, which a test cannot move), so this polls.
 */
async function deliverUntil(sender: MailSender, done: () => Promise<boolean>, timeoutMs = 50_000): Promise<void> {
  await eventually(async () => (await done()) || (await sender.deliverDue(), false), { timeoutMs, intervalMs: 25, message: 'mail not delivered' });
}

describeOnHttpDriver('mail: the outbox and SMTP delivery (issue 14)', (driver) => {
  describe('without SMTP_URL: the local outbox', () => {
    let t: TestApp;
    let admin: OwnerSession;
    let mailer: Mailer;
    const outbox = (session: OwnerSession | null = admin, query = '') => {
      const req = request(t.server).get(`/api/config/mail-outbox${query}`);
      return session ? req.set('Cookie', session.cookie) : req;
    };

    beforeAll(async () => {
      t = await startTestApp(driver, {}, { demo: false });
      admin = await signIn(t.server);
      mailer = t.app.get(Mailer);
    });
    afterAll(() => t.close());

    it('keeps a sent message in the outbox, where the admin reads it, newest first, paged', async () => {
      await mailer.send(message({ subject: 'First', html: '<p>Hello <b>there</b></p>', replyTo: 'visitor@example.org' }));
      await mailer.send(message({ subject: 'Second', to: ['a@example.com', 'b@example.com'] }));
      const res = await outbox();
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({ page: 1, pageSize: 50, total: 2 });
      const [second, first] = res.body.messages as OutboxMessage[];
      expect(second).toMatchObject({ subject: 'Second', to: ['a@example.com', 'b@example.com'], status: 'held', attempts: 0, sentAt: null });
      expect(first).toMatchObject({
        subject: 'First', to: ['owner@example.com'], text: 'Name: Ada\nMessage: Hello', html: '<p>Hello <b>there</b></p>', replyTo: 'visitor@example.org', status: 'held',
      });
      expect(Date.parse(first!.createdAt)).not.toBeNaN();
      expect((await outbox(admin, '?page=2')).body).toMatchObject({ page: 2, total: 2, messages: [] });
    });

    it('pages by 50', async () => {
      for (let i = 0; i < 50; i++) await mailer.send(message({ subject: `Bulk ${i}` }));
      const first = await outbox();
      const second = await outbox(admin, '?page=2');
      expect(first.body.messages).toHaveLength(50);
      expect(first.body.messages[0].subject).toBe('Bulk 49');
      expect(first.body.messages[49].subject).toBe('Bulk 0');
      expect(second.body.messages.map((m: OutboxMessage) => m.subject)).toEqual(['Second', 'First']);
    });

    it('refuses a bad page number with 400, anyone signed out with 401, a role without mail.view with 403', async () => {
      for (const page of ['0', '-1', '1.5', 'abc', '100001']) {
        const res = await outbox(admin, `?page=${page}`);
        expect({ page, status: res.status, field: res.body.error?.field ?? res.body.field }).toMatchObject({ page, status: 400 });
      }
      expect((await outbox(null)).status).toBe(401);
      const editor = await ownerWithRoles(t, 'editor@example.com', ['editor']);
      expect((await outbox(editor)).status).toBe(403);
    });

    it('does not retry a held message (nothing failed): 409', async () => {
      const held = (await outbox()).body.messages[0] as OutboxMessage;
      expect(held.status).toBe('held');
      const res = await request(t.server).post(`/api/config/mail-outbox/${held.id}/retry`).set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf);
      expect({ status: res.status, error: res.body.error, message: res.body.message }).toEqual({
        status: 409, error: 'MAIL_MESSAGE_NOT_FAILED', message: 'Only a failed message can be retried; this one is held.',
      });
    });

    it('sends the same dedupe key once', async () => {
      const before = (await outbox()).body.total as number;
      await Promise.all([1, 2, 3].map(() => mailer.send(message({ subject: 'Once' }), { dedupeKey: 'form-notification:evt-1' })));
      const after = await outbox();
      expect(after.body.total).toBe(before + 1);
      expect(after.body.messages[0].subject).toBe('Once');
    });

    it.each<[string, Partial<MailMessage>, string]>([
      ['a subject with a line break (header injection)', { subject: 'Hi\r\nBcc: victim@example.com' }, 'subject'],
      ['a subject with a bare LF', { subject: 'Hi\nBcc: victim@example.com' }, 'subject'],
      ['an address with a line break', { to: ['owner@example.com\r\nBcc: victim@example.com'] }, 'to'],
      ['an address list in one address', { to: ['a@example.com, b@example.com'] }, 'to'],
      ['a display name smuggled into an address', { to: ['"Evil" <a@example.com>'] }, 'to'],
      ['a reply-to with a line break', { replyTo: 'v@example.org\nBcc: victim@example.com' }, 'replyTo'],
      ['not an address', { to: ['owner'] }, 'to'],
      ['no recipient', { to: [] }, 'to'],
      ['too many recipients', { to: Array.from({ length: MAIL_LIMITS.maxRecipients + 1 }, (_, i) => `r${i}@example.com`) }, 'to'],
      ['an address over 256 characters', { to: [`${'a'.repeat(250)}@example.com`] }, 'to'],
      ['a subject over the limit', { subject: 's'.repeat(MAIL_LIMITS.subjectMaxLength + 1) }, 'subject'],
      ['a text over the limit', { text: 't'.repeat(MAIL_LIMITS.textMaxLength + 1) }, 'text'],
      ['an html part over the limit', { html: 'h'.repeat(MAIL_LIMITS.htmlMaxLength + 1) }, 'html'],
    ])('refuses %s and writes nothing', async (_name, overrides, field) => {
      const before = (await outbox()).body.total as number;
      const sent = mailer.send(message(overrides));
      await expect(sent).rejects.toBeInstanceOf(InvalidMailMessage);
      await expect(sent).rejects.toMatchObject({ field });
      expect((await outbox()).body.total).toBe(before);
    });

    it('takes sizes exactly at the limits', async () => {
      await expect(
        mailer.send(message({ subject: 's'.repeat(MAIL_LIMITS.subjectMaxLength), text: 't'.repeat(MAIL_LIMITS.textMaxLength), to: [`${'a'.repeat(244)}@example.com`] })),
      ).resolves.toBeUndefined();
    });
  });

  describe('with SMTP_URL: delivery to a real SMTP server', () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let admin: OwnerSession;
    let mailer: Mailer;
    let sender: MailSender;
    const latest = async (subject: string): Promise<OutboxMessage> => {
      const res = await request(t.server).get('/api/config/mail-outbox').set('Cookie', admin.cookie);
      const found = (res.body.messages as OutboxMessage[]).find((m) => m.subject === subject);
      if (!found) throw new Error(`no outbox message "${subject}"`);
      return found;
    };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await startTestApp(
        driver,
        { SMTP_URL: `smtp://user:secret@127.0.0.1:${smtp.port}`, MAIL_FROM: 'Shop <shop@example.com>', MAIL_RETRY_BASE_MS: '50', MAIL_MAX_ATTEMPTS: '4', MAIL_POLL_INTERVAL_MS: '0' },
        { demo: false },
      );
      admin = await signIn(t.server);
      mailer = t.app.get(Mailer);
      sender = t.app.get(MailSender);
    });
    afterAll(async () => {
      await t.close();
      await smtp.stop();
    });
    beforeEach(() => {
      smtp.behaviour = { kind: 'accept' };
    });

    it('delivers a message as written, from MAIL_FROM, and records it sent', async () => {
      const count = smtp.received.length;
      await mailer.send(message({ subject: 'Delivered ✓', html: '<p>Hi</p>', replyTo: 'visitor@example.org', to: ['owner@example.com', 'second@example.com'] }));
      const [mail] = (await smtp.waitForMessages(count + 1)).slice(count);
      expect(mail).toMatchObject({
        envelope: { from: 'shop@example.com', to: ['owner@example.com', 'second@example.com'] },
        from: '"Shop" <shop@example.com>',
        to: ['owner@example.com', 'second@example.com'],
        replyTo: 'visitor@example.org',
        subject: 'Delivered ✓',
        text: 'Name: Ada\nMessage: Hello',
        html: '<p>Hi</p>',
      });
      await deliverUntil(sender, async () => (await latest('Delivered ✓')).status === 'sent');
      const row = await latest('Delivered ✓');
      expect(row).toMatchObject({ attempts: 1, lastError: null, nextAttemptAt: null });
      expect(Date.parse(row.sentAt!)).not.toBeNaN();
      expect(mail!.messageId).toBe(`<${row.id}@storefront.mail>`);
    });

    it('marks a message failed at once when the server refuses it for good (5xx), keeping it and the error', async () => {
      smtp.behaviour = { kind: 'refuse-recipient', code: 550, message: 'No such mailbox' };
      const count = smtp.received.length;
      await mailer.send(message({ subject: 'Refused for good' }));
      await deliverUntil(sender, async () => (await latest('Refused for good')).status === 'failed');
      const row = await latest('Refused for good');
      expect(row).toMatchObject({ attempts: 1, nextAttemptAt: null, sentAt: null });
      expect(row.lastError).toMatch(/550/);
      expect(smtp.received.length).toBe(count);
    });

    const retry = (id: string, session: OwnerSession | null = admin) => {
      const req = request(t.server).post(`/api/config/mail-outbox/${encodeURIComponent(id)}/retry`);
      return session ? req.set('Cookie', session.cookie).set('X-XSRF-Token', session.xsrf) : req;
    };
    const failedMessage = async (subject: string): Promise<OutboxMessage> => {
      smtp.behaviour = { kind: 'refuse-recipient', code: 550, message: 'No such mailbox' };
      await mailer.send(message({ subject }));
      await deliverUntil(sender, async () => (await latest(subject)).status === 'failed');
      smtp.behaviour = { kind: 'accept' };
      return latest(subject);
    };

    it('retries a failed message (the owner’s Retry): queued again at once, then delivered, its attempts counted on', async () => {
      const failed = await failedMessage('Retry me');
      const count = smtp.received.length;
      const res = await retry(failed.id);
      expect({ status: res.status, cache: res.headers['cache-control'] }).toEqual({ status: 200, cache: 'no-store' });
      expect(res.body.message).toMatchObject({ id: failed.id, subject: 'Retry me', status: expect.stringMatching(/^(queued|sending|sent)$/) });
      await deliverUntil(sender, async () => (await latest('Retry me')).status === 'sent');
      expect(await latest('Retry me')).toMatchObject({ attempts: 2, lastError: null });
      expect(smtp.received.slice(count).map((m) => m.subject)).toEqual(['Retry me']);
      // Sent now: no second retry.
      const again = await retry(failed.id);
      expect({ status: again.status, error: again.body.error, message: again.body.message }).toEqual({
        status: 409, error: 'MAIL_MESSAGE_NOT_FAILED', message: 'Only a failed message can be retried; this one is sent.',
      });
    });

    it('requeues once for two retries at once: one 200, one 409, and the message goes once', async () => {
      const failed = await failedMessage('Retried twice at once');
      const count = smtp.received.length;
      const both = await Promise.all([retry(failed.id), retry(failed.id)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body).toMatchObject({ error: 'MAIL_MESSAGE_NOT_FAILED' });
      await deliverUntil(sender, async () => (await latest('Retried twice at once')).status === 'sent');
      await sender.deliverDue();
      expect(smtp.received.slice(count).map((m) => m.subject)).toEqual(['Retried twice at once']);
      expect((await latest('Retried twice at once')).attempts).toBe(2);
    });

    it('refuses a retry of an unknown id with 404, signed out with 401, without mail.manage with 403, and changes nothing', async () => {
      const failed = await failedMessage('Not for the editor');
      for (const id of ['no-such-message', '00000000-0000-0000-0000-000000000000', 'x'.repeat(500)]) {
        const res = await retry(id);
        expect({ status: res.status, error: res.body.error, message: res.body.message }).toEqual({
          status: 404, error: 'MAIL_MESSAGE_NOT_FOUND', message: 'There is no message with this id in the outbox.',
        });
      }
      expect((await retry(failed.id, null)).status).toBe(401);
      const editor = await ownerWithRoles(t, 'mail-editor@example.com', ['editor']);
      expect((await retry(failed.id, editor)).status).toBe(403);
      expect(await latest('Not for the editor')).toMatchObject({ status: 'failed', attempts: 1 });
    });

    it('tries again after a temporary refusal (4xx) and delivers once the server accepts', async () => {
      smtp.behaviour = { kind: 'refuse-data', code: 451, message: 'Try again later' };
      const count = smtp.received.length;
      const attemptsBefore = smtp.dataAttempts;
      await mailer.send(message({ subject: 'Refused for now' }));
      await deliverUntil(sender, async () => smtp.dataAttempts >= attemptsBefore + 2);
      const waiting = await latest('Refused for now');
      expect(waiting.status).toMatch(/^(queued|sending)$/);
      expect(waiting.lastError).toMatch(/451/);
      smtp.behaviour = { kind: 'accept' };
      await deliverUntil(sender, async () => (await latest('Refused for now')).status === 'sent');
      expect(smtp.received.slice(count).map((m) => m.subject)).toEqual(['Refused for now']);
      expect((await latest('Refused for now')).attempts).toBeGreaterThanOrEqual(3);
    });

    it('gives up after MAIL_MAX_ATTEMPTS temporary failures, and keeps the message as failed', async () => {
      smtp.behaviour = { kind: 'refuse-recipient', code: 421, message: 'Busy' };
      await mailer.send(message({ subject: 'Always busy' }));
      await deliverUntil(sender, async () => (await latest('Always busy')).status === 'failed');
      const row = await latest('Always busy');
      expect(row.attempts).toBe(4);
      expect(row.lastError).toMatch(/421/);
    });

    it('loses nothing while the server is down: the message waits, and goes once the server is back', async () => {
      await smtp.stop();
      const count = smtp.received.length;
      try {
        await mailer.send(message({ subject: 'While down' }));
        await deliverUntil(sender, async () => ((await latest('While down')).lastError ?? '') !== '');
        const waiting = await latest('While down');
        expect(waiting.status).toMatch(/^(queued|sending)$/);
        expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
      } finally {
        await smtp.start();
      }
      await deliverUntil(sender, async () => (await latest('While down')).status === 'sent');
      expect(smtp.received.slice(count).map((m) => m.subject)).toEqual(['While down']);
    });

    it('has two processes deliver a burst together, each message exactly once', async () => {
      const other = await startAnotherApp(t);
      try {
        const count = smtp.received.length;
        const subjects = Array.from({ length: 20 }, (_, i) => `Burst ${i}`);
        await Promise.all(subjects.map((subject, i) => (i % 2 ? mailer : other.get(Mailer)).send(message({ subject }))));
        await Promise.all([sender.deliverDue(), other.get(MailSender).deliverDue(), sender.deliverDue()]);
        await smtp.waitForMessages(count + subjects.length, 50_000);
        // Both senders with nothing left to send: nothing more is on its way.
        await Promise.all([sender.idle(), other.get(MailSender).idle()]);
        expect(smtp.received.slice(count).map((m) => m.subject).sort()).toEqual([...subjects].sort());
        for (const subject of subjects) expect((await latest(subject)).status).toBe('sent');
      } finally {
        await other.close();
      }
    }, 150_000);

    it('delivers a burst over pooled connections, MAIL_SEND_CONCURRENCY at a time: no connection and greeting per message', async () => {
      const count = smtp.received.length;
      const connections = smtp.connections;
      const subjects = Array.from({ length: 24 }, (_, i) => `Pooled ${i}`);
      for (const subject of subjects) await mailer.send(message({ subject }));
      await deliverUntil(sender, async () => smtp.received.length >= count + subjects.length);
      expect(smtp.received.slice(count).map((m) => m.subject).sort()).toEqual([...subjects].sort());
      // At most one connection per sender (4 by default); a transport without a pool opens one per message.
      expect(smtp.connections - connections).toBeLessThanOrEqual(4);
    });

    it('puts every sender to work on mail queued while one is still sending', async () => {
      smtp.answerDelayMs = 150;
      try {
        const count = smtp.received.length;
        smtp.resetMaxInFlight();
        await mailer.send(message({ subject: 'First of a stream' }));
        const pass = sender.deliverDue();
        // Once the first message is in flight (its answer delayed), the pass's other senders have found
        // nothing due and ended; these arrive while it is still in flight.
        await eventually(() => smtp.maxInFlight >= 1, { message: 'the first message never reached the server' });
        const subjects = Array.from({ length: 12 }, (_, i) => `Stream ${i}`);
        for (const subject of subjects) await mailer.send(message({ subject }));
        await pass;
        await deliverUntil(sender, async () => smtp.received.length >= count + 1 + subjects.length);
        // Sent one after another they would take 13 × 150 ms; the senders started again share them.
        expect(smtp.maxInFlight).toBeGreaterThanOrEqual(3);
      } finally {
        smtp.answerDelayMs = 0;
      }
    });

    it('queues nothing twice and sends nothing twice for one dedupe key', async () => {
      const count = smtp.received.length;
      await mailer.send(message({ subject: 'Deduped' }), { dedupeKey: 'restock:1' });
      await mailer.send(message({ subject: 'Deduped' }), { dedupeKey: 'restock:1' });
      await deliverUntil(sender, async () => (await latest('Deduped')).status === 'sent');
      await sender.deliverDue();
      expect(smtp.received.slice(count).map((m) => m.subject)).toEqual(['Deduped']);
    });
  });

  describe('a server that is down from the start', () => {
    it('keeps the message queued with the connection error', async () => {
      const port = await unusedPort();
      const t = await startTestApp(driver, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '60000', MAIL_POLL_INTERVAL_MS: '0' }, { demo: false });
      try {
        await t.app.get(Mailer).send(message({ subject: 'Nobody home' }));
        await t.app.get(MailSender).deliverDue();
        const admin = await signIn(t.server);
        const res = await request(t.server).get('/api/config/mail-outbox').set('Cookie', admin.cookie);
        expect(res.body.messages[0]).toMatchObject({ subject: 'Nobody home', status: 'queued', attempts: 1 });
        expect(res.body.messages[0].lastError).toMatch(/ECONNREFUSED/);
        expect(Date.parse(res.body.messages[0].nextAttemptAt) - Date.now()).toBeGreaterThan(30_000);
      } finally {
        await t.close();
      }
    }, 150_000);
  });
});
