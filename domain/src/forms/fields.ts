/**
 * Form fields (SPEC 3 'Form builder field types and editable properties', 'Form field types at
 * visitor level', SPEC 9 'Likert defaults'). One definition of what an owner can set on each field
 * type and of the value a visitor's answer has, shared by the owner app, the islands, the server
 * and the templates.
 */
import { LIKERT_LABELS } from '../shared/strings';

export const FORM_FIELD_TYPES = [
  'text', 'textarea', 'email', 'number', 'website', 'currency', 'password', 'twitter', 'date', 'time',
  'name', 'address', 'phone', 'section', 'radio', 'checkbox', 'select', 'likert', 'hidden',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** The properties an owner edits per field type (besides id, type and title), SPEC 3. */
export const BUILDER_PROPERTIES: Record<FormFieldType, readonly string[]> = {
  text: ['description', 'placeholder', 'required'],
  textarea: ['description', 'placeholder', 'required', 'maxLength'],
  email: ['description', 'placeholder', 'required'],
  number: ['description', 'placeholder', 'required'],
  website: ['description', 'placeholder', 'required'],
  currency: ['description', 'currencySymbol', 'required'],
  password: ['description', 'required'],
  twitter: ['description', 'required'],
  date: ['description', 'required'],
  time: ['description', 'required'],
  name: ['description', 'required'],
  address: ['description', 'required'],
  phone: ['description', 'required', 'showCountryCode'],
  section: ['description', 'underline'],
  radio: ['description', 'options', 'required'],
  checkbox: ['description', 'options', 'required'],
  select: ['description', 'options', 'required'],
  likert: ['description', 'options', 'required'],
  hidden: ['key', 'value'],
};

/** SPEC 9: the likert scale, values -2 to 2, with the default labels. */
export const LIKERT_SCALE = [
  { value: -2, label: LIKERT_LABELS.stronglyDisagree, key: 'stronglyDisagree' },
  { value: -1, label: LIKERT_LABELS.disagree, key: 'disagree' },
  { value: 0, label: LIKERT_LABELS.neutral, key: 'neutral' },
  { value: 1, label: LIKERT_LABELS.agree, key: 'agree' },
  { value: 2, label: LIKERT_LABELS.stronglyAgree, key: 'stronglyAgree' },
] as const;
export const LIKERT_VALUES: readonly number[] = LIKERT_SCALE.map((s) => s.value);

/** Size limits on definitions and on every submitted value. */
export const FORM_LIMITS = {
  formNameMax: 200,
  fieldsPerForm: 100,
  fieldIdPattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/,
  titleMax: 500,
  descriptionMax: 2_000,
  placeholderMax: 200,
  optionsPerField: 100,
  optionMax: 500,
  currencySymbolMax: 8,
  hiddenValueMax: 2_000,
  /** A textarea's maxLength is 1 to this, and a textarea without one takes at most this much. */
  textareaMax: 10_000,
  /** Any single-line answer (text, email, website, name parts, ...). */
  lineMax: 1_000,
  htmlMax: 20_000,
  notificationEmailsMax: 10,
  emailSubjectMax: 200,
  /** The SaveFormSubmission `form` JSON string. */
  submissionJsonMax: 200_000,
  /** Page fields of a submission (pageTitle, pagePath, pageId...). */
  pageFieldMax: 2_000,
} as const;

type FieldBase = { id: string; title: string; description?: string };
export type TextLikeField = FieldBase & {
  type: 'text' | 'email' | 'number' | 'website';
  placeholder?: string;
  required?: boolean;
};
export type TextareaField = FieldBase & { type: 'textarea'; placeholder?: string; required?: boolean; maxLength?: number };
export type CurrencyField = FieldBase & { type: 'currency'; currencySymbol?: string; required?: boolean };
export type PlainField = FieldBase & { type: 'password' | 'twitter' | 'date' | 'time' | 'name' | 'address'; required?: boolean };
export type PhoneField = FieldBase & { type: 'phone'; required?: boolean; showCountryCode?: boolean };
export type SectionField = FieldBase & { type: 'section'; underline?: boolean };
export type ChoiceField = FieldBase & { type: 'radio' | 'checkbox' | 'select'; options: string[]; required?: boolean };
/** `options` are the survey's statements; each is answered on LIKERT_SCALE. */
export type LikertField = FieldBase & { type: 'likert'; options: string[]; required?: boolean };
export type HiddenField = FieldBase & { type: 'hidden'; key?: string; value?: string };

export type FormField =
  | TextLikeField
  | TextareaField
  | CurrencyField
  | PlainField
  | PhoneField
  | SectionField
  | ChoiceField
  | LikertField
  | HiddenField;

/**
 * The answer to each field type, keyed by field id in the SaveFormSubmission `form` JSON:
 * - text, textarea, email, number, website, currency, password, twitter, radio, select, hidden: a string
 * - date: 'YYYY-MM-DD'; time: 'HH:MM' (24 h), as the browser's date and time inputs give them
 * - name: { first, last }; address: { line1, line2, city, state, zip, country }
 * - phone: { countryCode, number } (countryCode is '' unless the field shows it)
 * - checkbox: the chosen options; likert: { [statement]: -2..2 }
 * Sections have no answer.
 */
export type NameValue = { first: string; last: string };
export type AddressValue = { line1: string; line2: string; city: string; state: string; zip: string; country: string };
export type PhoneValue = { countryCode: string; number: string };
export type FieldValue = string | string[] | NameValue | AddressValue | PhoneValue | Record<string, number>;
export type FormValues = Record<string, FieldValue>;

export const NAME_PARTS = ['first', 'last'] as const;
export const ADDRESS_PARTS = ['line1', 'line2', 'city', 'state', 'zip', 'country'] as const;
/** The address parts a required address needs. */
export const REQUIRED_ADDRESS_PARTS = ['line1', 'city', 'zip', 'country'] as const;
export const PHONE_PARTS = ['countryCode', 'number'] as const;

export const isFieldType = (type: unknown): type is FormFieldType => typeof type === 'string' && (FORM_FIELD_TYPES as readonly string[]).includes(type);

/** Fields that take an answer (all but sections). */
export const takesAnswer = (field: FormField): boolean => field.type !== 'section';

/**
 * The names of the HTML controls a field renders as (block-form.jsont / form-field.jsont) and the
 * island reads back: the field id, or `{id}-{part}` for name, address and phone parts, or
 * `{id}-{n}` for the n-th likert statement (0-based).
 */
export function fieldControlNames(field: FormField): string[] {
  switch (field.type) {
    case 'section':
      return [];
    case 'name':
      return NAME_PARTS.map((p) => `${field.id}-${p}`);
    case 'address':
      return ADDRESS_PARTS.map((p) => `${field.id}-${p}`);
    case 'phone':
      return PHONE_PARTS.map((p) => `${field.id}-${p}`);
    case 'likert':
      return field.options.map((_, i) => `${field.id}-${i}`);
    default:
      return [field.id];
  }
}
