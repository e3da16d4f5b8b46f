import { errorOf } from '../shared/error-catalogue';
import type { Parsed } from '../shared/requests';
import type { FieldValue, FormField } from '../forms/fields';

/** Form answers attached to an entry (the product's additional-fields form), as JSON text, at most this long. */
export const MAX_ADDITIONAL_FIELDS_LENGTH = 10_000;

/** An entry's form answers: an object with at least one member, or null for none. */
export type AdditionalFields = Record<string, unknown> | null;

/** `additionalFields` is a JSON object or null/absent (null, as is `{}`); anything else is refused. */
export function parseAdditionalFields(raw: unknown): Parsed<AdditionalFields> {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, error: errorOf('INVALID_REQUEST', 'additionalFields must be an object.', { field: 'additionalFields' }) };
  }
  if (JSON.stringify(raw).length > MAX_ADDITIONAL_FIELDS_LENGTH) {
    return {
      ok: false,
      error: errorOf('INVALID_REQUEST', `additionalFields must be at most ${MAX_ADDITIONAL_FIELDS_LENGTH} characters of JSON.`, { field: 'additionalFields' }),
    };
  }
  const fields = raw as Record<string, unknown>;
  return { ok: true, value: Object.keys(fields).length > 0 ? fields : null };
}

/** What the cart knows of a product's additional-fields form (SPEC 3 Product record `additionalFieldsForm`): its fields. */
export type AdditionalFieldsForm = { id: string; fields: FormField[] };

/**
 * One answer of an entry's form, as SPEC 3's 'Summary form field' (type, value, values, rawTitle)
 * plus the field's id: `value` is the answer as one line of text (what the cart, checkout and
 * order pages print), `values` the answer as the form holds it when it is not plain text (a name's
 * parts, a checkbox's choices).
 */
export type AdditionalFieldAnswer = { id: string; type: string; rawTitle: string; value: string; values?: FieldValue };

/** The stored `additionalFields` of an entry added with its product's form: the form and its answers in the form's order. */
export type FormAdditionalFields = { formId: string; fields: AdditionalFieldAnswer[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `additionalFieldsForm` of a Product record (null, or anything else, when there is no usable form). */
export function additionalFieldsFormOf(raw: unknown): AdditionalFieldsForm | null {
  if (!isObject(raw) || typeof raw.id !== 'string' || !Array.isArray(raw.fields)) return null;
  return { id: raw.id, fields: raw.fields as FormField[] };
}

/**
 * One 'label: value' line of an entry's additional fields, as the cart, checkout, order and owner
 * pages show it (as text). `caption` is the label as printed before the value: with a colon, unless
 * the label ends in its own punctuation ('Anything we should know?').
 */
export type AdditionalFieldLine = { label: string; value: string; caption: string };

const line = (label: string, value: string): AdditionalFieldLine => ({ label, value, caption: /[?:!.]$/.test(label.trim()) ? label : `${label}:` });

/** Lines shown per entry at most, and characters of one label or value. */
const MAX_LINES = 100;
const MAX_LINE_TEXT = 2_000;

const clip = (s: string) => (s.length > MAX_LINE_TEXT ? `${s.slice(0, MAX_LINE_TEXT - 1)}…` : s);

function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(', ');
  return JSON.stringify(v) ?? '';
}

/**
 * The lines an entry's `additionalFields` show: a form's answers (`FormAdditionalFields`) in the
 * form's order, titled by their fields; any other object (an entry added without a form) member by
 * member. Text, never markup: the pages escape it.
 */
export function additionalFieldLines(raw: unknown): AdditionalFieldLine[] {
  if (!isObject(raw)) return [];
  if (typeof raw.formId === 'string' && Array.isArray(raw.fields)) {
    return raw.fields
      .filter((f): f is Record<string, unknown> => isObject(f) && typeof f.rawTitle === 'string' && typeof f.value === 'string')
      .slice(0, MAX_LINES)
      .map((f) => line(clip(f.rawTitle as string), clip(f.value as string)));
  }
  return Object.entries(raw)
    .slice(0, MAX_LINES)
    .map(([label, value]) => line(clip(label), clip(scalarText(value))))
    .filter((l) => l.value !== '');
}
