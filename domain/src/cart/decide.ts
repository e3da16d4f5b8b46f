import { accept, reject, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import type { AddItemToCart, CartCommand } from './commands';
import type { CartEntryAdded, CartEntryQuantityIncreased, CartEvent, ShoppingCartOpened } from './events';
import { parseQuantity } from './quantity';
import type { CartEntryState, CartState } from './state';

export function decideCart(command: CartCommand, state: CartState): Decision<CartEvent, DomainError> {
  switch (command.type) {
    case 'AddItemToCart':
      return addItem(command, state);
    default: {
      const unhandled: never = command.type;
      throw new Error(`Unhandled cart command ${String(unhandled)}`);
    }
  }
}

function hasFields(fields: Record<string, unknown> | null): boolean {
  return fields !== null && Object.keys(fields).length > 0;
}

/** Entries merge only when they are the same variant and neither carries form answers. */
function mergeableEntry(entries: CartEntryState[], itemId: string, sku: string, fields: Record<string, unknown> | null) {
  if (hasFields(fields)) return undefined;
  return entries.find((e) => e.itemId === itemId && e.sku === sku && !hasFields(e.additionalFields));
}

function addItem(command: AddItemToCart, state: CartState): Decision<CartEvent, DomainError> {
  const { cartId, websiteId, currency, newEntryId, variant, additionalFields, now } = command.data;
  const quantity = parseQuantity(command.data.quantity);
  if (!quantity.ok) return reject(quantity.error);
  if (!variant) return reject(domainError('VARIANT_UNAVAILABLE'));

  const entries = state.status === 'open' ? state.entries : [];
  const alreadyInCart = entries
    .filter((e) => e.itemId === variant.itemId && e.sku === variant.sku)
    .reduce((sum, e) => sum + e.quantity, 0);
  if (!variant.stock.unlimited && alreadyInCart + quantity.quantity > variant.stock.qtyInStock) {
    return reject(domainError('INSUFFICIENT_STOCK', { available: Math.max(0, variant.stock.qtyInStock - alreadyInCart) }));
  }

  const events: CartEvent[] = [];
  if (state.status === 'empty') {
    events.push({ type: 'ShoppingCartOpened', data: { cartId, websiteId, currency, openedAt: now } } satisfies ShoppingCartOpened);
  }
  const existing = mergeableEntry(entries, variant.itemId, variant.sku, additionalFields);
  if (existing) {
    events.push({
      type: 'CartEntryQuantityIncreased',
      data: { cartId, entryId: existing.id, quantity: quantity.quantity, addedAt: now },
    } satisfies CartEntryQuantityIncreased);
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
        quantity: quantity.quantity,
        unitPriceCents: variant.unitPriceCents,
        currency: variant.currency,
        additionalFields: hasFields(additionalFields) ? additionalFields : null,
        addedAt: now,
      },
    } satisfies CartEntryAdded);
  }
  return accept(...events);
}
