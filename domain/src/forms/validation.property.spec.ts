/**
 * The browser and the server run one validation on different inputs: the island validates the
 * values it builds from the form's controls; the server validates what JSON.parse gives back from
 * the SaveFormSubmission `form` string. These properties check the two always agree (same errors,
 * same accepted values), on random forms and random answers.
 */
import fc from 'fast-check';
import { formDefaults, type FormDefinition } from './definition';
import { fieldControlNames, FORM_FIELD_TYPES, LIKERT_VALUES, type FormField } from './fields';
import { parseSaveFormSubmission } from './submission-request';
import { formValuesFromControls, validateFormValues } from './validation';

const option = fc.oneof(fc.constantFrom('Yes', 'No', 'Maybe', '__proto__', 'constructor', 'a, b', '=1+1'), fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ''));
const options = fc.uniqueArray(option, { minLength: 1, maxLength: 5 });

const field = (id: string): fc.Arbitrary<FormField> =>
  fc.record({ type: fc.constantFrom(...FORM_FIELD_TYPES), required: fc.boolean(), options, maxLength: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }), showCountryCode: fc.boolean() }).map(
    ({ type, required, options: opts, maxLength, showCountryCode }) => {
      const base = { id, type, title: id } as Record<string, unknown>;
      if (type !== 'section' && type !== 'hidden') base.required = required;
      if (type === 'radio' || type === 'checkbox' || type === 'select' || type === 'likert') base.options = opts;
      if (type === 'textarea' && maxLength !== undefined) base.maxLength = maxLength;
      if (type === 'phone') base.showCountryCode = showCountryCode;
      return base as FormField;
    },
  );

const formArb: fc.Arbitrary<FormDefinition> = fc
  .integer({ min: 1, max: 6 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => field(`f${i}`))))
  .map((fields) => ({ ...formDefaults('prop'), fields }));

/** Text as a visitor types it: sometimes an email, number, date or time, sometimes anything. */
const typed = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom('', ' ', 'ana@example.com', 'a@b', '12.50', '1e3', '2024-02-29', '2023-02-30', '09:30', '24:00', 'example.com', '=cmd|x', '😀😀😀'),
  fc.emailAddress(),
  fc.string({ minLength: 30, maxLength: 60 }),
);

/** Control values for a form, as the browser's inputs hold them. */
const controlsFor = (form: FormDefinition): fc.Arbitrary<Record<string, string[]>> => {
  const entries = form.fields.flatMap((f): [string, fc.Arbitrary<string[]>][] => {
    switch (f.type) {
      case 'checkbox':
        return [[f.id, fc.subarray(f.options)]];
      case 'radio':
      case 'select':
        return [[f.id, fc.oneof(fc.constant([] as string[]), fc.constantFrom(...f.options).map((o) => [o]), typed.map((t) => [t]))]];
      case 'likert':
        return fieldControlNames(f).map((name) => [name, fc.oneof(fc.constant([] as string[]), fc.constantFrom(...LIKERT_VALUES).map((v) => [String(v)]))]);
      default:
        return fieldControlNames(f).map((name) => [name, typed.map((t) => [t])]);
    }
  });
  return fc.record(Object.fromEntries(entries));
};

/** What the server sees: the island's values through the SaveFormSubmission body and JSON. */
function serverSide(form: FormDefinition, values: unknown) {
  const body = JSON.parse(JSON.stringify({ key: 'k', formId: form.id, form: JSON.stringify(values) })) as unknown;
  const parsed = parseSaveFormSubmission(body);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return validateFormValues(form, parsed.value.values);
}

describe('browser and server validation agree (fast-check)', () => {
  it('on values built from random controls of random forms', () => {
    fc.assert(
      fc.property(
        formArb.chain((form) => fc.tuple(fc.constant(form), controlsFor(form))),
        ([form, controls]) => {
          const values = formValuesFromControls(form, (name) => controls[name] ?? []);
          const browser = validateFormValues(form, values);
          expect(serverSide(form, values)).toEqual(browser);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('on arbitrary JSON answers (a hand-written client), after the JSON round trip', () => {
    fc.assert(
      fc.property(formArb, fc.dictionary(fc.constantFrom('f0', 'f1', 'f2', 'f3', 'x'), fc.jsonValue({ maxDepth: 2 })), (form, raw) => {
        // The browser path validates the object itself; JSON may drop or change parts of it
        // (-0, undefined), which must not change the outcome.
        expect(serverSide(form, raw)).toEqual(validateFormValues(form, raw));
      }),
      { numRuns: 500 },
    );
  });

  it('accepted values validate again to themselves (the server can re-check what it stored)', () => {
    fc.assert(
      fc.property(
        formArb.chain((form) => fc.tuple(fc.constant(form), controlsFor(form))),
        ([form, controls]) => {
          const first = validateFormValues(form, formValuesFromControls(form, (name) => controls[name] ?? []));
          if (first.ok) expect(validateFormValues(form, JSON.parse(JSON.stringify(first.values)))).toEqual(first);
        },
      ),
      { numRuns: 300 },
    );
  });
});
