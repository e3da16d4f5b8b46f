import { PostgresEventStore, type EventStore } from '@storefront/eventstore';
import { createTestDatabase, describeEachDriver, type TestDatabase } from '@storefront/eventstore/testing';
import { appendTestEvents, silentLogger } from '../../testing/test-events';
import type { Projection } from './projection';
import { projectionMigrations } from './projection-migrations';
import { ProjectionRunner } from './projection-runner';
import { projectionVersion } from './projection-version';

const TABLE = 'vt_streams';

/**
 * Per stream: how many Counted events (version 1); version 2 also sums their `n` into a new
 * column. The same events give other rows, so version 2 says so.
 */
function streamCounts(version: 1 | 2): Projection {
  return {
    name: 'vt',
    version,
    tables: [{
      name: TABLE,
      columns: version === 1 ? 'stream_id text primary key, events integer not null' : 'stream_id text primary key, events integer not null, n_sum integer not null',
      orderBy: ['stream_id'],
    }],
    eventTypes: ['Counted'],
    async apply(events, { tx, table }) {
      for (const e of events) {
        const n = (e.data as { n: number }).n;
        if (version === 1) {
          await tx.query(`insert into "${table(TABLE)}" values ($1, 1) on conflict (stream_id) do update set events = "${table(TABLE)}".events + 1`, [e.streamId]);
        } else {
          await tx.query(
            `insert into "${table(TABLE)}" values ($1, 1, $2) on conflict (stream_id) do update
               set events = "${table(TABLE)}".events + 1, n_sum = "${table(TABLE)}".n_sum + $2`,
            [e.streamId, n],
          );
        }
      }
    },
  };
}

describeEachDriver('projection versions', (driver) => {
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
    await store.flushNotifications();
    await test.dispose();
  });

  const runnerFor = (projection: Projection, on: EventStore = store) => {
    const runner = new ProjectionRunner({ db: test.db, store: on, projections: [projection], leaseMs: 1000, pollIntervalMs: 50, logger: silentLogger });
    runners.push(runner);
    return runner;
  };
  const rows = async () => (await test.db.query(`select * from ${TABLE} order by stream_id`)).rows;
  const status = async (runner: ProjectionRunner) => (await runner.status())[0]!;
  const exists = async (name: string) => (await test.db.query<{ e: boolean }>(`select to_regclass($1) is not null as e`, [name])).rows[0]!.e;

  it('derives the version from the declared one and the tables, whitespace aside', () => {
    expect(projectionVersion(streamCounts(1))).toMatch(/^1:[0-9a-f]{12}$/);
    const spaced = streamCounts(1);
    const same = { ...spaced, tables: [{ ...spaced.tables[0]!, columns: '  stream_id text primary key,\n   events integer not null ' }] };
    expect(projectionVersion(same)).toBe(projectionVersion(spaced));
    expect(projectionVersion({ ...spaced, version: 2 })).not.toBe(projectionVersion(spaced));
    expect(projectionVersion(streamCounts(2)).slice(2)).not.toBe(projectionVersion(spaced).slice(2));
  });

  it('keeps an unchanged version on start; rebuilds a bumped one blue/green while the old rows serve, then shows the new columns', async () => {
    await appendTestEvents(store, 's-1', 3);
    await appendTestEvents(store, 's-2', 2);
    const v1 = runnerFor(streamCounts(1));
    await v1.catchUp();
    expect(await rows()).toEqual([{ stream_id: 's-1', events: 3 }, { stream_id: 's-2', events: 2 }]);
    expect(await status(v1)).toMatchObject({ generation: 1, version: projectionVersion(streamCounts(1)), codeVersion: projectionVersion(streamCounts(1)) });

    // A restart with the same version: no rebuild, live applying goes on in generation 1.
    const again = runnerFor(streamCounts(1));
    await again.start();
    await appendTestEvents(store, 's-1', 1);
    await again.catchUp();
    await again.stop();
    expect(await status(again)).toMatchObject({ generation: 1, rebuilding: null });
    expect(await rows()).toEqual([{ stream_id: 's-1', events: 4 }, { stream_id: 's-2', events: 2 }]);

    // Version 2 starts: its first round rebuilds. Hold the rebuild at its first read of the log.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    let held = false;
    const gated = Object.create(store) as PostgresEventStore;
    gated.readAll = async (options) => {
      if (!held) {
        held = true;
        reached();
        await gate;
      }
      return store.readAll(options);
    };
    const v2 = runnerFor(streamCounts(2), gated);
    await v2.start();
    await atGate;
    // Meanwhile readers see the old rows and columns; generation 2 is being filled.
    expect(await rows()).toEqual([{ stream_id: 's-1', events: 4 }, { stream_id: 's-2', events: 2 }]);
    expect(await status(v2)).toMatchObject({
      generation: 1, version: projectionVersion(streamCounts(1)), codeVersion: projectionVersion(streamCounts(2)), rebuilding: { generation: 2 },
    });
    expect(await exists(`${TABLE}__g2`)).toBe(true);

    release();
    await appendTestEvents(store, 's-2', 1);
    await v2.catchUp();
    // Switched: the new column, rows from the whole log, the old generation dropped, the version recorded.
    expect(await rows()).toEqual([{ stream_id: 's-1', events: 4, n_sum: 0 + 1 + 2 + 0 }, { stream_id: 's-2', events: 3, n_sum: 0 + 1 + 0 }]);
    expect(await status(v2)).toMatchObject({ generation: 2, version: projectionVersion(streamCounts(2)), rebuilding: null });
    expect(await exists(`${TABLE}__g1`)).toBe(false);
    await v2.stop();

    // Restarting version 2 rebuilds nothing.
    const v2again = runnerFor(streamCounts(2));
    await appendTestEvents(store, 's-3', 2);
    await v2again.catchUp();
    expect(await status(v2again)).toMatchObject({ generation: 2, version: projectionVersion(streamCounts(2)) });
    expect((await rows()).at(-1)).toEqual({ stream_id: 's-3', events: 2, n_sum: 1 });
  });

  it('verify of rows of another version says why instead of comparing them', async () => {
    await appendTestEvents(store, 's-1', 2);
    const v2 = runnerFor(streamCounts(2));
    await v2.catchUp();
    // Version 1 code (an older process) verifying version 2 rows: other columns, nothing to compare.
    const [result] = await runnerFor(streamCounts(1)).verify();
    expect(result!.ok).toBe(false);
    expect(result!.problems.join('\n')).toContain(`the read model is at version ${projectionVersion(streamCounts(2))}, the code at ${projectionVersion(streamCounts(1))}`);
    expect(await rows()).toEqual([{ stream_id: 's-1', events: 2, n_sum: 1 }]);
  });
});
