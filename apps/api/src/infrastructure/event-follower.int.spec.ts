import { PostgresEventStore, type RecordedEvent } from '@storefront/eventstore';
import { createTestDatabase, describeEachDriver, type TestDatabase } from '@storefront/eventstore/testing';
import { appendTestEvents } from '@storefront/projections/testing';
import type { AppConfig } from '../config/app-config';
import { EventFollower } from './event-follower';

/** Records the events of type 'Wanted' it is handed; batches of 10 like the restock sends. */
class WantedFollower extends EventFollower {
  readonly handled: number[] = [];
  failAt: number | null = null;

  constructor(test: TestDatabase, store: PostgresEventStore) {
    super('test-wanted', ['Wanted'], 10, { role: 'all' } as AppConfig, test.db, store);
  }

  protected async handle(event: RecordedEvent): Promise<void> {
    const n = (event.data as { n: number }).n;
    if (n === this.failAt) throw new Error(`cannot handle ${n}`);
    this.handled.push(n);
  }
}

describeEachDriver('EventFollower', (driver) => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  let follower: WantedFollower;
  beforeEach(async () => {
    test = await createTestDatabase(driver);
    store = new PostgresEventStore(test.db);
    await test.db.query(`INSERT INTO checkpoints (name) VALUES ('test-wanted')`);
    follower = new WantedFollower(test, store);
  });
  afterEach(async () => {
    await follower.onApplicationShutdown();
    await store.flushNotifications();
    await test.dispose();
  });

  const checkpoint = async () => Number((await test.db.query<{ p: string }>(`SELECT global_position AS p FROM checkpoints WHERE name = 'test-wanted'`)).rows[0]!.p);

  it('passes a burst of other events in one round, not ten events a round (its batch counts its own events only)', async () => {
    // A follower of a rare type under a stream of form submissions: before, its read's limit of
    // 10 counted the other events too, so it needed a round (three statements) per 10 of them.
    const others = await appendTestEvents(store, 'other', 900, 'Other');
    await appendTestEvents(store, 'wanted', 1, 'Wanted');
    await expect(follower.once()).resolves.toBe(false);
    expect(follower.handled).toEqual([0]);
    expect(await checkpoint()).toBeGreaterThan(others[others.length - 1]!.globalPosition);
  });

  it('handles at most its batch of its own events a round and saves the checkpoint just past the last one handled', async () => {
    const wanted = await appendTestEvents(store, 'wanted', 25, 'Wanted');
    await expect(follower.once()).resolves.toBe(true);
    expect(follower.handled).toEqual([...Array(10).keys()]);
    expect(await checkpoint()).toBe(wanted[9]!.globalPosition);
    await expect(follower.once()).resolves.toBe(true);
    await expect(follower.once()).resolves.toBe(false);
    expect(follower.handled).toEqual([...Array(25).keys()]);
    expect(await checkpoint()).toBe(wanted[24]!.globalPosition);
  });

  it('a failure keeps the progress before the failing event and retries from it', async () => {
    const wanted = await appendTestEvents(store, 'wanted', 5, 'Wanted');
    follower.failAt = 3;
    await expect(follower.once()).rejects.toThrow('cannot handle 3');
    expect(await checkpoint()).toBe(wanted[2]!.globalPosition);
    follower.failAt = null;
    await expect(follower.once()).resolves.toBe(false);
    expect(follower.handled).toEqual([0, 1, 2, 3, 4]);
  });

  const head = async () => (await store.headCheckpoint()).globalPosition;

  it('idle() resolves once its loop has handled everything committed before the call, in batches, and reached the head', async () => {
    await follower.onApplicationBootstrap();
    await appendTestEvents(store, 'wanted', 25, 'Wanted');
    await appendTestEvents(store, 'other', 3, 'Other'); // no wake-up for these: idle() brings its next round forward
    await follower.idle();
    expect(follower.handled).toEqual([...Array(25).keys()]);
    expect(await checkpoint()).toBe(await head());
    // Nothing new: it resolves after one more round that found nothing.
    await follower.idle();
    expect(follower.handled).toHaveLength(25);
  });

  it('idle() waits for a round that began after the call: a checkpoint set back is gone over again first', async () => {
    await follower.onApplicationBootstrap();
    await appendTestEvents(store, 'wanted', 3, 'Wanted');
    await follower.idle();
    await test.db.query(`UPDATE checkpoints SET transaction_id = '0'::xid8, global_position = 0 WHERE name = 'test-wanted'`);
    await follower.idle();
    expect(follower.handled).toEqual([0, 1, 2, 0, 1, 2]);
    expect(await checkpoint()).toBe(await head());
  });

  it('idle() resolves at once without a loop (ROLE=api), and once the follower stops', async () => {
    await appendTestEvents(store, 'wanted', 1, 'Wanted');
    await follower.idle(); // not started
    expect(follower.handled).toEqual([]);
    await follower.onApplicationBootstrap();
    follower.failAt = 0; // its rounds keep failing: never idle
    const idle = follower.idle();
    await follower.onApplicationShutdown();
    await idle;
    expect(follower.handled).toEqual([]);
  });
});
