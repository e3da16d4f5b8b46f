import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from './errors';
import { PostgresEventStore } from './postgres-event-store';
import { createTestDatabase, describeEachDriver, eventually, testCommandContext, type TestDatabase } from '../testing';
import { EVENTS_CHANNEL, parseEventsNotification, START, type AppendManyResult, type Checkpoint, type RecordedEvent, type StreamAppend } from './types';

/**
 * `appendMany`: several streams in one statement, all or nothing, each stream's expected version
 * checked, global order as given, command ids idempotent, and readers (readAll, subscriptions)
 * seeing every event exactly once.
 */
describeEachDriver('multi-stream append', (driver) => {
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

  const entry = (streamId: string, expectedVersion: number, types: string[], commandId = randomUUID()): StreamAppend => ({
    streamId,
    streamType: 'test',
    expectedVersion: expectedVersion === 0 ? 'no_stream' : expectedVersion,
    events: types.map((type, i) => ({ type, data: { i } })),
    command: testCommandContext({ commandId }),
  });
  const types = async (streamId: string) => (await store.readStream(streamId)).map((e) => e.type);
  const appended = (result: AppendManyResult) => {
    if (result.status !== 'appended') throw new Error(`expected appended, got ${result.status}`);
    return result.streams;
  };
  async function readEverything(after: Checkpoint = START): Promise<RecordedEvent[]> {
    const all: RecordedEvent[] = [];
    let checkpoint = after;
    for (;;) {
      const batch = await store.readAll({ after: checkpoint, limit: 7 });
      all.push(...batch.events);
      if (batch.scanned < 7) return all;
      checkpoint = batch.checkpoint;
    }
  }

  it('appends to every stream in one transaction, in the order given, and answers each stream’s version and events', async () => {
    await store.append('m1-b', [{ type: 'Before', data: {} }], { streamType: 'test', expectedVersion: 'no_stream', command: testCommandContext() });
    const head = await store.headCheckpoint();
    const result = appended(await store.appendMany([entry('m1-c', 0, ['C1', 'C2']), entry('m1-b', 1, ['B2']), entry('m1-a', 0, ['A1'])]));
    expect(result.map((s) => [s.streamId, s.version, s.events.map((e) => e.type)])).toEqual([
      ['m1-c', 2, ['C1', 'C2']],
      ['m1-b', 2, ['B2']],
      ['m1-a', 1, ['A1']],
    ]);
    const events = result.flatMap((s) => s.events);
    expect(new Set(events.map((e) => e.transactionId)).size).toBe(1);
    const positions = events.map((e) => e.globalPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // readAll hands them out together, in the order given.
    const read = await store.readAll({ after: head, limit: 100 });
    expect(read.events.map((e) => `${e.streamId}:${e.streamPosition}:${e.type}`)).toEqual(['m1-c:1:C1', 'm1-c:2:C2', 'm1-b:2:B2', 'm1-a:1:A1']);
    expect(read.events.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
    expect(await types('m1-b')).toEqual(['Before', 'B2']);
    // A new stream is registered with its type.
    const { rows } = await testDb.db.query<{ stream_type: string }>('SELECT stream_type FROM streams WHERE stream_id = $1', ['m1-a']);
    expect(rows).toEqual([{ stream_type: 'test' }]);
  });

  it('writes nothing at all when any one stream is not at its expected version (behind, ahead or new)', async () => {
    await store.appendMany([entry('m2-a', 0, ['A1']), entry('m2-b', 0, ['B1', 'B2'])]);
    const head = await store.headCheckpoint();
    for (const [stale, why] of [
      [entry('m2-b', 1, ['B3']), 'ahead of the expected version'],
      [entry('m2-b', 3, ['B3']), 'behind the expected version'],
      [entry('m2-b', 0, ['B3']), 'expected new but exists'],
    ] as const) {
      const attempt = store.appendMany([entry('m2-a', 1, ['A2']), stale, entry('m2-new', 0, ['N1'])]);
      await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(attempt).rejects.toMatchObject({ streamId: 'm2-b', actual: 2 });
      expect([why, await types('m2-a')]).toEqual([why, ['A1']]);
      expect(await store.streamVersion('m2-new')).toBe(0);
    }
    expect((await store.readAll({ after: head, limit: 100 })).events).toEqual([]);
    const { rows } = await testDb.db.query('SELECT 1 FROM streams WHERE stream_id = $1', ['m2-new']);
    expect(rows).toEqual([]);
  });

  it('checks a guard entry (no events) without writing to it, in the same all-or-nothing append', async () => {
    await store.appendMany([entry('m3-guarded', 0, ['G1', 'G2'])]);
    const ok = appended(await store.appendMany([entry('m3-w', 0, ['W1']), entry('m3-guarded', 2, [])]));
    expect(ok.map((s) => [s.streamId, s.version, s.events.length])).toEqual([['m3-w', 1, 1], ['m3-guarded', 2, 0]]);
    await expect(store.appendMany([entry('m3-w', 1, ['W2']), entry('m3-guarded', 1, [])])).rejects.toMatchObject({ streamId: 'm3-guarded', actual: 2 });
    expect(await types('m3-w')).toEqual(['W1']);
    expect(await types('m3-guarded')).toEqual(['G1', 'G2']);
    // Guards only: checked, nothing written.
    expect(appended(await store.appendMany([entry('m3-guarded', 2, [])]))).toEqual([{ streamId: 'm3-guarded', version: 2, events: [] }]);
    await expect(store.appendMany([entry('m3-guarded', 0, [])])).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('a repeated multi-append (same command ids) answers duplicate and writes nothing; a partly reused one is a conflict', async () => {
    const ids = [randomUUID(), randomUUID()];
    const first = appended(await store.appendMany([entry('m4-a', 0, ['A1', 'A2'], ids[0]), entry('m4-b', 0, ['B1'], ids[1])]));
    const again = await store.appendMany([entry('m4-a', 0, ['A1', 'A2'], ids[0]), entry('m4-b', 0, ['B1'], ids[1])]);
    expect(again).toEqual({ status: 'duplicate', streams: [{ streamId: 'm4-a', version: 2 }, { streamId: 'm4-b', version: 1 }] });
    // Even at the versions the streams are at now: the command ids were applied.
    expect((await store.appendMany([entry('m4-a', 2, ['A3'], ids[0]), entry('m4-b', 1, ['B2'], ids[1])])).status).toBe('duplicate');
    expect(await types('m4-a')).toEqual(['A1', 'A2']);
    await expect(store.appendMany([entry('m4-a', 2, ['A3'], ids[0]), entry('m4-c', 0, ['C1'])])).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.streamVersion('m4-c')).toBe(0);
    expect(first[0]!.events[1]!.metadata.commandId).toBe(ids[0]);
    expect(await store.findCommand(ids[1]!)).toEqual({ streamId: 'm4-b', version: 1 });
  });

  it('chains several commands on one stream (each its own command id and metadata), checking only where the first starts', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const result = appended(await store.appendMany([entry('m9', 0, ['A1', 'A2'], ids[0]), entry('m9-other', 0, ['O1'], ids[1]), entry('m9', 2, ['B1'], ids[2])]));
    expect(result.map((s) => [s.streamId, s.version, s.events.map((e) => `${e.streamPosition}:${e.type}:${e.metadata.commandId === ids[s.streamId === 'm9' && s.version === 3 ? 2 : s.streamId === 'm9' ? 0 : 1]}`)])).toEqual([
      ['m9', 2, ['1:A1:true', '2:A2:true']],
      ['m9-other', 1, ['1:O1:true']],
      ['m9', 3, ['3:B1:true']],
    ]);
    expect(await store.findCommand(ids[2]!)).toEqual({ streamId: 'm9', version: 3 });
    // The first entry is checked against the stream: a stale one fails the whole chain.
    await expect(store.appendMany([entry('m9', 2, ['C1']), entry('m9', 3, ['C2'])])).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await types('m9')).toEqual(['A1', 'A2', 'B1']);
  });

  it('refuses malformed input before touching the database', async () => {
    await expect(store.appendMany([entry('m5', 0, ['X']), entry('m5', 0, ['Y'])])).rejects.toThrow(/appears twice/);
    await expect(store.appendMany([entry('m5', 0, []), entry('m5', 0, ['Y'])])).rejects.toThrow(/appears twice/);
    await expect(store.appendMany([entry('m5', 0, ['X']), entry('m5', 1, [])])).rejects.toThrow(/appears twice/);
    const id = randomUUID();
    await expect(store.appendMany([entry('m5-a', 0, ['X'], id), entry('m5-b', 0, ['Y'], id)])).rejects.toThrow(/Command id .* appears twice/);
    await expect(store.appendMany([{ ...entry('m5-a', 0, ['X']), expectedVersion: 'any' as never }])).rejects.toThrow(RangeError);
    await expect(store.appendMany([{ ...entry('m5-a', 0, ['X']), expectedVersion: -1 }])).rejects.toThrow(RangeError);
    expect(await store.streamVersion('m5-a')).toBe(0);
  });

  it('concurrent multi-appends sharing streams in opposite orders: exactly one wins each round, no deadlock, no partial write', async () => {
    const streams = ['m6-x', 'm6-y', 'm6-z'];
    await store.appendMany(streams.map((s) => entry(s, 0, ['Init'])));
    const rounds = 15;
    for (let round = 1; round <= rounds; round++) {
      const versions = await store.streamVersions(streams);
      const racers = Array.from({ length: 6 }, (_, w) => {
        const order = w % 2 === 0 ? [...streams] : [...streams].reverse();
        return store.appendMany(order.map((s) => entry(s, versions[streams.indexOf(s)]!, [`R${round}W${w}`])));
      });
      const outcomes = await Promise.allSettled(racers);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(ConcurrencyError);
    }
    // Every stream got the same winners in the same order: never a partial write.
    const [x, y, z] = await Promise.all(streams.map(types));
    expect(x).toHaveLength(rounds + 1);
    expect(y).toEqual(x);
    expect(z).toEqual(x);
  });

  it('single-stream appends racing multi-appends on the same stream keep versions consecutive; readAll sees every event once, in commit order', async () => {
    const head = await store.headCheckpoint();
    const writers = Array.from({ length: 8 }, async (_, w) => {
      let done = 0;
      while (done < 5) {
        const [hot, own] = await store.streamVersions(['m7-hot', `m7-own-${w}`]);
        try {
          if (w % 2 === 0) {
            await store.appendMany([entry(`m7-own-${w}`, own!, [`O${w}`]), entry('m7-hot', hot!, [`H${w}`])]);
          } else {
            await store.append('m7-hot', [{ type: `H${w}`, data: {} }], { streamType: 'test', expectedVersion: hot === 0 ? 'no_stream' : hot!, command: testCommandContext() });
          }
          done++;
        } catch (err) {
          if (!(err instanceof ConcurrencyError)) throw err;
          await new Promise((r) => setTimeout(r, Math.random() * 3));
        }
      }
    });
    await Promise.all(writers);
    const hot = await store.readStream('m7-hot');
    expect(hot.map((e) => e.streamPosition)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (let w = 0; w < 8; w += 2) expect(await types(`m7-own-${w}`)).toEqual(Array(5).fill(`O${w}`));
    const read = await readEverything(head);
    expect(read).toHaveLength(40 + 20);
    expect(new Set(read.map((e) => e.eventId)).size).toBe(60);
    // Each multi-append's two events are adjacent in the log, own stream first (the order given).
    for (const [i, e] of read.entries()) {
      if (e.streamId.startsWith('m7-own-')) {
        expect(read[i + 1]).toMatchObject({ streamId: 'm7-hot', transactionId: e.transactionId });
      }
    }
  });

  it('a subscription sees every event of multi-appends exactly once and is woken for each', async () => {
    const from = await store.headCheckpoint();
    const seen: string[] = [];
    const notified = new Set<string>();
    const unlisten = await testDb.db.listen(EVENTS_CHANNEL, (payload) => {
      const { streamId, eventTypes } = parseEventsNotification(payload);
      notified.add(streamId);
      for (const type of eventTypes ?? []) notified.add(`${streamId}:${type}`);
    });
    let resolveAll: () => void;
    const allSeen = new Promise<void>((r) => (resolveAll = r));
    const subscription = await store.subscribe(
      async (events) => {
        seen.push(...events.map((e) => e.eventId));
        if (seen.length >= 30) resolveAll();
      },
      { from, batchSize: 4, pollIntervalMs: 50 },
    );
    try {
      const written: string[] = [];
      await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const r = appended(await store.appendMany([entry(`m8-a-${i}`, 0, ['A', 'A']), entry(`m8-b-${i}`, 0, ['B'])]));
          written.push(...r.flatMap((s) => s.events.map((e) => e.eventId)));
        }),
      );
      await store.flushNotifications();
      await allSeen;
      expect(seen.sort()).toEqual(written.sort());
      // Every stream written is notified (in batches, in any order).
      const expected = Array.from({ length: 10 }, (_, i) => [`m8-a-${i}`, `m8-b-${i}`, `m8-a-${i}:A`, `m8-b-${i}:B`]).flat();
      await eventually(() => expected.every((id) => notified.has(id)), { message: 'not every stream was notified' });
    } finally {
      await subscription.stop();
      await unlisten();
    }
  });
});
