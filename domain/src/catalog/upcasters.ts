import type { EventUpcaster, VersionedEvent } from '../shared/upcasting';
import { DEFAULT_MERCHANDISING, type InitialStock, type ProductDetails } from './product-details';
import { productTypeName, type ProductRecord } from './product-record';

/**
 * Version 1 of `ProductCreated` as stored: the finished Product record (`{ product: ProductRecord }`,
 * stock included). Read as version 2 (`productCreatedV1ToV2`).
 */
export type ProductCreatedV1Data = { product: ProductRecord };

/**
 * ProductCreated v1 → v2: the record becomes the owner's details; the stock it carried moves to
 * `initialStock` (it counts until the variant's inventory stream says otherwise). An event stored
 * with version 1 but already in the v2 shape (written before versions were set) is passed on.
 */
export const productCreatedV1ToV2: EventUpcaster = {
  type: 'ProductCreated',
  fromVersion: 1,
  upcast(event: VersionedEvent): VersionedEvent {
    const product = (event.data as { product?: unknown } | null)?.product;
    if (typeof product !== 'object' || product === null || !('structuredContent' in product)) return { ...event, schemaVersion: 2 };
    const record = product as ProductRecord;
    return { type: 'ProductCreated', schemaVersion: 2, data: { product: detailsFromRecord(record), initialStock: stockFromRecord(record) } };
  },
};

/** The details behind a version-1 ProductCreated (a finished Product record). */
export function detailsFromRecord(record: ProductRecord): ProductDetails {
  const content = record.structuredContent;
  const currency = content.variants[0]?.priceMoney.currency ?? content.priceMoney?.currency ?? 'USD';
  return {
    id: record.id,
    websiteId: '',
    collectionId: record.collectionId,
    productType: productTypeName(content.productType),
    title: record.title,
    navigationTitle: record.title,
    description: '',
    urlId: record.urlId,
    currency,
    variants: content.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      priceMinor: Number(v.priceMoney.value),
      salePriceMinor: Number(v.salePriceMoney.value),
      onSale: v.onSale,
    })),
    variantOptionOrdering: content.variantOptionOrdering,
    subscriptionPlan: content.isSubscribable ? content.subscriptionPlan : null,
    additionalFieldsFormId: content.additionalFieldsFormId,
    useCustomAddButtonText: content.useCustomAddButtonText,
    customAddButtonText: content.customAddButtonText,
    tags: [],
    categories: [],
    merchandising: DEFAULT_MERCHANDISING,
    enabled: true,
    createdAt: '',
  };
}

/** The stock a version-1 record carried, per sku (before inventory streams existed). */
export function stockFromRecord(record: ProductRecord): Record<string, InitialStock> {
  return Object.fromEntries(record.structuredContent.variants.map((v) => [v.sku, { qtyInStock: v.qtyInStock, unlimited: v.unlimited }]));
}
