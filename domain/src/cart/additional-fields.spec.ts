import type { FormField } from '../forms/fields';
import { EMAIL_INVALID_MESSAGE, FORM_FIELD_MESSAGES } from '../forms/validation';
import { FORM_ERROR_MESSAGES } from '../shared/error-catalogue';
import { parseRequest } from '../shared/requests';
import { additionalFieldLines, additionalFieldsFormOf, type AdditionalFieldsForm } from './additional-fields';
import { checkAdditionalFields } from './additional-fields-check';
import { cartDecider } from './cart-decider';
import type { CartProduct } from './cart-product';
import type { CartCommand } from './commands';
import type { CartEvent } from './events';
import { AddToCartRequest, UpdateCartEntryFieldsRequest } from './requests';
import { cartPageView } from './cart-page-view';
import { shoppingCartView } from './shopping-cart-view';

const FIELDS: FormField[] = [
  { id: 'student', type: 'name', title: 'Student name', required: true },
  { id: 'email', type: 'email', title: 'Email', required: true },
  { id: 'experience', type: 'select', title: 'Experience', required: true, options: ['First time', 'Regular'] },
  { id: 'notes', type: 'textarea', title: 'Notes', maxLength: 20 },
  { id: 'intro', type: 'section', title: 'About you' },
  { id: 'source', type: 'hidden', title: 'Source', value: 'class-page' },
  { id: 'safety', type: 'checkbox', title: 'Studio rules', required: true, options: ['Closed shoes'] },
];
const FORM: AdditionalFieldsForm = { id: 'form-class-signup', fields: FIELDS };

const answers = (over: Record<string, unknown> = {}) => ({
  student: { first: 'Ana', last: '<b>Lima</b>' },
  email: 'ana@example.com',
  experience: 'First time',
  notes: '',
  safety: ['Closed shoes'],
  ...over,
});

describe('additional fields checked against the product form', () => {
  it('without a form, keeps the object as sent (or null)', () => {
    expect(checkAdditionalFields(null, { engraving: 'A' })).toEqual({ ok: true, value: { engraving: 'A' } });
    expect(checkAdditionalFields(undefined, null)).toEqual({ ok: true, value: null });
  });

  it('refuses missing required answers with the forms\' messages per field (FORM_INVALID, 400)', () => {
    const checked = checkAdditionalFields(FORM, null);
    expect(checked).toEqual({
      ok: false,
      error: {
        code: 'FORM_INVALID',
        message: FORM_ERROR_MESSAGES.FORM_INVALID,
        details: {
          field: 'additionalFields',
          errors: { student: FORM_FIELD_MESSAGES.REQUIRED, email: FORM_FIELD_MESSAGES.REQUIRED, experience: FORM_FIELD_MESSAGES.REQUIRED, safety: FORM_FIELD_MESSAGES.REQUIRED },
        },
      },
    });
  });

  it('refuses a bad email, a stranger option and an over-long textarea', () => {
    const checked = checkAdditionalFields(FORM, answers({ email: 'nope', experience: 'Expert', notes: 'x'.repeat(21) }));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.details).toEqual({
      field: 'additionalFields',
      errors: { email: EMAIL_INVALID_MESSAGE, experience: FORM_FIELD_MESSAGES.NOT_AN_OPTION.replace('{val}', 'Expert'), notes: FORM_FIELD_MESSAGES.TOO_LONG },
    });
  });

  it('keeps valid answers as the form summary: answered fields in the form order, no sections, hidden fields or strangers', () => {
    const checked = checkAdditionalFields(FORM, { ...answers(), extra: 'dropped', source: 'forged' });
    expect(checked).toEqual({
      ok: true,
      value: {
        formId: 'form-class-signup',
        fields: [
          { id: 'student', type: 'name', rawTitle: 'Student name', value: 'Ana <b>Lima</b>', values: { first: 'Ana', last: '<b>Lima</b>' } },
          { id: 'email', type: 'email', rawTitle: 'Email', value: 'ana@example.com' },
          { id: 'experience', type: 'select', rawTitle: 'Experience', value: 'First time' },
          { id: 'safety', type: 'checkbox', rawTitle: 'Studio rules', value: 'Closed shoes', values: ['Closed shoes'] },
        ],
      },
    });
  });

  it('reads the Product record form only when it is a form with fields', () => {
    expect(additionalFieldsFormOf({ id: 'f', fields: FIELDS })).toEqual({ id: 'f', fields: FIELDS });
    for (const bad of [null, 'f', { id: 'f' }, { fields: [] }, [1]]) expect(additionalFieldsFormOf(bad)).toBeNull();
  });
});

describe('additional field lines (what the pages print, as text)', () => {
  it('lists a form summary as label: value, and any other object member by member', () => {
    const summary = checkAdditionalFields(FORM, answers());
    const plain = (lines: { label: string; value: string }[]) => lines.map(({ label, value }) => ({ label, value }));
    expect(summary.ok && plain(additionalFieldLines(summary.value))).toEqual([
      { label: 'Student name', value: 'Ana <b>Lima</b>' },
      { label: 'Email', value: 'ana@example.com' },
      { label: 'Experience', value: 'First time' },
      { label: 'Studio rules', value: 'Closed shoes' },
    ]);
    expect(plain(additionalFieldLines({ engraving: 'For Ana', count: 2, list: ['a', 'b'], nested: { a: 1 }, empty: '' }))).toEqual([
      { label: 'engraving', value: 'For Ana' },
      { label: 'count', value: '2' },
      { label: 'list', value: 'a, b' },
      { label: 'nested', value: '{"a":1}' },
    ]);
    expect(additionalFieldLines(null)).toEqual([]);
    expect(additionalFieldLines([1, 2])).toEqual([]);
  });

  it('captions a label with a colon unless it ends in its own punctuation', () => {
    expect(additionalFieldLines({ Email: 'a', 'Anything else?': 'b', 'Note:': 'c' }).map((l) => l.caption)).toEqual(['Email:', 'Anything else?', 'Note:']);
  });

  it('clips long text and many members', () => {
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, 'v'.repeat(3000)]));
    const lines = additionalFieldLines(many);
    expect(lines).toHaveLength(100);
    expect(lines[0]!.value.length).toBe(2000);
  });
});

describe('cart decide with a product form', () => {
  const product: CartProduct = {
    itemId: 'class', title: 'Wheel class', productType: 'SERVICE', variantOptionOrdering: [], isSubscribable: false, subscriptionPlan: null,
    variants: [{ itemId: 'class', sku: 'CLASS-SAT', title: 'Wheel class', productType: 'SERVICE', attributes: {}, unitPriceCents: 9500, currency: 'USD', stock: { unlimited: false, qtyInStock: 6 } }],
    additionalFieldsForm: FORM,
  };
  const add = (additionalFields: unknown, p: CartProduct | null = product): CartCommand => {
    const body = parseRequest(AddToCartRequest, { itemId: 'class', sku: 'CLASS-SAT', quantity: 1, additionalFields });
    if (!body.ok) throw new Error('unparsable');
    return {
      type: 'AddItemToCart',
      data: {
        cartId: 'c', websiteId: 'w', currency: 'USD', newEntryId: 'e1', product: p, sku: body.value.sku, quantity: body.value.quantity,
        additionalFields: body.value.additionalFields, storeSettings: { multipleQuantityAllowedForServices: true }, now: 't',
      },
    };
  };
  const state = (events: CartEvent[]) => events.reduce(cartDecider.evolve, cartDecider.initialState());

  it('refuses an add without the required answers, and one whose form answers are wrong', () => {
    expect(cartDecider.decide(add(null), state([]))).toMatchObject({ ok: false, error: { code: 'FORM_INVALID', details: { errors: { email: FORM_FIELD_MESSAGES.REQUIRED } } } });
    expect(cartDecider.decide(add(answers({ email: 'x' })), state([]))).toMatchObject({ ok: false, error: { code: 'FORM_INVALID', details: { errors: { email: EMAIL_INVALID_MESSAGE } } } });
  });

  it('adds with the summary; two adds with answers stay two entries; the cart page shows the lines', () => {
    const first = cartDecider.decide(add(answers()), state([]));
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const entry = first.events.find((e) => e.type === 'CartEntryAdded')!;
    expect((entry.data as { additionalFields: Record<string, unknown> | null }).additionalFields?.formId).toBe('form-class-signup');
    const second = cartDecider.decide({ ...add(answers()), data: { ...(add(answers()).data as object), newEntryId: 'e2' } } as CartCommand, state(first.events));
    expect(second.ok && second.events.map((e) => e.type)).toEqual(['CartEntryAdded']);
    const cart = shoppingCartView(state([...first.events, ...(second.ok ? second.events : [])]));
    const page = cartPageView(cart, {}, { minimumSubtotalCents: 0 });
    expect(page.lines[0]!.additionalFields).toContainEqual({ label: 'Email', value: 'ana@example.com', caption: 'Email:' });
  });

  it('a product whose form no longer exists adds without answers being checked', () => {
    expect(cartDecider.decide(add(null, { ...product, additionalFieldsForm: null }), state([])).ok).toBe(true);
  });

  it('checks changed answers against the form (PUT …/additionalFields)', () => {
    const first = cartDecider.decide(add(answers()), state([]));
    if (!first.ok) throw new Error('add refused');
    const update = (fields: unknown, form: AdditionalFieldsForm | null): CartCommand => {
      const body = parseRequest(UpdateCartEntryFieldsRequest, { additionalFields: fields });
      if (!body.ok) throw new Error('unparsable');
      return { type: 'UpdateCartEntryAdditionalFields', data: { cartId: 'c', entryId: 'e1', ...body.value, form, now: 't2' } };
    };
    expect(cartDecider.decide(update({ email: 'ana@example.com' }, FORM), state(first.events))).toMatchObject({ ok: false, error: { code: 'FORM_INVALID' } });
    expect(cartDecider.decide(update(answers(), FORM), state(first.events))).toEqual({ ok: true, events: [] }); // the same answers: nothing to change
    const changed = cartDecider.decide(update(answers({ experience: 'Regular' }), FORM), state(first.events));
    expect(changed.ok && changed.events.map((e) => e.type)).toEqual(['CartEntryAdditionalFieldsUpdated']);
  });
});
