import type { InitialStock, ProductDetails, ProductDetailsChanges, ProductRestoreChanges, VariantChanges, VariantDetails } from './product-details';

/**
 * The catalog's events. Type names are a stored contract: never rename them.
 *
 * `ProductCreated` is schema version 2: the owner's details (`{ product: ProductDetails }`, stock
 * lives in inventory streams). Version 1 carried the finished Product record with its stock; it is
 * upcast on read (`productCreatedV1ToV2` in upcasters.ts), which puts that stock in `initialStock`.
 */
export type ProductCreated = {
  type: 'ProductCreated';
  data: {
    product: ProductDetails;
    /** Only on an upcast version-1 event: the stock its record carried, per sku. */
    initialStock?: Record<string, InitialStock>;
  };
  schemaVersion: 2;
};

export type ProductDetailsEdited = { type: 'ProductDetailsEdited'; data: { productId: string; changes: ProductDetailsChanges; editedAt: string } };
export type ProductVariantAdded = { type: 'ProductVariantAdded'; data: { productId: string; variant: VariantDetails; addedAt: string } };
export type ProductVariantEdited = { type: 'ProductVariantEdited'; data: { productId: string; sku: string; changes: VariantChanges; editedAt: string } };
export type ProductVariantRemoved = { type: 'ProductVariantRemoved'; data: { productId: string; sku: string; removedAt: string } };
/** The sale state of the listed variants after "put on sale" / "end sale". */
export type ProductSaleChanged = {
  type: 'ProductSaleChanged';
  data: { productId: string; variants: { sku: string; onSale: boolean; salePriceMinor: number }[]; changedAt: string };
};
export type ProductEnabled = { type: 'ProductEnabled'; data: { productId: string; at: string } };
export type ProductDisabled = { type: 'ProductDisabled'; data: { productId: string; at: string } };
export type ProductDeleted = { type: 'ProductDeleted'; data: { productId: string; collectionId: string; urlId: string; deletedAt: string } };
/** The product's images after the change: media image ids, main image first (empty: none). */
export type ProductImagesSet = { type: 'ProductImagesSet'; data: { productId: string; imageIds: string[]; setAt: string } };
/** An earlier version brought back (issue 12): the restorable fields that differed from it. */
export type ProductRestored = { type: 'ProductRestored'; data: { productId: string; restoredVersion: number; changes: ProductRestoreChanges; restoredAt: string } };

export type ProductEvent =
  | ProductCreated
  | ProductDetailsEdited
  | ProductVariantAdded
  | ProductVariantEdited
  | ProductVariantRemoved
  | ProductSaleChanged
  | ProductEnabled
  | ProductDisabled
  | ProductDeleted
  | ProductImagesSet
  | ProductRestored;

/** Kept for readers written before the catalog had more than one event. */
export type CatalogEvent = ProductEvent;

export const PRODUCT_EVENT_TYPES: ProductEvent['type'][] = [
  'ProductCreated', 'ProductDetailsEdited', 'ProductVariantAdded', 'ProductVariantEdited', 'ProductVariantRemoved',
  'ProductSaleChanged', 'ProductEnabled', 'ProductDisabled', 'ProductDeleted', 'ProductImagesSet', 'ProductRestored',
];

export const catalogStreamId = (productId: string) => `product-${productId}`;
export const productStreamId = catalogStreamId;
export const PRODUCT_STREAM_TYPE = 'product';

// Store: a products collection (CollectionType 13). Its stream holds the URL ids of its products,
// so unique URL ids and the products-per-collection limit are decided on one stream.

export type StoreCreated = {
  type: 'StoreCreated';
  data: { collectionId: string; websiteId: string; title: string; urlId: string; collectionType: 13; createdAt: string };
};
export type StoreProductListed = { type: 'StoreProductListed'; data: { collectionId: string; productId: string; urlId: string } };
export type StoreProductUrlIdChanged = { type: 'StoreProductUrlIdChanged'; data: { collectionId: string; productId: string; urlId: string } };
export type StoreProductUnlisted = { type: 'StoreProductUnlisted'; data: { collectionId: string; productId: string } };

export type StoreEvent = StoreCreated | StoreProductListed | StoreProductUrlIdChanged | StoreProductUnlisted;

export const STORE_EVENT_TYPES: StoreEvent['type'][] = ['StoreCreated', 'StoreProductListed', 'StoreProductUrlIdChanged', 'StoreProductUnlisted'];

export const storeStreamId = (collectionId: string) => `store-${collectionId}`;
export const STORE_STREAM_TYPE = 'store';
export const PRODUCTS_COLLECTION_TYPE = 13;
