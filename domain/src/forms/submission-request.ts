/**
 * The SaveFormSubmission body (SPEC 3 'Form submission payload', SPEC 7): parsed at the edge, the
 * `form` JSON string read with its size limit. Shared with the island, which builds the body.
 */
import type { DomainError } from '../shared/decider';
import { errorOf, formError, REQUEST_ERROR_MESSAGES } from '../shared/error-catalogue';
import { holdsUnstorableText } from '../shared/unicode';
import type { SubmissionPage } from './events';
import { FORM_LIMITS } from './fields';

export type SaveFormSubmissionBody = {
  key: string;
  formId: string;
  /** JSON text of the values keyed by field id. */
  form: string;
  captchaKey?: string;
  pageTitle?: string;
  pageId?: string;
  contentSource?: 'i' | 'c';
  pagePath?: string;
  pagePermissionTypeValue?: number;
};

export type SaveFormSubmissionRequest = { key: string; formId: string; values: unknown; captchaKey?: string; page: SubmissionPage };

type Parsed<T> = { ok: true; value: T } | { ok: false; error: DomainError };
const invalid = (field: string, message: string): Parsed<never> => ({ ok: false, error: errorOf('INVALID_REQUEST', message, { field }) });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses the `form` JSON string; a string that is not a JSON object, or whose keys or strings hold
 * text that cannot be stored (a NUL character, half of a surrogate pair), answers FORM_FIELDS_UNPARSABLE.
 */
export function parseFormJson(form: string): Parsed<Record<string, unknown>> {
  if (form.length > FORM_LIMITS.submissionJsonMax) return { ok: false, error: formError('FORM_FIELDS_UNPARSABLE', { field: 'form' }) };
  try {
    const values: unknown = JSON.parse(form);
    if (!isObject(values) || holdsUnstorableText(values)) return { ok: false, error: formError('FORM_FIELDS_UNPARSABLE', { field: 'form' }) };
    return { ok: true, value: values };
  } catch {
    return { ok: false, error: formError('FORM_FIELDS_UNPARSABLE', { field: 'form' }) };
  }
}

export function parseSaveFormSubmission(raw: unknown): Parsed<SaveFormSubmissionRequest> {
  if (!isObject(raw)) return { ok: false, error: errorOf('INVALID_REQUEST', REQUEST_ERROR_MESSAGES.INVALID_REQUEST) };
  const { key, formId, form, captchaKey } = raw;
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) return invalid('key', 'key must be the submission key.');
  if (typeof formId !== 'string' || formId.length === 0 || formId.length > 100) return invalid('formId', 'formId must be a form id.');
  if (typeof form !== 'string') return { ok: false, error: formError('FORM_FIELDS_UNPARSABLE', { field: 'form' }) };
  if (captchaKey !== undefined && captchaKey !== null && (typeof captchaKey !== 'string' || captchaKey.length > 20_000)) {
    return invalid('captchaKey', 'captchaKey must be text.');
  }
  const page: SubmissionPage = {};
  for (const name of ['pageTitle', 'pageId', 'pagePath'] as const) {
    const v = raw[name];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || v.length > FORM_LIMITS.pageFieldMax) return invalid(name, `${name} must be text of at most ${FORM_LIMITS.pageFieldMax} characters.`);
    page[name] = v;
  }
  const source = raw.contentSource;
  if (source !== undefined && source !== null && source !== '') {
    if (source !== 'i' && source !== 'c') return invalid('contentSource', "contentSource must be 'i' (item) or 'c' (collection).");
    page.contentSource = source;
  }
  const permission = raw.pagePermissionTypeValue;
  if (permission !== undefined && permission !== null && permission !== '') {
    const n = typeof permission === 'string' ? Number(permission) : permission;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > 1000) return invalid('pagePermissionTypeValue', 'pagePermissionTypeValue must be a whole number.');
    page.pagePermissionTypeValue = n;
  }
  const values = parseFormJson(form);
  if (!values.ok) return values;
  return {
    ok: true,
    value: { key, formId, values: values.value, page, ...(typeof captchaKey === 'string' && captchaKey !== '' ? { captchaKey } : {}) },
  };
}
