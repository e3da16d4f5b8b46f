import { formDefaults } from '@storefront/domain/forms/definition';
import { BUILDER_PROPERTIES, FORM_FIELD_TYPES } from '@storefront/domain/forms/fields';
import { parseFormDefinition } from '@storefront/domain/forms/definition';
import { addField, moveField, optionsFromText, removeField, updateField } from './form-draft';

describe('form draft', () => {
  it('adds every builder field type with defaults the server accepts', () => {
    let form = formDefaults('survey');
    for (const type of FORM_FIELD_TYPES) form = addField(form, type);
    expect(form.fields.map((f) => f.type)).toEqual([...FORM_FIELD_TYPES]);
    expect(Object.keys(BUILDER_PROPERTIES)).toEqual([...FORM_FIELD_TYPES]);
    const parsed = parseFormDefinition('survey', form);
    expect(parsed.ok).toBe(true);
    expect(new Set(form.fields.map((f) => f.id)).size).toBe(form.fields.length);
  });

  it('changes, moves and removes fields; a move past either end changes nothing', () => {
    let form = addField(addField(formDefaults('f'), 'text'), 'email');
    form = updateField(form, 0, { title: 'Your name', required: true });
    expect(form.fields[0]).toMatchObject({ title: 'Your name', required: true });
    expect(moveField(form, 0, -1)).toBe(form);
    expect(moveField(form, 1, 1)).toBe(form);
    form = moveField(form, 1, -1);
    expect(form.fields.map((f) => f.type)).toEqual(['email', 'text']);
    form = removeField(form, 0);
    expect(form.fields.map((f) => f.type)).toEqual(['text']);
  });

  it('reads options one per line', () => {
    expect(optionsFromText(' Red \n\nBlue\n')).toEqual(['Red', 'Blue']);
  });
});
