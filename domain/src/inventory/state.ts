/** A variant's stock. `reservations` holds the quantities orders have reserved and not released. */
export type InventoryState = {
  /** False until the first event: a variant nobody stocked has 0 and is not unlimited. */
  tracked: boolean;
  productId: string;
  sku: string;
  qtyInStock: number;
  unlimited: boolean;
  reservations: Record<string, number>;
};

export const initialInventoryState = (): InventoryState => ({ tracked: false, productId: '', sku: '', qtyInStock: 0, unlimited: false, reservations: {} });
