import { buildProductRecord, type EventUpcaster } from '@storefront/domain';
import { handleCommand } from './command-handling';
import { PostgresEventStore } from './postgres-event-store';
import { START } from './types';
import { counterDecider, createTestDatabase, describeEachDriver, testCommandContext, type TestDatabase } from '../testing';
import { EventUpcasters } from './upcasting';

/**
 * Counter events were once `Incremented { amount }` (v1), then `Incremented { by }` (v2), now
 * `Incremented { by, n }` (v3). The store upcasts what it reads, so the decider's evolve only
 * knows the current shape.
 */
const counterUpcasters: EventUpcaster[] = [
  { type: 'Incremented', fromVersion: 1, upcast: (e) => ({ type: 'Incremented', schemaVersion: 2, data: { by: (e.data as { amount: number }).amount } }) },
  { type: 'Incremented', fromVersion: 2, upcast: (e) => ({ type: 'Incremented', schemaVersion: 3, data: { ...(e.data as object), n: 0 } }) },
];

describe('EventUpcasters', () => {
  const upcasters = new EventUpcasters(counterUpcasters);

  it('chains upcasters until the current version', () => {
    expect(upcasters.upcast({ type: 'Incremented', schemaVersion: 1, data: { amount: 3 } })).toEqual({ type: 'Incremented', schemaVersion: 3, data: { by: 3, n: 0 } });
    expect(upcasters.upcast({ type: 'Incremented', schemaVersion: 2, data: { by: 2 } })).toEqual({ type: 'Incremented', schemaVersion: 3, data: { by: 2, n: 0 } });
  });

  it('keeps the other fields and returns the very same object when nothing applies', () => {
    const current = { type: 'Incremented', schemaVersion: 3, data: { by: 1, n: 1 }, streamPosition: 7 };
    expect(upcasters.upcast(current)).toBe(current);
    expect(upcasters.upcast({ ...current, schemaVersion: 2 })).toEqual({ ...current, data: { by: 1, n: 0 }, schemaVersion: 3 });
    const other = { type: 'Decremented', schemaVersion: 1, data: {} };
    expect(upcasters.upcast(other)).toBe(other);
  });

  it('refuses two upcasters for one version, and one that renames or does not raise the version', () => {
    expect(() => new EventUpcasters([counterUpcasters[1]!, counterUpcasters[1]!])).toThrow('Two upcasters for Incremented version 2');
    const stuck = new EventUpcasters([{ type: 'A', fromVersion: 1, upcast: (e) => e }]);
    expect(() => stuck.upcast({ type: 'A', schemaVersion: 1, data: null })).toThrow('must keep the type and raise the version');
    const renaming = new EventUpcasters([{ type: 'A', fromVersion: 1, upcast: (e) => ({ ...e, type: 'B', schemaVersion: 2 }) }]);
    expect(() => renaming.upcast({ type: 'A', schemaVersion: 1, data: null })).toThrow('must keep the type and raise the version');
  });
});

describeEachDriver('the event store upcasts what it reads', (driver) => {
  let testDb: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
    store = new PostgresEventStore(testDb.db, { upcasters: counterUpcasters });
  });
  afterAll(async () => {
    await store.flushNotifications();
    await testDb.dispose();
  });

  const appendOld = async (streamId: string) => {
    const context = testCommandContext();
    await store.append(streamId, [
      { type: 'Incremented', data: { amount: 5 } },
      { type: 'Incremented', schemaVersion: 2, data: { by: 2 } },
    ], { streamType: 'counter', expectedVersion: 'no_stream', command: context });
  };

  it('in readStream and readAll (projection batches), with metadata.schemaVersion to match', async () => {
    await appendOld('counter-old-1');
    const expected = [
      { type: 'Incremented', schemaVersion: 3, data: { by: 5, n: 0 } },
      { type: 'Incremented', schemaVersion: 3, data: { by: 2, n: 0 } },
    ];
    const read = await store.readStream('counter-old-1');
    expect(read).toMatchObject(expected);
    expect(read.map((e) => e.metadata.schemaVersion)).toEqual([3, 3]);
    const all = await store.readAll({ after: START, limit: 100, eventTypes: ['Incremented'] });
    expect(all.events.filter((e) => e.streamId === 'counter-old-1')).toMatchObject(expected);
    // Stored rows are untouched: upcasting happens on read only.
    const { rows } = await testDb.db.query<{ event_type: string; schema_version: number }>(
      `SELECT event_type, schema_version FROM events WHERE stream_id = 'counter-old-1' ORDER BY stream_position`,
    );
    expect(rows).toEqual([{ event_type: 'Incremented', schema_version: 1 }, { event_type: 'Incremented', schema_version: 2 }]);
    // A store without these upcasters sees the stored shapes.
    expect(await new PostgresEventStore(testDb.db, { upcasters: [] }).readStream('counter-old-1')).toMatchObject([
      { type: 'Incremented', schemaVersion: 1, data: { amount: 5 } },
      { type: 'Incremented', schemaVersion: 2, data: { by: 2 } },
    ]);
  });

  it("in handleCommand's fold: the decider only knows the current shape", async () => {
    await appendOld('counter-old-2');
    const result = await handleCommand(store, {
      streamId: 'counter-old-2', streamType: 'counter', decider: counterDecider, command: { by: 1 }, context: testCommandContext(),
    });
    expect(result).toMatchObject({ ok: true, state: { total: 8, count: 3 }, version: 3 });
  });

  it("applies the domain's registry by default: a version-1 ProductCreated reads as version 2 with its stock", async () => {
    const product = buildProductRecord({
      id: 'p-old', title: 'Old Bowl', urlId: 'old-bowl', collectionId: 'shop', productType: 'PHYSICAL', currency: 'USD',
      variants: [{ id: 'v', sku: 'OLD', priceCents: 1500, qtyInStock: 4 }],
    });
    const plain = new PostgresEventStore(testDb.db);
    await plain.append('product-p-old', [{ type: 'ProductCreated', data: { product } }], {
      streamType: 'product', expectedVersion: 'no_stream', command: testCommandContext(),
    });
    const [created] = await plain.readStream('product-p-old');
    expect(created).toMatchObject({
      type: 'ProductCreated', schemaVersion: 2,
      data: { product: { id: 'p-old', currency: 'USD', variants: [{ sku: 'OLD', priceMinor: 1500 }] }, initialStock: { OLD: { qtyInStock: 4, unlimited: false } } },
    });
  });
});
