import { formError } from '../shared/error-catalogue';
import type { Parsed } from '../shared/requests';
import { answerText, validateFormValues } from '../forms/validation';
import type { AdditionalFieldAnswer, AdditionalFields, AdditionalFieldsForm, FormAdditionalFields } from './additional-fields';

/**
 * The answers an entry keeps, checked against the product's form (issue 14 part 7): without a form,
 * the object as sent (the page's own data); with one, the answers (keyed by field id, as a form
 * submission's `form`) pass the forms' one validation or the add is refused with FORM_INVALID and
 * the forms' messages per field (`details.errors`), and the entry keeps them as
 * `FormAdditionalFields` (answered fields only; null when nothing was answered). Hidden fields are
 * the owner's, not the visitor's: they are left out.
 */
export function checkAdditionalFields(form: AdditionalFieldsForm | null | undefined, fields: AdditionalFields): Parsed<AdditionalFields> {
  if (!form) return { ok: true, value: fields };
  const checked = validateFormValues(form, fields ?? {});
  if (!checked.ok) return { ok: false, error: formError('FORM_INVALID', { field: 'additionalFields', errors: checked.errors }) };
  const answers: AdditionalFieldAnswer[] = [];
  for (const field of form.fields) {
    if (field.type === 'hidden' || field.type === 'section') continue;
    const value = checked.values[field.id];
    const text = answerText(field, value);
    if (value === undefined || text.trim() === '') continue;
    answers.push({ id: field.id, type: field.type, rawTitle: field.title, value: text, ...(typeof value === 'string' ? {} : { values: value }) });
  }
  if (answers.length === 0) return { ok: true, value: null };
  const stored: FormAdditionalFields = { formId: form.id, fields: answers };
  return { ok: true, value: stored };
}
