/**
 * Projection catch-up throughput: append N cart-like events (default 100,000; seeded with
 * multi-event appends, not measured), then time `ProjectionRunner.catchUp()` from START for a
 * cart projection that keeps one row per cart (item count, subtotal), written set-based with
 * `RowBatch` (one SELECT + one upsert per batch). Baseline in the same run: reading the same
 * events with `store.readAll` alone (the floor any projection pays).
 * Targets: >= 20,000 events/s on a PostgreSQL server, >= 10,000 on PGlite.
 * Run standalone: `node bench/dist/catch-up.bench.js [--pglite-only] [--events N]`.
 */
import { randomUUID } from 'node:crypto';
import { migrate, openDatabase, PostgresEventStore, START, type Database, type RecordedEvent } from '@storefront/eventstore';
import { ProjectionRunner, RowBatch, projectionMigrations, type Projection, type ProjectionContext } from '@storefront/projections';
import { formatRate, printTable, withScratchDatabase } from './bench-util';

export type CatchUpBenchOptions = {
  /** Server to create the scratch database on (default DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres). */
  serverUrl?: string;
  /** Events to append and project (default 100,000). */
  events?: number;
  /** Events per cart stream, appended in one call (default 50). */
  eventsPerCart?: number;
  /** Runner batch size (default 1000). */
  batchSize?: number;
  skipServer?: boolean;
};

export type CatchUpBenchRow = {
  target: 'postgres' | 'pglite';
  events: number;
  seedSeconds: number;
  readOnlyEventsPerSec: number;
  catchUpSeconds: number;
  catchUpEventsPerSec: number;
  /** catch-up events/s ÷ read-only events/s */
  ratio: number;
  targetEventsPerSec: number;
};

type CartRow = { cart_id: string; item_count: number; subtotal: number; lines: number };

/** A realistic cart read model: per cart the item count, subtotal in minor units, and line count. */
const benchCartProjection: Projection = {
  name: 'bench_carts',
  tables: [{ name: 'bench_carts', columns: 'cart_id text primary key, item_count integer not null, subtotal bigint not null, lines integer not null', orderBy: ['cart_id'] }],
  eventTypes: ['ItemAdded', 'ItemRemoved'],
  onFailure: 'stop',
  async apply(events: RecordedEvent[], ctx: ProjectionContext): Promise<void> {
    const carts = await RowBatch.load<CartRow>(ctx.tx, ctx.table('bench_carts'), ['cart_id'], events.map((e) => ({ cart_id: e.streamId })));
    for (const e of events) {
      const data = e.data as { quantity: number; unitPrice: { amount: number } };
      const cart = carts.get({ cart_id: e.streamId }) ?? { cart_id: e.streamId, item_count: 0, subtotal: 0, lines: 0 };
      const sign = e.type === 'ItemAdded' ? 1 : -1;
      carts.set({
        cart_id: e.streamId,
        item_count: Number(cart.item_count) + sign * data.quantity,
        subtotal: Number(cart.subtotal) + sign * data.quantity * data.unitPrice.amount,
        lines: Number(cart.lines) + sign,
      });
    }
    await carts.flush();
  },
};

async function seed(db: Database, events: number, perCart: number, concurrency: number): Promise<number> {
  const store = new PostgresEventStore(db);
  const carts = Math.ceil(events / perCart);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let c = next++; c < carts; c = next++) {
        const count = Math.min(perCart, events - c * perCart);
        const batch = Array.from({ length: count }, (_, i) => ({
          type: i % 5 === 4 ? 'ItemRemoved' : 'ItemAdded',
          data: { sku: `SKU-${i % 7}`, quantity: 1 + (i % 3), unitPrice: { amount: 1999, currency: 'EUR' } },
        }));
        const id = randomUUID();
        await store.append(`cart-${c}`, batch, {
          streamType: 'cart',
          expectedVersion: 'no_stream',
          command: { commandId: id, correlationId: id, causationId: null, actor: { kind: 'system', id: 'bench' } },
        });
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function measure(db: Database, target: CatchUpBenchRow['target'], options: CatchUpBenchOptions, concurrency: number): Promise<CatchUpBenchRow> {
  const events = options.events ?? 100_000;
  const batchSize = options.batchSize ?? 1000;
  await migrate(db, projectionMigrations);
  const seedSeconds = await seed(db, events, options.eventsPerCart ?? 50, concurrency);
  const store = new PostgresEventStore(db);

  // Baseline: read everything the projection reads, nothing written.
  let started = performance.now();
  let read = 0;
  for (let after = START; ; ) {
    const r = await store.readAll({ after, limit: batchSize, eventTypes: benchCartProjection.eventTypes });
    if (r.events.length === 0) break;
    read += r.events.length;
    after = r.checkpoint;
  }
  const readSeconds = (performance.now() - started) / 1000;

  const quiet = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
  const runner = new ProjectionRunner({ db, store, projections: [benchCartProjection], batchSize, logger: quiet });
  await runner.prepare();
  started = performance.now();
  await runner.catchUp(undefined, { timeoutMs: 600_000 });
  const catchUpSeconds = (performance.now() - started) / 1000;

  const [status] = await runner.status();
  if (status.lag !== 0) throw new Error(`catch-up left lag ${status.lag}`);
  const { rows } = await db.query<{ n: number }>(`select count(*) as n from bench_carts`);
  const expectedCarts = Math.ceil(events / (options.eventsPerCart ?? 50));
  if (Number(rows[0].n) !== expectedCarts) throw new Error(`expected ${expectedCarts} carts, found ${rows[0].n} (${JSON.stringify(status)})`);

  const readOnlyEventsPerSec = read / readSeconds;
  const catchUpEventsPerSec = events / catchUpSeconds;
  return {
    target,
    events,
    seedSeconds,
    readOnlyEventsPerSec,
    catchUpSeconds,
    catchUpEventsPerSec,
    ratio: catchUpEventsPerSec / readOnlyEventsPerSec,
    targetEventsPerSec: target === 'postgres' ? 20_000 : 10_000,
  };
}

async function onServer(serverUrl: string, options: CatchUpBenchOptions): Promise<CatchUpBenchRow> {
  return withScratchDatabase(serverUrl, 8, (db) => measure(db, 'postgres', options, 8));
}

async function onPGlite(options: CatchUpBenchOptions): Promise<CatchUpBenchRow> {
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    return await measure(db, 'pglite', options, 1);
  } finally {
    await db.close();
  }
}

/** Runs the benchmark, prints a table and returns the numbers. */
export async function runCatchUpBench(options: CatchUpBenchOptions = {}): Promise<CatchUpBenchRow[]> {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rows: CatchUpBenchRow[] = [];
  if (!options.skipServer) rows.push(await onServer(serverUrl, options));
  rows.push(await onPGlite(options));

  console.log('\nProjection catch-up from START (cart projection, set-based upserts) vs read-only readAll baseline');
  printTable(
    rows.map((r) => ({
      target: r.target,
      events: r.events,
      'seed s': r.seedSeconds.toFixed(1),
      'read-only ev/s': formatRate(r.readOnlyEventsPerSec),
      'catch-up s': r.catchUpSeconds.toFixed(2),
      'catch-up ev/s': formatRate(r.catchUpEventsPerSec),
      ratio: r.ratio.toFixed(2),
      'goal ev/s': `>= ${r.targetEventsPerSec}`,
      verdict: r.catchUpEventsPerSec >= r.targetEventsPerSec ? 'ok' : 'BELOW TARGET',
    })),
  );
  return rows;
}

if (require.main === module) {
  const eventsArg = process.argv.indexOf('--events');
  runCatchUpBench({
    skipServer: process.argv.includes('--pglite-only'),
    events: eventsArg > 0 ? Number(process.argv[eventsArg + 1]) : undefined,
  }).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
