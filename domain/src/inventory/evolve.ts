import type { InventoryEvent } from './events';
import type { InventoryState } from './state';

/** Total: every event carries the resulting stock, so replay never fails. */
export function evolveInventory(state: InventoryState, event: InventoryEvent): InventoryState {
  const { productId, sku } = event.data;
  const base = { ...state, tracked: true, productId, sku };
  switch (event.type) {
    case 'StockSet':
      return { ...base, qtyInStock: event.data.qtyInStock, unlimited: event.data.unlimited };
    case 'StockAdjusted':
      return { ...base, qtyInStock: event.data.qtyInStock };
    case 'StockReserved':
      return {
        ...base,
        qtyInStock: event.data.qtyInStock,
        reservations: { ...state.reservations, [event.data.orderId]: event.data.quantity },
      };
    case 'StockReservationReleased': {
      const { [event.data.orderId]: _released, ...reservations } = state.reservations;
      return { ...base, qtyInStock: event.data.qtyInStock, reservations };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
