import { formDefaults, parseFormDefinition, type FormDefinition } from './definition';
import { decideForm, decideFormSubmission, formSubmissionDecider } from './decide';
import { parseSaveFormSubmission } from './submission-request';
import { initialFormState, initialFormSubmissionState } from './state';

const now = '2026-11-25T02:00:00.000Z';
const contact: FormDefinition = {
  ...formDefaults('contact'),
  name: 'Contact',
  fields: [
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'message', type: 'textarea', title: 'Message', maxLength: 10 },
  ],
};
const newsletter: FormDefinition = (() => {
  const r = parseFormDefinition('news', { kind: 'newsletter', fields: [{ id: 'email', type: 'email', title: 'Email', required: true }, { id: 'name', type: 'name', title: 'Name' }] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

describe('form definitions', () => {
  it('creates once, changes only an existing form, and a change that changes nothing appends nothing', () => {
    const created = decideForm({ type: 'CreateForm', data: { definition: contact, now } }, initialFormState());
    expect(created).toEqual({ ok: true, events: [{ type: 'FormCreated', data: { formId: 'contact', definition: contact, at: now } }] });
    expect(decideForm({ type: 'CreateForm', data: { definition: contact, now } }, { definition: contact })).toMatchObject({ ok: false, error: { code: 'FORM_ALREADY_EXISTS' } });
    expect(decideForm({ type: 'ChangeForm', data: { definition: contact, now } }, initialFormState())).toMatchObject({
      ok: false,
      error: { code: 'FORM_NOT_CONFIGURED', message: 'This form has not been configured yet.' },
    });
    expect(decideForm({ type: 'ChangeForm', data: { definition: contact, now } }, { definition: contact })).toEqual({ ok: true, events: [] });
    const renamed = { ...contact, name: 'Say hello' };
    expect(decideForm({ type: 'ChangeForm', data: { definition: renamed, now } }, { definition: contact })).toMatchObject({ ok: true, events: [{ type: 'FormChanged' }] });
  });
});

describe('submissions', () => {
  const submit = (form: FormDefinition, values: unknown) =>
    decideFormSubmission({ type: 'SubmitForm', data: { submissionId: 's1', form, formVersion: 1, values, page: { pagePath: '/contact' }, visitorId: 'v1', now } }, initialFormSubmissionState());

  it('records valid answers as FormSubmitted', () => {
    expect(submit(contact, { email: 'a@b.co', message: 'hi', other: 'x' })).toEqual({
      ok: true,
      events: [{ type: 'FormSubmitted', data: { submissionId: 's1', formId: 'contact', kind: 'form', formVersion: 1, values: { email: 'a@b.co', message: 'hi' }, page: { pagePath: '/contact' }, visitorId: 'v1', at: now } }],
    });
  });

  it('refuses invalid answers with the SPEC message and the errors by field id', () => {
    expect(submit(contact, { email: 'nope', message: 'x'.repeat(11) })).toEqual({
      ok: false,
      error: {
        code: 'FORM_INVALID',
        message: 'One or more fields is invalid, please check your entries.',
        details: { errors: { email: 'Email is not valid. Email addresses should follow the format user@domain.com.', message: 'You have exceeded the character limit.' } },
      },
    });
  });

  it('signs a newsletter submission up with its lowercased email and name', () => {
    const r = submit(newsletter, { email: 'Ana@Example.com', name: { first: 'Ana', last: 'Ruiz' } });
    expect(r.ok && r.events.map((e) => e.type)).toEqual(['FormSubmitted', 'NewsletterSignedUp']);
    expect(r.ok && r.events[1]!.data).toEqual({ submissionId: 's1', formId: 'news', email: 'ana@example.com', name: 'Ana Ruiz', at: now });
  });

  it('deletes a submission by appending an event, once', () => {
    const r = submit(contact, { email: 'a@b.co' });
    if (!r.ok) throw new Error('expected ok');
    const state = r.events.reduce(formSubmissionDecider.evolve, initialFormSubmissionState());
    const del = decideFormSubmission({ type: 'DeleteFormSubmission', data: { submissionId: 's1', formId: 'contact', now } }, state);
    expect(del).toEqual({ ok: true, events: [{ type: 'FormSubmissionDeleted', data: { submissionId: 's1', formId: 'contact', at: now } }] });
    const after = formSubmissionDecider.evolve(state, del.ok ? del.events[0]! : (undefined as never));
    expect(decideFormSubmission({ type: 'DeleteFormSubmission', data: { submissionId: 's1', formId: 'contact', now } }, after)).toEqual({ ok: true, events: [] });
    expect(decideFormSubmission({ type: 'DeleteFormSubmission', data: { submissionId: 's1', formId: 'other', now } }, after)).toMatchObject({ ok: false, error: { code: 'FORM_SUBMISSION_NOT_FOUND' } });
    expect(decideFormSubmission({ type: 'DeleteFormSubmission', data: { submissionId: 's2', formId: 'contact', now } }, initialFormSubmissionState())).toMatchObject({ ok: false });
  });
});

describe('parseSaveFormSubmission', () => {
  it('reads the SPEC payload and refuses a form string that is not a JSON object', () => {
    expect(parseSaveFormSubmission({ key: 'k', formId: 'f', form: '{"a":"b"}', captchaKey: 'c', pageTitle: 'T', contentSource: 'i', pagePermissionTypeValue: '1' })).toEqual({
      ok: true,
      value: { key: 'k', formId: 'f', values: { a: 'b' }, captchaKey: 'c', page: { pageTitle: 'T', contentSource: 'i', pagePermissionTypeValue: 1 } },
    });
    // The last three: text PostgreSQL cannot store (a NUL character, half of a surrogate pair), escaped in the JSON.
    for (const form of ['{', '[1]', '"x"', 'null', 5, '{"a":"\\u0000"}', '{"a":["\\ud800"]}', '{"\\udc00":"b"}']) {
      expect(parseSaveFormSubmission({ key: 'k', formId: 'f', form })).toMatchObject({ ok: false, error: { code: 'FORM_FIELDS_UNPARSABLE', message: 'Could not parse the form fields, please check your entries.' } });
    }
    expect(parseSaveFormSubmission({ key: 'k', formId: 'f', form: '{}', contentSource: 'x' })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(parseSaveFormSubmission({ formId: 'f', form: '{}' })).toMatchObject({ ok: false, error: { details: { field: 'key' } } });
  });
});

describe('owner notifications', () => {
  it('records the mail once; nothing for a submission that does not exist', () => {
    const r = decideFormSubmission({ type: 'SubmitForm', data: { submissionId: 's1', form: contact, formVersion: 1, values: { email: 'a@b.co' }, page: {}, visitorId: 'v', now } }, initialFormSubmissionState());
    if (!r.ok) throw new Error('expected ok');
    const submitted = r.events.reduce(formSubmissionDecider.evolve, initialFormSubmissionState());
    const record = (state: typeof submitted) => decideFormSubmission({ type: 'RecordFormNotificationSent', data: { submissionId: 's1', to: ['o@x.co'], now } }, state);
    const sent = record(submitted);
    expect(sent).toMatchObject({ ok: true, events: [{ type: 'FormNotificationSent', data: { to: ['o@x.co'] } }] });
    const done = formSubmissionDecider.evolve(submitted, sent.ok ? sent.events[0]! : (undefined as never));
    expect(record(done)).toEqual({ ok: true, events: [] });
    expect(record(initialFormSubmissionState())).toEqual({ ok: true, events: [] });
  });
});
