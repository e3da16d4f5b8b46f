import { parseRequest, readSentText } from '../shared/requests';
import {
  AddToCartRequest, ChangeCartQuantityRequest, checkAddToCart, parseSubscriptionOptionId, SubscriptionCartRequest, UpdateCartEntryFieldsRequest,
} from './requests';

const bodyNotAnObject = { code: 'INVALID_REQUEST', message: 'The request body must be a JSON object.', details: { field: 'body' } };

describe('checkAddToCart (checked in the browser before an add)', () => {
  it('takes a quantity as a number or as a form field\'s text', () => {
    expect(checkAddToCart({ itemId: 'p1', sku: 'S', quantity: '3', additionalFields: null })).toEqual({
      ok: true, value: { itemId: 'p1', quantity: 3, additionalFields: null },
    });
    expect(checkAddToCart({ itemId: 'p1', quantity: 2 })).toMatchObject({ ok: true, value: { quantity: 2 } });
  });

  it.each([
    ['abc', 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [null, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    ['1.5', 'QUANTITY_NOT_WHOLE', undefined],
    [0, 'QUANTITY_OUT_OF_RANGE', undefined],
    [10000, 'QUANTITY_OUT_OF_RANGE', undefined],
  ])('refuses quantity %p as decide does (%s)', (quantity, code, message) => {
    const parsed = checkAddToCart({ itemId: 'p1', sku: 'S', quantity });
    expect(parsed).toMatchObject({ ok: false, error: { code, ...(message ? { message } : {}) } });
  });

  it('refuses additional fields that are not an object, or too long, with the API\'s message', () => {
    expect(checkAddToCart({ itemId: 'p1', quantity: 1, additionalFields: [] })).toMatchObject({
      ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'additionalFields' }, message: 'additionalFields must be an object.' },
    });
    expect(checkAddToCart({ itemId: 'p1', quantity: 1, additionalFields: { a: 'x'.repeat(10_001) } })).toMatchObject({
      ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'additionalFields' } },
    });
  });

  it('reports the quantity before the additional fields, as decide does, and a body that is not an object first', () => {
    expect(checkAddToCart({ itemId: 'p1', quantity: 'x', additionalFields: [] })).toMatchObject({ ok: false, error: { code: 'QUANTITY_NOT_A_NUMBER' } });
    expect(checkAddToCart([{ itemId: 'p1', quantity: 1 }])).toEqual({ ok: false, error: bodyNotAnObject });
  });
});

describe('cart request bodies as the API parses them (fields judged later by decide)', () => {
  it.each([[[1, 2]], [null], ['text'], [undefined]])('refuses a body %p that is not a JSON object', (body) => {
    for (const schema of [AddToCartRequest, ChangeCartQuantityRequest, UpdateCartEntryFieldsRequest, SubscriptionCartRequest]) {
      expect(parseRequest(schema, body)).toEqual({ ok: false, error: bodyNotAnObject });
    }
  });

  it('never refuses a field: each arrives typed, with its value or its problem', () => {
    expect(parseRequest(AddToCartRequest, {})).toEqual({
      ok: true,
      value: {
        itemId: null,
        sku: { kind: 'absent' },
        quantity: { ok: false, error: expect.objectContaining({ code: 'QUANTITY_NOT_A_NUMBER' }) },
        additionalFields: { ok: true, value: null },
      },
    });
    expect(parseRequest(AddToCartRequest, { itemId: 7, sku: 7, quantity: '2', additionalFields: 'x', extra: true })).toEqual({
      ok: true,
      value: {
        itemId: null,
        sku: { kind: 'other' },
        quantity: { ok: true, value: 2 },
        additionalFields: { ok: false, error: expect.objectContaining({ code: 'INVALID_REQUEST', message: 'additionalFields must be an object.' }) },
      },
    });
  });

  it('reads a new quantity, 0 (or text reading as 0) removing the entry', () => {
    expect(parseRequest(ChangeCartQuantityRequest, { quantity: ' 0 ' })).toEqual({ ok: true, value: { ok: true, value: 0 } });
    expect(parseRequest(ChangeCartQuantityRequest, { quantity: 4 })).toEqual({ ok: true, value: { ok: true, value: 4 } });
    expect(parseRequest(ChangeCartQuantityRequest, {})).toMatchObject({ ok: true, value: { ok: false, error: { code: 'QUANTITY_NOT_A_NUMBER' } } });
  });

  it('keeps the item and sku of an additional-fields update as sent', () => {
    expect(parseRequest(UpdateCartEntryFieldsRequest, { itemId: 'i', sku: null, additionalFields: { a: 1 } })).toEqual({
      ok: true, value: { itemId: { kind: 'text', text: 'i' }, sku: { kind: 'absent' }, additionalFields: { ok: true, value: { a: 1 } } },
    });
  });

  it('reads the subscription payload, qty as the quantity', () => {
    expect(parseRequest(SubscriptionCartRequest, { itemId: 'c', sku: 'S', qty: '2', subscriptionOptionId: 'monthly' })).toEqual({
      ok: true,
      value: {
        itemId: 'c', sku: { kind: 'text', text: 'S' }, qty: { ok: true, value: 2 }, additionalFields: { ok: true, value: null },
        subscriptionOptionId: { ok: true, value: 'monthly' },
      },
    });
  });
});

describe('field readers', () => {
  it.each([
    [undefined, { kind: 'absent' }], [null, { kind: 'absent' }], ['', { kind: 'text', text: '' }], [' S ', { kind: 'text', text: ' S ' }],
    [0, { kind: 'other' }], [false, { kind: 'other' }], [['S'], { kind: 'other' }], [{}, { kind: 'other' }],
  ])('reads %p sent for a text field as %p', (raw, sent) => {
    expect(readSentText(raw)).toEqual(sent);
  });

  it.each([[undefined, null], [null, null], ['', null], ['monthly', 'monthly'], ['x'.repeat(100), 'x'.repeat(100)]])(
    'takes subscription option id %p as %p',
    (raw, id) => {
      expect(parseSubscriptionOptionId(raw)).toEqual({ ok: true, value: id });
    },
  );

  it.each([[5], [{}], ['x'.repeat(101)]])('refuses subscription option id %p', (raw) => {
    expect(parseSubscriptionOptionId(raw)).toMatchObject({
      ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'subscriptionOptionId' }, message: 'subscriptionOptionId must be a short text.' },
    });
  });
});
