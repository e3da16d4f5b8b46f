import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PostgresEventStore, openDatabase, type Database } from '@storefront/eventstore';
import { createTestDatabase, type TestDatabase } from '@storefront/eventstore/testing';
import { CounterProjection } from '../../testing/counter-projection';
import { appendTestEvents, silentLogger, waitFor } from '../../testing/test-events';
import { listDeadLetters } from './dead-letters';
import { projectionMigrations } from './projection-migrations';
import { ProjectionRunner } from './projection-runner';

const LEASE_MS = 1000;
const testingDir = join(__dirname, '..', '..', 'testing');
/** The event store's TypeScript loader for test child processes (one copy for both packages). */
const swcRegister = join(__dirname, '..', '..', '..', 'eventstore', 'testing', 'swc-register.js');

/** Starts runner-process.ts in a child `node` (TypeScript through swc-register.js) and waits for "ready". */
function startChildRunner(url: string, instanceId: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-r', swcRegister, join(testingDir, 'runner-process.ts')], {
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: url, INSTANCE_ID: instanceId, LEASE_MS: String(LEASE_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`child runner not ready in 20 s: ${stderr}`)), 20_000);
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      if (!d.toString().includes('ready')) return;
      clearTimeout(timer);
      resolve(child);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child runner exited with ${code}: ${stderr}`));
    });
  });
}

const describePostgres = process.env.DATABASE_URL ? describe : describe.skip;

describePostgres('ProjectionRunner: two instances on one PostgreSQL database [postgres]', () => {
  let test: TestDatabase;
  let child: ChildProcess | null = null;
  let parentDb: Database;
  const runners: ProjectionRunner[] = [];

  beforeAll(async () => {
    test = await createTestDatabase('postgres', { migrations: projectionMigrations });
    parentDb = await openDatabase({ databaseUrl: test.url });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const r of runners) await r.stop().catch(() => undefined);
    await parentDb.close();
    await test.dispose();
  });

  it('never applies an event twice, and the survivor takes over within the lease time when the holder is killed', async () => {
    const store = new PostgresEventStore(test.db);
    const projection = new CounterProjection();
    const inProcess = (instanceId: string, db: Database) => {
      const runner = new ProjectionRunner({
        db, store: new PostgresEventStore(db), projections: [projection], instanceId, leaseMs: LEASE_MS, pollIntervalMs: 50, logger: silentLogger,
      });
      runners.push(runner);
      return runner;
    };
    const observer = inProcess('observer', test.db);
    await observer.prepare();

    // Instance 1: a real child process. It takes the lease first.
    child = await startChildRunner(test.url as string, 'child');
    await waitFor(async () => (await observer.status())[0].leaseOwner === 'child', 10_000);

    // Instance 2: in this process, on its own connection pool.
    const parent = inProcess('parent', parentDb);
    await parent.start();

    // Concurrent appends from many writers, and meanwhile catch-ups from a third instance
    // (which must wait for the lease holder rather than apply itself).
    const streams = Array.from({ length: 20 }, (_, i) => `s${i}`);
    const writers = streams.map(async (s) => {
      for (let i = 0; i < 15; i++) await appendTestEvents(store, s, 1 + (i % 3));
    });
    const catchUps = [0, 1, 2].map(async () => {
      await new Promise((r) => setTimeout(r, 50));
      await observer.catchUp(undefined, { timeoutMs: 20_000 });
    });
    await Promise.all([...writers, ...catchUps]);
    const total = streams.length * (5 * (1 + 2 + 3));
    await observer.catchUp(undefined, { timeoutMs: 20_000 });

    const applied = async () => Number((await test.db.query<{ n: number }>(`select count(*) as n from test_counter_events`)).rows[0].n);
    expect(await applied()).toBe(total);
    const { rows: sums } = await test.db.query<{ total: number }>(`select sum(event_count)::int as total from test_counter_streams`);
    expect(sums[0].total).toBe(total); // each event counted once
    expect(await listDeadLetters(test.db)).toEqual([]); // a second application would have hit the primary key
    expect((await observer.status())[0].leaseOwner).toBe('child');

    // Crash the holder: SIGKILL, no clean shutdown, the lease row stays until it expires.
    const killedAt = Date.now();
    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    child = null;
    await appendTestEvents(store, 's0', 5);
    await waitFor(async () => (await observer.status())[0].leaseOwner === 'parent', 5000, 20);
    const takeover = Date.now() - killedAt;
    await waitFor(async () => (await applied()) === total + 5, 5000);
    expect(takeover).toBeLessThan(LEASE_MS + 1000);
    const [status] = await observer.status();
    expect(status).toMatchObject({ lag: 0, deadLetters: 0, leaseOwner: 'parent', leaseActive: true });
  });
});
