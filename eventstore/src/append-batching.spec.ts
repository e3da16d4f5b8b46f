import { ConcurrencyError } from './errors';
import { PostgresEventStore } from './postgres-event-store';
import { createTestDatabase, describeEachDriver, testCommandContext, type TestDatabase } from './testing';
import type { AppendResult, ExpectedVersion } from './types';

/**
 * Group commit (es_append_batch through the store's AppendBatcher). It is off by default (it did
 * not pay on our machines), so these tests turn it on, to cover the SQL on both drivers.
 * maxInFlight 1 makes batches deterministic: the first append goes out alone, and everything
 * issued while it runs goes out together as the next batch.
 */
describeEachDriver('append batching', (driver) => {
  let testDb: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
    store = new PostgresEventStore(testDb.db, { batching: { maxInFlight: 1 } });
  });
  afterAll(async () => {
    await store.flushNotifications();
    await testDb.dispose();
  });

  const append = (streamId: string, expectedVersion: ExpectedVersion, options: { commandId?: string; data?: unknown } = {}) =>
    store.append(streamId, [{ type: 'Batched', data: options.data ?? { streamId } }], {
      streamType: 'test',
      expectedVersion,
      command: testCommandContext(options.commandId ? { commandId: options.commandId } : {}),
    });
  /** Occupies the only batch slot, so the appends issued right after it share the next batch. */
  let blockers = 0;
  const blocker = () => append(`blocker-${++blockers}`, 'no_stream');
  const appended = (r: AppendResult) => {
    if (r.status !== 'appended') throw new Error(`expected appended, got ${r.status}`);
    return r;
  };

  it('concurrent appends to different streams share one transaction, each caller getting its own result', async () => {
    const first = blocker();
    const streams = ['tx-a', 'tx-c', 'tx-b', 'tx-e', 'tx-d'];
    const results = await Promise.all(streams.map((s) => store.append(s, [{ type: 'One', data: { s } }, { type: 'Two', data: { s } }], {
      streamType: 'test',
      expectedVersion: 'no_stream',
      command: testCommandContext(),
    })));
    await first;
    const txIds = new Set<string>();
    results.forEach((r, i) => {
      const { version, events } = appended(r);
      expect(version).toBe(2);
      expect(events.map((e) => [e.streamId, e.streamPosition, e.type, e.data])).toEqual([
        [streams[i], 1, 'One', { s: streams[i] }],
        [streams[i], 2, 'Two', { s: streams[i] }],
      ]);
      for (const e of events) txIds.add(e.transactionId);
    });
    expect(txIds.size).toBe(1);
    // What the callers were told is what is stored.
    for (const [i, s] of streams.entries()) expect(await store.readStream(s)).toEqual(appended(results[i]!).events);
  });

  it('in one batch a conflict, a duplicate and a normal append each get their own outcome', async () => {
    await append('mix-conflict', 'no_stream');
    await append('mix-dup', 'no_stream', { commandId: 'mix-dup-cmd' });

    const first = blocker();
    const [conflict, duplicate, normal] = await Promise.allSettled([
      append('mix-conflict', 5, { commandId: 'mix-conflict-cmd' }),
      append('mix-other', 'any', { commandId: 'mix-dup-cmd' }),
      append('mix-normal', 'no_stream'),
    ]);
    await first;
    expect(conflict.status).toBe('rejected');
    expect((conflict as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect((conflict as PromiseRejectedResult).reason).toMatchObject({ streamId: 'mix-conflict', expected: 5, actual: 1 });
    expect(duplicate).toEqual({ status: 'fulfilled', value: { status: 'duplicate', streamId: 'mix-dup', version: 1 } });
    expect(normal).toMatchObject({ status: 'fulfilled', value: { status: 'appended', version: 1 } });

    expect(await store.streamVersion('mix-conflict')).toBe(1);
    expect(await store.streamVersion('mix-other')).toBe(0);
    expect(await store.readStream('mix-normal')).toHaveLength(1);
    // The conflicting command id was released: a retry of it appends.
    await expect(append('mix-conflict', 1, { commandId: 'mix-conflict-cmd' })).resolves.toMatchObject({ status: 'appended', version: 2 });
  });

  it('two appends to one stream at the same expected version in one batch: exactly one wins', async () => {
    await append('same-stream', 'no_stream');
    const first = blocker();
    const results = await Promise.allSettled([append('same-stream', 1), append('same-stream', 1), append('same-new', 'no_stream'), append('same-new', 'no_stream')]);
    await first;
    for (const pair of [results.slice(0, 2), results.slice(2)]) {
      expect(pair.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = pair.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
      expect(lost.reason).toBeInstanceOf(ConcurrencyError);
    }
    expect(await store.streamVersion('same-stream')).toBe(2);
    expect(await store.streamVersion('same-new')).toBe(1);
  });

  it('successive expected versions of one stream in one batch both land, in order', async () => {
    await append('succ', 'no_stream');
    const first = blocker();
    const [a, b] = await Promise.all([append('succ', 1, { data: 'a' }), append('succ', 2, { data: 'b' })]);
    await first;
    expect([appended(a).version, appended(b).version]).toEqual([2, 3]);
    expect((await store.readStream('succ')).map((e) => e.data)).toEqual([{ streamId: 'succ' }, 'a', 'b']);
  });

  it('one command id twice in one batch appends once', async () => {
    const first = blocker();
    const results = await Promise.all([append('twice', 'any', { commandId: 'twice-cmd' }), append('twice', 'any', { commandId: 'twice-cmd' })]);
    await first;
    expect(results.map((r) => r.status).sort()).toEqual(['appended', 'duplicate']);
    expect(results.find((r) => r.status === 'duplicate')).toEqual({ status: 'duplicate', streamId: 'twice', version: 1 });
    expect(await store.readStream('twice')).toHaveLength(1);
  });

  it('a batch that fails as a whole falls back to appending each member on its own', async () => {
    const first = blocker();
    // jsonb has no NUL character: this append's data makes the batch call (and its own append) fail.
    const results = await Promise.allSettled([
      append('fallback-a', 'no_stream'),
      append('fallback-bad', 'no_stream', { data: { text: 'nul \u0000 here' } }),
      append('fallback-b', 'no_stream'),
      append('fallback-conflict', 3),
    ]);
    await first;
    const [a, bad, b, conflict] = results;
    expect(a).toMatchObject({ status: 'fulfilled', value: { status: 'appended', version: 1 } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { status: 'appended', version: 1 } });
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason).not.toBeInstanceOf(ConcurrencyError);
    expect((conflict as PromiseRejectedResult).reason).toMatchObject({ name: 'ConcurrencyError', streamId: 'fallback-conflict', actual: 0 });
    // Appended one by one: separate transactions.
    const txOf = (r: PromiseSettledResult<AppendResult>) => appended((r as PromiseFulfilledResult<AppendResult>).value).events[0]!.transactionId;
    expect(txOf(a)).not.toBe(txOf(b));
    expect(await store.streamVersion('fallback-bad')).toBe(0);
    expect(await store.readStream('fallback-a')).toHaveLength(1);
  });

  it('concurrent appends of one command id across batches append once', async () => {
    const wide = new PostgresEventStore(testDb.db, { batching: { maxInFlight: 3, maxBatchSize: 4 } });
    const results = await Promise.all(Array.from({ length: 16 }, () => (
      wide.append('across', [{ type: 'Once', data: null }], { streamType: 'test', expectedVersion: 'any', command: testCommandContext({ commandId: 'across-cmd' }) })
    )));
    await wide.flushNotifications();
    expect(results.filter((r) => r.status === 'appended')).toHaveLength(1);
    for (const r of results) if (r.status === 'duplicate') expect(r).toEqual({ status: 'duplicate', streamId: 'across', version: 1 });
    expect(await store.readStream('across')).toHaveLength(1);
  });

  it('es_append_batch refuses an invalid expected version (the whole call fails)', async () => {
    const item = (expected: string) => ({ commandId: `bogus-${expected}`, streamId: 'bogus', streamType: 'test', expected, events: [{ eventId: '00000000-0000-4000-8000-000000000001', type: 'X', data: null, metadata: {} }] });
    await expect(testDb.db.query('SELECT * FROM es_append_batch($1::jsonb, false)', [JSON.stringify([item('any'), item('later')])])).rejects.toThrow(/invalid expected version later/);
    expect(await store.streamVersion('bogus')).toBe(0);
    expect((await testDb.db.query('SELECT * FROM es_append_batch($1::jsonb, false)', ['[]'])).rows).toEqual([]);
  });
});

describeEachDriver('append batching defaults', (driver) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
  });
  afterAll(() => testDb.dispose());

  it('appends one call at a time unless batching is turned on', async () => {
    const store = new PostgresEventStore(testDb.db);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (
      store.append(`default-${i}`, [{ type: 'X', data: i }], { streamType: 'test', expectedVersion: 'no_stream', command: testCommandContext() })
    )));
    await store.flushNotifications();
    const txIds = new Set(results.map((r) => (r.status === 'appended' ? r.events[0]!.transactionId : '')));
    expect(txIds.size).toBe(12);
  });
});
