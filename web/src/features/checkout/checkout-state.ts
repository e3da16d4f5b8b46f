import { isValidEmail } from '@storefront/domain/accounts/email';
import type { ShoppingCartView } from '@storefront/domain/cart/shopping-cart-view';
import { regionRequired, shippingAddressProblems, type ShippingAddressField } from '@storefront/domain/checkout/shipping-address';
import { CART_ERROR_MESSAGES, CHECKOUT_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { CHECKOUT_STRINGS } from '@storefront/domain/shared/commerce-strings';
import type { ApiProblem } from '../../app/api-error';
import type { CheckoutAttempt } from './checkout-api';

/**
 * The checkout form's rules (pure): what the fields say is wrong before anything is sent (the same
 * rules the API applies: SPEC 5's email check, the shipping address's), the request body, the
 * Idempotency-Key a submit reuses, and what each refusal says in words.
 */
export type CheckoutFields = {
  email: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  paymentToken: string;
};

export type FieldName = keyof CheckoutFields;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const TEST_CARD_TOKENS = ['tok_visa', 'tok_chargeDeclined', 'tok_insufficientFunds'] as const;

export const EMPTY_FIELDS: CheckoutFields = {
  email: '', name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US', paymentToken: 'tok_visa',
};

/** The order fields appear in the form: the first one wrong gets the focus. */
export const FIELD_ORDER: FieldName[] = ['email', 'country', 'name', 'line1', 'line2', 'city', 'region', 'postalCode', 'paymentToken'];

const ADDRESS_FIELDS: ShippingAddressField[] = ['name', 'line1', 'line2', 'city', 'region', 'postalCode', 'country'];

const addressOf = (f: CheckoutFields) => Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, f[k]]));

export const regionLabel = (country: string): string => (regionRequired(country) ? CHECKOUT_STRINGS.region : CHECKOUT_STRINGS.regionOptional);

/** Each field's problem, as the API would say it. */
export function fieldProblems(fields: CheckoutFields, requiresShipping: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!isValidEmail(fields.email.trim())) errors.email = CHECKOUT_ERROR_MESSAGES.INVALID_EMAIL;
  if (requiresShipping) Object.assign(errors, shippingAddressProblems(addressOf(fields)));
  if (fields.paymentToken.trim() === '') errors.paymentToken = CHECKOUT_ERROR_MESSAGES.PAYMENT_TOKEN_REQUIRED;
  return errors;
}

/** The JSON body of POST /api/commerce/checkout: the address only for a cart that ships, and the entries the page shows. */
export function checkoutBody(fields: CheckoutFields, cart: ShoppingCartView): string {
  return JSON.stringify({
    email: fields.email.trim(),
    paymentToken: fields.paymentToken,
    ...(cart.requiresShipping ? { shippingAddress: addressOf(fields) } : {}),
    expectedEntries: Object.fromEntries(cart.entries.map((e) => [e.id, e.quantity])),
  });
}

/**
 * The JSON body of POST /api/commerce/subscription-checkout: the subscription cart's token and
 * the same buyer fields (the cart holds its one item, so there are no entries to expect).
 */
export function subscriptionCheckoutBody(fields: CheckoutFields, cart: ShoppingCartView, cartToken: string): string {
  return JSON.stringify({
    cartToken,
    email: fields.email.trim(),
    paymentToken: fields.paymentToken,
    ...(cart.requiresShipping ? { shippingAddress: addressOf(fields) } : {}),
  });
}

/** The form as a body sent earlier had it (a reload after submitting shows what was typed). */
export function fieldsOfBody(body: string): CheckoutFields {
  try {
    const sent = JSON.parse(body) as { email?: unknown; paymentToken?: unknown; shippingAddress?: Record<string, unknown> };
    const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
    const address = sent.shippingAddress ?? {};
    return {
      email: text(sent.email, ''),
      paymentToken: text(sent.paymentToken, EMPTY_FIELDS.paymentToken),
      name: text(address.name, ''),
      line1: text(address.line1, ''),
      line2: text(address.line2, ''),
      city: text(address.city, ''),
      region: text(address.region, ''),
      postalCode: text(address.postalCode, ''),
      country: text(address.country, EMPTY_FIELDS.country),
    };
  } catch {
    return EMPTY_FIELDS;
  }
}

/**
 * Where a submitted checkout is remembered until its answer arrives: this tab's session storage,
 * by cart. A second submit of the same body (a double click, a retry after a network error, a
 * reload) sends the same Idempotency-Key, so the store answers it with the one order it made.
 * `failed`: the request met a network error and the page said so (the buyer tries again
 * themselves); otherwise it is still out, and a reload of the page follows it (`resumable`).
 */
export type StoredAttempt = CheckoutAttempt & { cartId: string; failed?: boolean };

const storageKey = (cartId: string) => `checkout-attempt:${cartId}`;

export function loadAttempt(storage: Storage | null, cartId: string): StoredAttempt | null {
  try {
    const raw = storage?.getItem(storageKey(cartId));
    const attempt = raw ? (JSON.parse(raw) as StoredAttempt) : null;
    if (!attempt || typeof attempt.key !== 'string' || typeof attempt.body !== 'string') return null;
    return { key: attempt.key, body: attempt.body, cartId, ...(attempt.failed === true ? { failed: true } : {}) };
  } catch {
    return null;
  }
}

export function saveAttempt(storage: Storage | null, attempt: StoredAttempt): void {
  try {
    storage?.setItem(storageKey(attempt.cartId), JSON.stringify({ key: attempt.key, body: attempt.body, ...(attempt.failed ? { failed: true } : {}) }));
  } catch {
    // Storage full or refused: the attempt still goes out, only a reload cannot reuse its key.
  }
}

export function forgetAttempt(storage: Storage | null, cartId: string): void {
  try {
    storage?.removeItem(storageKey(cartId));
  } catch {
    // nothing to forget
  }
}

/**
 * Whether a page that finds this attempt remembered should follow it at once (send it again with
 * its key: the store answers with the order it made or is making, never a second one): an attempt
 * still out when the page was reloaded or left. One that failed waits for the buyer.
 */
export const resumable = (attempt: StoredAttempt | null): attempt is StoredAttempt => attempt !== null && attempt.failed !== true;

/**
 * A followed attempt that the store no longer knows the cart for: the earlier request's answer
 * reached the browser (which forgot the cart) but not the page. The checkout page, loaded again,
 * sends the buyer to that order by its receipt.
 */
export const answeredElsewhere = (problem: ApiProblem): boolean => problem.code === 'CART_NOT_FOUND' || problem.code === 'SESSION_EXPIRED';

/**
 * A subscription cart already checked out (this tab's earlier submit, or another tab's): its
 * checkout page, loaded again, sends the buyer on to that subscription's confirmation.
 */
export const subscriptionCheckedOut = (problem: ApiProblem): boolean => problem.code === 'SUBSCRIPTION_CHECKED_OUT';

/** The attempt to send for this body: the remembered one when it sent the very same body, else a new key. */
export function attemptFor(body: string, cartId: string, remembered: StoredAttempt | null, newKey: () => string): StoredAttempt {
  return remembered && remembered.body === body ? { key: remembered.key, body, cartId } : { key: newKey(), body, cartId };
}

/** What the page says when placing the order failed; `reviewCart` links back to the cart. */
export type CheckoutAlert = { message: string; reviewCart: boolean };

export type Refusal = { alert: CheckoutAlert; fieldErrors: FieldErrors; keepAttempt: boolean };

/**
 * A refused or failed checkout in words. A network error keeps the attempt (trying again sends the
 * same key: never a second order or charge); any answer from the store ends it.
 */
export function refusalOf(problem: ApiProblem, cart: ShoppingCartView | null): Refusal {
  if (problem.network) return { alert: { message: CHECKOUT_STRINGS.networkError, reviewCart: false }, fieldErrors: {}, keepAttempt: true };
  const details = problem.details ?? {};
  switch (problem.code) {
    case 'INSUFFICIENT_STOCK': {
      const entry = cart?.entries.find((e) => e.itemId === details.itemId && (details.sku === undefined || e.chosenVariant.sku === details.sku));
      const message = entry ? `${entry.title}: ${problem.message}` : problem.message;
      return { alert: { message: `${message} ${CHECKOUT_STRINGS.stockGone}`, reviewCart: true }, fieldErrors: {}, keepAttempt: false };
    }
    case 'CART_CHANGED':
    case 'CHECKOUT_MINIMUM_SUBTOTAL':
      return { alert: { message: problem.message, reviewCart: true }, fieldErrors: {}, keepAttempt: false };
    case 'CART_NOT_FOUND':
    case 'SESSION_EXPIRED':
      return { alert: { message: CHECKOUT_STRINGS.cartGone, reviewCart: true }, fieldErrors: {}, keepAttempt: false };
    case 'INVALID_EMAIL':
      return { alert: { message: CHECKOUT_STRINGS.fixFields, reviewCart: false }, fieldErrors: { email: problem.message }, keepAttempt: false };
    case 'PAYMENT_TOKEN_REQUIRED':
      return { alert: { message: CHECKOUT_STRINGS.fixFields, reviewCart: false }, fieldErrors: { paymentToken: problem.message }, keepAttempt: false };
    case 'SHIPPING_ADDRESS_INVALID': {
      const fields = (details.fields ?? {}) as FieldErrors;
      return { alert: { message: `${problem.message} ${CHECKOUT_STRINGS.fixFields}`, reviewCart: false }, fieldErrors: fields, keepAttempt: false };
    }
    default:
      return { alert: { message: problem.message, reviewCart: false }, fieldErrors: {}, keepAttempt: false };
  }
}

/** What the checkout says without an open cart: the cart was bought (a subscription checked out), or there is nothing in it. */
export const emptyCheckoutText = (purchased: boolean, subscription = false): string => {
  if (purchased) return subscription ? CHECKOUT_ERROR_MESSAGES.SUBSCRIPTION_CHECKED_OUT : CART_ERROR_MESSAGES.CART_CLOSED;
  return CART_ERROR_MESSAGES.CART_NOT_FOUND;
};
