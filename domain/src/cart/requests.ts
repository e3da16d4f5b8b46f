import * as z from 'zod/mini';
import { errorOf } from '../shared/error-catalogue';
import { lenient, object, parseRequest, sentText, type Parsed } from '../shared/requests';
import { parseAdditionalFields, type AdditionalFields } from './additional-fields';
import { parseQuantity, parseQuantityChange } from './quantity';

/**
 * The cart's request bodies (SPEC 7), as the API parses them into typed commands. Only a body that
 * is not a JSON object is refused here ('The request body must be a JSON object.'). The fields'
 * own problems are the cart's `decide`'s to report, in the SPEC's order of checks: a purchased or
 * unknown cart, and an entry the page no longer has, come before a bad quantity or bad form
 * answers. So each field arrives typed, as a `Parsed` value (its value or its problem) where a
 * problem is reported later, or as the value a later rule judges (`SentText`: an unknown sku).
 */

/** An item id: text, or null for anything else (which names no product). */
const itemId = () => lenient((raw): string | null => (typeof raw === 'string' ? raw : null));

/** POST /api/commerce/shopping-cart/entries { itemId, sku, quantity, additionalFields }. */
export const AddToCartRequest = object({
  itemId: itemId(),
  sku: sentText(),
  quantity: lenient(parseQuantity),
  additionalFields: lenient(parseAdditionalFields),
});
export type AddToCartRequest = z.output<typeof AddToCartRequest>;

/**
 * An add to cart as the browser checks it before sending: the body parsed with the API's own
 * `AddToCartRequest`, then its fields' problems in the order the cart's `decide` reports them
 * (the quantity, then the additional fields), with the same SPEC messages. What only the server
 * knows (the cart's state, the variant, the stock) is left to the answer.
 */
export function checkAddToCart(raw: unknown): Parsed<{ itemId: string | null; quantity: number; additionalFields: AdditionalFields }> {
  const parsed = parseRequest(AddToCartRequest, raw);
  if (!parsed.ok) return parsed;
  const { quantity, additionalFields } = parsed.value;
  if (!quantity.ok) return quantity;
  if (!additionalFields.ok) return additionalFields;
  return { ok: true, value: { itemId: parsed.value.itemId, quantity: quantity.value, additionalFields: additionalFields.value } };
}

/** PUT …/entries/{entryId}/quantity { quantity }: the new quantity, 0 removing the entry. */
export const ChangeCartQuantityRequest = z.pipe(object({ quantity: lenient(parseQuantityChange) }), z.transform((b) => b.quantity));

/** PUT …/entries/{entryId}/additionalFields { itemId, sku, additionalFields }: itemId and sku, when sent, must be the entry's. */
export const UpdateCartEntryFieldsRequest = object({
  itemId: sentText(),
  sku: sentText(),
  additionalFields: lenient(parseAdditionalFields),
});
export type UpdateCartEntryFieldsRequest = z.output<typeof UpdateCartEntryFieldsRequest>;

export const MAX_SUBSCRIPTION_OPTION_ID_LENGTH = 100;

/** A subscription option id: short text, or null when absent, null or ''. */
export function parseSubscriptionOptionId(raw: unknown): Parsed<string | null> {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: null };
  if (typeof raw === 'string' && raw.length <= MAX_SUBSCRIPTION_OPTION_ID_LENGTH) return { ok: true, value: raw };
  return { ok: false, error: errorOf('INVALID_REQUEST', 'subscriptionOptionId must be a short text.', { field: 'subscriptionOptionId' }) };
}

/** POST /api/3/commerce/cart/subscription: the subscription payload (SPEC 3) { itemId, sku, qty, additionalFields, subscriptionOptionId }. */
export const SubscriptionCartRequest = object({
  itemId: itemId(),
  sku: sentText(),
  qty: lenient(parseQuantity),
  additionalFields: lenient(parseAdditionalFields),
  subscriptionOptionId: lenient(parseSubscriptionOptionId),
});
export type SubscriptionCartRequest = z.output<typeof SubscriptionCartRequest>;
