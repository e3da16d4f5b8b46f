/**
 * The form builder's draft edits (pure): add a field of any builder type with its defaults, change
 * one property, move a field up or down, remove it. What the owner may edit per type is the
 * domain's BUILDER_PROPERTIES (SPEC 3); the server checks the whole definition on save.
 */
import type { FormDefinition } from '@storefront/domain/forms/definition';
import { FORM_LIMITS, type FormField, type FormFieldType } from '@storefront/domain/forms/fields';

export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text', textarea: 'Text area', email: 'Email', number: 'Number', website: 'Website', currency: 'Currency',
  password: 'Password', twitter: 'Twitter', date: 'Date', time: 'Time', name: 'Name', address: 'Address', phone: 'Phone',
  section: 'Section', radio: 'Radio buttons', checkbox: 'Checkboxes', select: 'Dropdown', likert: 'Survey (likert)', hidden: 'Hidden',
};

/** A field id not yet used by the form: `{type}_{n}` (letters, digits and underscores, as the domain requires). */
export function newFieldId(form: FormDefinition, type: FormFieldType): string {
  const used = new Set(form.fields.map((f) => f.id));
  for (let n = 1; ; n++) if (!used.has(`${type}_${n}`)) return `${type}_${n}`;
}

export function newField(form: FormDefinition, type: FormFieldType): FormField {
  const id = newFieldId(form, type);
  const title = FIELD_TYPE_LABELS[type];
  switch (type) {
    case 'radio':
    case 'checkbox':
    case 'select':
      return { id, type, title, options: ['Option 1', 'Option 2'] };
    case 'likert':
      return { id, type, title, options: ['Statement 1'] };
    case 'textarea':
      return { id, type, title, maxLength: 1000 };
    case 'currency':
      return { id, type, title, currencySymbol: '$' };
    case 'section':
      return { id, type, title };
    case 'hidden':
      return { id, type, title: '', key: id, value: '' };
    default:
      return { id, type, title } as FormField;
  }
}

export function addField(form: FormDefinition, type: FormFieldType): FormDefinition {
  if (form.fields.length >= FORM_LIMITS.fieldsPerForm) return form;
  return { ...form, fields: [...form.fields, newField(form, type)] };
}

export function updateField(form: FormDefinition, index: number, change: Record<string, unknown>): FormDefinition {
  return { ...form, fields: form.fields.map((f, i) => (i === index ? ({ ...f, ...change } as FormField) : f)) };
}

/** Moves the field at `index` by `by` (−1 up, +1 down); out of range changes nothing. */
export function moveField(form: FormDefinition, index: number, by: -1 | 1): FormDefinition {
  const to = index + by;
  if (index < 0 || index >= form.fields.length || to < 0 || to >= form.fields.length) return form;
  const fields = [...form.fields];
  [fields[index], fields[to]] = [fields[to]!, fields[index]!];
  return { ...form, fields };
}

export function removeField(form: FormDefinition, index: number): FormDefinition {
  return { ...form, fields: form.fields.filter((_, i) => i !== index) };
}

/** Options as the owner types them: one per line, blank lines dropped. */
export const optionsFromText = (text: string): string[] => text.split('\n').map((s) => s.trim()).filter((s) => s !== '');
