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

/** A cart before its first entry has no fields to misuse. */
export type CartState =
  | { status: 'empty' }
  | {
      status: 'open';
      cartId: string;
      websiteId: string;
      currency: string;
      created: string;
      entries: CartEntryState[];
    };

export const initialCartState = (): CartState => ({ status: 'empty' });
