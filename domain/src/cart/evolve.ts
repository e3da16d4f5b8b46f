import type { CartEvent } from './events';
import type { CartEntryState, CartState } from './state';

type OpenCart = Extract<CartState, { status: 'open' }>;

function withEntries(state: OpenCart, update: (entries: CartEntryState[]) => CartEntryState[]): CartState {
  return { ...state, entries: update(state.entries) };
}

function updateEntry(state: OpenCart, entryId: string, update: (entry: CartEntryState) => CartEntryState): CartState {
  return withEntries(state, (entries) => entries.map((e) => (e.id === entryId ? update(e) : e)));
}

/** Total: an event that does not apply to the state leaves it unchanged, so replay never fails. */
export function evolveCart(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'ShoppingCartOpened': {
      if (state.status !== 'empty') return state;
      const { cartId, websiteId, currency, openedAt } = event.data;
      return { status: 'open', cartId, websiteId, currency, created: openedAt, entries: [] };
    }
    case 'CartEntryAdded': {
      if (state.status !== 'open' || state.entries.some((e) => e.id === event.data.entryId)) return state;
      const { entryId, itemId, sku, attributes, title, productType, quantity, unitPriceCents, additionalFields } = event.data;
      return withEntries(state, (entries) => [
        ...entries,
        { id: entryId, itemId, sku, attributes, title, productType, quantity, unitPriceCents, additionalFields },
      ]);
    }
    case 'CartEntryQuantityIncreased':
      if (state.status !== 'open') return state;
      return updateEntry(state, event.data.entryId, (e) => ({ ...e, quantity: e.quantity + event.data.quantity }));
    case 'CartEntryQuantityChanged':
      if (state.status !== 'open') return state;
      return updateEntry(state, event.data.entryId, (e) => ({ ...e, quantity: event.data.quantity }));
    case 'CartEntryRemoved':
      if (state.status !== 'open') return state;
      return withEntries(state, (entries) => entries.filter((e) => e.id !== event.data.entryId));
    case 'CartEntryAdditionalFieldsUpdated':
      if (state.status !== 'open') return state;
      return updateEntry(state, event.data.entryId, (e) => ({ ...e, additionalFields: event.data.additionalFields }));
    case 'ShoppingCartPurchased': {
      if (state.status !== 'open') return state;
      return { ...state, status: 'purchased', orderId: event.data.orderId, purchasedAt: event.data.purchasedAt };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
