/**
 * The form island's states (SPEC 4 'Form submission states', SPEC 8 'Forms'), as a pure reducer:
 * editing → submitting → done, or back to editing with the errors. While submitting the form is
 * locked; a failure keeps the visitor's answers, shows the errors by field and the SPEC's message.
 */
import type { FieldValue, FormValues } from '@storefront/domain/forms/fields';
import type { FieldErrors } from '@storefront/domain/forms/validation';
import { FORM_STRINGS } from './form-strings';

export type SubmissionAnswer = { success: true; submissionMessage?: string; submissionHtml?: string; successRedirect?: string };

export type FormIslandState = {
  phase: 'editing' | 'submitting' | 'done';
  values: FormValues;
  errors: FieldErrors;
  /** The form-level message (SPEC 8) shown above and below the form, or null. */
  problem: string | null;
  /** Counts failures, so the view focuses the first error after each one. */
  failures: number;
  answer: SubmissionAnswer | null;
};

export type FormIslandAction =
  | { type: 'changed'; fieldId: string; value: FieldValue }
  | { type: 'submitted' }
  | { type: 'failed'; problem: string; errors?: FieldErrors }
  | { type: 'succeeded'; answer: SubmissionAnswer };

export const initialFormIslandState = (values: FormValues = {}): FormIslandState => ({ phase: 'editing', values, errors: {}, problem: null, failures: 0, answer: null });

export function formIslandReducer(state: FormIslandState, action: FormIslandAction): FormIslandState {
  switch (action.type) {
    case 'changed': {
      if (state.phase !== 'editing') return state;
      // An answer being corrected loses its error; the others stay until the next submission.
      const { [action.fieldId]: _fixed, ...errors } = state.errors;
      return { ...state, values: { ...state.values, [action.fieldId]: action.value }, errors };
    }
    case 'submitted':
      return state.phase === 'editing' ? { ...state, phase: 'submitting', problem: null } : state;
    case 'failed':
      if (state.phase !== 'submitting') return state;
      return { ...state, phase: 'editing', problem: action.problem, errors: action.errors ?? {}, failures: state.failures + 1 };
    case 'succeeded':
      return state.phase === 'submitting' ? { ...state, phase: 'done', answer: action.answer, errors: {}, problem: null } : state;
    default:
      return state;
  }
}

/** Which call of SPEC 7 went wrong: the check, the key, or the save. */
export type FormCall = 'validate' | 'key' | 'save';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Errors by field id from a 400 body: only string messages, for fields the form has. */
export function fieldErrorsOf(body: unknown, fieldIds: readonly string[]): FieldErrors {
  const raw = isObject(body) && isObject(body.errors) ? body.errors : {};
  const errors: FieldErrors = {};
  for (const id of fieldIds) {
    const message = Object.prototype.hasOwnProperty.call(raw, id) ? raw[id] : undefined;
    if (typeof message === 'string' && message !== '') errors[id] = message;
  }
  return errors;
}

/**
 * A failed call's message for the visitor (SPEC 8): 400 the server's words (per-field errors mean
 * 'One or more fields is invalid...'), 401 and 404 and 429 and 500 their SPEC messages; no answer
 * at all, 'Unknown error...'. `status` null: the request never got an answer.
 */
export function problemOf(call: FormCall, status: number | null, body: unknown, fieldIds: readonly string[]): { problem: string; errors: FieldErrors } {
  const errors = status === 400 ? fieldErrorsOf(body, fieldIds) : {};
  if (status === 400 && Object.keys(errors).length > 0) return { problem: FORM_STRINGS.FORM_INVALID, errors };
  if (status === 429) return { problem: FORM_STRINGS.FORM_RATE_LIMITED, errors };
  if (status === 404) return { problem: FORM_STRINGS.FORM_NOT_CONFIGURED, errors };
  if (call === 'key') return { problem: FORM_STRINGS.FORM_KEY_UNAVAILABLE, errors };
  if (status === 401) return { problem: FORM_STRINGS.FORM_KEY_INVALID, errors };
  if (status === 400) {
    const message = isObject(body) && typeof body.message === 'string' && body.message !== '' ? body.message : FORM_STRINGS.FORM_FIELDS_UNPARSABLE;
    return { problem: message, errors };
  }
  if (status !== null && status >= 500) return { problem: FORM_STRINGS.FORM_SEND_FAILED, errors };
  return { problem: FORM_STRINGS.FORM_UNKNOWN_ERROR, errors };
}

/** A 200 SaveFormSubmission body, or null when it is not one. */
export function submissionAnswerOf(body: unknown): SubmissionAnswer | null {
  if (!isObject(body) || body.success !== true) return null;
  const text = (k: string) => (typeof body[k] === 'string' && body[k] !== '' ? (body[k] as string) : undefined);
  return { success: true, submissionMessage: text('submissionMessage'), submissionHtml: text('submissionHtml'), successRedirect: text('successRedirect') };
}
