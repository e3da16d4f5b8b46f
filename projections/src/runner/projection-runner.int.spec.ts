import { PostgresEventStore, type Database, type RecordedEvent } from '@storefront/eventstore';
import { createTestDatabase, describeEachDriver, type TestDatabase } from '@storefront/eventstore/testing';
import { CounterProjection } from '../../testing/counter-projection';
import { appendTestEvents, silentLogger, waitFor } from '../../testing/test-events';
import { compareCheckpoints } from './checkpoint-order';
import { listDeadLetters } from './dead-letters';
import type { FailurePolicy, ProjectionContext } from './projection';
import { projectionMigrations } from './projection-migrations';
import { ProjectionRunner, ProjectionStoppedError, type RunnerLogger } from './projection-runner';

async function count(db: Database, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*) as n from "${table}"`);
  return Number(rows[0].n);
}

async function streamCounts(db: Database, projection: CounterProjection): Promise<Record<string, number>> {
  const { rows } = await db.query<{ stream_id: string; event_count: number }>(
    `select stream_id, event_count from "${projection.streamsTable}" order by stream_id`,
  );
  return Object.fromEntries(rows.map((r) => [r.stream_id, Number(r.event_count)]));
}

/**
 * Counts the runner's apply transactions from now on (every live round that writes is one; the
 * appends' transactions are not), by the applier's frame in the caller's stack.
 */
function countApplyTransactions(db: Database): () => number {
  let rounds = 0;
  const transaction = db.transaction.bind(db);
  jest.spyOn(db, 'transaction').mockImplementation(((fn: never) => {
    if (/batch-applier/.test(new Error().stack ?? '')) rounds++;
    return transaction(fn);
  }) as Database['transaction']);
  return () => rounds;
}

describeEachDriver('ProjectionRunner', (driver) => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  let runners: ProjectionRunner[] = [];

  beforeEach(async () => {
    test = await createTestDatabase(driver, { migrations: projectionMigrations });
    store = new PostgresEventStore(test.db);
    runners = [];
  });
  afterEach(async () => {
    for (const r of runners) await r.stop().catch(() => undefined);
    await test.dispose();
  });

  function runnerFor(
    projection: CounterProjection,
    options: { maxAttempts?: number; batchSize?: number; logger?: RunnerLogger; transientRetryMs?: number; transientRetryMaxMs?: number; leaseMs?: number } = {},
  ): ProjectionRunner {
    const runner = new ProjectionRunner({
      db: test.db,
      store,
      projections: [projection],
      leaseMs: options.leaseMs ?? 1000,
      pollIntervalMs: 50,
      retryBackoffMs: 5,
      maxAttempts: options.maxAttempts ?? 3,
      batchSize: options.batchSize ?? 500,
      transientRetryMs: options.transientRetryMs ?? 2,
      transientRetryMaxMs: options.transientRetryMaxMs ?? 8,
      logger: options.logger ?? silentLogger,
    });
    runners.push(runner);
    return runner;
  }

  it('prepare creates the generation-1 tables and views, idempotently', async () => {
    const projection = new CounterProjection();
    const runner = runnerFor(projection);
    await Promise.all([runner.prepare(), runnerFor(projection).prepare()]);
    await runnerFor(projection).prepare();
    const { rows } = await test.db.query<{ g1: boolean; view: boolean }>(
      `select to_regclass('test_counter_streams__g1') is not null as g1,
              exists (select 1 from pg_views where viewname = 'test_counter_streams') as view`,
    );
    expect(rows[0]).toEqual({ g1: true, view: true });
    const [status] = await runner.status();
    expect(status).toMatchObject({ name: 'test_counter', generation: 1, lag: 0, deadLetters: 0, stopped: false });
  });

  it('applies a batch and its checkpoint in one transaction: a throw mid-batch leaves nothing, the retry applies each event once', async () => {
    const projection = new CounterProjection();
    const runner = runnerFor(projection);
    const a = await appendTestEvents(store, 'a', 4);
    const b = await appendTestEvents(store, 'b', 6);
    // Fails once, on the 6th event, after having written the first five inside the transaction.
    projection.failWhen = (e) => e.eventId === b[1].eventId;
    projection.failTimes = 1;

    await runner.catchUp();

    expect(projection.rowsSeenAtFailure).toEqual([5]); // the batch had written 5 rows before throwing
    // …which were rolled back: otherwise re-applying them would collide on the event-id primary key.
    expect(await count(test.db, projection.eventsTable)).toBe(10);
    expect(await streamCounts(test.db, projection)).toEqual({ a: 4, b: 6 });
    expect(await listDeadLetters(test.db)).toEqual([]);
    const [status] = await runner.status();
    expect(status.checkpoint).toEqual(status.headCheckpoint);
    expect(status.checkpoint.globalPosition).toBe(b[5].globalPosition);
    expect(a).toHaveLength(4);
  });

  it("commits a live round without waiting for the WAL flush (SET LOCAL: the process's other transactions are not affected)", async () => {
    const modes: string[] = [];
    const projection = new (class extends CounterProjection {
      async apply(events: RecordedEvent[], ctx: ProjectionContext): Promise<void> {
        modes.push((await ctx.tx.query<{ mode: string }>(`select current_setting('synchronous_commit') as mode`)).rows[0]!.mode);
        return super.apply(events, ctx);
      }
    })();
    const runner = runnerFor(projection, { batchSize: 2 });
    await appendTestEvents(store, 'a', 5);
    await runner.catchUp();
    expect(modes).toEqual(['off', 'off', 'off']);
    expect(await streamCounts(test.db, projection)).toEqual({ a: 5 });
    expect((await test.db.query<{ mode: string }>(`select current_setting('synchronous_commit') as mode`)).rows[0]!.mode).toBe('on');
  });

  it.each<[FailurePolicy]>([['skip'], ['stop']])('retries a failing event, then parks it (%s policy)', async (policy) => {
    const projection = new CounterProjection({ onFailure: policy });
    const runner = runnerFor(projection, { maxAttempts: 3 });
    const events = await appendTestEvents(store, 'a', 10);
    const bad = events[5];
    projection.failWhen = (e) => e.eventId === bad.eventId;

    if (policy === 'skip') await runner.catchUp();
    else await expect(runner.catchUp()).rejects.toBeInstanceOf(ProjectionStoppedError);

    // The batch of 10 and the halves holding event 5 on the way down ([5..9], [5..7], [5..6]) fail
    // once each; then event 5 alone is tried 3 times (an unknown error: retried, then parked).
    expect(projection.failures).toBe(4 + 3);
    const letters = await listDeadLetters(test.db, projection.name);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ eventId: bad.eventId, attempts: 3, eventType: 'Counted', streamId: 'a' });
    expect(letters[0].error).toContain(`injected failure at event ${bad.globalPosition}`);

    const [status] = await runner.status();
    expect(status.deadLetters).toBe(1);
    expect(status.lastDeadLetter).toMatchObject({ eventId: bad.eventId, globalPosition: bad.globalPosition, streamId: 'a', eventType: 'Counted', attempts: 3 });
    expect(status.lastDeadLetter?.error).toBe(`Error: injected failure at event ${bad.globalPosition}`);
    if (policy === 'skip') {
      expect(status.stopped).toBe(false);
      expect(status.checkpoint).toEqual(status.headCheckpoint);
      expect(await count(test.db, projection.eventsTable)).toBe(9);
      expect(await streamCounts(test.db, projection)).toEqual({ a: 9 });
    } else {
      expect(status.stopped).toBe(true);
      expect(status.error).toContain('injected failure');
      expect(status.checkpoint.globalPosition).toBe(events[4].globalPosition); // events before it applied
      expect(status.lag).toBe(5);
      expect(await count(test.db, projection.eventsTable)).toBe(5);

      // After the fix: resume applies the rest exactly once.
      projection.failWhen = null;
      await runner.resume(projection.name);
      await runner.catchUp();
      expect(await count(test.db, projection.eventsTable)).toBe(10);
      expect(await streamCounts(test.db, projection)).toEqual({ a: 10 });
      const [after] = await runner.status();
      expect(after).toMatchObject({ stopped: false, error: null, lag: 0, deadLetters: 0, lastDeadLetter: null }); // applied now: no longer missing
    }
  });

  it('recovers from a transient failure without parking', async () => {
    const projection = new CounterProjection();
    const runner = runnerFor(projection, { maxAttempts: 3 });
    const events = await appendTestEvents(store, 'a', 5);
    projection.failWhen = (e) => e.eventId === events[2].eventId;
    projection.failTimes = 2; // the batch and the first single attempt fail; the second succeeds
    await runner.catchUp();
    expect(await listDeadLetters(test.db)).toEqual([]);
    expect(await streamCounts(test.db, projection)).toEqual({ a: 5 });
  });

  /** A real database error with this SQLSTATE, raised by the server inside the apply transaction. */
  const raiseSqlState = (code: string) => async (_event: unknown, ctx: ProjectionContext) => {
    await ctx.tx.query(`do $$ begin raise exception 'simulated %', '${code}' using errcode = '${code}'; end $$`);
  };
  const throwing = (make: () => Error) => () => {
    throw make();
  };
  const nodeError = (code: string) => Object.assign(new Error(`read ${code}`), { code, errno: -104, syscall: 'read' });

  it.each<[string, (event: RecordedEvent, ctx: ProjectionContext) => Promise<void> | void]>([
    ['40P01 deadlock_detected', raiseSqlState('40P01')],
    ['40001 serialization_failure', raiseSqlState('40001')],
    ['57014 query_canceled (statement timeout)', raiseSqlState('57014')],
    ['57P01 admin_shutdown', raiseSqlState('57P01')],
    ['08006 connection_failure', raiseSqlState('08006')],
    ['ECONNRESET', throwing(() => nodeError('ECONNRESET'))],
    ['ECONNREFUSED', throwing(() => nodeError('ECONNREFUSED'))],
    ['Connection terminated unexpectedly', throwing(() => new Error('Connection terminated unexpectedly'))],
  ])('a transient error (%s) is retried with backoff past maxAttempts and never parked', async (_name, failWith) => {
    const projection = new CounterProjection();
    const warnings: string[] = [];
    const logger = { ...silentLogger, warn: (m: string) => void warnings.push(m) };
    const runner = runnerFor(projection, { maxAttempts: 3, logger, transientRetryMs: 2, transientRetryMaxMs: 8 });
    const events = await appendTestEvents(store, 'a', 10);
    projection.failWhen = (e) => e.eventId === events[5].eventId;
    projection.failWith = failWith;
    projection.failTimes = 6; // twice maxAttempts: as "the event's fault" it would have been parked

    await runner.catchUp();

    expect(projection.failures).toBe(6);
    expect(await listDeadLetters(test.db)).toEqual([]);
    expect(await count(test.db, projection.eventsTable)).toBe(10);
    expect(await streamCounts(test.db, projection)).toEqual({ a: 10 });
    const [status] = await runner.status();
    expect(status).toMatchObject({ deadLetters: 0, stopped: false, lag: 0 });
    // Exponential backoff, 2 ms doubling, capped at 8 ms.
    const delays = warnings.filter((m) => m.includes('transient')).map((m) => Number(/retrying in (\d+) ms/.exec(m)?.[1]));
    expect(delays).toEqual([2, 4, 8, 8, 8, 8]);
  });

  it('the live loop retries transient errors with backoff, and stop() interrupts the backoff', async () => {
    const projection = new CounterProjection();
    const runner = new ProjectionRunner({
      db: test.db, store, projections: [projection], leaseMs: 1000, pollIntervalMs: 50, logger: silentLogger,
      maxAttempts: 1, transientRetryMs: 5, transientRetryMaxMs: 20,
    });
    runners.push(runner);
    const events = await appendTestEvents(store, 'a', 4);
    projection.failWhen = (e) => e.eventId === events[2].eventId;
    projection.failWith = raiseSqlState('40P01');
    projection.failTimes = 5;
    await runner.start();
    await waitFor(async () => (await count(test.db, projection.eventsTable)) === 4, 5000);
    expect(projection.failures).toBe(5);
    expect(await listDeadLetters(test.db)).toEqual([]);

    // A database that stays unavailable: the loop waits 60 s between tries, yet stop() returns at once.
    projection.failures = 0;
    projection.failTimes = Number.POSITIVE_INFINITY;
    const slow = new ProjectionRunner({
      db: test.db, store, projections: [projection], leaseMs: 1000, pollIntervalMs: 50, logger: silentLogger, transientRetryMs: 60_000,
    });
    runners.push(slow);
    await runner.stop();
    const more = await appendTestEvents(store, 'b', 1);
    projection.failWhen = (e) => e.eventId === more[0].eventId;
    await slow.start();
    await waitFor(async () => projection.failures >= 1, 5000);
    const stopping = Date.now();
    await slow.stop();
    expect(Date.now() - stopping).toBeLessThan(1000);
    expect(await listDeadLetters(test.db)).toEqual([]);
  });

  it.each<[string, (projection: CounterProjection, bad: RecordedEvent) => Promise<void>]>([
    ['RangeError (stack overflow)', async (p, bad) => {
      p.failWhen = (e) => e.eventId === bad.eventId;
      p.failWith = () => {
        const recurse = (n: number): number => recurse(n + 1) + 1;
        recurse(0);
      };
    }],
    ['TypeError', async (p, bad) => {
      p.failWhen = (e) => e.eventId === bad.eventId;
      p.failWith = (e) => {
        (e.data as { missing: { field: string } }).missing.field.toUpperCase();
      };
    }],
    ['unique violation caused by the event', async (p, bad) => {
      // A row with the event's id is already there: inserting the event's row violates the key.
      await test.db.query(`insert into "${p.eventsTable}__g1" values ($1::uuid, 'elsewhere', 0)`, [bad.eventId]);
    }],
  ])('a deterministic error (%s) parks exactly that event at once; the good events around it in the batch are applied', async (_name, arrange) => {
    const projection = new CounterProjection();
    const runner = runnerFor(projection, { maxAttempts: 3 });
    await runner.prepare();
    const events = await appendTestEvents(store, 'a', 10);
    const bad = events[5];
    await arrange(projection, bad);

    await runner.catchUp();

    const letters = await listDeadLetters(test.db, projection.name);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ projection: projection.name, eventId: bad.eventId, globalPosition: bad.globalPosition, streamId: 'a', attempts: 1 });
    expect(letters[0].error).toMatch(/RangeError: Maximum call stack size exceeded|TypeError: Cannot read properties of undefined|duplicate key value violates unique constraint/);
    const { rows } = await test.db.query<{ event_id: string }>(`select event_id::text as event_id from "${projection.eventsTable}" where stream_id = 'a' order by global_position`);
    expect(rows.map((r) => r.event_id)).toEqual(events.filter((e) => e !== bad).map((e) => e.eventId));
    const [status] = await runner.status();
    expect(status).toMatchObject({ stopped: false, deadLetters: 1, lag: 0 });
    expect(status.checkpoint).toEqual(status.headCheckpoint);
  });

  it('finds a failing event in a large batch by bisecting: a few transactions, not one per event', async () => {
    const projection = new CounterProjection();
    const runner = runnerFor(projection, { maxAttempts: 1 });
    const events = await appendTestEvents(store, 'a', 500);
    projection.failWhen = (e) => e.eventId === events[321].eventId;
    projection.failWith = () => {
      throw new TypeError('poison');
    };
    await runner.catchUp();
    expect(await count(test.db, projection.eventsTable)).toBe(499);
    expect((await listDeadLetters(test.db)).map((d) => d.eventId)).toEqual([events[321].eventId]);
    // 1 batch + about two transactions per halving (log2 500 ≈ 9): at most 2·9 + 1.
    expect(projection.applyCalls).toBeLessThanOrEqual(19);
  });

  it('keeps the lease renewed through a catchUp round that outlasts it: a slow bisection is not started over', async () => {
    // CI found 21 apply calls in the test above on a loaded machine: the bisection's transactions
    // took longer than the lease, which catchUp alone did not renew, so later transactions found
    // it expired and the round began again (here, before the fix, it never finished: every round
    // outlasted the lease). Every transaction takes a fifth of the lease.
    const projection = new CounterProjection();
    const runner = runnerFor(projection, { maxAttempts: 1, leaseMs: 300 });
    const events = await appendTestEvents(store, 'a', 500);
    projection.failWhen = (e) => e.eventId === events[321].eventId;
    projection.delayMs = 60;
    await runner.catchUp();
    expect(await count(test.db, projection.eventsTable)).toBe(499);
    expect((await listDeadLetters(test.db)).map((d) => d.eventId)).toEqual([events[321].eventId]);
    expect(projection.applyCalls).toBeLessThanOrEqual(19);
    // And catchUp gave the lease back when it finished, with no renewal still in flight extending it.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const { rows } = await test.db.query<{ live: boolean }>(`select expires_at > clock_timestamp() as live from projection_leases where name = $1`, [projection.name]);
    expect(rows).toEqual([{ live: false }]);
  });

  it('a rebuild meets a parked event again and parks it again (verify compares equal); after a fix a rebuild applies it', async () => {
    const projection = new CounterProjection();
    const runner = runnerFor(projection, { batchSize: 4, maxAttempts: 1 });
    const events = await appendTestEvents(store, 'a', 10);
    projection.failWhen = (e) => e.eventId === events[6].eventId;
    await runner.catchUp();
    expect((await runner.status())[0]).toMatchObject({ deadLetters: 1, stopped: false, lag: 0 });

    const [verified] = await runner.verify();
    expect(verified).toMatchObject({ ok: true, mismatches: 0, deadLetters: 1, problems: [] });

    await runner.rebuild(projection.name);
    const letters = await listDeadLetters(test.db);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ eventId: events[6].eventId });
    expect(letters[0].error).toMatch(/^rebuild g2: Error: injected failure/);
    expect((await runner.verify())[0]).toMatchObject({ ok: true, problems: [] });
    expect(await streamCounts(test.db, projection)).toEqual({ a: 9 });

    projection.failWhen = null; // the fix
    await runner.rebuild(projection.name);
    expect(await listDeadLetters(test.db)).toEqual([]);
    expect(await streamCounts(test.db, projection)).toEqual({ a: 10 });
    expect((await runner.status())[0]).toMatchObject({ generation: 3, deadLetters: 0, lastDeadLetter: null });
  });

  it('verify reports a stopped projection and one behind the log head as problems', async () => {
    const projection = new CounterProjection({ onFailure: 'stop' });
    const runner = runnerFor(projection, { maxAttempts: 1 });
    const events = await appendTestEvents(store, 'a', 3);
    await runner.catchUp();
    expect((await runner.verify())[0]).toMatchObject({ ok: true, stopped: null, behind: false, problems: [] });

    await appendTestEvents(store, 'a', 2); // not applied yet
    const [behind] = await runner.verify();
    expect(behind).toMatchObject({ ok: true, behind: true, stopped: null });
    expect(behind.problems).toEqual([expect.stringMatching(/^behind: checkpoint \d+\/\d+ is before the log's head \d+\/\d+$/)]);

    const more = await appendTestEvents(store, 'a', 1);
    projection.failWhen = (e) => e.eventId === more[0].eventId;
    await expect(runner.catchUp()).rejects.toBeInstanceOf(ProjectionStoppedError);
    const [stopped] = await runner.verify();
    expect(stopped.ok).toBe(true); // the rows it has are right…
    expect(stopped.problems).toEqual([
      expect.stringMatching(/^stopped: event \d+ \(Counted, .*\): injected failure/),
      expect.stringMatching(/^behind: /), // …but it misses the rest
    ]);
    expect(events).toHaveLength(3);
  });

  /** `runnerFor(projection)` started, once it holds the lease. */
  async function runningWithLease(projection: CounterProjection): Promise<ProjectionRunner> {
    const runner = runnerFor(projection);
    await runner.start();
    await waitFor(async () => (await runner.status())[0].leaseOwner !== null);
    return runner;
  }

  it('under a stream of events it does not read, moves its checkpoint past them about once a second, not every poll; its own events still come at once', async () => {
    const projection = new CounterProjection();
    const runner = await runningWithLease(projection);
    const rounds = countApplyTransactions(test.db);
    // 2.5 s of other events every 25 ms: before, the poll (every 50 ms here) woke it for them and
    // every round that moved past them was followed by another, so it ran a transaction per append.
    const streamUntil = Date.now() + 2500;
    let own = false;
    while (Date.now() < streamUntil) {
      await appendTestEvents(store, 'other', 1, 'Other');
      if (!own && Date.now() > streamUntil - 1500) {
        own = true;
        await appendTestEvents(store, 'a', 1);
        await waitFor(async () => (await count(test.db, projection.eventsTable)) === 1, 1000, 10);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(rounds()).toBeLessThanOrEqual(7);
    // Once the stream stops, it reaches the head within about a second.
    await waitFor(async () => (await runner.status())[0].lag === 0, 3000);
  });

  it('under a stream of its own events, a projection with its own minRoundIntervalMs takes them in rounds that far apart', async () => {
    const projection = Object.assign(new CounterProjection(), { minRoundIntervalMs: 400 });
    await runningWithLease(projection);
    const rounds = countApplyTransactions(test.db);
    // 2 s of its own events every 20 ms: with the runner's 25 ms it would run a round for every one or two.
    const streamUntil = Date.now() + 2000;
    let appended = 0;
    while (Date.now() < streamUntil) {
      await appendTestEvents(store, `s${appended++}`, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(rounds()).toBeLessThanOrEqual(8);
    await waitFor(async () => (await count(test.db, projection.eventsTable)) === appended, 3000);
  });

  it('runs with start(): NOTIFY wakes it, stop() releases the lease', async () => {
    const projection = new CounterProjection();
    const runner = new ProjectionRunner({
      db: test.db, store, projections: [projection], leaseMs: 1000, pollIntervalMs: 5000, logger: silentLogger, instanceId: 'runner-a',
    });
    runners.push(runner);
    await runner.start();
    await waitFor(async () => (await runner.status())[0].leaseOwner === 'runner-a');
    await appendTestEvents(store, 'a', 3);
    await appendTestEvents(store, 'b', 2);
    // Poll interval is 5 s: reaching the head quickly means NOTIFY woke the loop.
    await waitFor(async () => (await count(test.db, projection.eventsTable)) === 5, 3000);
    expect(projection.sideEffects).toHaveLength(5);
    await runner.stop();
    const [status] = await runner.status();
    expect(status.leaseOwner).toBe('runner-a');
    expect(status.leaseActive).toBe(false);
    expect(status.lag).toBe(0);
  });

  it('reads the next batch while it applies a full one when it asks to: each batch is read once, and a read ahead that failed is read again', async () => {
    const projection = new CounterProjection();
    projection.readAhead = true;
    const runner = runnerFor(projection, { batchSize: 3 });
    const a = await appendTestEvents(store, 'a', 10);
    const readAll = store.readAll.bind(store);
    const reads: number[] = [];
    let failed = false;
    jest.spyOn(store, 'readAll').mockImplementation(async (options) => {
      reads.push(options.after.globalPosition);
      if (reads.length === 2 && !failed) {
        failed = true;
        throw new Error('connection lost'); // the first read ahead
      }
      return readAll(options);
    });
    await runner.catchUp();
    expect(await streamCounts(test.db, projection)).toEqual({ a: 10 });
    // Round 1 reads from the start and reads ahead from a[2], which fails; round 2 reads from a[2]
    // itself and reads ahead from a[5]; rounds 3 and 4 start from their reads ahead (a[8]'s batch is
    // not full: nothing is read after it).
    expect(reads).toEqual([0, a[2].globalPosition, a[2].globalPosition, a[5].globalPosition, a[8].globalPosition]);

    // Without asking, each round reads its own batch (holding one connection at a time).
    const other = new CounterProjection({ name: 'test_plain' });
    reads.length = 0;
    await runnerFor(other, { batchSize: 3 }).catchUp();
    expect(await streamCounts(test.db, other)).toEqual({ a: 10 });
    expect(reads).toEqual([0, a[2].globalPosition, a[5].globalPosition, a[8].globalPosition]);
  });

  it("hands a projection's memory on from batch to batch only while they follow on: not after a rolled-back batch, nor after another process applied", async () => {
    const projection = new CounterProjection();
    const runner = runnerFor(projection, { batchSize: 3 });
    const a = await appendTestEvents(store, 'a', 10);
    projection.failWhen = (e) => e.eventId === a[4].eventId;
    projection.failTimes = 1;
    await runner.catchUp();
    expect(await streamCounts(test.db, projection)).toEqual({ a: 10 });
    // [a0-a2] starts empty and leaves 3; [a3-a5] sees them, fails and is rolled back, so the halves
    // it is bisected into start afresh: [a3, a4] empty, [a5] after it 2; then [a6-a8] 3 and [a9] 6.
    expect(projection.remembered).toEqual([0, 3, 0, 2, 3, 6]);

    // Another process applies the next events: this runner's memory no longer describes the read
    // model, and its next batch starts with an empty one.
    projection.remembered = [];
    await appendTestEvents(store, 'b', 2);
    await runnerFor(projection, { batchSize: 3 }).catchUp();
    await appendTestEvents(store, 'c', 1);
    await runner.catchUp();
    expect(projection.remembered).toEqual([0, 0]);
    expect(await streamCounts(test.db, projection)).toEqual({ a: 10, b: 2, c: 1 });
  });

  it('catchUp applies only events of its types and still advances past others', async () => {
    const projection = new CounterProjection();
    const runner = runnerFor(projection, { batchSize: 3 });
    await appendTestEvents(store, 'a', 4);
    await appendTestEvents(store, 'x', 7, 'Other');
    await appendTestEvents(store, 'b', 2);
    await runner.catchUp();
    expect(await streamCounts(test.db, projection)).toEqual({ a: 4, b: 2 });
    const [status] = await runner.status();
    expect(compareCheckpoints(status.checkpoint, status.headCheckpoint)).toBe(0);
  });

  it('rebuild switches to a new generation with the same rows, without side effects; verify catches tampering', async () => {
    const projection = new CounterProjection();
    const runner = runnerFor(projection, { batchSize: 7 });
    for (const s of ['a', 'b', 'c']) await appendTestEvents(store, s, 10);
    await runner.catchUp();
    const before = await test.db.query(`select * from "${projection.streamsTable}" order by stream_id`);
    const sideEffects = projection.sideEffects.length;

    const result = await runner.rebuild(projection.name);
    expect(result).toMatchObject({ name: projection.name, generation: 2, previousGeneration: 1, eventsApplied: 30, resumed: false });
    expect(projection.sideEffects).toHaveLength(sideEffects); // replaying: no side effects

    const after = await test.db.query(`select * from "${projection.streamsTable}" order by stream_id`);
    expect(after.rows).toEqual(before.rows);
    const { rows: tables } = await test.db.query<{ g1: string | null; g2: string | null; def: string }>(
      `select to_regclass('test_counter_streams__g1')::text as g1, to_regclass('test_counter_streams__g2')::text as g2,
              pg_get_viewdef('test_counter_streams'::regclass) as def`,
    );
    expect(tables[0].g1).toBeNull();
    expect(tables[0].g2).toBe('test_counter_streams__g2');
    expect(tables[0].def).toContain('test_counter_streams__g2');
    const [status] = await runner.status();
    expect(status).toMatchObject({ generation: 2, lag: 0, rebuilding: null });

    // Live keeps applying into generation 2.
    await appendTestEvents(store, 'a', 2);
    await runner.catchUp();
    expect((await streamCounts(test.db, projection)).a).toBe(12);

    const [ok] = await runner.verify();
    expect(ok).toMatchObject({ name: projection.name, ok: true, mismatches: 0, missing: [], unexpected: [], differing: [] });

    // Tamper with the live physical tables.
    await test.db.query(`update test_counter_streams__g2 set event_count = 99 where stream_id = 'b'`);
    const { rows: gone } = await test.db.query<{ event_id: string }>(`delete from test_counter_events__g2 where stream_id = 'c' and global_position = (select min(global_position) from test_counter_events__g2 where stream_id = 'c') returning event_id::text as event_id`);
    await test.db.query(`insert into test_counter_events__g2 values ('00000000-0000-0000-0000-000000000001', 'zz', 0)`);

    const [bad] = await runner.verify([projection.name]);
    expect(bad.ok).toBe(false);
    expect(bad.mismatches).toBe(3);
    expect(bad.differing).toEqual([
      {
        table: 'test_counter_streams',
        key: { stream_id: 'b' },
        live: { stream_id: 'b', event_count: 99, last_position: 10 },
        rebuilt: { stream_id: 'b', event_count: 10, last_position: 10 },
      },
    ]);
    expect(bad.missing).toEqual([{ table: 'test_counter_events', row: expect.objectContaining({ event_id: gone[0].event_id, stream_id: 'c' }) }]);
    expect(bad.unexpected).toEqual([{ table: 'test_counter_events', row: expect.objectContaining({ event_id: '00000000-0000-0000-0000-000000000001' }) }]);

    // Scratch tables are gone.
    const { rows: scratch } = await test.db.query(`select tablename from pg_tables where tablename like '%scratch%'`);
    expect(scratch).toEqual([]);

    // A rebuild repairs it.
    await runner.rebuild(projection.name);
    expect((await runner.verify())[0].ok).toBe(true);
    expect((await runner.status())[0].generation).toBe(3);
  });

  it('a rebuild clears a stopped projection and resumes a crashed rebuild from its checkpoint', async () => {
    const projection = new CounterProjection({ onFailure: 'stop' });
    const runner = runnerFor(projection, { batchSize: 4, maxAttempts: 1 });
    const events = await appendTestEvents(store, 'a', 12);
    projection.failWhen = (e) => e.eventId === events[6].eventId;
    await expect(runner.catchUp()).rejects.toBeInstanceOf(ProjectionStoppedError);

    // A rebuild that crashes half-way (the projection still throws at event 7).
    projection.failures = 0;
    await expect(runner.rebuild(projection.name)).rejects.toThrow(/Rebuild of test_counter failed/);
    const [mid] = await runner.status();
    expect(mid.rebuilding).toMatchObject({ generation: 2, checkpoint: { globalPosition: events[5].globalPosition } });
    expect(mid.generation).toBe(1);

    projection.failWhen = null; // the fix
    const result = await runner.rebuild(projection.name);
    expect(result).toMatchObject({ generation: 2, resumed: true, eventsApplied: 6 });
    const [status] = await runner.status();
    expect(status).toMatchObject({ stopped: false, lag: 0, generation: 2 });
    expect(await streamCounts(test.db, projection)).toEqual({ a: 12 });
  });
});

describeEachDriver('ProjectionRunner: a standby takes over a crashed holder', (driver) => {
  let test: TestDatabase;
  const runners: ProjectionRunner[] = [];
  beforeAll(async () => {
    test = await createTestDatabase(driver, { migrations: projectionMigrations });
  });
  afterAll(async () => {
    for (const r of runners) await r.stop().catch(() => undefined);
    await test.dispose();
  });

  it('within about a second with the default lease settings', async () => {
    const store = new PostgresEventStore(test.db);
    const projection = new CounterProjection();
    // Default lease and lease retry; the poll interval is long, so only the lease retry can bring the standby in.
    const make = (instanceId: string) => {
      const runner = new ProjectionRunner({ db: test.db, store, projections: [projection], instanceId, pollIntervalMs: 5000, logger: silentLogger });
      runners.push(runner);
      return runner;
    };
    const holder = make('holder');
    await holder.start();
    await waitFor(async () => (await holder.status())[0].leaseOwner === 'holder');
    const standby = make('standby');
    await standby.start();
    await appendTestEvents(store, 'a', 2);
    await waitFor(async () => (await count(test.db, projection.eventsTable)) === 2, 3000);

    // The holder "crashes": its loops and renewals stop, its lease row stays as it was.
    await holder.halt();
    const crashedAt = Date.now();
    await waitFor(async () => (await standby.status())[0].leaseOwner === 'standby', 5000, 20);
    const takeover = Date.now() - crashedAt;
    await appendTestEvents(store, 'a', 3);
    await waitFor(async () => (await count(test.db, projection.eventsTable)) === 5, 3000);
    expect(takeover).toBeLessThan(1500);
  });
});
