/**
 * Inventory of one variant, on its own stream (`inventoryStreamId(productId, sku)`), so checkouts
 * of different variants never contend and two buyers of one last unit conflict on one stream.
 * Type names are a stored contract: never rename them. Each event carries the resulting stock.
 */
export type StockSet = { type: 'StockSet'; data: { productId: string; sku: string; qtyInStock: number; unlimited: boolean; at: string } };
export type StockAdjusted = { type: 'StockAdjusted'; data: { productId: string; sku: string; by: number; qtyInStock: number; at: string } };
export type StockReserved = { type: 'StockReserved'; data: { productId: string; sku: string; orderId: string; quantity: number; qtyInStock: number; at: string } };
export type StockReservationReleased = {
  type: 'StockReservationReleased';
  data: { productId: string; sku: string; orderId: string; quantity: number; qtyInStock: number; at: string };
};

export type InventoryEvent = StockSet | StockAdjusted | StockReserved | StockReservationReleased;

export const INVENTORY_EVENT_TYPES: InventoryEvent['type'][] = ['StockSet', 'StockAdjusted', 'StockReserved', 'StockReservationReleased'];

export const inventoryStreamId = (productId: string, sku: string) => `inventory-${productId}-${encodeURIComponent(sku)}`;
export const INVENTORY_STREAM_TYPE = 'inventory';
