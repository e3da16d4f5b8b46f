import { catalogStreamId, DEFAULT_MERCHANDISING, inventoryStreamId, type InventoryEvent, type ProductDetails } from '@storefront/domain';
import { migrate, PostgresEventStore, type Database } from '@storefront/eventstore';
import { createTestDatabase, describeEachDriver, eventually, testCommandContext } from '@storefront/eventstore/testing';
import { allProjections, projectionMigrations, ProjectionRunner } from '@storefront/projections';
import { ReadModelChanges } from '../infrastructure/read-model-changes';
import { CartProductLookup } from './cart-product-lookup';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const NOW = '2026-11-23T10:00:00.000Z';
const details = (id: string): ProductDetails => ({
  id, websiteId: 'w1', collectionId: 'shop', productType: 'PHYSICAL', title: 'Tea Bowl', navigationTitle: 'Tea Bowl', description: '',
  urlId: `tea-bowl-${id}`, currency: 'USD', variantOptionOrdering: [],
  variants: [{ id: `${id}-a`, sku: `${id}-A`, attributes: {}, priceMinor: 3400, salePriceMinor: 0, onSale: false }],
  subscriptionPlan: null, additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: '', tags: [], categories: [],
  merchandising: DEFAULT_MERCHANDISING, enabled: true, createdAt: NOW,
});
const stockSet = (productId: string, qtyInStock: number): InventoryEvent => ({
  type: 'StockSet', data: { productId, sku: `${productId}-A`, qtyInStock, unlimited: false, at: NOW },
});

/**
 * The cart's product lookups are remembered until the catalog read model changes: applied by this
 * process's runner (forgotten before catchUp returns) or by another process (its notice).
 */
describeEachDriver('CartProductLookup cache', (driver) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let store: PostgresEventStore;
  let own: ProjectionRunner; // this process's runner
  let worker: ProjectionRunner; // another process applying the catalog
  let lookup: CartProductLookup;

  beforeAll(async () => {
    ({ db, dispose } = await createTestDatabase(driver));
    await migrate(db, projectionMigrations);
    store = new PostgresEventStore(db);
    own = new ProjectionRunner({ db, store, projections: allProjections(), logger: quiet });
    worker = new ProjectionRunner({ db, store, projections: allProjections(), logger: quiet });
    await own.prepare();
    lookup = new CartProductLookup(db, new ReadModelChanges(db, own));
    await lookup.onModuleInit();
  });
  afterAll(async () => {
    await lookup.onModuleDestroy();
    await store.flushNotifications();
    await dispose();
  });

  const setStock = async (id: string, qty: number) => {
    const streamId = inventoryStreamId(id, `${id}-A`);
    const version = await store.streamVersion(streamId);
    await store.append(streamId, [stockSet(id, qty)], { streamType: 'inventory', expectedVersion: version, command: testCommandContext() });
  };
  const stockOf = async (id: string) => (await lookup.find(id))?.variants[0]!.stock.qtyInStock;

  it('answers from memory until this process applies a catalog change, then at once from the new row', async () => {
    await store.append(catalogStreamId('p1'), [{ type: 'ProductCreated', schemaVersion: 2, data: { product: details('p1') } }], {
      streamType: 'product', expectedVersion: 'no_stream', command: testCommandContext(),
    });
    await setStock('p1', 5);
    await own.catchUp();
    expect(await stockOf('p1')).toBe(5);

    const reads = jest.spyOn(db, 'query');
    try {
      expect(await stockOf('p1')).toBe(5);
      expect(await lookup.find('no-such-product')).toBeNull();
      expect(await lookup.find('no-such-product')).toBeNull();
      expect(reads.mock.calls.filter(([sql]) => String(sql).includes('catalog_products'))).toHaveLength(1); // the unknown id, once
    } finally {
      reads.mockRestore();
    }

    await setStock('p1', 2);
    await own.catchUp();
    expect(await stockOf('p1')).toBe(2);
  });

  it("learns of another process's catalog change from its notice", async () => {
    expect(await stockOf('p1')).toBe(2);
    await setStock('p1', 0);
    await worker.catchUp();
    await eventually(async () => (await stockOf('p1')) === 0, { timeoutMs: 3_000, message: 'the change notice never arrived' });
  });
});
