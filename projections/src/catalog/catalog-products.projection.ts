import type { CatalogEvent, ProductRecord } from '@storefront/domain';
import type { RecordedEvent } from '@storefront/eventstore';
import type { Projection } from '../runner/projection';
import { upsertRows } from '../runner/sql-batch';

/** Read model `catalog_products`: one row per product, the SPEC's Product record as a document. */
export const CATALOG_PRODUCTS = 'catalog_products';

export const catalogProductsProjection: Projection = {
  name: 'catalog',
  tables: [
    {
      name: CATALOG_PRODUCTS,
      columns: 'id text primary key, url_id text not null, collection_id text not null, record jsonb not null, version integer not null',
      orderBy: ['id'],
    },
  ],
  eventTypes: ['ProductCreated'] satisfies CatalogEvent['type'][],
  onFailure: 'stop',
  async apply(events, { tx, table }) {
    const rows = new Map<string, { id: string; url_id: string; collection_id: string; record: ProductRecord; version: number }>();
    for (const event of events as RecordedEvent<CatalogEvent['data']>[]) {
      const product = event.data.product;
      rows.set(product.id, { id: product.id, url_id: product.urlId, collection_id: product.collectionId, record: product, version: event.streamPosition });
    }
    await upsertRows(tx, table(CATALOG_PRODUCTS), [...rows.values()], ['id']);
  },
};
