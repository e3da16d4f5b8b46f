import type { ProductTypeName } from '../catalog/product-record';

export type CartEntryState = {
  id: string;
  itemId: string;
  sku: string;
  attributes: Record<string, string>;
  title: string;
  productType: ProductTypeName;
  quantity: number;
  unitPriceCents: number;
  additionalFields: Record<string, unknown> | null;
};

type CartBody = {
  cartId: string;
  websiteId: string;
  currency: string;
  created: string;
  entries: CartEntryState[];
};

/**
 * A cart before its first entry has no fields to misuse; a purchased cart carries its order id
 * and accepts no more changes.
 */
export type CartState =
  | { status: 'empty' }
  | ({ status: 'open' } & CartBody)
  | ({ status: 'purchased'; orderId: string; purchasedAt: string } & CartBody);

export const initialCartState = (): CartState => ({ status: 'empty' });
