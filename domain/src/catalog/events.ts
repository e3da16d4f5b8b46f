import type { ProductRecord } from './product-record';

/** The catalog's events. Type names are a stored contract: never rename them. */
export type ProductCreated = { type: 'ProductCreated'; data: { product: ProductRecord } };
export type CatalogEvent = ProductCreated;

export const catalogStreamId = (productId: string) => `product-${productId}`;
