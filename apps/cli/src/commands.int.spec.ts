import { randomUUID } from 'node:crypto';
import { cartStreamId, type CartEvent } from '@storefront/domain';
import { PostgresEventStore } from '@storefront/eventstore';
import { createTestDatabase, describeEachDriver, type TestDatabase } from '@storefront/eventstore/testing';
import { ProjectionRunner, allProjections, projectionMigrations } from '@storefront/projections';
// The runner's test projection and helpers (not part of the projections package's public API).
import { CounterProjection } from '../../../projections/testing/counter-projection';
import { appendTestEvents, silentLogger } from '../../../projections/testing/test-events';
import { deadLettersCommand, resumeCommand, stateAtCommand, statusCommand, streamCommand, verifyCommand } from './commands';
import { runCommand } from './run-cli';

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

  it('verify exits 1 with a BEHIND line when a projection has not reached the log head, and a STOPPED line when it is stopped', async () => {
    await appendTestEvents(store, 'cart-1', 2); // not applied
    const behind = await verifyCommand(runner);
    expect(behind.exitCode).toBe(1);
    expect(behind.output).toMatch(/^verify: BEHIND test_counter: checkpoint \d+\/\d+ is before the log's head \d+\/\d+\nverify: rows match test_counter \(at \d+\/\d+\)$/);

    const projection = new CounterProjection({ onFailure: 'stop' });
    const stopping = new ProjectionRunner({ db: test.db, store, projections: [projection], logger: silentLogger, maxAttempts: 1 });
    projection.failWhen = (e) => e.streamPosition === 5;
    await expect(stopping.catchUp()).rejects.toThrow(/is stopped/);
    const stopped = await verifyCommand(stopping);
    expect(stopped.exitCode).toBe(1);
    expect(stopped.output).toMatch(/^verify: STOPPED test_counter: event \d+ \(Counted, [0-9a-f-]+\): injected failure at event \d+ \(fix, then resume or rebuild it\)$/m);
    expect(stopped.output).toMatch(/^verify: BEHIND test_counter: /m);
    expect((await statusCommand(stopping)).exitCode).toBe(1);

    projection.failWhen = null;
    expect((await resumeCommand(stopping, 'test_counter')).output).toBe('resume: test_counter will retry its failed event on the next round');
    await stopping.catchUp();
    expect(await verifyCommand(stopping)).toEqual({ exitCode: 0, output: expect.stringMatching(/^verify: ok test_counter \(at \d+\/\d+\)$/) });
    expect((await resumeCommand(stopping, 'test_counter')).output).toBe('resume: test_counter was not stopped; nothing to do');
  });

  it('status counts dead letters and shows the newest one; dead-letters lists them', async () => {
    const projection = new CounterProjection();
    const parking = new ProjectionRunner({ db: test.db, store, projections: [projection], logger: silentLogger, maxAttempts: 1 });
    const events = await appendTestEvents(store, 'cart-2', 3);
    projection.failWhen = (e) => e.eventId === events[1].eventId;
    await parking.catchUp();

    const status = await statusCommand(parking);
    expect(status.exitCode).toBe(0);
    expect(status.output).toMatch(/test_counter\s+1\s+\d+\/\d+\s+0\s+\S+ \(expired\)\s+1\s+up to date/);
    expect(status.output).toContain(
      `  test_counter: 1 event(s) parked and skipped; newest: event ${events[1].globalPosition} (Counted) of cart-2, `,
    );
    expect(status.output).toMatch(/Z: Error: injected failure at event \d+$/);

    const list = await deadLettersCommand(test.db, 'test_counter');
    expect(list.output).toContain(`test_counter: event ${events[1].globalPosition} (Counted) of stream cart-2`);
    expect(list.output).toContain(`event id:  ${events[1].eventId}`);
    expect((await deadLettersCommand(test.db, 'cart')).output).toBe('dead letters: none for cart');
  });

  it("issue 10 finding 4: after a poison add-to-cart, status shows the dead letter, resume is a no-op, verify passes, and fails once the cart projection is behind", async () => {
    const ctx = () => ({ commandId: randomUUID(), correlationId: 'c', causationId: null, actor: { kind: 'visitor' as const, id: 'anonymous' } });
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 3000; i++) deep = { a: deep };
    const events: CartEvent[] = [
      { type: 'ShoppingCartOpened', data: { cartId: 'p', websiteId: 'w', currency: 'USD', openedAt: 't' } },
      ...['e1', 'e2', 'e3'].map((entryId): CartEvent => ({
        type: 'CartEntryAdded',
        data: {
          cartId: 'p', entryId, itemId: 'i', sku: 's', attributes: {}, title: 'Mug', productType: 'PHYSICAL', quantity: 1,
          unitPriceCents: 100, currency: 'USD', additionalFields: entryId === 'e2' ? deep : null, addedAt: 't',
        },
      })),
    ];
    await store.append(cartStreamId('p'), events, { streamType: 'cart', expectedVersion: 'no_stream', command: ctx() });
    // What a worker (ROLE=worker) does.
    await new ProjectionRunner({ db: test.db, store, projections: allProjections(), logger: silentLogger }).catchUp();

    const status = await runCommand(test.db, 'status', []);
    expect(status.exitCode).toBe(0);
    expect(status.output).toMatch(/\ncart\s+1\s+\d+\/\d+\s+\d+\s+\S+ \(expired\)\s+1\s+/);
    expect(status.output).toMatch(/ {2}cart: 1 event\(s\) parked and skipped; newest: event \d+ \(CartEntryAdded\) of cart-p, \S+: UnprocessableEventError: event data nests deeper than 256 levels/);
    expect((await runCommand(test.db, 'resume', ['cart'])).output).toBe('resume: cart was not stopped; nothing to do');

    const verified = await runCommand(test.db, 'verify', ['cart']);
    expect(verified).toEqual({ exitCode: 0, output: expect.stringMatching(/^verify: ok cart \(at \d+\/\d+; 1 event\(s\) parked in dead letters, skipped by the rebuild too\)$/) });

    await store.append(cartStreamId('p'), [{ type: 'CartEntryRemoved', data: { cartId: 'p', entryId: 'e1', removedAt: 't' } }], {
      streamType: 'cart', expectedVersion: 4, command: ctx(),
    });
    const behind = await runCommand(test.db, 'verify', ['cart']);
    expect(behind.exitCode).toBe(1);
    expect(behind.output).toMatch(/^verify: BEHIND cart: checkpoint \d+\/\d+ is before the log's head \d+\/\d+$/m);
  });
});
