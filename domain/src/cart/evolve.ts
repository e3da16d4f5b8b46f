import type { CartEvent } from './events';
import type { CartState } from './state';

/** Total: an event that does not apply to the state leaves it unchanged, so replay never fails. */
export function evolveCart(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'ShoppingCartOpened': {
      if (state.status !== 'empty') return state;
      const { cartId, websiteId, currency, openedAt } = event.data;
      return { status: 'open', cartId, websiteId, currency, created: openedAt, entries: [] };
    }
    case 'CartEntryAdded': {
      if (state.status !== 'open') return state;
      const { entryId, itemId, sku, attributes, title, productType, quantity, unitPriceCents, additionalFields } = event.data;
      return {
        ...state,
        entries: [...state.entries, { id: entryId, itemId, sku, attributes, title, productType, quantity, unitPriceCents, additionalFields }],
      };
    }
    case 'CartEntryQuantityIncreased': {
      if (state.status !== 'open') return state;
      return {
        ...state,
        entries: state.entries.map((e) => (e.id === event.data.entryId ? { ...e, quantity: e.quantity + event.data.quantity } : e)),
      };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
