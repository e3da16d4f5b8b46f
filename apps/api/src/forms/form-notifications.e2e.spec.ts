import { describeOnHttpDriver, eventually } from '@storefront/eventstore/testing';
import request from 'supertest';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { cookieFrom, signIn, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { FormNotifications } from './form-notifications';
import { FORM_VISITOR_COOKIE } from './form-visitors';

const FORM = {
  id: 'enquiry',
  name: 'Enquiry <b>form</b>',
  storage: { notificationEmails: ['owner@example.com', 'studio@example.com'], emailSubject: 'New enquiry' },
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'message', type: 'textarea', title: 'Message <i>', required: true },
  ],
};

describeOnHttpDriver('owner notification email per submission (issue 14)', (driver) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let owner: OwnerSession;

  async function submit(formId: string, values: unknown): Promise<string> {
    const keyRes = await request(t.server).post('/api/form/FormSubmissionKey').expect(200);
    const cookie = cookieFrom(keyRes, FORM_VISITOR_COOKIE)!;
    await request(t.server).post('/api/form/SaveFormSubmission').set('Cookie', cookie)
      .send({ key: keyRes.body.key, formId, form: JSON.stringify(values), pagePath: '/contact' }).expect(200);
    return (keyRes.body.key as string).split('.')[0]!;
  }
  const sentEvents = async (submissionId: string) =>
    Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream_id = $1 AND event_type = 'FormNotificationSent'`, [`form-submission-${submissionId}`])).rows[0]!.n);
  /** The worker records FormNotificationSent by itself once the mail is queued. */
  const recordedSent = (submissionId: string) =>
    eventually(async () => (await sentEvents(submissionId)) === 1, { timeoutMs: 30_000, message: `FormNotificationSent for ${submissionId}` });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(driver, { SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.com>', MAIL_RETRY_BASE_MS: '50' }, { demo: false });
    owner = await signIn(t.server);
    const create = (body: object) => request(t.server).post('/api/config/forms').set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf).send(body).expect(201);
    await create(FORM);
    await create({ id: 'quiet', name: 'Quiet', fields: [{ id: 'note', type: 'text', title: 'Note' }] });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('mails the owners each answer, escaped in the HTML part, with the visitor as reply-to', async () => {
    const count = smtp.received.length;
    const submissionId = await submit('enquiry', {
      name: { first: 'Ana', last: '<script>alert(1)</script>' }, email: 'ana@example.com', message: 'Hello & <img src=x onerror=alert(1)>\nSecond line',
    });
    const [mail] = (await smtp.waitForMessages(count + 1, 30_000)).slice(count);
    expect(mail).toMatchObject({ to: ['owner@example.com', 'studio@example.com'], subject: 'New enquiry', replyTo: 'ana@example.com' });
    expect(mail!.text).toContain('Name: Ana <script>alert(1)</script>');
    expect(mail!.text).toContain('Message <i>: Hello & <img src=x onerror=alert(1)>');
    expect(mail!.text).toContain('Sent from /contact');
    expect(mail!.html).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.html).toContain('Hello &amp; &lt;img src=x onerror=alert(1)&gt;<br>Second line');
    expect(mail!.html).toContain('<h1>Enquiry &lt;b&gt;form&lt;/b&gt;</h1>');
    expect(mail!.html).not.toMatch(/<script|<img|<i>/);
    await recordedSent(submissionId);
  });

  it('never mails twice for one submission, even when the worker goes over the log again', async () => {
    const count = smtp.received.length;
    const submissionId = await submit('enquiry', { name: { first: 'Tom', last: 'B' }, email: 'tom@example.com', message: 'Once' });
    await smtp.waitForMessages(count + 1, 30_000);
    await recordedSent(submissionId);
    // From the start of the log again, as after a lost checkpoint.
    await t.db.query(`UPDATE checkpoints SET transaction_id = '0', global_position = 0 WHERE name = 'form-notifications'`);
    const worker = t.app.get(FormNotifications);
    while (await worker.once()) { /* every batch */ }
    await worker.once();
    const { rows } = await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE 'form-notification:%'`);
    expect(Number(rows[0]!.n)).toBe(2);
    expect(smtp.received.length).toBe(count + 1);
    expect(await sentEvents(submissionId)).toBe(1);
  });

  it('sends nothing for a form without notification addresses', async () => {
    const before = Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox`)).rows[0]!.n);
    const submissionId = await submit('quiet', { note: 'hi' });
    const later = await submit('enquiry', { name: { first: 'A', last: 'B' }, email: 'a@example.com', message: 'after' });
    // The later submission's mail shows the worker went past the quiet one.
    await recordedSent(later);
    expect(await sentEvents(submissionId)).toBe(0);
    expect(Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox`)).rows[0]!.n)).toBe(before + 1);
  });
});
