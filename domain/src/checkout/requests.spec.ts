import { parseRequest } from '../shared/requests';
import { CancelOrderRequest, CheckoutRequest, parseCancelReason, parseCustomerEmail, parseExpectedEntries, parsePaymentToken, parseShippingAddress } from './requests';

const bodyNotAnObject = { code: 'INVALID_REQUEST', message: 'The request body must be a JSON object.', details: { field: 'body' } };

describe('checkout request bodies as the API parses them (fields judged after the cart)', () => {
  it.each([[[1]], [null], ['x'], [undefined]])('refuses a body %p that is not a JSON object', (body) => {
    expect(parseRequest(CheckoutRequest, body)).toEqual({ ok: false, error: bodyNotAnObject });
    expect(parseRequest(CancelOrderRequest, body)).toEqual({ ok: false, error: bodyNotAnObject });
  });

  it('never refuses the email or the payment token: each arrives with its value or its problem', () => {
    expect(parseRequest(CheckoutRequest, { email: 'ada@example.com', paymentToken: ' tok_visa ' })).toEqual({
      ok: true,
      value: {
        email: { ok: true, value: 'ada@example.com' }, paymentToken: { ok: true, value: 'tok_visa' },
        shippingAddress: { ok: true, value: null }, expectedEntries: { ok: true, value: null },
      },
    });
    expect(parseRequest(CheckoutRequest, {})).toEqual({
      ok: true,
      value: {
        email: { ok: false, error: expect.objectContaining({ code: 'INVALID_EMAIL', message: 'Please enter a valid email' }) },
        paymentToken: { ok: false, error: expect.objectContaining({ code: 'PAYMENT_TOKEN_REQUIRED', message: 'Please enter your payment details.' }) },
        shippingAddress: { ok: true, value: null },
        expectedEntries: { ok: true, value: null },
      },
    });
  });

  it('carries a shipping address with each field\'s problem, and expected entries only as id → whole quantity', () => {
    const parsed = parseRequest(CheckoutRequest, { shippingAddress: { country: 'US', postalCode: 'abc' }, expectedEntries: { e1: 2 } });
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        shippingAddress: { ok: false, error: { code: 'SHIPPING_ADDRESS_INVALID', message: 'Please check your shipping address.', details: { fields: { postalCode: 'ZIP Codes need to be 5 digits.', name: 'Required' } } } },
        expectedEntries: { ok: true, value: { e1: 2 } },
      },
    });
    for (const bad of [[1], 'e1', { e1: 0 }, { e1: 1.5 }, { e1: '2' }, { e1: 10000 }]) {
      expect(parseExpectedEntries(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'expectedEntries' } } });
    }
    expect(parseShippingAddress(null)).toEqual({ ok: true, value: null });
  });

  it.each([['ada@example.com'], ['a.b+c@shop.example.co']])('takes the email %p', (raw) => {
    expect(parseCustomerEmail(raw)).toEqual({ ok: true, value: raw });
  });

  it.each([[undefined], [null], [7], [''], ['ada@'], [' ada@example.com'], [['ada@example.com']], [`${'a'.repeat(250)}@example.com`]])(
    'refuses the email %p',
    (raw) => {
      expect(parseCustomerEmail(raw)).toMatchObject({ ok: false, error: { code: 'INVALID_EMAIL' } });
    },
  );

  it.each([[undefined], [null], [42], [''], ['   '], ['x'.repeat(201)], [{ token: 'tok' }]])('refuses the payment token %p', (raw) => {
    expect(parsePaymentToken(raw)).toMatchObject({ ok: false, error: { code: 'PAYMENT_TOKEN_REQUIRED' } });
  });

  it('takes a payment token of up to 200 characters, trimmed', () => {
    expect(parsePaymentToken('x'.repeat(200))).toEqual({ ok: true, value: 'x'.repeat(200) });
    expect(parsePaymentToken(' tok_chargeDeclined\n')).toEqual({ ok: true, value: 'tok_chargeDeclined' });
  });

  it('reads a cancellation reason: absent is none, text of up to 500 characters, anything else INVALID_TEXT_FIELD', () => {
    expect(parseRequest(CancelOrderRequest, {})).toEqual({ ok: true, value: { ok: true, value: '' } });
    expect(parseRequest(CancelOrderRequest, { reason: 'Customer asked' })).toEqual({ ok: true, value: { ok: true, value: 'Customer asked' } });
    expect(parseCancelReason('x'.repeat(500))).toEqual({ ok: true, value: 'x'.repeat(500) });
    for (const raw of [null, 5, ['a'], 'x'.repeat(501)]) {
      expect(parseCancelReason(raw)).toMatchObject({ ok: false, error: { code: 'INVALID_TEXT_FIELD', details: { field: 'reason' } } });
    }
  });
});
