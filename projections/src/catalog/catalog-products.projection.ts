import {
  evolveProduct, INVENTORY_EVENT_TYPES, PRODUCT_EVENT_TYPES, productMerchandisingContext, productRecord,
  type InitialStock, type InventoryEvent, type ProductDetails, type ProductEvent, type ProductMerchandisingContext,
  type ProductRecord, type ProductState,
} from '@storefront/domain';
import { toDomainEvent, type RecordedEvent } from '@storefront/eventstore';
import type { Projection } from '../runner/projection';
import { deleteRows, upsertRows } from '../runner/sql-batch';

/**
 * Read model `catalog_products`: one row per product that exists (deleted products are removed),
 * with the SPEC's Product record as a document (`record`, with the product's `imageIds` and
 * `mainImageId` when it has images), its merchandising context entry, the
 * owner's details and whether it is enabled. `catalog_inventory` holds each variant's stock as its
 * inventory stream last said; every record is rebuilt from both, so product and inventory events
 * may arrive in any order.
 */
export const CATALOG_PRODUCTS = 'catalog_products';
export const CATALOG_INVENTORY = 'catalog_inventory';

type ProductRow = {
  id: string;
  url_id: string;
  collection_id: string;
  record: ProductRecord;
  version: number;
  enabled: boolean;
  product: ProductDetails;
  merchandising: ProductMerchandisingContext;
};
type InventoryRow = { product_id: string; sku: string; qty_in_stock: number; unlimited: boolean; version: number };

const PRODUCT_STREAM_PREFIX = 'product-';
const productIdOf = (event: RecordedEvent): string =>
  INVENTORY_EVENT_TYPES.includes(event.type as InventoryEvent['type'])
    ? (event.data as InventoryEvent['data']).productId
    : event.streamId.slice(PRODUCT_STREAM_PREFIX.length);
const inventoryKey = (productId: string, sku: string) => JSON.stringify([productId, sku]);

export const catalogProductsProjection: Projection = {
  name: 'catalog',
  tables: [
    {
      name: CATALOG_PRODUCTS,
      columns:
        'id text primary key, url_id text not null, collection_id text not null, record jsonb not null, version integer not null, ' +
        'enabled boolean not null, product jsonb not null, merchandising jsonb not null',
      orderBy: ['id'],
    },
    {
      name: CATALOG_INVENTORY,
      columns: 'product_id text not null, sku text not null, qty_in_stock bigint not null, unlimited boolean not null, version integer not null, primary key (product_id, sku)',
      orderBy: ['product_id', 'sku'],
    },
  ],
  eventTypes: [...PRODUCT_EVENT_TYPES, ...INVENTORY_EVENT_TYPES],
  // The cart caches product lookups from this read model (apps/api CartProductLookup).
  announcesChanges: true,
  async apply(events, { tx, table }) {
    if (events.length === 0) return;
    const productIds = [...new Set(events.map(productIdOf))];
    const [productRows, inventoryRows] = await Promise.all([
      tx.query<ProductRow>(`SELECT id, version, product FROM ${table(CATALOG_PRODUCTS)} WHERE id = ANY($1::text[])`, [productIds]),
      tx.query<InventoryRow>(`SELECT product_id, sku, qty_in_stock, unlimited, version FROM ${table(CATALOG_INVENTORY)} WHERE product_id = ANY($1::text[])`, [productIds]),
    ]);
    const states = new Map<string, { state: ProductState; version: number }>();
    for (const row of productRows.rows) states.set(row.id, { state: { status: 'active', product: row.product }, version: row.version });
    const stock = new Map<string, InventoryRow>();
    for (const row of inventoryRows.rows) stock.set(inventoryKey(row.product_id, row.sku), { ...row, qty_in_stock: Number(row.qty_in_stock) });
    const changedStock = new Set<string>();
    const touched = new Set<string>();

    for (const event of events) {
      const productId = productIdOf(event);
      if (INVENTORY_EVENT_TYPES.includes(event.type as InventoryEvent['type'])) {
        const { sku, qtyInStock } = (event as RecordedEvent<InventoryEvent['data']>).data;
        const key = inventoryKey(productId, sku);
        const current = stock.get(key);
        if (current && event.streamPosition <= current.version) continue;
        const unlimited = event.type === 'StockSet' ? (event.data as { unlimited: boolean }).unlimited : (current?.unlimited ?? false);
        stock.set(key, { product_id: productId, sku, qty_in_stock: qtyInStock, unlimited, version: event.streamPosition });
        changedStock.add(key);
        touched.add(productId);
        continue;
      }
      const entry = states.get(productId) ?? { state: { status: 'none' } as ProductState, version: 0 };
      if (event.streamPosition <= entry.version) continue;
      const domainEvent = toDomainEvent<ProductEvent>(event);
      if (domainEvent.type === 'ProductCreated' && domainEvent.data.initialStock) {
        // Version-1 records carried their stock (upcast into initialStock): it counts until an inventory stream says otherwise.
        for (const [sku, s] of Object.entries(domainEvent.data.initialStock)) {
          const key = inventoryKey(productId, sku);
          if (stock.has(key)) continue;
          stock.set(key, { product_id: productId, sku, qty_in_stock: s.qtyInStock, unlimited: s.unlimited, version: 0 });
          changedStock.add(key);
        }
      }
      states.set(productId, { state: evolveProduct(entry.state, domainEvent), version: event.streamPosition });
      touched.add(productId);
    }

    const upserts: ProductRow[] = [];
    const deletes: { id: string }[] = [];
    for (const productId of touched) {
      const entry = states.get(productId);
      if (!entry) continue; // stock of a product this projection has not seen (yet)
      if (entry.state.status === 'deleted') deletes.push({ id: productId });
      if (entry.state.status !== 'active') continue;
      const product = entry.state.product;
      const stockOf = (sku: string): InitialStock | undefined => {
        const row = stock.get(inventoryKey(productId, sku));
        return row && { qtyInStock: row.qty_in_stock, unlimited: row.unlimited };
      };
      const record = productRecord(product, stockOf);
      upserts.push({
        id: productId,
        url_id: product.urlId,
        collection_id: product.collectionId,
        record,
        version: entry.version,
        enabled: product.enabled,
        product,
        merchandising: productMerchandisingContext(record, product),
      });
    }
    await deleteRows(tx, table(CATALOG_PRODUCTS), ['id'], deletes);
    await upsertRows(tx, table(CATALOG_PRODUCTS), upserts, ['id']);
    await upsertRows(tx, table(CATALOG_INVENTORY), [...changedStock].map((k) => stock.get(k)!), ['product_id', 'sku']);
  },
};
