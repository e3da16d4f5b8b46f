import { useId, type ReactNode } from 'react';

/** Form fields of the block and item editors: a label on every field, a hint and an error in words tied to it. */

type Common = { label: string; hint?: ReactNode; error?: string | null };

function Described({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="ow-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="ow-field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

function describedBy(id: string, hint?: ReactNode, error?: string | null): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

export function TextField({
  label, hint, error, value, onChange, onBlur, multiline, required, type = 'text', list, placeholder, autoFocus, maxLength,
}: Common & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'url' | 'email' | 'datetime-local';
  list?: string;
  placeholder?: string;
  autoFocus?: boolean;
  maxLength?: number;
}) {
  const id = useId();
  const props = {
    id,
    value,
    required,
    placeholder,
    autoFocus,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
    onBlur,
  };
  return (
    <div className="ow-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...props} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...props} type={type} list={list} onChange={(e) => onChange(e.target.value)} />
      )}
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

/** A number field; an empty field gives null. */
export function NumberField({
  label, hint, error, value, onChange, min, max, step,
}: Common & { value: number | null; onChange: (value: number | null) => void; min?: number; max?: number; step?: number | 'any' }) {
  const id = useId();
  return (
    <div className="ow-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={value ?? ''}
        min={min}
        max={max}
        step={step}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="ow-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function SelectField<T extends string>({
  label, hint, error, value, onChange, options,
}: Common & { value: T; onChange: (value: T) => void; options: readonly { value: T; label: string }[] }) {
  const id = useId();
  return (
    <div className="ow-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}
