import { tracksStock } from '../catalog/product-record';
import { checkStock, CATALOG_LIMITS } from '../catalog/product-validation';
import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import type { InventoryCommand } from './commands';
import type { InventoryEvent } from './events';
import { evolveInventory } from './evolve';
import { initialInventoryState, type InventoryState } from './state';

type InventoryDecision = Decision<InventoryEvent, DomainError>;

export function decideInventory(command: InventoryCommand, state: InventoryState): InventoryDecision {
  const { productId, sku, now } = command.data;
  switch (command.type) {
    case 'SetStock': {
      const qtyInStock = command.data.qtyInStock ?? state.qtyInStock;
      const unlimited = command.data.unlimited ?? state.unlimited;
      const bad = checkStock({ qtyInStock, unlimited });
      if (bad) return reject(bad);
      if (state.tracked && qtyInStock === state.qtyInStock && unlimited === state.unlimited) return accept();
      return accept({ type: 'StockSet', data: { productId, sku, qtyInStock, unlimited, at: now } });
    }
    case 'AdjustStock': {
      const { by } = command.data;
      if (!Number.isSafeInteger(by) || Math.abs(by) > CATALOG_LIMITS.maxStock) return reject(domainError('INVALID_STOCK'));
      const qtyInStock = state.qtyInStock + by;
      if (qtyInStock < 0) return reject(domainError('STOCK_BELOW_ZERO', { qtyInStock: state.qtyInStock }));
      if (qtyInStock > CATALOG_LIMITS.maxStock) return reject(domainError('INVALID_STOCK'));
      if (by === 0) return accept();
      return accept({ type: 'StockAdjusted', data: { productId, sku, by, qtyInStock, at: now } });
    }
    case 'ReserveStock': {
      const { orderId, quantity } = command.data;
      if (!orderId || !Number.isSafeInteger(quantity) || quantity < 1) return reject(domainError('INVALID_RESERVATION'));
      // Digital goods, gift cards and paywalls have no stock to take or to run out of.
      if (!tracksStock(command.data.productType)) return accept();
      const held = state.reservations[orderId];
      // A retried checkout of the same order reserves nothing more.
      if (held !== undefined) return held === quantity ? accept() : reject(domainError('RESERVATION_CONFLICT', { orderId }));
      if (!state.unlimited && quantity > state.qtyInStock) return reject(domainError('INSUFFICIENT_STOCK', { available: state.qtyInStock }));
      const qtyInStock = state.unlimited ? state.qtyInStock : state.qtyInStock - quantity;
      return accept({ type: 'StockReserved', data: { productId, sku, orderId, quantity, qtyInStock, at: now } });
    }
    case 'ReleaseStockReservation': {
      const { orderId } = command.data;
      const quantity = state.reservations[orderId];
      if (quantity === undefined) return accept();
      const qtyInStock = state.unlimited ? state.qtyInStock : state.qtyInStock + quantity;
      return accept({ type: 'StockReservationReleased', data: { productId, sku, orderId, quantity, qtyInStock, at: now } });
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled inventory command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const inventoryDecider: Decider<InventoryCommand, InventoryState, InventoryEvent, DomainError> = {
  initialState: initialInventoryState,
  evolve: evolveInventory,
  decide: decideInventory,
};
