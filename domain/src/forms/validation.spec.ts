import { formDefaults, parseFormDefinition, type FormDefinition } from './definition';
import { FORM_LIMITS, type FormField } from './fields';
import { answerText, EMAIL_INVALID_MESSAGE, FORM_FIELD_MESSAGES, formValuesFromControls, validateFormValues } from './validation';

const form = (fields: FormField[]): FormDefinition => ({ ...formDefaults('f1'), fields });

const contact = form([
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'email', type: 'email', title: 'Email', required: true },
  { id: 'message', type: 'textarea', title: 'Message', maxLength: 20 },
  { id: 'survey', type: 'likert', title: 'How did we do?', options: ['Fast', 'Friendly'], required: true },
  { id: 'topic', type: 'select', title: 'Topic', options: ['Orders', 'Classes'], required: true },
  { id: 'days', type: 'checkbox', title: 'Days', options: ['Mon', 'Tue'] },
  { id: 'intro', type: 'section', title: 'About you' },
  { id: 'source', type: 'hidden', title: '', value: 'contact' },
]);

describe('validateFormValues (SPEC 5 Forms)', () => {
  it('answers Required for every empty required field, and the survey message for a required likert', () => {
    const result = validateFormValues(contact, {});
    expect(result).toEqual({
      ok: false,
      errors: { name: 'Required', email: 'Required', survey: 'Survey is not valid. Missing a required question.', topic: 'Required' },
    });
  });

  it('words a bad email with the SPEC format message', () => {
    expect(EMAIL_INVALID_MESSAGE).toBe('Email is not valid. Email addresses should follow the format user@domain.com.');
    const r = validateFormValues(form([{ id: 'email', type: 'email', title: 'Email' }]), { email: 'not-an-email' });
    expect(r).toEqual({ ok: false, errors: { email: EMAIL_INVALID_MESSAGE } });
    // Empty and optional passes; SPEC 9 length 3 to 256.
    expect(validateFormValues(form([{ id: 'email', type: 'email', title: 'Email' }]), { email: '' }).ok).toBe(true);
    const long = `${'a'.repeat(250)}@ex.com`;
    expect(validateFormValues(form([{ id: 'email', type: 'email', title: 'Email' }]), { email: long }).ok).toBe(false);
  });

  it('refuses a textarea past its maxLength with the character-limit message, counting characters not UTF-16 units', () => {
    const f = form([{ id: 'm', type: 'textarea', title: 'M', maxLength: 3 }]);
    expect(validateFormValues(f, { m: 'abcd' })).toEqual({ ok: false, errors: { m: 'You have exceeded the character limit.' } });
    expect(validateFormValues(f, { m: '😀😀😀' }).ok).toBe(true);
    expect(validateFormValues(f, { m: '' }).ok).toBe(true);
  });

  it('has a size limit on every value', () => {
    const f = form([
      { id: 't', type: 'text', title: 'T' },
      { id: 'h', type: 'hidden', title: '' },
      { id: 'a', type: 'textarea', title: 'A' },
      { id: 'n', type: 'name', title: 'N' },
    ]);
    const r = validateFormValues(f, {
      t: 'x'.repeat(FORM_LIMITS.lineMax + 1),
      h: 'x'.repeat(FORM_LIMITS.hiddenValueMax + 1),
      a: 'x'.repeat(FORM_LIMITS.textareaMax + 1),
      n: { first: 'x'.repeat(FORM_LIMITS.lineMax + 1), last: '' },
    });
    expect(r).toEqual({ ok: false, errors: { t: FORM_FIELD_MESSAGES.TOO_LONG, h: FORM_FIELD_MESSAGES.TOO_LONG, a: FORM_FIELD_MESSAGES.TOO_LONG, n: FORM_FIELD_MESSAGES.TOO_LONG } });
  });

  it('accepts a complete answer, drops unknown keys and sections, and keeps option order', () => {
    const r = validateFormValues(contact, {
      name: { first: 'Ana', last: 'Ruiz' },
      email: 'ana@example.com',
      message: 'Hello',
      survey: { Friendly: 2, Fast: '-1' },
      topic: 'Classes',
      days: ['Tue', 'Mon'],
      intro: 'ignored',
      source: 'contact',
      extra: 'dropped',
    });
    expect(r).toEqual({
      ok: true,
      values: {
        name: { first: 'Ana', last: 'Ruiz' },
        email: 'ana@example.com',
        message: 'Hello',
        survey: { Fast: -1, Friendly: 2 },
        topic: 'Classes',
        days: ['Mon', 'Tue'],
        source: 'contact',
      },
    });
  });

  it('refuses answers that are not options, and values of the wrong shape', () => {
    const r = validateFormValues(contact, {
      name: 'Ana',
      email: ['a@b.co'],
      survey: { Fast: 3, Friendly: 0 },
      topic: '<script>',
      days: ['Sun'],
    });
    expect(r).toEqual({
      ok: false,
      errors: {
        name: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD,
        email: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD,
        survey: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD,
        topic: '<script> is not one of the choices of this question.',
        days: 'Sun is not one of the choices of this question.',
      },
    });
  });

  it('checks number, currency, date, time and website answers', () => {
    const f = form([
      { id: 'n', type: 'number', title: 'N' },
      { id: 'c', type: 'currency', title: 'C' },
      { id: 'd', type: 'date', title: 'D' },
      { id: 't', type: 'time', title: 'T' },
      { id: 'w', type: 'website', title: 'W' },
    ]);
    expect(validateFormValues(f, { n: '1e3', c: '12.50', d: '2024-02-29', t: '23:59', w: 'example.com/a' }).ok).toBe(true);
    expect(validateFormValues(f, { n: 'abc', c: '1.234', d: '2023-02-29', t: '24:00', w: 'not a site' })).toEqual({
      ok: false,
      errors: {
        n: FORM_FIELD_MESSAGES.NOT_A_NUMBER,
        c: FORM_FIELD_MESSAGES.NOT_AN_AMOUNT,
        d: FORM_FIELD_MESSAGES.NOT_A_DATE,
        t: FORM_FIELD_MESSAGES.NOT_A_TIME,
        w: FORM_FIELD_MESSAGES.NOT_A_WEBSITE,
      },
    });
  });

  it('requires the address parts and the phone number of required fields; the country code only when shown', () => {
    const f = form([
      { id: 'addr', type: 'address', title: 'Address', required: true },
      { id: 'tel', type: 'phone', title: 'Phone', required: true },
      { id: 'tel2', type: 'phone', title: 'Phone', showCountryCode: true },
    ]);
    const r = validateFormValues(f, { addr: { line1: '1 Main St', city: 'Hudson', zip: '12534' }, tel: { countryCode: '44', number: '' } });
    expect(r).toEqual({ ok: false, errors: { addr: 'Required', tel: 'Required' } });
    const ok = validateFormValues(f, {
      addr: { line1: '1 Main St', city: 'Hudson', zip: '12534', country: 'US' },
      tel: { countryCode: '44', number: '555 0100' },
      tel2: { countryCode: '44', number: '555 0100' },
    });
    expect(ok.ok && ok.values.tel).toEqual({ countryCode: '', number: '555 0100' });
    expect(ok.ok && ok.values.tel2).toEqual({ countryCode: '44', number: '555 0100' });
  });

  it('does not let a statement named __proto__ or constructor reach the prototype', () => {
    const f = form([{ id: 'q', type: 'likert', title: 'Q', options: ['__proto__', 'constructor'], required: true }]);
    expect(validateFormValues(f, JSON.parse('{"q":{"__proto__":1}}'))).toEqual({ ok: false, errors: { q: FORM_FIELD_MESSAGES.SURVEY_INCOMPLETE } });
    const r = validateFormValues(f, JSON.parse('{"q":{"__proto__":1,"constructor":2}}'));
    expect(r.ok).toBe(true);
    expect(r.ok && Object.getPrototypeOf(r.values.q)).toBe(Object.prototype);
    expect(r.ok && JSON.stringify(r.values.q)).toBe('{"__proto__":1,"constructor":2}');
  });

  it('a non-object answers every required field', () => {
    expect(validateFormValues(contact, 'nope')).toEqual(validateFormValues(contact, {}));
  });
});

describe('formValuesFromControls (what the island builds)', () => {
  it('reads the controls the templates render', () => {
    const controls: Record<string, string[]> = {
      'name-first': ['Ana'], 'name-last': ['Ruiz'], email: ['ana@example.com'], message: [''],
      'survey-0': ['2'], 'survey-1': [], topic: ['Orders'], days: ['Mon', 'Tue'], source: ['contact'],
    };
    const values = formValuesFromControls(contact, (n) => controls[n] ?? []);
    expect(values).toEqual({
      name: { first: 'Ana', last: 'Ruiz' }, email: 'ana@example.com', message: '', survey: { Fast: 2 },
      topic: 'Orders', days: ['Mon', 'Tue'], source: 'contact',
    });
    expect(validateFormValues(contact, values)).toEqual({ ok: false, errors: { survey: FORM_FIELD_MESSAGES.SURVEY_INCOMPLETE } });
  });
});

describe('answerText', () => {
  it('writes each value shape as one line', () => {
    expect(answerText({ id: 'n', type: 'name', title: 'N' }, { first: 'Ana', last: 'Ruiz' })).toBe('Ana Ruiz');
    expect(answerText({ id: 'p', type: 'phone', title: 'P' }, { countryCode: '44', number: '1' })).toBe('+44 1');
    expect(answerText({ id: 'c', type: 'checkbox', title: 'C', options: ['a', 'b'] }, ['a', 'b'])).toBe('a, b');
    expect(answerText({ id: 'l', type: 'likert', title: 'L', options: ['x'] }, { x: -2 })).toBe('x: -2');
  });
});

describe('parseFormDefinition', () => {
  it('fills defaults and keeps only each type\'s builder properties', () => {
    const r = parseFormDefinition('contact', {
      name: 'Contact',
      fields: [
        { id: 'msg', type: 'textarea', title: 'Message', maxLength: 500, options: ['x'], showCountryCode: true },
        { id: 'tel', type: 'phone', title: 'Phone', showCountryCode: true, placeholder: 'not for phones' },
        { id: 'src', type: 'hidden', key: 'source', value: 'web' },
      ],
    });
    expect(r.ok && r.value.fields).toEqual([
      { id: 'msg', type: 'textarea', title: 'Message', required: false, maxLength: 500 },
      { id: 'tel', type: 'phone', title: 'Phone', required: false, showCountryCode: true },
      { id: 'src', type: 'hidden', title: '', key: 'source', value: 'web' },
    ]);
    expect(r.ok && r.value.captchaMethod).toBe('none');
  });

  it.each([
    [{ fields: [{ id: 'a-b', type: 'text', title: 'A' }] }, 'fields[0].id'],
    [{ fields: [{ id: 'a', type: 'rating', title: 'A' }] }, 'fields[0].type'],
    [{ fields: [{ id: 'a', type: 'select', title: 'A', options: [] }] }, 'fields[0].options'],
    [{ fields: [{ id: 'a', type: 'select', title: 'A', options: ['x', 'x'] }] }, 'fields[0].options'],
    [{ fields: [{ id: 'a', type: 'textarea', title: 'A', maxLength: 0 }] }, 'fields[0].maxLength'],
    [{ fields: [{ id: 'a', type: 'text', title: 'A' }, { id: 'a', type: 'email', title: 'B' }] }, 'fields'],
    [{ successRedirect: 'javascript:alert(1)' }, 'successRedirect'],
    [{ captchaMethod: 'hcaptcha' }, 'captchaMethod'],
    [{ storage: { notificationEmails: ['nope'] } }, 'storage.notificationEmails'],
    [{ kind: 'newsletter', fields: [{ id: 'n', type: 'text', title: 'Name' }] }, 'fields'],
    [{ name: 'x'.repeat(201) }, 'name'],
  ])('refuses %j (%s)', (body, field) => {
    const r = parseFormDefinition('f', body);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('INVALID_FORM_DEFINITION');
    expect(!r.ok && r.error.details).toEqual({ field });
  });

  it('refuses a bad form id', () => {
    expect(parseFormDefinition('../x', {}).ok).toBe(false);
  });
});
