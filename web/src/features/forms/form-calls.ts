/**
 * SPEC 7's form calls, in order: validate (errors by field id), FormSubmissionKey (single use,
 * bound to the visitor's cookie), SaveFormSubmission. Plain fetch: the island's chunk stays small.
 */
import { FORM_STRINGS } from './form-strings';
import { problemOf, submissionAnswerOf, type FormCall, type SubmissionAnswer } from './form-state';
import type { FieldErrors } from '@storefront/domain/forms/validation';
import type { FormValues } from '@storefront/domain/forms/fields';

export type SubmitOutcome = { ok: true; answer: SubmissionAnswer } | { ok: false; problem: string; errors: FieldErrors };

const XSRF_COOKIE = 'xsrf_token';

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  // A signed-in owner browsing the store echoes the session's XSRF token, as the other islands do.
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  if (match) h['X-XSRF-Token'] = decodeURIComponent(match.slice(XSRF_COOKIE.length + 1));
  return h;
}

type Answer = { status: number | null; body: unknown };

async function post(path: string, body: unknown): Promise<Answer> {
  try {
    const res = await fetch(new URL(path, window.location.origin).toString(), { method: 'POST', credentials: 'same-origin', headers: headers(), body: JSON.stringify(body) });
    let parsed: unknown = null;
    try {
      parsed = await res.json();
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  } catch {
    return { status: null, body: null };
  }
}

export type SubmitRequest = {
  formId: string;
  values: FormValues;
  fieldIds: readonly string[];
  /** Asked for after the server accepted the values: the bot check's token (may reject with a message). */
  captchaKey: () => Promise<string | undefined>;
};

const failed = (call: FormCall, answer: Answer, fieldIds: readonly string[]): SubmitOutcome => ({ ok: false, ...problemOf(call, answer.status, answer.body, fieldIds) });

export async function submitForm(request: SubmitRequest): Promise<SubmitOutcome> {
  const id = encodeURIComponent(request.formId);
  const checked = await post(`/api/rest/forms/validate/${id}`, request.values);
  if (checked.status !== 200) return failed('validate', checked, request.fieldIds);
  let captchaKey: string | undefined;
  try {
    captchaKey = await request.captchaKey();
  } catch (error) {
    return { ok: false, problem: error instanceof Error && error.message ? error.message : FORM_STRINGS.CAPTCHA_REQUIRED, errors: {} };
  }
  const key = await post('/api/form/FormSubmissionKey', {});
  const keyValue = key.status === 200 && typeof (key.body as { key?: unknown } | null)?.key === 'string' ? (key.body as { key: string }).key : null;
  if (keyValue === null) return failed('key', key, request.fieldIds);
  const saved = await post('/api/form/SaveFormSubmission', {
    key: keyValue,
    formId: request.formId,
    form: JSON.stringify(request.values),
    ...(captchaKey ? { captchaKey } : {}),
    pageTitle: document.title.slice(0, 2000),
    pagePath: window.location.pathname.slice(0, 2000),
  });
  const answer = saved.status === 200 ? submissionAnswerOf(saved.body) : null;
  if (answer) return { ok: true, answer };
  return failed('save', saved.status === 200 ? { status: null, body: null } : saved, request.fieldIds);
}
