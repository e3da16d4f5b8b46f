import type { VisitEvent } from '@storefront/domain';
import { createEventStore, type EventStore } from '@storefront/eventstore';
import { createTestDatabase, describeEachDriver, type TestDatabase } from '@storefront/eventstore/testing';
import { VisitAppends } from './visit-appends';

const quickView = (itemId: string): VisitEvent => ({
  type: 'QuickViewTracked',
  data: { hitId: itemId, at: new Date().toISOString(), websiteId: 'w', visitorId: 'v', visitId: 'vi', path: '/', itemId },
});

describeEachDriver('visit appends: group commit of census calls', (driver) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    store = createEventStore(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  // In the log's read order: two batches in flight on a server draw global positions at the same
  // time, so positions alone can interleave them; readers order by (transaction_id, global_position).
  const stored = async () =>
    (
      await database.db.query<{ stream_id: string; item: string }>(
        `SELECT stream_id, data->>'itemId' AS item FROM events WHERE stream_id LIKE 'visits-%' ORDER BY transaction_id, global_position`,
      )
    ).rows;

  it('commits calls arriving together in one stream per batch, each call resolved once its batch is stored', async () => {
    const appends = new VisitAppends(store, 1000);
    const before = (await stored()).length;
    const calls = Array.from({ length: 50 }, (_, i) => appends.append([quickView(`item-${i}`), quickView(`item-${i}-b`)]));
    await Promise.all(calls);
    const rows = (await stored()).slice(before);
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((r) => r.stream_id)).size).toBeLessThanOrEqual(3);
    // A call's events stay together and in order.
    const items = rows.map((r) => r.item);
    for (let i = 0; i < 50; i++) expect(items.indexOf(`item-${i}-b`)).toBe(items.indexOf(`item-${i}`) + 1);
  });

  it('keeps batches at most 500 events', async () => {
    const appends = new VisitAppends(store, 1000);
    const before = (await stored()).length;
    await Promise.all(Array.from({ length: 1200 }, (_, i) => appends.append([quickView(`many-${i}`)])));
    const rows = (await stored()).slice(before);
    const sizes = new Map<string, number>();
    for (const r of rows) sizes.set(r.stream_id, (sizes.get(r.stream_id) ?? 0) + 1);
    expect(rows).toHaveLength(1200);
    expect(Math.max(...sizes.values())).toBeLessThanOrEqual(500);
  });

  it('fails only the call the database refuses, not the others of its batch', async () => {
    const appends = new VisitAppends(store, 1000);
    const before = (await stored()).length;
    // A lone surrogate: valid in a JavaScript string, refused by PostgreSQL's jsonb (the parsers replace them; this bypasses them).
    const outcomes = await Promise.allSettled([appends.append([quickView('ok-1')]), appends.append([quickView('bad-\ud800')]), appends.append([quickView('ok-2')])]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored()).slice(before).map((r) => r.item).sort()).toEqual(['ok-1', 'ok-2']);
  });
});
