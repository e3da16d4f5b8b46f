import { EMAIL_INVALID_MESSAGE, FORM_ERROR_MESSAGES, FORM_FIELD_MESSAGES } from '@storefront/domain';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { cookieFrom, signIn, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { FORM_VISITOR_COOKIE } from './form-visitors';

// The altcha widget's solver, as the browser runs it (CommonJS build; see bot-check/altcha-lib.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const altcha = require('altcha-lib') as { solveChallenge(o: { challenge: unknown; deriveKey: unknown }): Promise<unknown> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { deriveKey } = require('altcha-lib/algorithms/sha') as { deriveKey: unknown };

/** What the altcha widget submits for a challenge of GET /api/bot-check/altcha/challenge. */
async function solveAltcha(server: Parameters<typeof request>[0]): Promise<string> {
  const challenge = (await request(server).get('/api/bot-check/altcha/challenge').expect(200)).body as unknown;
  const solution = await altcha.solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const CONTACT = {
  id: 'contact',
  name: 'Contact us',
  successRedirect: '/thanks',
  parsedSubmissionMessage: '<p>Thanks!</p><script>alert(1)</script>',
  storage: { notificationEmails: ['owner@example.com'] },
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'message', type: 'textarea', title: 'Message', maxLength: 20 },
    { id: 'survey', type: 'likert', title: 'How did we do?', options: ['Speed', 'Care'], required: true },
  ],
};
const VALID = { name: { first: 'Ana', last: 'Ruiz' }, email: 'ana@example.com', message: '=SUM(A1:A2)', survey: { Speed: 2, Care: -1 } };

type Visitor = { cookie: string };

describeOnHttpDriver('forms over HTTP (issue 14)', (driver) => {
  let t: TestApp;
  let owner: OwnerSession;
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const ownerCall = (method: 'get' | 'post' | 'put' | 'delete', url: string) =>
    request(t.server)[method](url).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf);
  // Not the notification follower's FormNotificationSent: it records earlier tests' submissions' mail whenever it gets to them.
  const eventCount = async () => Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE event_type <> 'FormNotificationSent'`)).rows[0]!.n);

  /** A new visitor: a key request issues the visitor cookie. */
  async function newVisitor(): Promise<Visitor & { key: string }> {
    const res = await request(t.server).post('/api/form/FormSubmissionKey').expect(200);
    const cookie = cookieFrom(res, FORM_VISITOR_COOKIE);
    expect(cookie).toBeDefined();
    return { cookie: cookie!, key: res.body.key as string };
  }
  async function keyFor(visitor: Visitor): Promise<string> {
    const res = await request(t.server).post('/api/form/FormSubmissionKey').set('Cookie', visitor.cookie).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    return res.body.key as string;
  }
  const save = (visitor: Visitor, body: Record<string, unknown>) => request(t.server).post('/api/form/SaveFormSubmission').set('Cookie', visitor.cookie).send(body);

  beforeAll(async () => {
    t = await startTestApp(driver, {
      FORM_VISITOR_RATE_LIMIT_BURST: '4',
      FORM_VISITOR_RATE_LIMIT_PER_SECOND: '0.001',
      FORM_RATE_LIMIT_BURST: '6',
      FORM_RATE_LIMIT_PER_SECOND: '0.001',
    });
    owner = await signIn(t.server);
    await ownerCall('post', '/api/config/forms').send(CONTACT).expect(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('owner routes', () => {
    it('creates a form (201 with its version), reads it with an ETag, and refuses a save on a stale version', async () => {
      const created = await ownerCall('post', '/api/config/forms').send({ name: 'Survey', fields: [{ id: 'q', type: 'text', title: 'Question' }] }).expect(201);
      const id = created.body.form.id as string;
      expect(created.body.version).toBe(1);
      expect(created.body.form).toMatchObject({ id, name: 'Survey', kind: 'form', captchaMethod: 'none', submitButtonText: 'Submit' });
      const read = await ownerCall('get', `/api/config/forms/${id}`).expect(200);
      expect(read.headers.etag).toBe('"1"');
      await ownerCall('put', `/api/config/forms/${id}`).set('If-Match', '"1"').send({ ...read.body.form, name: 'Survey 2' }).expect(200);
      const stale = await ownerCall('put', `/api/config/forms/${id}`).set('If-Match', '"1"').send({ ...read.body.form, name: 'Survey 3' }).expect(409);
      expect(stale.body).toMatchObject({ error: 'EDIT_CONFLICT', currentVersion: 2 });
      expect((await ownerCall('get', `/api/config/forms/${id}`).expect(200)).body.form.name).toBe('Survey 2');
    });

    it('sanitizes the owner HTML and refuses a bad definition with nothing written', async () => {
      const read = await ownerCall('get', '/api/config/forms/contact').expect(200);
      expect(read.body.form.parsedSubmissionMessage).toBe('<p>Thanks!</p>');
      const before = await eventCount();
      const bad = await ownerCall('put', '/api/config/forms/contact').send({ ...CONTACT, successRedirect: 'javascript:alert(1)' }).expect(400);
      expect(bad.body).toMatchObject({ error: 'INVALID_FORM_DEFINITION', field: 'successRedirect' });
      await ownerCall('post', '/api/config/forms').send({ id: 'contact', name: 'Again' }).expect(409);
      expect(await eventCount()).toBe(before);
    });

    it('needs forms.manage', async () => {
      await request(t.server).get('/api/config/forms').expect(401);
      await ownerCall('get', '/api/config/forms/nope').expect(404);
    });
  });

  describe('validate (SPEC 7)', () => {
    const validate = (formId: string, body: unknown) => request(t.server).post(`/api/rest/forms/validate/${formId}`).send(body as object);

    it('answers 200 {} for valid values and 400 with errors by field id in the SPEC words', async () => {
      expect((await validate('contact', VALID).expect(200)).body).toEqual({});
      const empty = await validate('contact', {}).expect(400);
      expect(empty.body).toMatchObject({
        error: 'FORM_INVALID',
        message: 'One or more fields is invalid, please check your entries.',
        errors: { name: 'Required', email: 'Required', survey: 'Survey is not valid. Missing a required question.' },
      });
      const bad = await validate('contact', { ...VALID, email: 'ana@', message: 'x'.repeat(21), survey: { Speed: 1 } }).expect(400);
      expect(bad.body.errors).toEqual({ email: EMAIL_INVALID_MESSAGE, message: 'You have exceeded the character limit.', survey: FORM_FIELD_MESSAGES.SURVEY_INCOMPLETE });
    });

    it('answers 404 for a form that does not exist', async () => {
      const res = await validate('no-such-form', {}).expect(404);
      expect(res.body).toMatchObject({ error: 'FORM_NOT_CONFIGURED', message: 'This form has not been configured yet.' });
    });

    it("checks the owner's change from the very next call (the visitors' cached definition follows a save at once)", async () => {
      const created = await ownerCall('post', '/api/config/forms').send({ id: 'evolving', name: 'Evolving', fields: [{ id: 'q', type: 'text', title: 'Question' }] }).expect(201);
      expect((await validate('evolving', {}).expect(200)).body).toEqual({});
      await ownerCall('put', '/api/config/forms/evolving').set('If-Match', '"1"').send({ ...created.body.form, fields: [{ id: 'q', type: 'text', title: 'Question', required: true }] }).expect(200);
      expect((await validate('evolving', {}).expect(400)).body.errors).toEqual({ q: 'Required' });
    });
  });

  describe('submission (SPEC 7, 8)', () => {
    it('records a valid submission as FormSubmitted and answers the redirect and the message', async () => {
      const visitor = await newVisitor();
      const res = await save(visitor, { key: visitor.key, formId: 'contact', form: JSON.stringify(VALID), pagePath: '/contact', pageTitle: 'Contact', contentSource: 'c' }).expect(200);
      expect(res.body).toEqual({ success: true, submissionMessage: '<p>Thanks!</p>', successRedirect: '/thanks' });
      const { rows } = await t.db.query<{ data: { values: unknown; page: unknown } }>(`SELECT data FROM events WHERE event_type = 'FormSubmitted' AND stream_id = $1`, [`form-submission-${visitor.key.split('.')[0]}`]);
      expect(rows[0]!.data.values).toEqual(VALID);
      expect(rows[0]!.data.page).toEqual({ pagePath: '/contact', pageTitle: 'Contact', contentSource: 'c' });
    });

    it('refuses a used key (401) and a key issued to another visitor (401)', async () => {
      const visitor = await newVisitor();
      await save(visitor, { key: visitor.key, formId: 'contact', form: JSON.stringify(VALID) }).expect(200);
      const again = await save(visitor, { key: visitor.key, formId: 'contact', form: JSON.stringify(VALID) }).expect(401);
      expect(again.body).toMatchObject({ error: 'FORM_KEY_INVALID', message: 'Unable to submit form. Please try again later.' });
      const other = await newVisitor();
      const key = await keyFor(visitor);
      await save(other, { key, formId: 'contact', form: JSON.stringify(VALID) }).expect(401);
      await save(visitor, { key: `${key.slice(0, -2)}AA`, formId: 'contact', form: JSON.stringify(VALID) }).expect(401);
      await request(t.server).post('/api/form/SaveFormSubmission').send({ key, formId: 'contact', form: JSON.stringify(VALID) }).expect(401);
    });

    it('answers 400 with the errors and writes nothing for invalid values, and keeps the key usable', async () => {
      const visitor = await newVisitor();
      const before = await eventCount();
      const res = await save(visitor, { key: visitor.key, formId: 'contact', form: JSON.stringify({ ...VALID, email: 'nope', message: 'y'.repeat(30) }) }).expect(400);
      expect(res.body).toMatchObject({ error: 'FORM_INVALID', errors: { email: EMAIL_INVALID_MESSAGE, message: FORM_FIELD_MESSAGES.TOO_LONG } });
      const unparsable = await save(visitor, { key: visitor.key, formId: 'contact', form: '{not json' }).expect(400);
      expect(unparsable.body).toMatchObject({ error: 'FORM_FIELDS_UNPARSABLE', message: 'Could not parse the form fields, please check your entries.' });
      expect(await eventCount()).toBe(before);
      await save(visitor, { key: visitor.key, formId: 'contact', form: JSON.stringify(VALID) }).expect(200);
    });

    // The form's values come as JSON text inside the body's `form` string, so the body parser's
    // checks (NUL, half of a surrogate pair: text PostgreSQL's jsonb cannot hold) do not see them.
    it.each([
      ['a NUL character', '{"note":"a\\u0000b"}'],
      ['half of a surrogate pair', '{"note":"a\\ud800b"}'],
      ['half of a surrogate pair in a field id', '{"note\\udfff":"x","note":"y"}'],
    ])('answers 400 FORM_FIELDS_UNPARSABLE for values holding %s, writes nothing, and keeps the key usable', async (what, form) => {
      // A form of its own: the per-form rate limit is not shared with the other cases.
      const created = await ownerCall('post', '/api/config/forms').send({ name: `Plain, ${what}`, fields: [{ id: 'note', type: 'text', title: 'Note' }] }).expect(201);
      const formId = created.body.form.id as string;
      const visitor = await newVisitor();
      const before = await eventCount();
      const res = await save(visitor, { key: visitor.key, formId, form }).expect(400);
      expect(res.body).toMatchObject({ error: 'FORM_FIELDS_UNPARSABLE', message: FORM_ERROR_MESSAGES.FORM_FIELDS_UNPARSABLE });
      expect(await eventCount()).toBe(before);
      await save(visitor, { key: visitor.key, formId, form: '{"note":"a\u{1F600}b"}' }).expect(200);
    });

    it('answers 404 for a form that does not exist', async () => {
      const visitor = await newVisitor();
      const res = await save(visitor, { key: visitor.key, formId: 'missing', form: '{}' }).expect(404);
      expect(res.body.message).toBe(FORM_ERROR_MESSAGES.FORM_NOT_CONFIGURED);
    });

    it('answers post-submit HTML when the form has it', async () => {
      await ownerCall('post', '/api/config/forms').send({ id: 'html-after', name: 'Html after', submissionHTML: '<h2>Done</h2><p>See you soon.</p>', fields: [{ id: 'note', type: 'text', title: 'Note' }] }).expect(201);
      const visitor = await newVisitor();
      const res = await save(visitor, { key: visitor.key, formId: 'html-after', form: JSON.stringify({ note: 'hi' }) }).expect(200);
      expect(res.body).toEqual({ success: true, submissionHtml: '<h2>Done</h2><p>See you soon.</p>', submissionMessage: '<p>Thank you!</p>' });
    });

    it('blocks a captcha form without a solution and with a wrong one, and takes a solved one once', async () => {
      await ownerCall('post', '/api/config/forms').send({ id: 'guarded', name: 'Guarded', captchaMethod: 'altcha', fields: [{ id: 'note', type: 'text', title: 'Note' }] }).expect(201);
      const visitor = await newVisitor();
      const none = await save(visitor, { key: visitor.key, formId: 'guarded', form: '{"note":"x"}' }).expect(400);
      expect(none.body).toMatchObject({ error: 'CAPTCHA_REQUIRED', message: 'Complete CAPTCHA before submitting.' });
      const wrong = await save(visitor, { key: visitor.key, formId: 'guarded', form: '{"note":"x"}', captchaKey: 'not-a-solution' }).expect(400);
      expect(wrong.body).toMatchObject({ error: 'CAPTCHA_REQUIRED', message: 'Complete CAPTCHA before submitting.' });
      const solved = await solveAltcha(t.server);
      await save(visitor, { key: visitor.key, formId: 'guarded', form: '{"note":"x"}', captchaKey: solved }).expect(200);
      const again = await newVisitor();
      await save(again, { key: again.key, formId: 'guarded', form: '{"note":"x"}', captchaKey: solved }).expect(400);
    });

    it('limits each visitor (429) and each form (429) with the SPEC message', async () => {
      await ownerCall('post', '/api/config/forms').send({ ...CONTACT, id: 'limited' }).expect(201);
      const visitor = await newVisitor();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await save(visitor, { key: await keyFor(visitor), formId: 'limited', form: JSON.stringify(VALID) });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body).toMatchObject({ error: 'FORM_RATE_LIMITED', message: 'Unable to submit form. Submission rate limit exceeded. Please try again later.' });
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);

      await ownerCall('post', '/api/config/forms').send({ id: 'busy', name: 'Busy', fields: [{ id: 'note', type: 'text', title: 'Note' }] }).expect(201);
      const perForm: number[] = [];
      for (let i = 0; i < 8; i++) {
        const v = await newVisitor();
        perForm.push((await save(v, { key: v.key, formId: 'busy', form: '{"note":"x"}' })).status);
      }
      expect(perForm).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    });

    it('lets one key through once when the same submission races itself', async () => {
      await ownerCall('post', '/api/config/forms').send({ ...CONTACT, id: 'raced' }).expect(201);
      const visitor = await newVisitor();
      const body = { key: visitor.key, formId: 'raced', form: JSON.stringify(VALID) };
      const statuses = (await Promise.all([save(visitor, body), save(visitor, body), save(visitor, body)])).map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
    });
  });

  describe('published pages', () => {
    it('renders the demo contact form server-side with its definition beside it, and shows the SPEC Form in ?format=json', async () => {
      const html = (await request(t.server).get('/contact').expect(200)).text;
      expect(html).toContain('data-island="form" data-form="contact-form"');
      expect(html).toContain('<script type="application/json" data-form-definition="contact-form">');
      for (const name of ['name-first', 'name-last', 'email', 'phone-countryCode', 'phone-number', 'topic', 'order_number', 'contact_by', 'interests', 'visit_date', 'visit_time', 'address-line1', 'address-zip', 'budget', 'website', 'survey-0', 'survey-1', 'message', 'source']) {
        expect(html).toContain(`name="${name}"`);
      }
      expect(html).toContain('<p class="form-field__counter" id="field-message-counter" data-counter-max="1000">0 / 1000</p>');
      expect(html).toContain('Strongly Disagree');
      expect(html).not.toContain('studio@clayandco.shop');
      const json = (await request(t.server).get('/contact?format=json').expect(200)).body;
      const block = json.collection.layout.blocks.find((b: { typeName: string }) => b.typeName === 'form');
      expect(block.value.form).toMatchObject({ id: 'contact-form', name: 'Write to the studio', captchaEnabled: false, captchaMethod: 'none', successRedirect: '' });
      expect(Object.keys(block.value.form).sort()).toEqual([
        'captchaAlignment', 'captchaEnabled', 'captchaMethod', 'captchaTheme', 'fields', 'id', 'kind', 'name', 'parsedDisclaimerMessage',
        'parsedSubmissionMessage', 'submissionHTML', 'submitButtonText', 'successRedirect',
      ]);
      const home = (await request(t.server).get('/').expect(200)).text;
      expect(home).toContain('data-island="newsletter" data-block-id="home-newsletter" data-form="newsletter"');
    });

    it('takes a submission of the demo contact form as the page sends it', async () => {
      const visitor = await newVisitor();
      const values = {
        name: { first: 'Ana', last: 'Ruiz' }, email: 'ana@example.com', phone: { countryCode: '1', number: '555 0100' }, topic: 'Wholesale',
        order_number: '', contact_by: 'Email', interests: ['Classes'], visit_date: '2026-12-05', visit_time: '11:30',
        address: { line1: '1 Main St', line2: '', city: 'Hudson', state: 'NY', zip: '12534', country: 'US' }, budget: '250.00',
        website: 'example.com', survey: { 'The staff were helpful': 2 }, message: '<b>Hello</b>', source: 'contact-page',
      };
      await request(t.server).post('/api/rest/forms/validate/contact-form').set('Cookie', visitor.cookie).send(values).expect(200);
      const res = await save(visitor, { key: visitor.key, formId: 'contact-form', form: JSON.stringify(values), pagePath: '/contact' }).expect(200);
      expect(res.body.submissionMessage).toBe('<p>Thank you! We read every message and answer within two working days.</p>');
    });
  });

  describe('read models', () => {
    it('lists submissions (paged, newest first), exports CSV with formulas neutralised, deletes by appending an event', async () => {
      await catchUp();
      const list = await ownerCall('get', '/api/config/forms/contact/submissions?page=1').expect(200);
      expect(list.body.total).toBeGreaterThanOrEqual(3);
      const first = list.body.submissions[0];
      expect(first.answers).toEqual([
        { fieldId: 'name', title: 'Name', text: 'Ana Ruiz' },
        { fieldId: 'email', title: 'Email', text: 'ana@example.com' },
        { fieldId: 'message', title: 'Message', text: '=SUM(A1:A2)' },
        { fieldId: 'survey', title: 'How did we do?', text: 'Speed: 2; Care: -1' },
      ]);
      await ownerCall('get', '/api/config/forms/contact/submissions?page=0').expect(400);
      const csv = await ownerCall('get', '/api/config/forms/contact/submissions.csv').expect(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.text.split('\r\n')[0]).toBe('"Submitted at","Name","Email","Message","How did we do?"');
      expect(csv.text).toContain(`"'=SUM(A1:A2)"`);
      expect(csv.text).not.toMatch(/(^|,)"=/m);

      const before = await eventCount();
      await ownerCall('delete', `/api/config/forms/contact/submissions/${first.id}`).expect(200);
      expect(await eventCount()).toBe(before + 1);
      await ownerCall('delete', `/api/config/forms/other/submissions/${first.id}`).expect(404);
      await catchUp();
      const after = await ownerCall('get', '/api/config/forms/contact/submissions').expect(200);
      expect(after.body.total).toBe(list.body.total - 1);
      expect(after.body.submissions.map((s: { id: string }) => s.id)).not.toContain(first.id);
      const forms = await ownerCall('get', '/api/config/forms').expect(200);
      expect(forms.body.forms.find((f: { id: string }) => f.id === 'contact')).toMatchObject({ name: 'Contact us', submissions: list.body.total - 1 });
    });

    it('keeps one mailing-list row per email however often it signs up', async () => {
      await ownerCall('post', '/api/config/forms').send({
        id: 'news', name: 'Newsletter', kind: 'newsletter',
        fields: [{ id: 'email', type: 'email', title: 'Email', required: true }, { id: 'name', type: 'name', title: 'Name' }],
      }).expect(201);
      for (const email of ['Reader@Example.com', 'reader@example.com', 'other@example.com']) {
        const v = await newVisitor();
        await save(v, { key: v.key, formId: 'news', form: JSON.stringify({ email, name: { first: 'Re', last: 'Ader' } }) }).expect(200);
      }
      await catchUp();
      const list = await ownerCall('get', '/api/config/mailing-list').expect(200);
      expect(list.body.total).toBe(2);
      expect(list.body.entries.map((e: { email: string }) => e.email).sort()).toEqual(['other@example.com', 'reader@example.com']);
    });
  });
});
