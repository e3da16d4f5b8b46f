/**
 * The visitor-level form fields (SPEC 3 'Form field types at visitor level'), with the same markup
 * and classes as the theme's form-field.jsont so the island takes over without a jump. Each field
 * shows its error above its control, linked by aria-describedby, and a required mark.
 */
import {
  ADDRESS_PARTS, LIKERT_SCALE, NAME_PARTS,
  type AddressValue, type FieldValue, type FormField, type NameValue, type PhoneValue,
} from '@storefront/domain/forms/fields';
import type { ReactNode } from 'react';
import { FORM_STRINGS } from './form-strings';

export type FieldProps = {
  field: FormField;
  value: FieldValue | undefined;
  error: string | undefined;
  /** Unique per island: control ids are `${prefix}-${field.id}...`. */
  prefix: string;
  onChange: (value: FieldValue) => void;
};

const str = (v: FieldValue | undefined): string => (typeof v === 'string' ? v : '');
type Parts = Record<string, string | number>;
const asRecord = (v: FieldValue | undefined): Parts | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Parts) : null);
const part = (v: FieldValue | undefined, key: string): string => {
  const value = asRecord(v)?.[key];
  return typeof value === 'string' ? value : '';
};

const Required = ({ required }: { required?: boolean }) => (required ? <span className="form-field__required" aria-hidden="true"> *</span> : null);

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="form-field__error" id={id} data-field-error>
      {error}
    </p>
  ) : null;
}

const PART_LABELS: Record<string, string> = {
  first: FORM_STRINGS.firstName, last: FORM_STRINGS.lastName, line1: FORM_STRINGS.addressLine1, line2: FORM_STRINGS.addressLine2,
  city: FORM_STRINGS.city, state: FORM_STRINGS.state, zip: FORM_STRINGS.zip, country: FORM_STRINGS.country,
};
const AUTOCOMPLETE: Record<string, string> = {
  first: 'given-name', last: 'family-name', line1: 'address-line1', line2: 'address-line2', city: 'address-level2', state: 'address-level1', zip: 'postal-code', country: 'country-name',
};
const REQUIRED_PARTS = new Set(['first', 'last', 'line1', 'city', 'zip', 'country']);

const INPUT_TYPES: Record<string, string> = { email: 'email', number: 'number', currency: 'number', website: 'url', date: 'date', time: 'time', password: 'password' };

export function FormFieldView({ field, value, error, prefix, onChange }: FieldProps): ReactNode {
  const id = `${prefix}-${field.id}`;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const help = field.description ? (
    <p className="form-field__help" id={helpId}>
      {field.description}
    </p>
  ) : null;
  const describedBy = [error ? errorId : '', field.description ? helpId : ''].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  const required = 'required' in field ? field.required : undefined;

  switch (field.type) {
    case 'hidden':
      return null;
    case 'section':
      return (
        <div className={`form-field form-field--section${field.underline ? ' form-field--underline' : ''}`}>
          <h3 className="form-field__section-title">{field.title}</h3>
          {help}
        </div>
      );
    case 'textarea': {
      const text = str(value);
      const length = [...text].length;
      const over = field.maxLength !== undefined && length > field.maxLength;
      return (
        <div className="form-field form-field--textarea" data-field={field.id}>
          <label className="form-field__label" htmlFor={id}>
            {field.title}
            <Required required={required} />
          </label>
          {help}
          <FieldError id={errorId} error={error} />
          <textarea
            className="input"
            id={id}
            name={field.id}
            rows={5}
            value={text}
            placeholder={field.placeholder}
            aria-required={required || undefined}
            aria-invalid={invalid}
            aria-describedby={[describedBy, field.maxLength ? `${id}-counter` : ''].filter(Boolean).join(' ') || undefined}
            onInput={(e) => onChange((e.target as HTMLTextAreaElement).value)}
          />
          {field.maxLength ? (
            <p className={`form-field__counter${over ? ' form-field__counter--over' : ''}`} id={`${id}-counter`} aria-live="polite">
              {length} / {field.maxLength}
            </p>
          ) : null}
        </div>
      );
    }
    case 'select':
      return (
        <div className="form-field form-field--select" data-field={field.id}>
          <label className="form-field__label" htmlFor={id}>
            {field.title}
            <Required required={required} />
          </label>
          {help}
          <FieldError id={errorId} error={error} />
          <select className="input" id={id} name={field.id} value={str(value)} aria-required={required || undefined} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
            <option value="">{FORM_STRINGS.selectOption}</option>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </div>
      );
    case 'radio':
    case 'checkbox': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="form-field form-field--choices" data-field={field.id} aria-invalid={invalid} aria-describedby={describedBy}>
          <legend className="form-field__label">
            {field.title}
            <Required required={required} />
          </legend>
          {help}
          <FieldError id={errorId} error={error} />
          {field.options.map((o, i) => (
            <label className="form-field__choice" key={o}>
              <input
                type={field.type}
                id={i === 0 ? id : undefined}
                name={field.id}
                value={o}
                checked={field.type === 'radio' ? str(value) === o : chosen.includes(o)}
                onChange={(e) => {
                  const on = (e.target as HTMLInputElement).checked;
                  if (field.type === 'radio') onChange(o);
                  else onChange(on ? [...chosen.filter((c) => c !== o), o] : chosen.filter((c) => c !== o));
                }}
              />{' '}
              {o}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'likert': {
      const answers = asRecord(value) ?? {};
      return (
        <fieldset className="form-field form-field--likert" data-field={field.id} aria-describedby={describedBy}>
          <legend className="form-field__label">
            {field.title}
            <Required required={required} />
          </legend>
          {help}
          <FieldError id={errorId} error={error} />
          {field.options.map((statement, i) => (
            <fieldset className="likert" key={statement}>
              <legend className="likert__statement">{statement}</legend>
              <div className="likert__scale">
                {LIKERT_SCALE.map((s, j) => (
                  <label key={s.value}>
                    <input
                      type="radio"
                      id={i === 0 && j === 0 ? id : undefined}
                      name={`${prefix}-${field.id}-${i}`}
                      value={String(s.value)}
                      checked={answers[statement] === s.value}
                      onChange={() => onChange({ ...answers, [statement]: s.value } as Record<string, number>)}
                    />{' '}
                    {s.label}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
      );
    }
    case 'name':
    case 'address': {
      const parts = field.type === 'name' ? NAME_PARTS : ADDRESS_PARTS;
      const current = (asRecord(value) ?? {}) as Partial<NameValue & AddressValue>;
      const input = (p: string, i: number) => (
        <label className="form-field__part" key={p}>
          {PART_LABELS[p]}
          {required && REQUIRED_PARTS.has(p) ? <Required required /> : null}
          <input
            className="input"
            type="text"
            id={i === 0 ? id : undefined}
            name={`${field.id}-${p}`}
            autoComplete={AUTOCOMPLETE[p]}
            value={part(value, p)}
            aria-invalid={invalid}
            aria-describedby={i === 0 ? describedBy : undefined}
            onInput={(e) => onChange({ ...Object.fromEntries(parts.map((k) => [k, ''])), ...current, [p]: (e.target as HTMLInputElement).value } as NameValue | AddressValue)}
          />
        </label>
      );
      return (
        <fieldset className={`form-field form-field--${field.type}`} data-field={field.id}>
          <legend className="form-field__label">
            {field.title}
            <Required required={required} />
          </legend>
          {help}
          <FieldError id={errorId} error={error} />
          {field.type === 'name' ? (
            <div className="form-field__row">{parts.map(input)}</div>
          ) : (
            <>
              {input('line1', 0)}
              {input('line2', 1)}
              <div className="form-field__row">{['city', 'state', 'zip'].map((p, i) => input(p, i + 2))}</div>
              {input('country', 5)}
            </>
          )}
        </fieldset>
      );
    }
    case 'phone': {
      const current: PhoneValue = { countryCode: part(value, 'countryCode'), number: part(value, 'number') };
      return (
        <fieldset className="form-field form-field--phone" data-field={field.id}>
          <legend className="form-field__label">
            {field.title}
            <Required required={required} />
          </legend>
          {help}
          <FieldError id={errorId} error={error} />
          <div className="form-field__row">
            {field.showCountryCode ? (
              <label className="form-field__part form-field__part--country">
                {FORM_STRINGS.countryCode}
                <input className="input" type="tel" name={`${field.id}-countryCode`} autoComplete="tel-country-code" inputMode="tel" maxLength={8} value={current.countryCode} onInput={(e) => onChange({ ...current, countryCode: (e.target as HTMLInputElement).value })} />
              </label>
            ) : null}
            <label className="form-field__part">
              {FORM_STRINGS.phoneNumber}
              <input className="input" id={id} type="tel" name={`${field.id}-number`} autoComplete="tel" maxLength={40} value={current.number} aria-invalid={invalid} aria-describedby={describedBy} onInput={(e) => onChange({ ...current, number: (e.target as HTMLInputElement).value })} />
            </label>
          </div>
        </fieldset>
      );
    }
    default: {
      // text, email, number, website, currency, password, twitter, date, time: one value.
      const type = INPUT_TYPES[field.type] ?? 'text';
      return (
        <div className={`form-field form-field--${field.type}`} data-field={field.id}>
          <label className="form-field__label" htmlFor={id}>
            {field.title}
            <Required required={required} />
          </label>
          {help}
          <FieldError id={errorId} error={error} />
          <div className={field.type === 'currency' ? 'form-field__money' : undefined}>
            {field.type === 'currency' ? (
              <span className="form-field__affix" aria-hidden="true">
                {field.currencySymbol || '$'}
              </span>
            ) : null}
            <input
              className="input"
              id={id}
              name={field.id}
              type={type}
              step={field.type === 'currency' ? '0.01' : undefined}
              min={field.type === 'currency' ? '0' : undefined}
              autoComplete={field.type === 'email' ? 'email' : undefined}
              placeholder={'placeholder' in field ? field.placeholder : undefined}
              value={str(value)}
              aria-required={required || undefined}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onInput={(e) => onChange((e.target as HTMLInputElement).value)}
            />
          </div>
        </div>
      );
    }
  }
}
