import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { handleCommand } from './command-handling';
import { ConcurrencyError } from './errors';
import { appendStatement, PostgresEventStore } from './postgres-event-store';
import { counterDecider, createTestDatabase, describeEachDriver, eventually, testCommandContext, testDrivers, type TestDatabase } from '../testing';
import { type AppendResult, type Checkpoint, type RecordedEvent } from './types';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDriver('concurrent writers on one stream', (driver) => {
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

  const tryAppend = (streamId: string, expectedVersion: number, writer: number) =>
    store.append(streamId, [{ type: 'Written', data: { writer } }], {
      streamType: 'test',
      expectedVersion: expectedVersion === 0 ? 'no_stream' : expectedVersion,
      command: testCommandContext(),
    });

  it('20 appenders at the same expected version: exactly one wins, the rest get ConcurrencyError', async () => {
    await tryAppend('race-1', 0, -1);
    const current = await store.streamVersion('race-1');
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, w) => tryAppend('race-1', current, w)));
    const won = results.filter((r): r is PromiseFulfilledResult<AppendResult> => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(won[0]!.value).toMatchObject({ status: 'appended', version: current + 1 });
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
    expect(await store.streamVersion('race-1')).toBe(current + 1);
  });

  it('20 appenders each retrying at the current version: one winner per version, positions 1..20', async () => {
    const versions = await Promise.all(
      Array.from({ length: 20 }, async (_, w) => {
        for (;;) {
          const current = await store.streamVersion('race-2');
          try {
            const r = await tryAppend('race-2', current, w);
            if (r.status !== 'appended') throw new Error('unexpected duplicate');
            return r.version;
          } catch (err) {
            if (!(err instanceof ConcurrencyError)) throw err;
            await sleep(Math.random() * 5);
          }
        }
      }),
    );
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const events = await store.readStream('race-2');
    expect(events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(events.map((e) => (e.data as { writer: number }).writer)).size).toBe(20);
  });

  it('20 concurrent handleCommand calls all land, gap-free, each decided on the latest state', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        handleCommand(store, {
          streamId: 'race-3',
          streamType: 'counter',
          decider: counterDecider,
          command: { by: 1 },
          context: testCommandContext(),
          maxRetries: 40,
        }),
      ),
    );
    expect(results.every((r) => r.ok && !r.duplicate)).toBe(true);
    const events = await store.readStream('race-3');
    expect(events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // n = the count the decider saw + 1: equal to the position only if it decided on fresh state.
    expect(events.map((e) => (e.data as { n: number }).n)).toEqual(events.map((e) => e.streamPosition));
  });
});

describeEachDriver('Database.transaction', (driver) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
    await testDb.db.query('CREATE TABLE scratch (n integer PRIMARY KEY)');
  });
  afterAll(() => testDb.dispose());

  it('50 concurrent transactions, one throwing after its insert: the other 49 rows stay', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, n) =>
        testDb.db.transaction(async (tx) => {
          await tx.query('INSERT INTO scratch (n) VALUES ($1)', [n]);
          await sleep(Math.random() * 3);
          if (n === 17) throw new Error('boom');
          return n;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const { rows } = await testDb.db.query<{ n: number }>('SELECT n FROM scratch WHERE n < 50 ORDER BY n');
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 50 }, (_, n) => n).filter((n) => n !== 17));
  });

  it('a plain query never runs inside someone else\'s transaction', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    let probe!: () => void;
    const probing = new Promise<void>((resolve) => (probe = resolve));
    let probed!: () => void;
    const didProbe = new Promise<void>((resolve) => (probed = resolve));
    const tx = testDb.db.transaction(async (t) => {
      await t.query('INSERT INTO scratch (n) VALUES (1000)');
      inserted();
      await probing;
      await t.query('SELECT 1');
      probed();
      await gate;
      throw new Error('rollback');
    });
    await didInsert;
    let answered = false;
    const count = testDb.db.query<{ c: number }>('SELECT count(*)::int AS c FROM scratch WHERE n = 1000').then((r) => {
      answered = true;
      return r.rows[0]!.c;
    });
    // A statement of the transaction sent after the plain query: on PGlite's one connection, a
    // plain query that did not wait for the transaction would have been answered before it.
    probe();
    await didProbe;
    // PGlite: the query waits for the transaction; a server: it runs in its own session.
    if (driver === 'pglite') expect(answered).toBe(false);
    release();
    await expect(tx).rejects.toThrow('rollback');
    expect(await count).toBe(0);
  });
});

const onServer = testDrivers().includes('postgres') ? describe : describe.skip;

onServer('global order with out-of-order commits [postgres]', () => {
  let testDb: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    store = new PostgresEventStore(testDb.db);
  });
  afterAll(async () => {
    await store.flushNotifications();
    await testDb.dispose();
  });

  /** The store's append statement inside an explicit transaction on its own connection, so the test decides when it commits. */
  const appendInOpenTransaction = async (client: pg.Client, streamId: string, data: unknown) => {
    const events = [{ eventId: randomUUID(), type: 'Ordered', schemaVersion: 1, data }];
    // Each stream here has one writer at a time, so its version read in the transaction holds.
    const { rows: head } = await client.query('SELECT coalesce(max(stream_position), 0) AS v FROM events WHERE stream_id = $1', [streamId]);
    const { sql } = appendStatement({ newStream: head[0].v === 0, legacyCommands: false });
    const { rows } = await client.query(sql, [randomUUID(), streamId, 'test', head[0].v, JSON.stringify(events), true, JSON.stringify({ commandId: randomUUID() }), 1]);
    return rows as Array<{ global_position: string }>;
  };
  const key = (c: Checkpoint | RecordedEvent) => [BigInt(c.transactionId), BigInt(c.globalPosition)] as const;
  const isAfter = (a: Checkpoint | RecordedEvent, b: Checkpoint | RecordedEvent) => {
    const [at, ap] = key(a);
    const [bt, bp] = key(b);
    return at > bt || (at === bt && ap > bp);
  };

  it('an event with a lower global position that commits later is not skipped', async () => {
    const a = new pg.Client({ connectionString: testDb.url });
    await a.connect();
    try {
      const head = await store.headCheckpoint();
      await a.query('BEGIN');
      const [aRow] = await appendInOpenTransaction(a, 'order-a', { who: 'A' });
      const b = await store.append('order-b', [{ type: 'Ordered', data: { who: 'B' } }], { streamType: 'test', expectedVersion: 'any', command: testCommandContext() });
      if (b.status !== 'appended') throw new Error('expected appended');
      expect(b.events[0]!.globalPosition).toBeGreaterThan(Number(aRow!.global_position));

      // B has committed but A (older) has not: a reader must not move past A's slot yet.
      const whileOpen = await store.readAll({ after: head, limit: 100 });
      expect(whileOpen.events).toEqual([]);
      expect(whileOpen.checkpoint).toEqual(head);

      await a.query('COMMIT');
      const afterCommit = await store.readAll({ after: whileOpen.checkpoint, limit: 100 });
      expect(afterCommit.events.map((e) => (e.data as { who: string }).who)).toEqual(['A', 'B']);
    } finally {
      await a.end();
    }
  });

  it('a randomized mix of writers: subscriber and readAll loop see every committed event exactly once, in order', async () => {
    const start = await store.headCheckpoint();
    const writers = 6;
    const perWriter = 15;

    // Two concurrent readers: a subscription and a hand-rolled readAll loop.
    const subscribed: RecordedEvent[] = [];
    const subscription = await store.subscribe(async (events) => void subscribed.push(...events), { from: start, batchSize: 7, pollIntervalMs: 20 });
    const polled: RecordedEvent[] = [];
    let target = Infinity; // set once the writers are done
    const poller = (async () => {
      let after = start;
      const deadline = Date.now() + 60_000;
      while (polled.length < target && Date.now() < deadline) {
        const { events, checkpoint } = await store.readAll({ after, limit: 5 });
        polled.push(...events);
        after = checkpoint;
        if (events.length === 0) await sleep(2);
      }
    })();

    const clients = await Promise.all(
      Array.from({ length: writers }, async () => {
        const c = new pg.Client({ connectionString: testDb.url });
        await c.connect();
        return c;
      }),
    );
    try {
      await Promise.all(
        clients.map(async (client, w) => {
          for (let i = 0; i < perWriter; i++) {
            const streamId = `mix-${w}-${i % 3}`;
            const roll = Math.random();
            if (roll < 0.5) {
              // Explicit transaction held open for a while: commits out of global_position order.
              await client.query('BEGIN');
              await appendInOpenTransaction(client, streamId, { w, i });
              await sleep(Math.random() * 15);
              await client.query(roll < 0.05 ? 'ROLLBACK' : 'COMMIT');
            } else {
              await store.append(streamId, [{ type: 'Ordered', data: { w, i } }, { type: 'Ordered', data: { w, i, second: true } }], {
                streamType: 'test',
                expectedVersion: 'any',
                command: testCommandContext(),
              });
            }
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    const { rows } = await testDb.db.query<{ event_id: string }>(
      `SELECT event_id::text AS event_id FROM events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) ORDER BY transaction_id, global_position`,
      [start.transactionId, start.globalPosition],
    );
    const committed = rows.map((r) => r.event_id);
    expect(committed.length).toBeGreaterThan(writers * perWriter * 0.5);
    target = committed.length;
    await poller;

    // Past the deadline the comparison below shows what the subscriber missed.
    await eventually(() => subscribed.length >= committed.length, { timeoutMs: 30_000 }).catch(() => undefined);
    await subscription.stop();

    for (const seen of [subscribed, polled]) {
      expect(seen.map((e) => e.eventId)).toEqual(committed);
      for (let i = 1; i < seen.length; i++) expect(isAfter(seen[i]!, seen[i - 1]!)).toBe(true);
    }
  });
});
