/** @jest-environment ./web/test/dom-environment.cjs */
import { FORM_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { EMAIL_INVALID_MESSAGE, FORM_FIELD_MESSAGES } from '@storefront/domain/forms/validation';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { SubmitOutcome, SubmitRequest } from './form-calls';
import { FormIsland, readFormDefinition, valuesFromMarkup, type IslandForm } from './form-island';
import { formIslandReducer, initialFormIslandState, problemOf, submissionAnswerOf } from './form-state';
import { FORM_STRINGS } from './form-strings';

const contact: IslandForm = {
  id: 'contact',
  name: 'Contact us',
  kind: 'form',
  submitButtonText: 'Send',
  captchaMethod: 'none',
  fields: [
    { id: 'who', type: 'name', title: 'Your name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'message', type: 'textarea', title: 'Message', maxLength: 10 },
    { id: 'survey', type: 'likert', title: 'How was it?', options: ['Fast', 'Friendly'], required: true },
    { id: 'topic', type: 'select', title: 'Topic', options: ['Order', 'Other'] },
    { id: 'src', type: 'hidden', title: '', value: 'footer' },
  ],
};

describe('formIslandReducer', () => {
  it('locks while submitting, unlocks with the errors on failure, and ignores answers while locked', () => {
    let s = initialFormIslandState({ email: '' });
    s = formIslandReducer(s, { type: 'submitted' });
    expect(s.phase).toBe('submitting');
    expect(formIslandReducer(s, { type: 'changed', fieldId: 'email', value: 'x' })).toBe(s);
    expect(formIslandReducer(s, { type: 'submitted' })).toBe(s);
    s = formIslandReducer(s, { type: 'failed', problem: 'P', errors: { email: 'Required' } });
    expect(s).toMatchObject({ phase: 'editing', problem: 'P', errors: { email: 'Required' }, failures: 1 });
    s = formIslandReducer(s, { type: 'changed', fieldId: 'email', value: 'a@b.co' });
    expect(s.errors).toEqual({});
    expect(s.values.email).toBe('a@b.co');
  });

  it('ends done with the answer, and a late failure changes nothing', () => {
    let s = formIslandReducer(initialFormIslandState(), { type: 'submitted' });
    s = formIslandReducer(s, { type: 'succeeded', answer: { success: true, submissionMessage: '<p>Thanks</p>' } });
    expect(s.phase).toBe('done');
    expect(formIslandReducer(s, { type: 'failed', problem: 'late' })).toBe(s);
  });
});

describe('problemOf (SPEC 8)', () => {
  const ids = ['email'];
  it.each([
    ['save', 400, { error: 'FORM_INVALID', errors: { email: 'Required', ghost: 'x' } }, FORM_ERROR_MESSAGES.FORM_INVALID, { email: 'Required' }],
    ['save', 400, { error: 'CAPTCHA_REQUIRED', message: 'Complete CAPTCHA before submitting.' }, 'Complete CAPTCHA before submitting.', {}],
    ['save', 400, null, FORM_ERROR_MESSAGES.FORM_FIELDS_UNPARSABLE, {}],
    ['save', 401, {}, FORM_ERROR_MESSAGES.FORM_KEY_INVALID, {}],
    ['save', 404, {}, FORM_ERROR_MESSAGES.FORM_NOT_CONFIGURED, {}],
    ['validate', 404, {}, FORM_ERROR_MESSAGES.FORM_NOT_CONFIGURED, {}],
    ['save', 429, {}, FORM_ERROR_MESSAGES.FORM_RATE_LIMITED, {}],
    ['key', 429, {}, FORM_ERROR_MESSAGES.FORM_RATE_LIMITED, {}],
    ['key', 500, {}, FORM_ERROR_MESSAGES.FORM_KEY_UNAVAILABLE, {}],
    ['save', 500, {}, FORM_ERROR_MESSAGES.FORM_SEND_FAILED, {}],
    ['save', 503, {}, FORM_ERROR_MESSAGES.FORM_SEND_FAILED, {}],
    ['save', null, null, FORM_ERROR_MESSAGES.FORM_UNKNOWN_ERROR, {}],
  ] as const)('%s %s → its message', (call, status, body, problem, errors) => {
    expect(problemOf(call, status, body, ids)).toEqual({ problem, errors });
  });

  it('reads only a real success answer', () => {
    expect(submissionAnswerOf({ success: true, successRedirect: '/thanks', submissionHtml: '' })).toEqual({ success: true, successRedirect: '/thanks', submissionHtml: undefined, submissionMessage: undefined });
    expect(submissionAnswerOf({ success: 'yes' })).toBeNull();
    expect(submissionAnswerOf(null)).toBeNull();
  });
});

function mount(submit: (r: SubmitRequest) => Promise<SubmitOutcome>, redirect = jest.fn()) {
  const element = document.createElement('form');
  document.body.appendChild(element);
  const view = render(<FormIsland form={contact} element={element} submit={submit} redirect={redirect} />, { container: element });
  const send = () => act(async () => void element.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true })));
  return { element, view, send, redirect };
}

describe('FormIsland', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('validates in the browser first: no call, the errors above each field, the messages above and below, focus on the first error', async () => {
    const submit = jest.fn<Promise<SubmitOutcome>, [SubmitRequest]>();
    const { send } = mount(submit);
    fireEvent.input(screen.getByLabelText('Email', { exact: false }), { target: { value: 'not-an-email' } });
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'far more than ten' } });
    expect(screen.getByText('17 / 10')).toBeTruthy();
    await send();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText(EMAIL_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByText(FORM_FIELD_MESSAGES.TOO_LONG)).toBeTruthy();
    expect(screen.getByText(FORM_FIELD_MESSAGES.SURVEY_INCOMPLETE)).toBeTruthy();
    expect(screen.getAllByText(FORM_FIELD_MESSAGES.REQUIRED)).toHaveLength(1);
    expect(document.querySelector('[data-form-problem="above"]')!.textContent).toContain(FORM_ERROR_MESSAGES.FORM_PROBLEM_ABOVE);
    expect(document.querySelector('[data-form-problem="below"]')!.textContent).toContain(FORM_ERROR_MESSAGES.FORM_PROBLEM_BELOW);
    expect(document.activeElement).toBe(screen.getByLabelText('First name', { exact: false }));
  });

  it('locks with Submitting… while the calls run, then shows the post-submit HTML', async () => {
    let finish!: (o: SubmitOutcome) => void;
    const submit = jest.fn((_r: SubmitRequest) => new Promise<SubmitOutcome>((resolve) => (finish = resolve)));
    const { send, element } = mount(submit);
    fireEvent.input(screen.getByLabelText('First name', { exact: false }), { target: { value: 'Ada' } });
    fireEvent.input(screen.getByLabelText('Last name', { exact: false }), { target: { value: 'Lovelace' } });
    fireEvent.input(screen.getByLabelText('Email', { exact: false }), { target: { value: 'ada@example.com' } });
    for (const name of ['Fast', 'Friendly']) fireEvent.click(screen.getByRole('group', { name }).querySelector('input[value="2"]')!);
    await send();
    await send();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]![0].values).toEqual({
      who: { first: 'Ada', last: 'Lovelace' }, email: 'ada@example.com', message: '', survey: { Fast: 2, Friendly: 2 }, topic: '', src: 'footer',
    });
    expect(screen.getByRole('button').textContent).toBe(FORM_STRINGS.submitting);
    expect(element.querySelector('fieldset.form-island__fields')!.hasAttribute('disabled')).toBe(true);
    expect(element.getAttribute('aria-busy')).toBe('true');
    await act(async () => finish({ ok: true, answer: { success: true, submissionHtml: '<p><strong>Got it</strong></p>' } }));
    expect(element.querySelector('[data-form-done] strong')!.textContent).toBe('Got it');
    expect(element.querySelector('input')).toBeNull();
  });

  it('shows the server’s errors and unlocks; redirects on success', async () => {
    const outcomes: SubmitOutcome[] = [
      { ok: false, problem: FORM_ERROR_MESSAGES.FORM_INVALID, errors: { email: EMAIL_INVALID_MESSAGE } },
      { ok: true, answer: { success: true, successRedirect: '/thanks', submissionMessage: '<p>Thanks</p>' } },
    ];
    const submit = jest.fn(async () => outcomes.shift()!);
    const { send, redirect } = mount(submit);
    fireEvent.input(screen.getByLabelText('First name', { exact: false }), { target: { value: 'Ada' } });
    fireEvent.input(screen.getByLabelText('Last name', { exact: false }), { target: { value: 'L' } });
    fireEvent.input(screen.getByLabelText('Email', { exact: false }), { target: { value: 'ada@example.com' } });
    for (const name of ['Fast', 'Friendly']) fireEvent.click(screen.getByRole('group', { name }).querySelector('input[value="-2"]')!);
    await send();
    expect(screen.getByText(EMAIL_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button').textContent).toBe('Send');
    expect(document.activeElement).toBe(screen.getByLabelText('Email', { exact: false }));
    await send();
    expect(redirect).toHaveBeenCalledWith('/thanks');
  });
});

describe('reading the page', () => {
  it('takes the definition beside the element and the answers typed before the island arrived', () => {
    document.body.innerHTML = `<form data-form="contact"><input name="email" value="early@example.com"><input name="survey-1" type="radio" value="1" checked></form>
      <script type="application/json" data-form-definition="contact">${JSON.stringify(contact)}</script>`;
    const element = document.querySelector('form')!;
    const form = readFormDefinition(element)!;
    expect(form.id).toBe('contact');
    const values = valuesFromMarkup(element, form);
    expect(values).toMatchObject({ email: 'early@example.com', survey: { Friendly: 1 } });
    document.querySelector('script')!.textContent = '{broken';
    expect(readFormDefinition(element)).toBeNull();
  });
});
