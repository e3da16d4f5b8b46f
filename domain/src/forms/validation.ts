/**
 * THE form validation (SPEC 5 'Forms'): the island runs it in the browser before it submits, the
 * server runs it on every validate and SaveFormSubmission call. Pure, no DOM, no clock.
 *
 * `validateFormValues` takes the values keyed by field id, as anything (the server hands it the
 * parsed `form` JSON string), and answers either the normalised values (only the definition's
 * fields, each in its value shape, trimmed of nothing: answers are kept as typed) or the errors
 * keyed by field id in the SPEC's words.
 */
import { isValidEmail } from '../accounts/email';
import { SHIPPING_ADDRESS_MESSAGES } from '../shared/commerce-strings';
import {
  ADDRESS_PARTS,
  FORM_LIMITS,
  LIKERT_VALUES,
  NAME_PARTS,
  PHONE_PARTS,
  REQUIRED_ADDRESS_PARTS,
  fieldControlNames,
  type AddressValue,
  type FieldValue,
  type FormField,
  type FormValues,
  type LikertField,
  type NameValue,
  type PhoneValue,
} from './fields';

/** Per-field messages. REQUIRED, SURVEY_INCOMPLETE, EMAIL_INVALID and TOO_LONG are the SPEC's words. */
export const FORM_FIELD_MESSAGES = {
  /** SPEC 5 'Required': the same word the shipping address uses, written once in the catalogue. */
  REQUIRED: SHIPPING_ADDRESS_MESSAGES.required,
  SURVEY_INCOMPLETE: 'Survey is not valid. Missing a required question.',
  /** SPEC 5 'Email field'; {email} is filled with EMAIL_FORMAT_EXAMPLE. */
  EMAIL_INVALID: 'Email is not valid. Email addresses should follow the format {email}.',
  TOO_LONG: 'You have exceeded the character limit.',
  /** An answer that is not one of the field's options (only a hand-written client sends one). */
  NOT_AN_OPTION: '{val} is not one of the choices of this question.',
  NOT_A_NUMBER: 'Please enter a number.',
  NOT_AN_AMOUNT: 'Please enter an amount of money, such as 12.50.',
  NOT_A_DATE: 'Please enter a date.',
  NOT_A_TIME: 'Please enter a time.',
  NOT_A_WEBSITE: 'Please enter a web address, such as example.com.',
  NOT_UNDERSTOOD: 'This answer could not be read. Please enter it again.',
} as const;

export const EMAIL_FORMAT_EXAMPLE = 'user@domain.com';
export const EMAIL_INVALID_MESSAGE = FORM_FIELD_MESSAGES.EMAIL_INVALID.replace('{email}', EMAIL_FORMAT_EXAMPLE);

export type FieldErrors = Record<string, string>;
export type FormValidation = { ok: true; values: FormValues } | { ok: false; errors: FieldErrors };

/** The fields a definition needs for validation (a FormDefinition has them). */
export type ValidatedForm = { fields: readonly FormField[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const blank = (s: string) => s.trim() === '';
const own = (o: Record<string, unknown>, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);

/** A string answer: a string, or absent/null for none; anything else is not understood. */
function stringAnswer(raw: unknown): string | null {
  if (raw === undefined || raw === null) return '';
  if (typeof raw === 'string') return raw;
  // A number input's value may arrive as a number from a hand-written client.
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return null;
}

function partsAnswer<P extends string>(raw: unknown, parts: readonly P[]): Record<P, string> | null {
  if (raw === undefined || raw === null) raw = {};
  if (!isObject(raw)) return null;
  const out = {} as Record<P, string>;
  for (const p of parts) {
    const v = stringAnswer(own(raw, p));
    if (v === null) return null;
    out[p] = v;
  }
  return out;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const AMOUNT = /^\d{1,12}(?:[.,]\d{1,2})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const WEBSITE = /^(?:https?:\/\/)?[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+(?::\d{1,5})?(?:[/?#]\S*)?$/;

function isRealDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

type FieldResult = { value?: FieldValue; error?: string };

function lineField(text: string, required: boolean | undefined, max: number = FORM_LIMITS.lineMax): FieldResult | null {
  if (text.length > max) return { error: FORM_FIELD_MESSAGES.TOO_LONG };
  if (blank(text)) return required ? { error: FORM_FIELD_MESSAGES.REQUIRED } : { value: '' };
  return null;
}

function validateField(field: FormField, raw: unknown): FieldResult {
  switch (field.type) {
    case 'section':
      return {};
    case 'hidden': {
      const text = stringAnswer(raw);
      if (text === null) return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
      if (text.length > FORM_LIMITS.hiddenValueMax) return { error: FORM_FIELD_MESSAGES.TOO_LONG };
      return { value: text };
    }
    case 'text':
    case 'password':
    case 'twitter':
    case 'email':
    case 'number':
    case 'website':
    case 'currency':
    case 'date':
    case 'time': {
      const text = stringAnswer(raw);
      if (text === null) return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
      const early = lineField(text, field.required);
      if (early) return early;
      const t = text.trim();
      if (field.type === 'email' && !isValidEmail(t)) return { error: EMAIL_INVALID_MESSAGE };
      if (field.type === 'number' && (!NUMBER.test(t) || !Number.isFinite(Number(t)))) return { error: FORM_FIELD_MESSAGES.NOT_A_NUMBER };
      if (field.type === 'currency' && !AMOUNT.test(t)) return { error: FORM_FIELD_MESSAGES.NOT_AN_AMOUNT };
      if (field.type === 'date' && !isRealDate(t)) return { error: FORM_FIELD_MESSAGES.NOT_A_DATE };
      if (field.type === 'time' && !TIME.test(t)) return { error: FORM_FIELD_MESSAGES.NOT_A_TIME };
      if (field.type === 'website' && !WEBSITE.test(t)) return { error: FORM_FIELD_MESSAGES.NOT_A_WEBSITE };
      return { value: field.type === 'email' ? t : text };
    }
    case 'textarea': {
      const text = stringAnswer(raw);
      if (text === null) return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
      // SPEC 5: longer than maxLength is invalid; an empty optional textarea passes.
      const max = Math.min(field.maxLength ?? FORM_LIMITS.textareaMax, FORM_LIMITS.textareaMax);
      if ([...text].length > max) return { error: FORM_FIELD_MESSAGES.TOO_LONG };
      if (blank(text)) return field.required ? { error: FORM_FIELD_MESSAGES.REQUIRED } : { value: '' };
      return { value: text };
    }
    case 'radio':
    case 'select': {
      const text = stringAnswer(raw);
      if (text === null) return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
      if (text === '') return field.required ? { error: FORM_FIELD_MESSAGES.REQUIRED } : { value: '' };
      if (!field.options.includes(text)) return { error: FORM_FIELD_MESSAGES.NOT_AN_OPTION.replace('{val}', text.slice(0, 100)) };
      return { value: text };
    }
    case 'checkbox': {
      let list: unknown = raw ?? [];
      if (typeof list === 'string') list = list === '' ? [] : [list];
      if (!Array.isArray(list) || list.length > field.options.length || !list.every((v) => typeof v === 'string')) {
        return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
      }
      const chosen = list as string[];
      const stranger = chosen.find((v) => !field.options.includes(v));
      if (stranger !== undefined) return { error: FORM_FIELD_MESSAGES.NOT_AN_OPTION.replace('{val}', stranger.slice(0, 100)) };
      if (chosen.length === 0 && field.required) return { error: FORM_FIELD_MESSAGES.REQUIRED };
      // Kept in the field's option order, each once.
      return { value: field.options.filter((o) => chosen.includes(o)) };
    }
    case 'likert': {
      const answers = raw === undefined || raw === null ? {} : raw;
      if (!isObject(answers)) return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
      const given = new Map<string, number>();
      for (const [statement, v] of Object.entries(answers)) {
        if (v === null || v === undefined || v === '') continue;
        const n = typeof v === 'string' && /^-?\d$/.test(v) ? Number(v) : v;
        if (!field.options.includes(statement) || typeof n !== 'number' || !LIKERT_VALUES.includes(n)) {
          return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
        }
        given.set(statement, n === 0 ? 0 : n);
      }
      if (field.required && field.options.some((s) => !given.has(s))) return { error: FORM_FIELD_MESSAGES.SURVEY_INCOMPLETE };
      // In the survey's statement order (fromEntries defines own members, whatever the statement).
      const ordered: Record<string, number> = Object.fromEntries(field.options.filter((s) => given.has(s)).map((s) => [s, given.get(s)!]));
      return { value: ordered };
    }
    case 'name': {
      const parts = partsAnswer(raw, NAME_PARTS);
      if (!parts) return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
      if (NAME_PARTS.some((p) => parts[p].length > FORM_LIMITS.lineMax)) return { error: FORM_FIELD_MESSAGES.TOO_LONG };
      if (field.required && NAME_PARTS.some((p) => blank(parts[p]))) return { error: FORM_FIELD_MESSAGES.REQUIRED };
      return { value: parts satisfies NameValue };
    }
    case 'address': {
      const parts = partsAnswer(raw, ADDRESS_PARTS);
      if (!parts) return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
      if (ADDRESS_PARTS.some((p) => parts[p].length > FORM_LIMITS.lineMax)) return { error: FORM_FIELD_MESSAGES.TOO_LONG };
      if (field.required && REQUIRED_ADDRESS_PARTS.some((p) => blank(parts[p]))) return { error: FORM_FIELD_MESSAGES.REQUIRED };
      return { value: parts satisfies AddressValue };
    }
    case 'phone': {
      const parts = partsAnswer(raw, PHONE_PARTS);
      if (!parts) return { error: FORM_FIELD_MESSAGES.NOT_UNDERSTOOD };
      if (parts.countryCode.length > 8 || parts.number.length > 40) return { error: FORM_FIELD_MESSAGES.TOO_LONG };
      if (field.required && blank(parts.number)) return { error: FORM_FIELD_MESSAGES.REQUIRED };
      const value: PhoneValue = { countryCode: field.showCountryCode ? parts.countryCode : '', number: parts.number };
      return { value };
    }
    default: {
      const unknownField: never = field;
      throw new Error(`Unhandled form field ${JSON.stringify(unknownField)}`);
    }
  }
}

/**
 * Validate a visitor's answers against a form. Keys that are not the form's fields are dropped;
 * a value that is not an object answers every required field's error (nothing to read).
 */
export function validateFormValues(form: ValidatedForm, raw: unknown): FormValidation {
  const values = isObject(raw) ? raw : {};
  const errors: FieldErrors = {};
  const out: FormValues = {};
  for (const field of form.fields) {
    const result = validateField(field, own(values, field.id));
    if (result.error !== undefined) errors[field.id] = result.error;
    else if (result.value !== undefined) out[field.id] = result.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values: out };
}

/**
 * The values as the island builds them from the form's controls (names from `fieldControlNames`):
 * `read(name)` answers the control's value(s) ([] when nothing is entered or checked).
 */
export function formValuesFromControls(form: ValidatedForm, read: (controlName: string) => readonly string[]): FormValues {
  const values: FormValues = {};
  const one = (name: string) => read(name)[0] ?? '';
  for (const field of form.fields) {
    const names = fieldControlNames(field);
    switch (field.type) {
      case 'section':
        break;
      case 'checkbox':
        values[field.id] = [...read(field.id)];
        break;
      case 'name':
        values[field.id] = Object.fromEntries(NAME_PARTS.map((p, i) => [p, one(names[i]!)])) as NameValue;
        break;
      case 'address':
        values[field.id] = Object.fromEntries(ADDRESS_PARTS.map((p, i) => [p, one(names[i]!)])) as AddressValue;
        break;
      case 'phone':
        values[field.id] = Object.fromEntries(PHONE_PARTS.map((p, i) => [p, one(names[i]!)])) as PhoneValue;
        break;
      case 'likert': {
        const answered = field.options.map((statement, i) => [statement, one(names[i]!)] as const).filter(([, v]) => /^-?\d$/.test(v));
        values[field.id] = Object.fromEntries(answered.map(([statement, v]) => [statement, Number(v)]));
        break;
      }
      default:
        values[field.id] = one(field.id);
    }
  }
  return values;
}

/** The field's answer as one line of text (CSV cells, notification emails, the owner list). */
export function answerText(field: FormField, value: FieldValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(', ');
  switch (field.type) {
    case 'name': {
      const v = value as NameValue;
      return [v.first, v.last].filter((s) => s.trim() !== '').join(' ');
    }
    case 'address': {
      const v = value as AddressValue;
      return ADDRESS_PARTS.map((p) => v[p]).filter((s) => s.trim() !== '').join(', ');
    }
    case 'phone': {
      const v = value as PhoneValue;
      return [v.countryCode ? `+${v.countryCode.replace(/^\+/, '')}` : '', v.number].filter((s) => s !== '').join(' ');
    }
    case 'likert': {
      // In the survey's order (a jsonb column gives members back in its own order).
      const v = value as Record<string, number>;
      const statements = (field as LikertField).options.filter((s) => Object.prototype.hasOwnProperty.call(v, s));
      return statements.map((s) => `${s}: ${v[s]}`).join('; ');
    }
    default:
      return JSON.stringify(value);
  }
}
