/**
 * The `form` and `newsletter` islands (issue 14): a published page's form block or newsletter
 * block, from the SPEC Form the template writes beside it (`script[data-form-definition]`).
 * Validates in the browser with the domain's one validation, then SPEC 7's calls; while they run
 * the form is locked and its button reads 'Submitting…'; success replaces the form with the
 * submission text or post-submit HTML (sanitized by the server) or redirects; failure shows the
 * errors above each field, SPEC 8's message above and below, focuses the first error, resets the
 * bot check and unlocks the form.
 */
import type { BotCheckAction, BotCheckMethod } from '@storefront/domain/bot-check';
import type { FormField, FormValues } from '@storefront/domain/forms/fields';
import { formValuesFromControls, validateFormValues } from '@storefront/domain/forms/validation';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useBotCheck } from '../bot-check';
import { submitForm, type SubmitOutcome, type SubmitRequest } from './form-calls';
import { FormFieldView } from './form-fields';
import { formIslandReducer, initialFormIslandState } from './form-state';
import { FORM_STRINGS } from './form-strings';
import './forms.css';

/** What the island needs of the SPEC Form (published pages show it without storage settings). */
export type IslandForm = {
  id: string;
  name?: string;
  kind?: 'form' | 'newsletter';
  fields: FormField[];
  submitButtonText?: string;
  parsedDisclaimerMessage?: string;
  captchaMethod?: BotCheckMethod;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The island listens to its element's submit now: it marks the element ready and makes the submit
 * that app/lazy-island's `whenInteracted` held while this chunk loaded, if any (the two share the
 * `data-island-ready` and `data-submit-pending` attributes; no import, so this chunk stays apart
 * from the entry's modules).
 */
export function takeHeldSubmit(element: HTMLElement): void {
  element.dataset.islandReady = 'true';
  if (element.dataset.submitPending !== 'true') return;
  delete element.dataset.submitPending;
  if (element instanceof HTMLFormElement) element.requestSubmit();
}

/** The definition the template wrote beside the island's element, or null (nothing to take over). */
export function readFormDefinition(element: HTMLElement): IslandForm | null {
  const id = element.dataset.form;
  if (!id) return null;
  const script = [...element.ownerDocument.querySelectorAll<HTMLScriptElement>('script[data-form-definition]')].find((s) => s.dataset.formDefinition === id);
  if (!script) return null;
  try {
    const parsed: unknown = JSON.parse(script.textContent ?? '');
    if (!isObject(parsed) || parsed.id !== id || !Array.isArray(parsed.fields)) return null;
    return parsed as unknown as IslandForm;
  } catch {
    return null;
  }
}

/** What the visitor typed before the island arrived, read from the server's controls. */
export function valuesFromMarkup(element: HTMLElement, form: IslandForm): FormValues {
  const data = element instanceof HTMLFormElement ? new FormData(element) : new FormData();
  return formValuesFromControls(form, (name) => data.getAll(name).filter((v): v is string => typeof v === 'string'));
}

const hiddenValues = (form: IslandForm): FormValues => Object.fromEntries(form.fields.flatMap((f) => (f.type === 'hidden' ? [[f.id, f.value ?? '']] : [])));

let islandCount = 0;

export type FormIslandProps = {
  form: IslandForm;
  /** The server's <form> element the island renders into (its submit event is the island's). */
  element: HTMLElement;
  initialValues?: FormValues;
  submitLabel?: string;
  title?: string | null;
  /** SPEC 7's calls; tests pass their own. */
  submit?: (request: SubmitRequest) => Promise<SubmitOutcome>;
  /** Where a success redirect goes; tests pass their own. */
  redirect?: (url: string) => void;
};

export function FormIsland({ form, element, initialValues, submitLabel, title, submit = submitForm, redirect = (url) => window.location.assign(url) }: FormIslandProps) {
  // Hidden fields answer what the owner set, whatever the page holds.
  const [state, dispatch] = useReducer(formIslandReducer, initialValues, (values) => initialFormIslandState({ ...values, ...hiddenValues(form) }));
  const [prefix] = useState(() => `form-${form.id}-${++islandCount}`);
  const newsletter = form.kind === 'newsletter';
  const action: BotCheckAction = newsletter ? 'NEWSLETTER_BLOCK_SUBMISSION' : 'FORM_BLOCK_SUBMISSION';
  const botCheck = useBotCheck(form.captchaMethod ?? 'none', action);
  const topRef = useRef<HTMLDivElement | null>(null);
  const doneRef = useRef<HTMLDivElement | null>(null);
  const stateRef = useRef(state);
  const busy = useRef(false);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const fieldIds = form.fields.map((f) => f.id);

  const onSubmit = useCallback(
    async (event: Event) => {
      event.preventDefault();
      const current = stateRef.current;
      // A second submit before the lock has rendered is the same submission.
      if (current.phase !== 'editing' || busy.current) return;
      busy.current = true;
      dispatch({ type: 'submitted' });
      const checked = validateFormValues(form, current.values);
      if (!checked.ok) {
        busy.current = false;
        dispatch({ type: 'failed', problem: FORM_STRINGS.FORM_INVALID, errors: checked.errors });
        return;
      }
      const outcome = await submit({ formId: form.id, values: checked.values, fieldIds, captchaKey: botCheck.getToken });
      busy.current = false;
      if (outcome.ok) {
        dispatch({ type: 'succeeded', answer: outcome.answer });
        if (outcome.answer.successRedirect) redirect(outcome.answer.successRedirect);
      } else {
        botCheck.reset();
        dispatch({ type: 'failed', problem: outcome.problem, errors: outcome.errors });
      }
    },
    // fieldIds follows form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, submit, redirect, botCheck.getToken, botCheck.reset],
  );

  useEffect(() => {
    const listener = (e: Event) => void onSubmit(e);
    element.addEventListener('submit', listener);
    takeHeldSubmit(element);
    return () => element.removeEventListener('submit', listener);
  }, [element, onSubmit]);

  useEffect(() => {
    element.setAttribute('aria-busy', state.phase === 'submitting' ? 'true' : 'false');
    element.classList.toggle('form-island--locked', state.phase === 'submitting');
  }, [element, state.phase]);

  // After each failure: the first field in error takes the focus, else the message above the form.
  useEffect(() => {
    if (state.failures === 0) return;
    const firstError = form.fields.find((f) => state.errors[f.id]);
    const box = firstError ? [...element.querySelectorAll<HTMLElement>('[data-field]')].find((e) => e.dataset.field === firstError.id) : undefined;
    const control = box?.querySelector<HTMLElement>('input, select, textarea');
    (control ?? topRef.current)?.focus();
    // Only on a new failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.failures]);

  useEffect(() => {
    if (state.phase === 'done') doneRef.current?.focus();
  }, [state.phase]);

  if (state.phase === 'done' && state.answer) {
    const html = state.answer.submissionHtml ?? state.answer.submissionMessage;
    return (
      <div className="form-island__done rich-text" role="status" tabIndex={-1} ref={doneRef} data-form-done>
        {html ? <div dangerouslySetInnerHTML={{ __html: html }} /> : <p>{FORM_STRINGS.redirecting}</p>}
      </div>
    );
  }

  const submitting = state.phase === 'submitting';
  const problem = state.problem;
  return (
    <>
      {title ? <h2 className="form-block__title">{title}</h2> : null}
      {!newsletter ? (
        <p className="form-block__note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">required</span> {FORM_STRINGS.requiredNote}
        </p>
      ) : null}
      <div className="form-island__alert" role="alert" tabIndex={-1} ref={topRef} data-form-problem="above">
        {problem ? (
          <>
            <strong>{problem}</strong> {FORM_STRINGS.FORM_PROBLEM_ABOVE}
          </>
        ) : null}
      </div>
      <fieldset className="form-island__fields" disabled={submitting}>
        {form.fields.map((field) => (
          <FormFieldView key={field.id} field={field} prefix={prefix} value={state.values[field.id]} error={state.errors[field.id]} onChange={(value) => dispatch({ type: 'changed', fieldId: field.id, value })} />
        ))}
        {form.parsedDisclaimerMessage ? <div className={`${newsletter ? 'newsletter-form' : 'form-block'}__disclaimer rich-text`} dangerouslySetInnerHTML={{ __html: form.parsedDisclaimerMessage }} /> : null}
        {botCheck.element}
        {problem ? (
          <p className="form-island__alert form-island__alert--below" data-form-problem="below">
            {problem} {FORM_STRINGS.FORM_PROBLEM_BELOW}
          </p>
        ) : null}
        <div className={newsletter ? 'newsletter-form__actions' : 'form-block__actions'}>
          <button className="button" type="submit" aria-disabled={submitting || undefined}>
            {submitting ? FORM_STRINGS.submitting : submitLabel || form.submitButtonText || FORM_STRINGS.submit}
          </button>
        </div>
      </fieldset>
    </>
  );
}

/** The island for a form or newsletter element; null (the server's markup stays) without a definition. */
export function renderFormIsland(element: HTMLElement) {
  const form = readFormDefinition(element);
  if (!form) return null;
  const submitLabel = element.querySelector('button[type="submit"]')?.textContent?.trim() || undefined;
  const title = element.querySelector('.form-block__title')?.textContent?.trim() || null;
  return <FormIsland form={form} element={element} initialValues={valuesFromMarkup(element, form)} submitLabel={submitLabel} title={title} />;
}
