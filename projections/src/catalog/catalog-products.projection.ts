import type { CatalogEvent, ProductRecord } from '@storefront/domain';
import type { RecordedEvent } from '@storefront/eventstore';
import type { Projection } from '../runner/projection';

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
    if (rows.size === 0) return;
    await tx.query(
      `INSERT INTO ${table(CATALOG_PRODUCTS)} (id, url_id, collection_id, record, version)
       SELECT id, url_id, collection_id, record, version
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, url_id text, collection_id text, record jsonb, version integer)
       ON CONFLICT (id) DO UPDATE SET url_id = excluded.url_id, collection_id = excluded.collection_id,
         record = excluded.record, version = excluded.version`,
      [JSON.stringify([...rows.values()])],
    );
  },
};
