import { parseRequest } from '../shared/requests';
import { AddToCartRequest } from './requests';

describe('AddToCartRequest (checked in the browser before an add)', () => {
  it('takes a quantity as a number or as a form field\'s text', () => {
    expect(parseRequest(AddToCartRequest, { itemId: 'p1', sku: 'S', quantity: '3', additionalFields: null })).toEqual({
      ok: true, value: { itemId: 'p1', sku: 'S', quantity: 3, additionalFields: null },
    });
    expect(parseRequest(AddToCartRequest, { itemId: 'p1', quantity: 2 })).toMatchObject({ ok: true, value: { quantity: 2 } });
  });

  it.each([
    ['abc', 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    [null, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
    ['1.5', 'QUANTITY_NOT_WHOLE', undefined],
    [0, 'QUANTITY_OUT_OF_RANGE', undefined],
    [10000, 'QUANTITY_OUT_OF_RANGE', undefined],
  ])('refuses quantity %p as decide does (%s)', (quantity, code, message) => {
    const parsed = parseRequest(AddToCartRequest, { itemId: 'p1', sku: 'S', quantity });
    expect(parsed).toMatchObject({ ok: false, error: { code, ...(message ? { message } : {}) } });
  });

  it('refuses additional fields that are not an object, or too long, with the API\'s message', () => {
    expect(parseRequest(AddToCartRequest, { itemId: 'p1', quantity: 1, additionalFields: [] })).toMatchObject({
      ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'additionalFields' }, message: 'additionalFields must be an object.' },
    });
    expect(parseRequest(AddToCartRequest, { itemId: 'p1', quantity: 1, additionalFields: { a: 'x'.repeat(10_001) } })).toMatchObject({
      ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'additionalFields' } },
    });
  });
});
