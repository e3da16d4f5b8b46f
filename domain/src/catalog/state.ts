import type { ProductDetails } from './product-details';

/** A product before creation has no fields to misuse; a deleted one keeps only its id. */
export type ProductState =
  | { status: 'none' }
  | { status: 'active'; product: ProductDetails }
  | { status: 'deleted'; productId: string };

export const initialProductState = (): ProductState => ({ status: 'none' });
