import { handleCommand } from './command-handling';
import { reject, accept, type Decider } from '@storefront/domain';
import { ConcurrencyError, IdempotencyKeyReusedError, StreamVersionConflictError } from './errors';
import { PostgresEventStore } from './postgres-event-store';
import { StreamStateCache } from './stream-state-cache';
import { counterDecider, createTestDatabase, describeEachDriver, testCommandContext, type TestDatabase } from '../testing';
import type { EventStore } from './types';

describeEachDriver('handleCommand', (driver) => {
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

  const run = (streamId: string, by: number, context = testCommandContext(), maxRetries?: number, on: EventStore = store) =>
    handleCommand(on, { streamId, streamType: 'counter', decider: counterDecider, command: { by }, context, maxRetries });

  it('loads, decides, appends and returns the new state', async () => {
    await run('counter-1', 2);
    const result = await run('counter-1', 3);
    expect(result).toMatchObject({ ok: true, state: { total: 5, count: 2 }, version: 2, duplicate: false });
    if (!result.ok) return;
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({ type: 'Incremented', data: { by: 3, n: 2 }, streamPosition: 2 });
  });

  it('returns a rejection with the current state and appends nothing', async () => {
    await run('counter-2', 1);
    const result = await run('counter-2', -1);
    expect(result).toEqual({ ok: false, error: { code: 'negative', message: 'Cannot increment by a negative amount' }, state: { total: 1, count: 1 } });
    expect(await store.streamVersion('counter-2')).toBe(1);
  });

  it('a decision without events appends nothing and succeeds', async () => {
    await expect(run('counter-3', 0)).resolves.toEqual({ ok: true, state: { total: 0, count: 0 }, events: [], version: 0, duplicate: false });
    expect(await store.streamVersion('counter-3')).toBe(0);
  });

  it('a repeated command id returns the original outcome without appending', async () => {
    const context = testCommandContext();
    const first = await run('counter-4', 5, context);
    await run('counter-4', 7); // the stream moves on
    const again = await run('counter-4', 5, context);
    expect(again).toEqual({ ok: true, state: { total: 5, count: 1 }, events: [], version: 1, duplicate: true });
    expect(first).toMatchObject({ ok: true, state: { total: 5, count: 1 }, version: 1, duplicate: false });
    expect(await store.streamVersion('counter-4')).toBe(2);
  });

  it('refuses a command id reused with another request fingerprint, and replays it with the same one', async () => {
    const context = { ...testCommandContext(), requestHash: 'hash-a' };
    await run('counter-idem', 2, context);
    await expect(run('counter-idem', 2, { ...context, requestHash: 'hash-b' })).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    // Also when the duplicate is only found by the append (a retry racing the first run).
    await expect(run('counter-idem', 2, { ...context, requestHash: 'hash-b', commandIdIsNew: true })).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await run('counter-idem', 2, context)).toMatchObject({ ok: true, duplicate: true, state: { total: 2 } });
    expect(await store.streamVersion('counter-idem')).toBe(1);
  });

  it('the same command id sent concurrently appends once; both see the same state', async () => {
    const context = testCommandContext();
    const results = await Promise.all(Array.from({ length: 5 }, () => run('counter-5', 4, context)));
    expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.duplicate)).toHaveLength(4);
    for (const r of results) expect(r).toMatchObject({ ok: true, state: { total: 4, count: 1 }, version: 1 });
    expect(await store.streamVersion('counter-5')).toBe(1);
  });

  it('retries a conflict by deciding again on the reloaded state, then gives up after maxRetries', async () => {
    // A store whose every append loses a race: another writer appends to the stream first.
    let races = 0;
    const racing: EventStore = Object.assign(Object.create(store) as PostgresEventStore, {
      append: async (...args: Parameters<EventStore['append']>) => {
        races++;
        await store.append('counter-6', [{ type: 'Incremented', data: { by: 100, n: 0 } }], {
          streamType: 'counter',
          expectedVersion: 'any',
          command: testCommandContext(),
        });
        return store.append(...args);
      },
    });
    await expect(run('counter-6', 1, testCommandContext(), 2, racing)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(races).toBe(3); // first try + 2 retries
    expect(await store.streamVersion('counter-6')).toBe(3);
  });

  describe('based on a version (expectedVersion)', () => {
    const basedOn = (streamId: string, by: number, expectedVersion: number, stateCache?: StreamStateCache<unknown>, on: EventStore = store) =>
      handleCommand(on, { streamId, streamType: 'counter', decider: counterDecider, command: { by }, context: testCommandContext(), expectedVersion, stateCache: stateCache as never });

    it('appends when the stream is at that version, and refuses with the current version when it is not', async () => {
      await run('counter-v1', 1);
      expect(await basedOn('counter-v1', 2, 1)).toMatchObject({ ok: true, version: 2, state: { total: 3 } });
      const stale = basedOn('counter-v1', 5, 1);
      await expect(stale).rejects.toBeInstanceOf(StreamVersionConflictError);
      await expect(stale).rejects.toMatchObject({ streamId: 'counter-v1', expectedVersion: 1, currentVersion: 2 });
      expect(await store.streamVersion('counter-v1')).toBe(2);
      // 0: based on a stream that does not exist yet.
      expect(await basedOn('counter-v1-new', 1, 0)).toMatchObject({ ok: true, version: 1 });
    });

    it('two commands based on the same version: exactly one appends, the other is refused (not retried)', async () => {
      await run('counter-v2', 1);
      const results = await Promise.allSettled([basedOn('counter-v2', 2, 1), basedOn('counter-v2', 3, 1)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason).toBeInstanceOf(StreamVersionConflictError);
      expect(await store.streamVersion('counter-v2')).toBe(2);
    });

    it('a write that lands between the read and the append is refused too', async () => {
      await run('counter-v3', 1);
      const racing: EventStore = Object.assign(Object.create(store) as PostgresEventStore, {
        append: async (...args: Parameters<EventStore['append']>) => {
          await store.append('counter-v3', [{ type: 'Incremented', data: { by: 100, n: 0 } }], { streamType: 'counter', expectedVersion: 'any', command: testCommandContext() });
          return store.append(...args);
        },
      });
      await expect(basedOn('counter-v3', 2, 1, undefined, racing)).rejects.toMatchObject({ expectedVersion: 1, currentVersion: 2 });
      expect((await store.readStream('counter-v3')).map((e) => (e.data as { by: number }).by)).toEqual([1, 100]);
    });

    it('does not trust a cached state: a stale cache is not a conflict, a newer stream is', async () => {
      const cache = new StreamStateCache<unknown>();
      await handleCommand(store, { streamId: 'counter-v4', streamType: 'counter', decider: counterDecider, command: { by: 1 }, context: testCommandContext(), stateCache: cache as never });
      await run('counter-v4', 10); // another process: the cache says version 1
      expect(await basedOn('counter-v4', 1, 2, cache)).toMatchObject({ ok: true, version: 3, state: { total: 12 } });
      await expect(basedOn('counter-v4', 1, 2, cache)).rejects.toBeInstanceOf(StreamVersionConflictError);
    });
  });

  describe('with a stream state cache', () => {
    const cached = (streamId: string, by: number, stateCache: StreamStateCache<unknown>, context = testCommandContext()) =>
      handleCommand(store, { streamId, streamType: 'counter', decider: counterDecider, command: { by }, context, stateCache: stateCache as never });

    it('decides on the cached state without reading the stream again', async () => {
      const cache = new StreamStateCache<unknown>();
      await cached('counter-c1', 1, cache);
      const reads = jest.spyOn(store, 'readStream');
      try {
        const result = await cached('counter-c1', 2, cache);
        expect(result).toMatchObject({ ok: true, state: { total: 3, count: 2 }, version: 2 });
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
    });

    it('a write from elsewhere makes the cached decision conflict, and the command reloads', async () => {
      const cache = new StreamStateCache<unknown>();
      await cached('counter-c2', 1, cache);
      await run('counter-c2', 10); // another process: the cache does not know
      const result = await cached('counter-c2', 2, cache);
      expect(result).toMatchObject({ ok: true, state: { total: 13, count: 3 }, version: 3 });
      expect(cache.get('counter-c2')).toEqual({ version: 3, state: { total: 13, count: 3 } });
    });

    it('a new command id skips the duplicate lookup, yet a reused one still never appends twice', async () => {
      const cache = new StreamStateCache<unknown>();
      const context = testCommandContext();
      await cached('counter-c3', 1, cache, context);
      // A client that wrongly claims its id is new is still caught by the append itself.
      const again = await cached('counter-c3', 1, cache, { ...context, commandIdIsNew: true });
      expect(again).toMatchObject({ ok: true, duplicate: true, version: 1 });
      expect(await store.streamVersion('counter-c3')).toBe(1);
    });

    it('a stream minted for the command is decided on without reading; one that exists after all conflicts and reloads', async () => {
      const reads = jest.spyOn(store, 'readStream');
      try {
        const fresh = await handleCommand(store, { streamId: 'counter-new-1', streamType: 'counter', decider: counterDecider, command: { by: 4 }, context: testCommandContext(), newStream: true });
        expect(fresh).toMatchObject({ ok: true, state: { total: 4, count: 1 }, version: 1 });
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
      await run('counter-new-2', 10);
      const existing = await handleCommand(store, { streamId: 'counter-new-2', streamType: 'counter', decider: counterDecider, command: { by: 1 }, context: testCommandContext(), newStream: true });
      expect(existing).toMatchObject({ ok: true, state: { total: 11, count: 2 }, version: 2 });
    });

    /** A counter whose rejections and no-ops depend on the state: what a stale cache gets wrong. */
    type Guarded = { by: number } | { atLeast: number } | { atMost: number };
    const guarded: Decider<Guarded, { total: number; count: number }, { type: 'Incremented'; data: { by: number; n: number } }, { code: string; message: string }> = {
      initialState: counterDecider.initialState,
      evolve: counterDecider.evolve as never,
      decide: (command, state) => {
        if ('by' in command) return accept({ type: 'Incremented', data: { by: command.by, n: state.count + 1 } });
        if ('atLeast' in command) return state.total >= command.atLeast ? accept() : reject({ code: 'too-small', message: `total ${state.total}` });
        return state.total <= command.atMost ? accept() : reject({ code: 'too-big', message: `total ${state.total}` });
      },
    };
    const onGuarded = (streamId: string, command: Guarded, stateCache?: StreamStateCache<unknown>) =>
      handleCommand(store, { streamId, streamType: 'counter', decider: guarded, command, context: testCommandContext(), stateCache: stateCache as never });

    it('never rejects from a cached state older than the stream: it reads what came after and decides again', async () => {
      const cache = new StreamStateCache<unknown>();
      await onGuarded('counter-s1', { by: 1 }, cache); // this process caches total 1
      await onGuarded('counter-s1', { by: 10 }); // another process: total 11
      const result = await onGuarded('counter-s1', { atLeast: 5 }, cache);
      expect(result).toMatchObject({ ok: true, state: { total: 11 }, version: 2 });
      expect(cache.get('counter-s1')).toEqual({ version: 2, state: { total: 11, count: 2 } });
    });

    it('never answers "no change" from a cached state older than the stream', async () => {
      const cache = new StreamStateCache<unknown>();
      await onGuarded('counter-s2', { by: 1 }, cache);
      await onGuarded('counter-s2', { by: 10 });
      const result = await onGuarded('counter-s2', { atMost: 5 }, cache);
      expect(result).toMatchObject({ ok: false, error: { code: 'too-big', message: 'total 11' }, state: { total: 11 } });
    });

    it('a rejection on a fresh cached state costs one read of nothing newer', async () => {
      const cache = new StreamStateCache<unknown>();
      await onGuarded('counter-s3', { by: 1 }, cache);
      const reads = jest.spyOn(store, 'readStream');
      try {
        expect(await onGuarded('counter-s3', { atLeast: 5 }, cache)).toMatchObject({ ok: false, error: { code: 'too-small' } });
        expect(reads).toHaveBeenCalledTimes(1);
        expect(reads).toHaveBeenCalledWith('counter-s3', { fromVersion: 1 });
      } finally {
        reads.mockRestore();
      }
    });

    it('forgets the least recently used stream beyond its capacity', () => {
      const cache = new StreamStateCache<number>(2);
      cache.set('a', 1, 1);
      cache.set('b', 1, 2);
      cache.get('a');
      cache.set('c', 1, 3);
      expect([cache.get('a')?.state, cache.get('b'), cache.get('c')?.state]).toEqual([1, undefined, 3]);
      expect(cache.size).toBe(2);
    });
  });
});
