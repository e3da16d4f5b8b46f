import { PostgresEventStore, createTestDatabase, describeEachDriver, type TestDatabase } from '@storefront/eventstore';
import { ProjectionRunner, projectionMigrations } from '@storefront/projections';
// The runner's test projection and helpers (not part of the projections package's public API).
import { CounterProjection } from '../../../projections/src/testing/counter-projection';
import { appendTestEvents, silentLogger } from '../../../projections/src/testing/test-events';
import { stateAtCommand, statusCommand, streamCommand, verifyCommand } from './commands';

describeEachDriver('cli commands', (driver) => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  beforeEach(async () => {
    test = await createTestDatabase(driver, { migrations: projectionMigrations });
    store = new PostgresEventStore(test.db);
    runner = new ProjectionRunner({ db: test.db, store, projections: [new CounterProjection()], logger: silentLogger });
    await appendTestEvents(store, 'cart-1', 3);
    await runner.catchUp();
  });
  afterEach(() => test.dispose());

  it('verify exits 0 with "verify: ok" when live matches a rebuild, 1 with a diff when it does not', async () => {
    const ok = await verifyCommand(runner);
    expect(ok).toEqual({ exitCode: 0, output: expect.stringMatching(/^verify: ok test_counter \(at \d+\/\d+\)$/) });

    await test.db.query(`update test_counter_streams__g1 set event_count = 7 where stream_id = 'cart-1'`);
    const bad = await verifyCommand(runner, ['test_counter']);
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toContain('verify: MISMATCH test_counter');
    expect(bad.output).toContain('~ differs    test_counter_streams {"stream_id":"cart-1"}');
    expect(bad.output).toContain('live:    {"stream_id":"cart-1","event_count":7,"last_position":3}');
    expect(bad.output).toContain('rebuilt: {"stream_id":"cart-1","event_count":3,"last_position":3}');
  });

  it('status prints a table; stream and state-at print event blocks', async () => {
    const status = await statusCommand(runner);
    expect(status.exitCode).toBe(0);
    expect(status.output).toMatch(/test_counter\s+1\s+\d+\/\d+\s+0\s+\S+ \(expired\)\s+0\s+up to date/);

    const stream = await streamCommand(store, 'cart-1');
    expect(stream.exitCode).toBe(0);
    expect(stream.output).toContain('stream cart-1: 3 event(s)');
    expect(stream.output).toContain('#3 Counted (schema v1)');
    expect(stream.output).toContain('actor:       system:test');

    const before = await stateAtCommand(store, 'cart-1', '2000-01-01T00:00:00Z');
    expect(before.output).toContain('version 0 of 3 (no events yet)');
    const now = await stateAtCommand(store, 'cart-1', new Date(Date.now() + 60_000).toISOString());
    expect(now.output).toContain('version 3 of 3');
    expect((await stateAtCommand(store, 'cart-1', 'yesterday')).exitCode).toBe(2);
  });
});
