import * as z from 'zod/mini';
import { isValidEmail } from '../accounts/email';
import { domainError } from '../shared/error-catalogue';
import { isPlainObject, lenient, object, type Parsed } from '../shared/requests';
import { readShippingAddress, type ShippingAddress } from './shipping-address';

/**
 * Checkout's request bodies, as the API parses them into typed commands. Only a body that is not a
 * JSON object is refused here ('The request body must be a JSON object.'). A field's problem is
 * reported in its turn (a `Parsed` value): the buyer's email and the payment token after the
 * cart's own problems (nothing in it, under the checkout minimum; `checkoutProblem`), and neither
 * for a cart already bought, which answers with its order. The shipping address counts only for a
 * cart that requires shipping; `expectedEntries` (entry id → quantity, what the checkout page
 * showed) makes a cart changed since then a CART_CHANGED refusal instead of an order for it.
 */

export const MAX_PAYMENT_TOKEN_LENGTH = 200;
export const MAX_CANCEL_REASON_LENGTH = 500;

/** The buyer's email (SPEC 5 'Email check'), or 'Please enter a valid email'. */
export function parseCustomerEmail(raw: unknown): Parsed<string> {
  return isValidEmail(raw) ? { ok: true, value: raw } : { ok: false, error: domainError('INVALID_EMAIL') };
}

/** The payment form's card token, trimmed; anything but non-blank text of at most 200 characters: 'Please enter your payment details.' */
export function parsePaymentToken(raw: unknown): Parsed<string> {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > MAX_PAYMENT_TOKEN_LENGTH) {
    return { ok: false, error: domainError('PAYMENT_TOKEN_REQUIRED') };
  }
  return { ok: true, value: raw.trim() };
}

/** The most entries `expectedEntries` may name (a cart holds far fewer). */
export const MAX_EXPECTED_ENTRIES = 500;

/**
 * The buyer's shipping address: null when none was sent; an address with a problem is
 * SHIPPING_ADDRESS_INVALID ('Please check your shipping address.') with `details.fields`, each
 * field's own message.
 */
export function parseShippingAddress(raw: unknown): Parsed<ShippingAddress | null> {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  const { address, problems } = readShippingAddress(raw);
  if (Object.keys(problems).length > 0) return { ok: false, error: domainError('SHIPPING_ADDRESS_INVALID', { fields: problems }) };
  return { ok: true, value: address };
}

/** What the checkout page showed: entry id → quantity (whole, 1 to 9999), or null when not sent. */
export function parseExpectedEntries(raw: unknown): Parsed<Record<string, number> | null> {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  const entries = isPlainObject(raw) ? Object.entries(raw) : null;
  if (!entries || entries.length > MAX_EXPECTED_ENTRIES || !entries.every(([id, n]) => id.length <= 100 && Number.isSafeInteger(n) && (n as number) >= 1 && (n as number) <= 9999)) {
    return { ok: false, error: domainError('INVALID_REQUEST', { field: 'expectedEntries' }, 'expectedEntries must map entry ids to quantities.') };
  }
  return { ok: true, value: Object.fromEntries(entries) as Record<string, number> };
}

/** POST /api/commerce/checkout { email, paymentToken, shippingAddress?, expectedEntries? }. */
export const CheckoutRequest = object({
  email: lenient(parseCustomerEmail),
  paymentToken: lenient(parsePaymentToken),
  shippingAddress: lenient(parseShippingAddress),
  expectedEntries: lenient(parseExpectedEntries),
});
export type CheckoutRequest = z.output<typeof CheckoutRequest>;

/** A subscription cart's token (a UUID, as `POST /api/3/commerce/cart/subscription` answers it); anything else names no cart. */
export function parseSubscriptionCartToken(raw: unknown): Parsed<string> {
  return typeof raw === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw)
    ? { ok: true, value: raw }
    : { ok: false, error: domainError('CART_NOT_FOUND') };
}

/**
 * POST /api/commerce/subscription-checkout { cartToken, email, paymentToken, shippingAddress? }:
 * the subscription cart and the same buyer fields as a shopping checkout.
 */
export const SubscriptionCheckoutRequest = object({
  cartToken: lenient(parseSubscriptionCartToken),
  email: lenient(parseCustomerEmail),
  paymentToken: lenient(parsePaymentToken),
  shippingAddress: lenient(parseShippingAddress),
});
export type SubscriptionCheckoutRequest = z.output<typeof SubscriptionCheckoutRequest>;

/** Why an order was cancelled: text of at most 500 characters, '' when absent. */
export function parseCancelReason(raw: unknown): Parsed<string> {
  const reason = raw === undefined ? '' : raw;
  if (typeof reason !== 'string' || reason.length > MAX_CANCEL_REASON_LENGTH) return { ok: false, error: domainError('INVALID_TEXT_FIELD', { field: 'reason' }) };
  return { ok: true, value: reason };
}

/**
 * POST /api/commerce/orders/{orderId}/cancellation { reason }: the reason, whose problem is
 * reported after the order id's (a malformed id is 404 whatever the body says).
 */
export const CancelOrderRequest = z.pipe(object({ reason: lenient(parseCancelReason) }), z.transform((b) => b.reason));
