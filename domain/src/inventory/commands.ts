import type { ProductTypeName } from '../catalog/product-record';

/** Commands on one variant's inventory stream. Ids and the time arrive on the command. */
export type SetStock = { type: 'SetStock'; data: { productId: string; sku: string; qtyInStock?: number; unlimited?: boolean; now: string } };
export type AdjustStock = { type: 'AdjustStock'; data: { productId: string; sku: string; by: number; now: string } };
/**
 * For checkout: takes `quantity` units for an order; never below zero (unlimited never runs out).
 * `productType` is the looked-up product's: a type without stock (`tracksStock`) is never reserved.
 */
export type ReserveStock = {
  type: 'ReserveStock';
  data: { productId: string; sku: string; productType: ProductTypeName; orderId: string; quantity: number; now: string };
};
/** Gives an order's reserved units back (order cancelled or payment failed). */
export type ReleaseStockReservation = { type: 'ReleaseStockReservation'; data: { productId: string; sku: string; orderId: string; now: string } };

export type InventoryCommand = SetStock | AdjustStock | ReserveStock | ReleaseStockReservation;
