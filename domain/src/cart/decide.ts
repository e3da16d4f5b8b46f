import { accept, reject, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import type { SentText } from '../shared/requests';
import { STRINGS } from '../shared/strings';
import { checkAdditionalFields } from './additional-fields-check';
import { resolveVariant, type PricedVariant } from './cart-product';
import type { AddItemToCart, CartCommand, CartStoreSettings, ChangeCartEntryQuantity, PurchaseCart, RemoveCartEntry, UpdateCartEntryAdditionalFields } from './commands';
import type { CartEvent } from './events';
import { MAX_QUANTITY } from './quantity';
import type { CartEntryState, CartState } from './state';

type CartDecision = Decision<CartEvent, DomainError>;
type OpenCart = Extract<CartState, { status: 'open' }>;

/** SPEC 8 'Cart editing' alert titles, sent along with an entry error so the page can show them. */
export const CART_ALERT_TITLES = STRINGS.cartEditingTitles;

export function decideCart(command: CartCommand, state: CartState): CartDecision {
  switch (command.type) {
    case 'AddItemToCart':
      return addItem(command, state);
    case 'ChangeCartEntryQuantity':
      return changeQuantity(command, state);
    case 'RemoveCartEntry':
      return removeEntry(command, state);
    case 'UpdateCartEntryAdditionalFields':
      return updateAdditionalFields(command, state);
    case 'PurchaseCart':
      return purchase(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled cart command ${String((unhandled as { type: string }).type)}`);
    }
  }
}

// ── Guards: each returns an error or null, chained with `||`. ───────────────────────────────

/** A purchased cart takes no more changes; entry commands need a cart the page could have shown. */
function closedCart(state: CartState, entryCommand: boolean): DomainError | null {
  if (state.status === 'purchased') return domainError('SESSION_EXPIRED', { reason: 'CART_PURCHASED' });
  if (state.status === 'empty' && entryCommand) return domainError('SESSION_EXPIRED', { reason: 'CART_UNKNOWN' });
  return null;
}

function currencyMismatch(variant: PricedVariant, cartCurrency: string): DomainError | null {
  return variant.currency === cartCurrency ? null : domainError('VARIANT_UNAVAILABLE', { reason: 'CURRENCY_MISMATCH' });
}

function quantityOverLimit(entryQuantity: number): DomainError | null {
  return entryQuantity > MAX_QUANTITY ? domainError('QUANTITY_OUT_OF_RANGE', { min: 1, max: MAX_QUANTITY }) : null;
}

/** Services are limited to one per cart when the store disallows multiple quantities. */
function serviceQuantityLimited(variant: PricedVariant, settings: CartStoreSettings, totalInCart: number): DomainError | null {
  return variant.productType === 'SERVICE' && !settings.multipleQuantityAllowedForServices && totalInCart > 1
    ? domainError('SERVICE_QUANTITY_LIMITED')
    : null;
}

/** Not enough stock for the quantity the cart would hold of this variant, counting every entry of it. */
function insufficientStock(variant: PricedVariant, totalInCart: number, alreadyInCart: number): DomainError | null {
  if (variant.stock.unlimited || totalInCart <= variant.stock.qtyInStock) return null;
  return domainError('INSUFFICIENT_STOCK', { available: Math.max(0, variant.stock.qtyInStock - alreadyInCart) });
}

function entryNotFound(entryId: string, title: string): DomainError {
  return domainError('CART_ENTRY_NOT_FOUND', { entryId, title });
}

// ── Helpers ───────────────────────────────────────────────────────────────────────────────

const sameVariant = (e: CartEntryState, itemId: string, sku: string) => e.itemId === itemId && e.sku === sku;

function quantityOfVariant(entries: CartEntryState[], itemId: string, sku: string, exceptEntryId?: string): number {
  return entries.filter((e) => sameVariant(e, itemId, sku) && e.id !== exceptEntryId).reduce((sum, e) => sum + e.quantity, 0);
}

/** Entries merge only when they are the same variant and neither carries form answers. */
function mergeableEntry(entries: CartEntryState[], variant: PricedVariant, fields: Record<string, unknown> | null) {
  if (fields !== null) return undefined;
  return entries.find((e) => sameVariant(e, variant.itemId, variant.sku) && e.additionalFields === null);
}

/** The page named another entry: an item or sku it sent (as text or not) that is not this entry's. */
function namesAnotherEntry(sent: SentText, actual: string): boolean {
  return sent.kind === 'other' || (sent.kind === 'text' && sent.text !== actual);
}

// ── Commands ──────────────────────────────────────────────────────────────────────────────

function addItem(command: AddItemToCart, state: CartState): CartDecision {
  const { cartId, websiteId, currency, newEntryId, product, sku, storeSettings, now } = command.data;
  const closed = closedCart(state, false);
  if (closed) return reject(closed);
  if (!command.data.quantity.ok) return reject(command.data.quantity.error);
  const quantity = command.data.quantity.value;
  if (!command.data.additionalFields.ok) return reject(command.data.additionalFields.error);
  const resolved = resolveVariant(product, sku);
  if (!resolved.ok) return reject(resolved.error);
  const variant = resolved.value;
  // The answers to the product's form (issue 14): checked by the forms' one validation, kept as its summary.
  const answers = checkAdditionalFields(product?.additionalFieldsForm, command.data.additionalFields.value);
  if (!answers.ok) return reject(answers.error);
  const fields = answers.value;

  const entries = state.status === 'open' ? state.entries : [];
  const existing = mergeableEntry(entries, variant, fields);
  const alreadyInCart = quantityOfVariant(entries, variant.itemId, variant.sku);
  const error =
    currencyMismatch(variant, currency) ||
    quantityOverLimit((existing?.quantity ?? 0) + quantity) ||
    serviceQuantityLimited(variant, storeSettings, alreadyInCart + quantity) ||
    insufficientStock(variant, alreadyInCart + quantity, alreadyInCart);
  if (error) return reject(error);

  const events: CartEvent[] = [];
  if (state.status === 'empty') events.push({ type: 'ShoppingCartOpened', data: { cartId, websiteId, currency, openedAt: now } });
  if (existing) {
    events.push({ type: 'CartEntryQuantityIncreased', data: { cartId, entryId: existing.id, quantity, addedAt: now } });
  } else {
    events.push({
      type: 'CartEntryAdded',
      data: {
        cartId,
        entryId: newEntryId,
        itemId: variant.itemId,
        sku: variant.sku,
        attributes: variant.attributes,
        title: variant.title,
        productType: variant.productType,
        quantity,
        unitPriceCents: variant.unitPriceCents,
        currency: variant.currency,
        additionalFields: fields,
        addedAt: now,
      },
    });
  }
  return accept(...events);
}

/**
 * Sets an entry's quantity; 0 removes it. Raising it is checked like an add (the variant must
 * still be for sale, stock counts every entry of the variant, services may be limited to one);
 * lowering it is always allowed.
 */
function changeQuantity(command: ChangeCartEntryQuantity, state: CartState): CartDecision {
  const { cartId, entryId, product, storeSettings, now } = command.data;
  const closed = closedCart(state, true);
  if (closed) return reject(closed);
  const cart = state as OpenCart;
  const entry = cart.entries.find((e) => e.id === entryId);
  if (!entry) return reject(entryNotFound(entryId, CART_ALERT_TITLES.updateQuantity));
  if (!command.data.quantity.ok) return reject(command.data.quantity.error);
  const quantity = command.data.quantity.value;
  if (quantity === 0) return accept({ type: 'CartEntryRemoved', data: { cartId, entryId, removedAt: now } });
  if (quantity === entry.quantity) return accept();

  if (quantity > entry.quantity) {
    const variant = product?.variants.find((v) => v.itemId === entry.itemId && v.sku === entry.sku);
    if (!variant) return reject(domainError('VARIANT_UNAVAILABLE'));
    const others = quantityOfVariant(cart.entries, entry.itemId, entry.sku, entry.id);
    const error =
      serviceQuantityLimited(variant, storeSettings, others + quantity) ||
      insufficientStock(variant, others + quantity, others + entry.quantity);
    if (error) return reject(error);
  }
  return accept({ type: 'CartEntryQuantityChanged', data: { cartId, entryId, quantity, changedAt: now } });
}

function removeEntry(command: RemoveCartEntry, state: CartState): CartDecision {
  const { cartId, entryId, now } = command.data;
  const closed = closedCart(state, true);
  if (closed) return reject(closed);
  if (!(state as OpenCart).entries.some((e) => e.id === entryId)) return reject(entryNotFound(entryId, CART_ALERT_TITLES.remove));
  return accept({ type: 'CartEntryRemoved', data: { cartId, entryId, removedAt: now } });
}

function updateAdditionalFields(command: UpdateCartEntryAdditionalFields, state: CartState): CartDecision {
  const { cartId, entryId, itemId, sku, now } = command.data;
  const closed = closedCart(state, true);
  if (closed) return reject(closed);
  const entry = (state as OpenCart).entries.find((e) => e.id === entryId);
  if (!entry || namesAnotherEntry(itemId, entry.itemId) || namesAnotherEntry(sku, entry.sku)) {
    return reject(entryNotFound(entryId, CART_ALERT_TITLES.updateFields));
  }
  if (!command.data.additionalFields.ok) return reject(command.data.additionalFields.error);
  const answers = checkAdditionalFields(command.data.form, command.data.additionalFields.value);
  if (!answers.ok) return reject(answers.error);
  const fields = answers.value;
  if (JSON.stringify(fields) === JSON.stringify(entry.additionalFields)) return accept();
  return accept({ type: 'CartEntryAdditionalFieldsUpdated', data: { cartId, entryId, additionalFields: fields, updatedAt: now } });
}

/** Closing the cart for an order: once, for that order, and only for the cart the order was priced from. */
function purchase(command: PurchaseCart, state: CartState): CartDecision {
  const { cartId, orderId, expectedEntries, now } = command.data;
  if (state.status === 'purchased') {
    return state.orderId === orderId ? accept() : reject(domainError('CART_CLOSED', { orderId: state.orderId }));
  }
  if (state.status === 'empty' || state.entries.length === 0) return reject(domainError('CART_NOT_FOUND'));
  const current = Object.fromEntries(state.entries.map((e) => [e.id, e.quantity]));
  const expected = Object.entries(expectedEntries);
  const unchanged = expected.length === state.entries.length && expected.every(([id, quantity]) => current[id] === quantity);
  if (!unchanged) return reject(domainError('CART_CHANGED'));
  return accept({ type: 'ShoppingCartPurchased', data: { cartId, orderId, purchasedAt: now } });
}
