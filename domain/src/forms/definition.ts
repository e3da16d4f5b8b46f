/**
 * A form as owners define it (SPEC 3 'Form' plus what this product adds: kind, captchaMethod,
 * storage and notifications), the rules a definition must keep, and the SPEC Form that published
 * pages and their `?format=json` context show (without the owner-only storage settings).
 */
import { isValidEmail } from '../accounts/email';
import type { DomainError } from '../shared/decider';
import { errorOf } from '../shared/error-catalogue';
import { isSafeLink } from '../site/site-limits';
import { BUILDER_PROPERTIES, FORM_LIMITS, isFieldType, type FormField } from './fields';

export const FORM_KINDS = ['form', 'newsletter'] as const;
export type FormKind = (typeof FORM_KINDS)[number];
export const CAPTCHA_METHODS = ['none', 'altcha', 'recaptcha'] as const;
export type CaptchaMethod = (typeof CAPTCHA_METHODS)[number];
export const CAPTCHA_THEMES = ['light', 'dark'] as const;
export const CAPTCHA_ALIGNMENTS = ['left', 'center', 'right'] as const;

/** The storage tab: where submissions go besides the event log (which always has them). */
export type FormStorage = {
  /** Owner notification email per submission to these addresses (none: no email). */
  notificationEmails: string[];
  /** The notification's subject ('New submission: {form name}' when empty). */
  emailSubject: string;
  /** Newsletter forms: add the sign-up to the mailing list read model. */
  addToMailingList: boolean;
};

export type FormDefinition = {
  id: string;
  name: string;
  kind: FormKind;
  fields: FormField[];
  submitButtonText: string;
  /** Sanitized HTML shown in place of the form after a submission. */
  parsedSubmissionMessage: string;
  /** Sanitized post-submit HTML; shown instead of the message when set. */
  submissionHTML: string;
  /** Where the visitor goes after submitting ('' for nowhere): a safe link. */
  successRedirect: string;
  /** Sanitized HTML shown under the fields. */
  parsedDisclaimerMessage: string;
  captchaEnabled: boolean;
  captchaMethod: CaptchaMethod;
  captchaTheme: (typeof CAPTCHA_THEMES)[number];
  captchaAlignment: (typeof CAPTCHA_ALIGNMENTS)[number];
  storage: FormStorage;
};

/** What published pages show: SPEC 3 'Form' and our captchaMethod; no storage settings. */
export type PublicForm = Omit<FormDefinition, 'storage'>;

export function publicForm(definition: FormDefinition): PublicForm {
  const { storage, ...rest } = definition;
  return { ...rest, captchaEnabled: rest.captchaMethod !== 'none' };
}

export const DEFAULT_SUBMISSION_MESSAGE = '<p>Thank you!</p>';

/** A new form's settings where the owner gave none. */
export function formDefaults(id: string, kind: FormKind = 'form'): FormDefinition {
  return {
    id,
    name: kind === 'newsletter' ? 'Newsletter' : 'Untitled form',
    kind,
    fields:
      kind === 'newsletter'
        ? [{ id: 'email', type: 'email', title: 'Email Address', required: true, placeholder: 'you@example.com' }]
        : [],
    submitButtonText: kind === 'newsletter' ? 'Sign up' : 'Submit',
    parsedSubmissionMessage: DEFAULT_SUBMISSION_MESSAGE,
    submissionHTML: '',
    successRedirect: '',
    parsedDisclaimerMessage: '',
    captchaEnabled: false,
    captchaMethod: 'none',
    captchaTheme: 'light',
    captchaAlignment: 'left',
    storage: { notificationEmails: [], emailSubject: '', addToMailingList: kind === 'newsletter' },
  };
}

export const FORM_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: DomainError };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

class Invalid extends Error {
  constructor(readonly reason: string, readonly field: string) {
    super(reason);
  }
}
const fail = (field: string, reason: string): never => {
  throw new Invalid(reason, field);
};

function text(raw: Record<string, unknown>, key: string, max: number, fallback: string, where: string): string {
  const v = raw[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string') return fail(`${where}${key}`, `${key} must be text.`);
  if (v.length > max) return fail(`${where}${key}`, `${key} can be at most ${max} characters long.`);
  return v;
}
function flag(raw: Record<string, unknown>, key: string, fallback: boolean, where: string): boolean {
  const v = raw[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') return fail(`${where}${key}`, `${key} must be true or false.`);
  return v;
}
function oneOf<T extends string>(raw: Record<string, unknown>, key: string, options: readonly T[], fallback: T): T {
  const v = raw[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string' || !(options as readonly string[]).includes(v)) return fail(key, `${key} must be one of ${options.join(', ')}.`);
  return v as T;
}

function parseField(raw: unknown, index: number): FormField {
  const where = `fields[${index}].`;
  if (!isObject(raw)) return fail(`fields[${index}]`, `Field ${index + 1} must be an object.`);
  const { id, type } = raw;
  if (typeof id !== 'string' || !FORM_LIMITS.fieldIdPattern.test(id)) {
    return fail(`${where}id`, `Field ${index + 1} needs an id of letters, digits and underscores (at most 64, starting with a letter).`);
  }
  if (!isFieldType(type)) return fail(`${where}type`, `Field ${id} has an unknown type.`);
  const allowed = BUILDER_PROPERTIES[type];
  const field: Record<string, unknown> = { id, type, title: text(raw, 'title', FORM_LIMITS.titleMax, '', where) };
  if (type !== 'hidden' && type !== 'section' && field.title === '') return fail(`${where}title`, `Field ${id} needs a title.`);
  for (const key of allowed) {
    switch (key) {
      case 'description':
        if (raw.description !== undefined) field.description = text(raw, 'description', FORM_LIMITS.descriptionMax, '', where);
        break;
      case 'placeholder':
        if (raw.placeholder !== undefined) field.placeholder = text(raw, 'placeholder', FORM_LIMITS.placeholderMax, '', where);
        break;
      case 'required':
        field.required = flag(raw, 'required', false, where);
        break;
      case 'underline':
        field.underline = flag(raw, 'underline', false, where);
        break;
      case 'showCountryCode':
        field.showCountryCode = flag(raw, 'showCountryCode', false, where);
        break;
      case 'currencySymbol':
        field.currencySymbol = text(raw, 'currencySymbol', FORM_LIMITS.currencySymbolMax, '$', where);
        break;
      case 'key':
        if (raw.key !== undefined) field.key = text(raw, 'key', FORM_LIMITS.titleMax, '', where);
        break;
      case 'value':
        field.value = text(raw, 'value', FORM_LIMITS.hiddenValueMax, '', where);
        break;
      case 'maxLength': {
        const v = raw.maxLength;
        if (v === undefined || v === null) break;
        if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || v > FORM_LIMITS.textareaMax) {
          fail(`${where}maxLength`, `maxLength must be a whole number from 1 to ${FORM_LIMITS.textareaMax}.`);
        }
        field.maxLength = v;
        break;
      }
      case 'options': {
        const v = raw.options;
        if (!Array.isArray(v) || v.length === 0 || v.length > FORM_LIMITS.optionsPerField) {
          fail(`${where}options`, `Field ${id} needs 1 to ${FORM_LIMITS.optionsPerField} options.`);
        }
        const options = v as unknown[];
        if (!options.every((o) => typeof o === 'string' && o.trim() !== '' && o.length <= FORM_LIMITS.optionMax)) {
          fail(`${where}options`, `Each option of field ${id} must be text of 1 to ${FORM_LIMITS.optionMax} characters.`);
        }
        if (new Set(options).size !== options.length) fail(`${where}options`, `Field ${id} lists an option twice.`);
        field.options = options;
        break;
      }
      default:
        break;
    }
  }
  return field as FormField;
}

/**
 * A whole definition from the owner's PUT/POST body (the id comes from the route). Unknown keys
 * are dropped; missing ones take `formDefaults`. HTML members are checked for size here and
 * sanitized by the API before the command.
 */
export function parseFormDefinition(id: string, raw: unknown): Parsed<FormDefinition> {
  try {
    if (!FORM_ID_PATTERN.test(id)) fail('id', 'A form id is 1 to 100 letters, digits, dashes and underscores.');
    if (!isObject(raw)) fail('form', 'The form must be an object.');
    const body = raw as Record<string, unknown>;
    const kind = oneOf(body, 'kind', FORM_KINDS, 'form');
    const base = formDefaults(id, kind);
    const rawFields = body.fields ?? base.fields;
    if (!Array.isArray(rawFields)) fail('fields', 'fields must be a list.');
    const list = rawFields as unknown[];
    if (list.length > FORM_LIMITS.fieldsPerForm) fail('fields', `A form can have at most ${FORM_LIMITS.fieldsPerForm} fields.`);
    const fields = list.map(parseField);
    // Field ids have no dashes, so the parts' control names (`{id}-first`) cannot meet another field's.
    const ids = new Set<string>();
    for (const f of fields) {
      if (ids.has(f.id)) fail('fields', `Two fields have the id ${f.id}.`);
      ids.add(f.id);
    }
    if (kind === 'newsletter' && !fields.some((f) => f.type === 'email' && f.required)) {
      fail('fields', 'A newsletter form needs a required email field.');
    }
    const name = text(body, 'name', FORM_LIMITS.formNameMax, base.name, '');
    if (name.trim() === '') fail('name', 'A form needs a name.');
    const successRedirect = text(body, 'successRedirect', 2_000, '', '');
    if (successRedirect !== '' && !isSafeLink(successRedirect)) fail('successRedirect', `${successRedirect.slice(0, 100)} is not a valid page URL`);
    const rawStorage = body.storage === undefined || body.storage === null ? {} : body.storage;
    if (!isObject(rawStorage)) fail('storage', 'storage must be an object.');
    const storageIn = rawStorage as Record<string, unknown>;
    const emails = storageIn.notificationEmails ?? [];
    if (!Array.isArray(emails) || emails.length > FORM_LIMITS.notificationEmailsMax) {
      fail('storage.notificationEmails', `At most ${FORM_LIMITS.notificationEmailsMax} notification emails.`);
    }
    const badEmail = (emails as unknown[]).find((e) => !isValidEmail(e));
    if (badEmail !== undefined) fail('storage.notificationEmails', `${String(badEmail).slice(0, 100)} is not an email address.`);
    const captchaMethod = oneOf(body, 'captchaMethod', CAPTCHA_METHODS, 'none');
    const definition: FormDefinition = {
      id,
      name,
      kind,
      fields,
      submitButtonText: text(body, 'submitButtonText', 100, base.submitButtonText, '') || base.submitButtonText,
      parsedSubmissionMessage: text(body, 'parsedSubmissionMessage', FORM_LIMITS.htmlMax, base.parsedSubmissionMessage, ''),
      submissionHTML: text(body, 'submissionHTML', FORM_LIMITS.htmlMax, '', ''),
      successRedirect,
      parsedDisclaimerMessage: text(body, 'parsedDisclaimerMessage', FORM_LIMITS.htmlMax, '', ''),
      captchaEnabled: captchaMethod !== 'none',
      captchaMethod,
      captchaTheme: oneOf(body, 'captchaTheme', CAPTCHA_THEMES, 'light'),
      captchaAlignment: oneOf(body, 'captchaAlignment', CAPTCHA_ALIGNMENTS, 'left'),
      storage: {
        notificationEmails: [...new Set(emails as string[])],
        emailSubject: text(storageIn, 'emailSubject', FORM_LIMITS.emailSubjectMax, '', 'storage.'),
        addToMailingList: flag(storageIn, 'addToMailingList', kind === 'newsletter', 'storage.'),
      },
    };
    return { ok: true, value: definition };
  } catch (e) {
    if (e instanceof Invalid) {
      return { ok: false, error: errorOf('INVALID_FORM_DEFINITION', `This form cannot be saved: ${e.reason}`, { field: e.field }) };
    }
    throw e;
  }
}
