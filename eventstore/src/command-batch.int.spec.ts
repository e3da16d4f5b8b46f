import { handleCommandBatch, handleCommandBatches, type BatchTarget, type CommandBatchResult } from './command-batch';
import { ConcurrencyError } from './errors';
import { PostgresEventStore } from './postgres-event-store';
import { StreamStateCache } from './stream-state-cache';
import { counterDecider, createTestDatabase, describeEachDriver, testCommandContext, type CounterCommand, type CounterEvent, type CounterState, type TestDatabase } from '../testing';
import type { DomainError } from '@storefront/domain';

/** handleCommandBatch: commands on several streams decided in memory, committed by one appendMany. */
describeEachDriver('command batch', (driver) => {
  let testDb: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
    store = new PostgresEventStore(testDb.db);
  });
  afterAll(async () => {
    await store.flushNotifications();
    await testDb.dispose();
  });

  const target = (streamId: string, newStream = false): BatchTarget<CounterCommand, CounterState, CounterEvent, DomainError> => ({
    streamId, streamType: 'counter', decider: counterDecider, context: testCommandContext(), newStream,
  });
  const counts = async (streamId: string) => (await store.readStream(streamId)).map((e) => (e.data as { n: number }).n);
  const append = (streamId: string, by: number, version: number) =>
    store.append(streamId, [{ type: 'Incremented', data: { by, n: 0 } }], { streamType: 'counter', expectedVersion: version === 0 ? 'no_stream' : version, command: testCommandContext() });

  it('decisions see what the batch staged before them; everything commits in one transaction and the cache holds the states after', async () => {
    const cache = new StreamStateCache<unknown>();
    const result = await handleCommandBatch(store, {
      cacheFor: () => cache,
      plan: async (batch) => {
        await batch.decide(target('b1-a'), { by: 2 });
        const second = await batch.decide(target('b1-a'), { by: 3 });
        await batch.decide(target('b1-b'), { by: 1 });
        return second.state;
      },
    });
    expect(result.value).toEqual({ total: 5, count: 2 });
    expect(await counts('b1-a')).toEqual([1, 2]);
    const events = [...result.streams.values()].flatMap((s) => s.events);
    expect(events).toHaveLength(3);
    expect(new Set(events.map((e) => e.transactionId)).size).toBe(1);
    expect(cache.get('b1-a')).toEqual({ version: 2, state: { total: 5, count: 2 } });
    expect(cache.get('b1-b')).toEqual({ version: 1, state: { total: 1, count: 1 } });
  });

  it('rollback(mark) drops what was staged since the mark, on every stream', async () => {
    await handleCommandBatch(store, {
      plan: async (batch) => {
        await batch.decide(target('b2-a'), { by: 1 });
        const mark = batch.mark();
        await batch.decide(target('b2-a'), { by: 10 });
        await batch.decide(target('b2-b'), { by: 10 });
        const refused = await batch.decide(target('b2-c'), { by: -1 });
        expect(refused).toMatchObject({ ok: false, error: { code: 'negative' } });
        batch.rollback(mark);
        expect(await batch.state(target('b2-a'))).toEqual({ total: 1, count: 1 });
      },
    });
    expect(await counts('b2-a')).toEqual([1]);
    expect(await store.streamVersion('b2-b')).toBe(0);
    expect(await store.streamVersion('b2-c')).toBe(0);
  });

  it('a stale cached state is caught at commit (also on a stream only looked at) and the plan runs again on the head, reading only newer events', async () => {
    const cache = new StreamStateCache<unknown>();
    await handleCommandBatch(store, { cacheFor: () => cache, plan: async (b) => { await b.decide(target('b3-a'), { by: 1 }); await b.decide(target('b3-look'), { by: 1 }); } });
    // Another process writes to both streams behind this cache's back.
    await append('b3-a', 5, 1);
    await append('b3-look', 5, 1);
    const reads: { streamId: string; fromVersion?: number }[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = async (streamId, options) => {
      reads.push({ streamId, fromVersion: options?.fromVersion });
      return readStream(streamId, options);
    };
    const seen: number[] = [];
    try {
      await handleCommandBatch(store, {
        cacheFor: () => cache,
        plan: async (batch) => {
          // Only looked at: no events, so only its guard can tell the cached state was old.
          seen.push((await batch.state(target('b3-look'))).total);
          await batch.decide(target('b3-a'), { by: 1 });
        },
      });
    } finally {
      store.readStream = readStream;
    }
    expect(seen).toEqual([1, 6]);
    expect(await counts('b3-a')).toEqual([1, 0, 3]);
    expect(reads).toEqual(expect.arrayContaining([{ streamId: 'b3-look', fromVersion: 1 }, { streamId: 'b3-a', fromVersion: 1 }]));
  });

  it('gives up after maxRetries with the ConcurrencyError, having written nothing; a stream not declared is refused', async () => {
    const appendMany = store.appendMany.bind(store);
    let attempts = 0;
    store.appendMany = async () => {
      attempts++;
      throw new ConcurrencyError('b4-a', 0, 1);
    };
    try {
      await expect(handleCommandBatch(store, { maxRetries: 3, plan: async (b) => { await b.decide(target('b4-a'), { by: 1 }); } })).rejects.toBeInstanceOf(ConcurrencyError);
    } finally {
      store.appendMany = appendMany;
    }
    expect(attempts).toBe(4);
    expect(await store.streamVersion('b4-a')).toBe(0);
    await expect(handleCommandBatch(store, { streamIds: ['b4-a'], plan: async (b) => { await b.decide(target('b4-other'), { by: 1 }); } })).rejects.toThrow(/not declared/);
  });

  it('group commit: plans decided one after another on shared streams, one transaction, each command its own entry; a plan that throws is dropped alone', async () => {
    const cache = new StreamStateCache<unknown>();
    const shared = target('g1-hot');
    const outcomes = await handleCommandBatches(store, [
      { plan: async (b) => (await b.decide({ ...target('g1-hot'), context: testCommandContext() }, { by: 1 })).state, streamIds: ['g1-hot', 'g1-a'] },
      { plan: async (b) => { await b.decide(target('g1-hot'), { by: 100 }); throw new Error('boom'); } },
      { plan: async (b) => { await b.decide(target('g1-b'), { by: 1 }); return (await b.decide(shared, { by: 2 })).state; } },
      { plan: async (b) => { await b.decide(target('g1-c'), { by: 1 }); }, streamIds: ['g1-hot'] },
    ], { cacheFor: () => cache });
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true, false]);
    expect((outcomes[1] as { error: Error }).error.message).toBe('boom');
    expect((outcomes[3] as { error: Error }).error.message).toMatch(/not declared/);
    const [first, , third] = outcomes.map((o) => (o.ok ? (o.result as CommandBatchResult<unknown>) : null));
    expect(first!.value).toEqual({ total: 1, count: 1 });
    expect(third!.value).toEqual({ total: 3, count: 2 }); // saw the first plan's increment
    expect(first!.streams.get('g1-hot')!.events.map((e) => e.streamPosition)).toEqual([1]);
    expect(third!.streams.get('g1-hot')!.events.map((e) => e.streamPosition)).toEqual([2]);
    expect(third!.streams.get('g1-hot')!.version).toBe(2);
    const hot = await store.readStream('g1-hot');
    expect(hot.map((e) => (e.data as { by: number }).by)).toEqual([1, 2]);
    expect(hot[0]!.metadata.commandId).not.toBe(hot[1]!.metadata.commandId);
    expect(hot[1]!.metadata.commandId).toBe(shared.context.commandId);
    expect(new Set([...hot, ...(await store.readStream('g1-b'))].map((e) => e.transactionId)).size).toBe(1);
    expect(await store.streamVersion('g1-c')).toBe(0);
    expect(cache.get('g1-hot')).toEqual({ version: 2, state: { total: 3, count: 2 } });
  });

  it('a new stream assumed empty that exists after all conflicts, and the plan runs again on what it holds', async () => {
    await append('b5-new', 4, 0);
    const result = await handleCommandBatch(store, { plan: async (b) => (await b.decide(target('b5-new', true), { by: 1 })).state });
    expect(result.value).toEqual({ total: 5, count: 2 });
    expect(await counts('b5-new')).toEqual([0, 2]);
  });
});
