import type { InitialStock, ProductDetails, ProductDetailsChanges, VariantChanges, VariantDetails } from './product-details';
import type { ProductState } from './state';

/**
 * Owner commands on one product's stream. The handler has already parsed the request into these
 * shapes (`requests.ts`); decide checks every rule against the product's current state.
 * Ids and the time arrive on the command.
 */
export type CreateProduct = {
  type: 'CreateProduct';
  /** `product.urlId` is the unique URL id the store stream granted. */
  data: { product: ProductDetails; initialStock: Record<string, InitialStock> };
};
export type EditProductDetails = { type: 'EditProductDetails'; data: { productId: string; changes: ProductDetailsChanges; now: string } };
export type AddVariant = { type: 'AddVariant'; data: { productId: string; variant: VariantDetails; initialStock: InitialStock; now: string } };
export type EditVariant = { type: 'EditVariant'; data: { productId: string; sku: string; changes: VariantChanges; now: string } };
/**
 * Sets the product's options and its whole list of variants at once (the owner app's variant
 * editor): a listed SKU the product has is edited, a new one added with `initialStock`, a SKU
 * not listed removed. Options and variants change together, so going from no options to Size
 * S/M/L (or renaming an option) is one valid step where single edits would each be refused.
 */
export type SetProductVariants = {
  type: 'SetProductVariants';
  data: { productId: string; variantOptionOrdering: string[]; variants: VariantDetails[]; initialStock: Record<string, InitialStock>; now: string };
};
export type RemoveVariant = { type: 'RemoveVariant'; data: { productId: string; sku: string; now: string } };
/** Puts the listed variants (null: all) on sale, optionally at a new sale price, or ends their sale. */
export type PutProductOnSale = {
  type: 'PutProductOnSale';
  data: { productId: string; onSale: boolean; skus: string[] | null; salePriceMinor: number | null; now: string };
};
export type SetProductEnabled = { type: 'SetProductEnabled'; data: { productId: string; enabled: boolean; now: string } };
export type DeleteProduct = { type: 'DeleteProduct'; data: { productId: string; now: string } };
/** Replaces the product's images with `imageIds` (media image ids, main image first); `[]` removes them all. */
/**
 * Brings back an earlier version (issue 12): `target` is the stream's state at `restoredVersion`,
 * its URL id the one the store granted. Appends ProductRestored with what differs.
 */
export type RestoreProduct = { type: 'RestoreProduct'; data: { productId: string; restoredVersion: number; target: ProductState; now: string } };
export type SetProductImages = { type: 'SetProductImages'; data: { productId: string; imageIds: string[]; now: string } };

export type ProductCommand =
  | CreateProduct
  | EditProductDetails
  | AddVariant
  | EditVariant
  | SetProductVariants
  | RemoveVariant
  | PutProductOnSale
  | SetProductEnabled
  | DeleteProduct
  | SetProductImages
  | RestoreProduct;
