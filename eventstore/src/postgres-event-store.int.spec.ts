import pg from 'pg';
import { ConcurrencyError } from './errors';
import { PostgresEventStore } from './postgres-event-store';
import { createTestDatabase, describeEachDriver, eventually, testCommandContext, type TestDatabase } from '../testing';
import { EVENTS_CHANNEL, eventsNotification, parseEventsNotification, START, type Checkpoint, type Database, type RecordedEvent } from './types';

/** Until the database's clock is past `instant`: an event appended then is recorded after it. */
const clockPast = (db: Database, instant: Date) =>
  eventually(async () => (await db.query<{ past: boolean }>('SELECT clock_timestamp() > $1::timestamptz AS past', [instant.toISOString()])).rows[0]!.past, {
    message: `the database's clock did not pass ${instant.toISOString()}`,
  });

describeEachDriver('PostgresEventStore', (driver) => {
  let testDb: TestDatabase;
  let db: Database;
  let store: PostgresEventStore;

  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
    db = testDb.db;
    store = new PostgresEventStore(db);
  });
  afterAll(async () => {
    await store.flushNotifications();
    await testDb.dispose();
  });

  const append = (streamId: string, types: string[], expectedVersion: 'no_stream' | 'any' | number, commandId?: string) =>
    store.append(
      streamId,
      types.map((type, i) => ({ type, data: { i, streamId } })),
      { streamType: 'test', expectedVersion, command: testCommandContext(commandId ? { commandId } : {}) },
    );

  describe('append and readStream', () => {
    it('appends, numbers positions from 1 and reads back with every metadata field', async () => {
      const context = testCommandContext({ correlationId: 'corr-1', causationId: 'cause-1', actor: { kind: 'visitor', id: 'v-1' }, requestId: 'req-1' });
      const result = await store.append(
        'cart-1',
        [{ type: 'CartOpened', data: { currency: 'EUR' } }, { type: 'ItemAdded', data: { sku: 'A', qty: 2 }, schemaVersion: 2 }],
        { streamType: 'cart', expectedVersion: 'no_stream', command: context },
      );
      expect(result.status).toBe('appended');
      if (result.status !== 'appended') return;
      expect(result.version).toBe(2);
      expect(result.events.map((e) => e.streamPosition)).toEqual([1, 2]);

      const read = await store.readStream('cart-1');
      expect(read).toEqual(result.events);
      const [opened, added] = read;
      expect(opened!.data).toEqual({ currency: 'EUR' });
      expect(added!.schemaVersion).toBe(2);
      expect(added!.globalPosition).toBeGreaterThan(opened!.globalPosition);
      expect(typeof added!.globalPosition).toBe('number');
      expect(added!.transactionId).toMatch(/^\d+$/);
      expect(added!.transactionId).toBe(opened!.transactionId);
      expect(added!.recordedAt).toBeInstanceOf(Date);
      expect(added!.metadata).toEqual({
        eventId: added!.eventId,
        commandId: context.commandId,
        correlationId: 'corr-1',
        causationId: 'cause-1',
        actor: { kind: 'visitor', id: 'v-1' },
        requestId: 'req-1',
        recordedAt: added!.recordedAt.toISOString(),
        schemaVersion: 2,
      });
      expect(await store.streamVersion('cart-1')).toBe(2);
      expect(await store.streamVersion('nope')).toBe(0);
      expect(await store.streamVersions(['nope', 'cart-1', 'nope', 'cart-1'])).toEqual([0, 2, 0, 2]);
      expect(await store.streamVersions(['cart-1'])).toEqual([2]);
      expect(await store.streamVersions([])).toEqual([]);
      expect(await store.readStream('nope')).toEqual([]);
    });

    it('reads each event with its own command metadata and its own objects, across runs of events from one append', async () => {
      const head = await store.headCheckpoint();
      const first = testCommandContext({ actor: { kind: 'owner', id: 'o-1' } });
      const second = testCommandContext({ actor: { kind: 'visitor', id: 'v-2' }, requestId: 'req-2' });
      const appendAs = (streamId: string, count: number, command: typeof first) =>
        store.append(streamId, Array.from({ length: count }, (_, i) => ({ type: 'Noted', data: { i } })), { streamType: 'test', expectedVersion: 'no_stream', command });
      await appendAs('runs-1', 3, first);
      await appendAs('runs-2', 1, second);
      const third = testCommandContext({ actor: { kind: 'owner', id: 'o-1' } });
      await appendAs('runs-3', 2, third);
      const { events } = await store.readAll({ after: head, limit: 100 });
      const runs = events.filter((e) => e.streamId.startsWith('runs-'));
      const commands = new Map([[first.commandId, 'first'], [second.commandId, 'second'], [third.commandId, 'third']]);
      expect(runs.map((e) => `${e.streamId} ${commands.get(e.metadata.commandId)} ${e.metadata.actor.id}`)).toEqual([
        'runs-1 first o-1', 'runs-1 first o-1', 'runs-1 first o-1', 'runs-2 second v-2', 'runs-3 third o-1', 'runs-3 third o-1',
      ]);
      expect(runs.map((e) => e.metadata.requestId ?? null)).toEqual([null, null, null, 'req-2', null, null]);
      for (const e of runs) {
        expect(e.metadata.eventId).toBe(e.eventId);
        expect(e.metadata.recordedAt).toBe(e.recordedAt.toISOString());
      }
      // One append's events share their values, not their objects.
      expect(runs[1]!.metadata).toEqual({ ...runs[0]!.metadata, eventId: runs[1]!.eventId });
      expect(runs[1]!.metadata).not.toBe(runs[0]!.metadata);
      expect(runs[1]!.recordedAt).not.toBe(runs[0]!.recordedAt);
      expect(runs[4]!.recordedAt.getTime()).toBeGreaterThanOrEqual(runs[3]!.recordedAt.getTime());
    });

    it('reads up to a version and up to a time', async () => {
      const first = await append('s-time', ['A', 'B'], 'no_stream');
      if (first.status !== 'appended') throw new Error('expected appended');
      await clockPast(db, first.events[1]!.recordedAt);
      await append('s-time', ['C'], 2);

      expect((await store.readStream('s-time', { toVersion: 1 })).map((e) => e.type)).toEqual(['A']);
      expect((await store.readStream('s-time', { toVersion: 99 })).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      // recordedAt is millisecond-exact, so an event's own time includes it.
      const cut = first.events[1]!.recordedAt;
      expect((await store.readStream('s-time', { toTime: cut })).map((e) => e.type)).toEqual(['A', 'B']);
      expect(await store.readStream('s-time', { toTime: new Date(cut.getTime() - 60_000) })).toEqual([]);
      expect((await store.readStream('s-time', { toVersion: 1, toTime: cut })).map((e) => e.type)).toEqual(['A']);
    });

    it("refuses 'no_stream' on an existing stream and a wrong version, appending nothing", async () => {
      await append('s-conflict', ['A'], 'no_stream');
      const before = await store.readStream('s-conflict');

      await expect(append('s-conflict', ['B'], 'no_stream')).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(append('s-conflict', ['B'], 0)).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(append('s-conflict', ['B'], 5)).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: 's-conflict', expected: 5, actual: 1 });
      await expect(append('s-missing', ['B'], 3)).rejects.toMatchObject({ expected: 3, actual: 0 });

      expect(await store.readStream('s-conflict')).toEqual(before);
      expect(await store.streamVersion('s-conflict')).toBe(1);
      expect(await store.streamVersion('s-missing')).toBe(0);
    });

    it("treats 0 as 'no_stream' and 'any' as no check", async () => {
      await append('s-any', ['A'], 0);
      await append('s-any', ['B', 'C'], 'any');
      const r = await append('s-new-any', ['A'], 'any');
      expect(r).toMatchObject({ status: 'appended', version: 1 });
      expect((await store.readStream('s-any')).map((e) => [e.type, e.streamPosition])).toEqual([['A', 1], ['B', 2], ['C', 3]]);
    });

    it("20 concurrent 'any' appends to one stream all land, positions 1..20", async () => {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => append('s-any-concurrent', [`E${i}`], 'any')));
      expect(results.every((r) => r.status === 'appended')).toBe(true);
      expect((await store.readStream('s-any-concurrent')).map((e) => e.streamPosition)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('a conflicting command id is not burnt: the same command can succeed on retry', async () => {
      await append('s-retry', ['A'], 'no_stream');
      await expect(append('s-retry', ['B'], 0, 'cmd-retry')).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(append('s-retry', ['B'], 1, 'cmd-retry')).resolves.toMatchObject({ status: 'appended', version: 2 });
    });

    it('an empty append writes nothing but still checks the expected version', async () => {
      await expect(append('s-empty', [], 'no_stream')).resolves.toEqual({ status: 'appended', version: 0, events: [] });
      await expect(append('s-empty', [], 3)).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.streamVersion('s-empty')).toBe(0);
    });
  });

  describe('idempotent command ids', () => {
    it('a repeated command id appends once and reports where the original ended', async () => {
      const first = await append('s-idem', ['A', 'B'], 'no_stream', 'cmd-idem');
      expect(first).toMatchObject({ status: 'appended', version: 2 });
      const again = await append('s-idem', ['A', 'B'], 'no_stream', 'cmd-idem');
      expect(again).toEqual({ status: 'duplicate', streamId: 's-idem', version: 2 });
      // Even with a different expected version, a different stream, or 'any'.
      expect(await append('s-other', ['A'], 'any', 'cmd-idem')).toEqual({ status: 'duplicate', streamId: 's-idem', version: 2 });
      expect(await store.readStream('s-idem')).toHaveLength(2);
      expect(await store.streamVersion('s-other')).toBe(0);
    });

    it('concurrent appends with one command id append once', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => append('s-idem-concurrent', ['A'], 'any', 'cmd-idem-concurrent')));
      expect(results.filter((r) => r.status === 'appended')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(9);
      for (const r of results) if (r.status === 'duplicate') expect(r).toEqual({ status: 'duplicate', streamId: 's-idem-concurrent', version: 1 });
      expect(await store.readStream('s-idem-concurrent')).toHaveLength(1);
    });
  });

  describe('immutability', () => {
    beforeAll(async () => {
      await append('s-immutable', ['A'], 'no_stream');
    });
    it.each([
      ['UPDATE', "UPDATE events SET event_type = 'X' WHERE stream_id = 's-immutable'"],
      ['DELETE', "DELETE FROM events WHERE stream_id = 's-immutable'"],
      ['TRUNCATE', 'TRUNCATE events'],
    ])('refuses %s on events', async (_, sql) => {
      await expect(db.query(sql)).rejects.toThrow(/events are immutable/);
      expect(await store.readStream('s-immutable')).toHaveLength(1);
    });
  });

  describe('readAll', () => {
    // A fresh database per block keeps the global log predictable.
    let local: TestDatabase;
    let s: PostgresEventStore;
    beforeEach(async () => {
      local = await createTestDatabase(driver);
      s = new PostgresEventStore(local.db);
    });
    afterEach(async () => {
      await s.flushNotifications();
      await local.dispose();
    });

    const seed = async (types: string[]) => {
      for (const [i, type] of types.entries()) {
        await s.append(`stream-${i % 3}`, [{ type, data: { i } }], { streamType: 't', expectedVersion: 'any', command: testCommandContext() });
      }
      // The server's post-commit NOTIFY runs in a transaction of its own; while it is open it holds
      // the read horizon back, so these exact-count reads wait for it to finish first.
      await s.flushNotifications();
      // So may a transaction of another test file on the same server for a moment (the horizon
      // errs on the safe side): wait until every event is visible.
      const { rows } = await local.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
      await eventually(async () => (await s.readAll({ after: START, limit: 10_000 })).scanned >= rows[0]!.n, { intervalMs: 20, message: 'seeded events did not become visible' });
    };

    async function readEverything(batch: number, eventTypes?: string[]) {
      const seen: RecordedEvent[] = [];
      let after: Checkpoint = START;
      let reads = 0;
      for (;;) {
        const { events, checkpoint } = await s.readAll({ after, limit: batch, eventTypes });
        reads++;
        seen.push(...events);
        if (checkpoint.globalPosition === after.globalPosition && checkpoint.transactionId === after.transactionId) break;
        after = checkpoint;
        if (reads > 1000) throw new Error('readAll does not make progress');
      }
      return { seen, last: after, reads };
    }

    // Other sessions' transactions exist only on a server (PGlite is one session in-process).
    (driver === 'postgres' ? it : it.skip)(
      'holds back events behind an open transaction of this database, not behind one of another database',
      async () => {
        const openIn = async (url: string) => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query('BEGIN');
          await client.query('SELECT pg_current_xact_id()'); // it has a transaction id, as a writer has
          return client;
        };
        const appendOne = async (streamId: string) => {
          await s.append(streamId, [{ type: 'T', data: {} }], { streamType: 't', expectedVersion: 'no_stream', command: testCommandContext() });
          await s.flushNotifications();
        };
        const ids = async () => (await s.readAll({ after: START, limit: 100 })).events.map((e) => e.streamId);

        // A writer of this database that has not committed may still commit events before these: they wait.
        const here = await openIn(local.url!);
        try {
          await appendOne('after-open-here');
          // Committed, and held back for as long as `here` stays open: what readAll returns now it returns until then.
          expect(await ids()).toEqual([]);
        } finally {
          await here.query('ROLLBACK');
          await here.end();
        }
        await eventually(async () => (await ids()).includes('after-open-here'));

        // A transaction of another database can never write here: it holds nothing back.
        const elsewhere = await openIn(process.env.DATABASE_URL!);
        try {
          await appendOne('after-open-elsewhere');
          await eventually(async () => (await ids()).includes('after-open-elsewhere'));
        } finally {
          await elsewhere.query('ROLLBACK');
          await elsewhere.end();
        }
      },
    );

    it('returns START and nothing on an empty log', async () => {
      expect(await s.headCheckpoint()).toEqual(START);
      expect(await s.readAll({ after: START, limit: 10 })).toEqual({ events: [], checkpoint: START, scanned: 0 });
    });

    it('never returns an event twice across batches and ends at the head', async () => {
      await seed(Array.from({ length: 10 }, (_, i) => `T${i}`));
      const all = await s.readAll({ after: START, limit: 100 });
      expect(all.events).toHaveLength(10);
      const { seen, last } = await readEverything(3);
      expect(seen.map((e) => e.eventId)).toEqual(all.events.map((e) => e.eventId));
      expect(new Set(seen.map((e) => e.eventId)).size).toBe(10);
      expect(last).toEqual(await s.headCheckpoint());
      expect(last).toEqual({ transactionId: all.events[9]!.transactionId, globalPosition: all.events[9]!.globalPosition });
    });

    it('with an eventTypes filter the checkpoint still advances past skipped events', async () => {
      await seed(['A', 'B', 'B', 'B', 'B', 'A', 'B', 'B']);
      const first = await s.readAll({ after: START, limit: 2, eventTypes: ['A'] });
      expect(first.events.map((e) => e.type)).toEqual(['A']);
      expect(first.scanned).toBe(2); // a full read: more may follow at once
      const second = await s.readAll({ after: first.checkpoint, limit: 2, eventTypes: ['A'] });
      expect(second.events).toEqual([]);
      expect(second.scanned).toBe(2);
      expect(second.checkpoint.globalPosition).toBeGreaterThan(first.checkpoint.globalPosition);

      const { seen, last } = await readEverything(2, ['A']);
      expect(seen.map((e) => e.data)).toEqual([{ i: 0 }, { i: 5 }]);
      expect(last).toEqual(await s.headCheckpoint());
      expect((await readEverything(3, [])).seen).toEqual([]);
    });

    it('returns at most maxEvents matching events, ending at the last of them, and the rest next time', async () => {
      await seed(['B', 'A', 'B', 'A', 'A', 'B', 'A', 'B', 'A']);
      const all = (await s.readAll({ after: START, limit: 100 })).events;
      const at = (i: number) => ({ transactionId: all[i]!.transactionId, globalPosition: all[i]!.globalPosition });
      const first = await s.readAll({ after: START, limit: 100, eventTypes: ['A'], maxEvents: 2 });
      expect(first.events.map((e) => e.data)).toEqual([{ i: 1 }, { i: 3 }]);
      expect(first.checkpoint).toEqual(at(3));
      expect(first.scanned).toBe(4);
      const second = await s.readAll({ after: first.checkpoint, limit: 100, eventTypes: ['A'], maxEvents: 2 });
      expect(second.events.map((e) => e.data)).toEqual([{ i: 4 }, { i: 6 }]);
      expect(second.checkpoint).toEqual(at(6));
      const third = await s.readAll({ after: second.checkpoint, limit: 100, eventTypes: ['A'], maxEvents: 2 });
      // Fewer than maxEvents left: past everything scanned, to the head.
      expect(third.events.map((e) => e.data)).toEqual([{ i: 8 }]);
      expect(third.checkpoint).toEqual(await s.headCheckpoint());
      expect(third.scanned).toBe(2);
      // Exactly maxEvents matching: the read still ends past the other events after them.
      const exactly = await s.readAll({ after: at(5), limit: 100, eventTypes: ['B'], maxEvents: 1 });
      expect(exactly.events.map((e) => e.data)).toEqual([{ i: 7 }]);
      expect(exactly.checkpoint).toEqual(await s.headCheckpoint());
      // Without a filter, maxEvents is a limit.
      expect((await s.readAll({ after: START, limit: 100, maxEvents: 3 })).events.map((e) => e.type)).toEqual(['B', 'A', 'B']);
      await expect(s.readAll({ after: START, limit: 100, maxEvents: 0 })).rejects.toThrow(RangeError);
    });

    it('stops at upTo (inclusive)', async () => {
      await seed(['A', 'B', 'C', 'D', 'E']);
      const all = (await s.readAll({ after: START, limit: 10 })).events;
      const upTo = { transactionId: all[2]!.transactionId, globalPosition: all[2]!.globalPosition };
      const r = await s.readAll({ after: START, limit: 10, upTo });
      expect(r.events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect(r.checkpoint).toEqual(upTo);
      expect(await s.readAll({ after: upTo, limit: 10, upTo })).toEqual({ events: [], checkpoint: upTo, scanned: 0 });
    });

    it('with toTime returns only events recorded by then, and still advances to the head', async () => {
      await seed(['A', 'B']);
      await clockPast(local.db, (await s.readAll({ after: START, limit: 10 })).events[1]!.recordedAt);
      await seed(['C']);
      const all = (await s.readAll({ after: START, limit: 10 })).events;
      const cut = all[1]!.recordedAt;
      const r = await s.readAll({ after: START, limit: 10, toTime: cut });
      expect(r.events.map((e) => e.type)).toEqual(['A', 'B']);
      expect(r.scanned).toBe(3);
      expect(r.checkpoint).toEqual(await s.headCheckpoint());
      expect((await s.readAll({ after: START, limit: 10, eventTypes: ['B', 'C'], toTime: cut })).events.map((e) => e.type)).toEqual(['B']);
    });
  });

  describe('listen and subscribe', () => {
    it('notifies EVENTS_CHANNEL with the stream id and the types appended to it', async () => {
      const payloads: string[] = [];
      const unlisten = await db.listen(EVENTS_CHANNEL, (p) => payloads.push(p));
      try {
        await append('s-notify', ['A', 'B', 'A'], 'any');
        await eventually(() => payloads.some((p) => parseEventsNotification(p).streamId === 's-notify'));
        const notified = payloads.map(parseEventsNotification).filter((n) => n.streamId === 's-notify');
        expect(notified.flatMap((n) => n.eventTypes ?? []).sort()).toEqual(['A', 'B']);
      } finally {
        await unlisten();
      }
    });

    it('reads a notification back, and says "any type" when the payload names none', () => {
      expect(parseEventsNotification(eventsNotification('form-1', ['FormChanged', 'FormChanged']))).toEqual({ streamId: 'form-1', eventTypes: ['FormChanged'] });
      expect(parseEventsNotification('form-1')).toEqual({ streamId: 'form-1', eventTypes: null });
      // Past PostgreSQL's payload limit the types are left out: listeners wake whatever they follow.
      const many = Array.from({ length: 2000 }, (_, i) => `SomeLongEventTypeName${i}`);
      expect(parseEventsNotification(eventsNotification('s', many))).toEqual({ streamId: 's', eventTypes: null });
    });

    // PGlite runs in-process: it has no connection that could drop, so this case exists only on pg.
    const onPgOnly = driver === 'postgres' ? it : () => undefined;
    onPgOnly('keeps listening after the LISTEN connection drops', async () => {
      const payloads: string[] = [];
      const unlisten = await db.listen(EVENTS_CHANNEL, (p) => payloads.push(p));
      try {
        const killed = await db.query<{ ok: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
        );
        expect(killed.rows.length).toBeGreaterThan(0);
        // Keep appending until a notification arrives on the re-established connection.
        let n = 0;
        await eventually(async () => {
          await append('s-reconnect', ['A'], 'any');
          await store.flushNotifications();
          n++;
          return payloads.some((p) => parseEventsNotification(p).streamId === 's-reconnect');
        }, { timeoutMs: 15_000, intervalMs: 20 });
        expect(n).toBeGreaterThan(0);
      } finally {
        await unlisten();
      }
    });

    it('delivers every event once, in order, and resumes from a checkpoint', async () => {
      const local = await createTestDatabase(driver);
      const s = new PostgresEventStore(local.db);
      try {
        const seen: RecordedEvent[] = [];
        const checkpoints: Checkpoint[] = [];
        let failOnce = true;
        const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
        const sub = await s.subscribe(
          async (events, checkpoint) => {
            if (failOnce && seen.length >= 3) {
              failOnce = false;
              throw new Error('handler failed once'); // redelivered, not skipped
            }
            seen.push(...events);
            checkpoints.push(checkpoint);
          },
          { from: START, batchSize: 4, pollIntervalMs: 5000 },
        );
        for (let i = 0; i < 12; i++) {
          await s.append(`sub-${i % 2}`, [{ type: 'E', data: { i } }], { streamType: 't', expectedVersion: 'any', command: testCommandContext() });
        }
        // pollIntervalMs is long: NOTIFY is what wakes the subscriber here.
        await eventually(() => seen.length >= 12);
        await sub.stop();
        errorSpy.mockRestore();
        expect(seen.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 12 }, (_, i) => i));
        expect(checkpoints.at(-1)).toEqual(await s.headCheckpoint());

        const more: RecordedEvent[] = [];
        await s.append('sub-0', [{ type: 'E', data: { i: 12 } }], { streamType: 't', expectedVersion: 'any', command: testCommandContext() });
        const resumed = await s.subscribe(async (events) => void more.push(...events), { from: checkpoints.at(-1)!, pollIntervalMs: 50 });
        await eventually(() => more.length === 1);
        await resumed.stop();
        expect(more[0]!.data).toEqual({ i: 12 });
      } finally {
        await s.flushNotifications();
        await local.dispose();
      }
    });
  });
});
