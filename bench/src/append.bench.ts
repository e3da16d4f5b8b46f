/**
 * Append throughput against a plain single-row INSERT baseline, measured in the same run:
 *  (a) PostgreSQL server, 8 concurrent clients: appends of one-event commands to each client's
 *      own stream (the store's default group commit: concurrent appends share es_append_batch
 *      calls) vs INSERT of the same JSON into a plain table;
 *  (b) PGlite, one client: the same comparison in process.
 * Target: append/baseline ≥ 0.6. Run standalone: `node bench/dist/append.bench.js`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { migrate, openDatabase, PostgresEventStore, type CommandContext, type Database } from '@storefront/eventstore';
import { formatRate, measureThroughput, printTable, withScratchDatabase, type Throughput } from './bench-util';

export type AppendBenchOptions = {
  /** Server to create the scratch database on (default DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres). */
  serverUrl?: string;
  /** Concurrent clients on the server (default 8). */
  clients?: number;
  /** Length of each measured phase on the server (default 1500 ms). */
  serverPhaseMs?: number;
  /** Length of each measured phase on PGlite (default 1000 ms). */
  pglitePhaseMs?: number;
  /** Baseline/append phase pairs per target (default 6 on the server, 4 on PGlite). */
  rounds?: number;
  /** Skip the server part (e.g. no PostgreSQL available). */
  skipServer?: boolean;
};

export type AppendBenchRow = {
  target: 'postgres' | 'pglite';
  clients: number;
  baseline: Throughput;
  append: Throughput;
  /** append ops/s ÷ baseline ops/s over all rounds */
  ratio: number;
  /** Lowest and highest ratio of a single baseline/append pair (shows the noise). */
  ratioRange: [number, number];
};

const PAYLOAD = { sku: 'TSHIRT-RED-M', quantity: 2, unitPrice: { amount: 1999, currency: 'EUR' }, note: 'bench' };

const BASELINE_TABLE = `CREATE TABLE IF NOT EXISTS bench_baseline (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  data jsonb NOT NULL
)`;

function context(): CommandContext {
  const id = randomUUID();
  return { commandId: id, correlationId: id, causationId: null, actor: { kind: 'system', id: 'bench' } };
}

/**
 * Short baseline and append phases alternate for several rounds, so load from elsewhere on the
 * machine (and drift: caches, checkpoints) hits both sides alike; totals are summed over rounds.
 */
async function compare(db: Database, target: AppendBenchRow['target'], clients: number, phaseMs: number, rounds: number): Promise<AppendBenchRow> {
  await db.query(BASELINE_TABLE);
  const store = new PostgresEventStore(db);
  const runId = randomBytes(4).toString('hex');
  const versions = new Array<number>(clients).fill(0);
  const json = JSON.stringify(PAYLOAD);

  const insertBaseline = async () => {
    await db.query('INSERT INTO bench_baseline (data) VALUES ($1::jsonb)', [json]);
  };
  const appendOne = async (worker: number) => {
    const expected = versions[worker]!;
    const result = await store.append(`bench-${runId}-${worker}`, [{ type: 'ItemAdded', data: PAYLOAD }], {
      streamType: 'bench',
      expectedVersion: expected === 0 ? 'no_stream' : expected,
      command: context(),
    });
    if (result.status !== 'appended') throw new Error('unexpected duplicate');
    versions[worker] = result.version;
  };

  // Warm-up of both paths (connections, plan caches).
  await measureThroughput(Math.min(300, phaseMs), clients, insertBaseline);
  await measureThroughput(Math.min(300, phaseMs), clients, appendOne);

  const baselines: Throughput[] = [];
  const appends: Throughput[] = [];
  for (let round = 0; round < rounds; round++) {
    baselines.push(await measureThroughput(phaseMs, clients, insertBaseline));
    appends.push(await measureThroughput(phaseMs, clients, appendOne));
  }
  await store.flushNotifications();
  const sum = (ts: Throughput[]): Throughput => {
    const ops = ts.reduce((n, t) => n + t.ops, 0);
    const seconds = ts.reduce((n, t) => n + t.seconds, 0);
    return { ops, seconds, opsPerSec: ops / seconds };
  };
  const perRound = appends.map((a, i) => a.opsPerSec / baselines[i]!.opsPerSec);
  const baseline = sum(baselines);
  const append = sum(appends);
  return {
    target,
    clients,
    baseline,
    append,
    ratio: append.opsPerSec / baseline.opsPerSec,
    ratioRange: [Math.min(...perRound), Math.max(...perRound)],
  };
}

async function onServer(serverUrl: string, clients: number, phaseMs: number, rounds: number): Promise<AppendBenchRow> {
  return withScratchDatabase(serverUrl, clients + 1, async (db) => {
    await migrate(db);
    return compare(db, 'postgres', clients, phaseMs, rounds);
  });
}

async function onPGlite(phaseMs: number, rounds: number): Promise<AppendBenchRow> {
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(db);
    return await compare(db, 'pglite', 1, phaseMs, rounds);
  } finally {
    await db.close();
  }
}

/** Runs the benchmark, prints a table and returns the numbers. */
export async function runAppendBench(options: AppendBenchOptions = {}): Promise<AppendBenchRow[]> {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rows: AppendBenchRow[] = [];
  if (!options.skipServer) {
    rows.push(await onServer(serverUrl, options.clients ?? 8, options.serverPhaseMs ?? 1500, options.rounds ?? 6));
  }
  rows.push(await onPGlite(options.pglitePhaseMs ?? 1000, options.rounds ?? 4));

  console.log('\nAppend vs single-row INSERT baseline (one event per command; target ratio >= 0.60)');
  printTable(
    rows.map((r) => ({
      target: r.target,
      clients: r.clients,
      'baseline ops/s': formatRate(r.baseline.opsPerSec),
      'append ops/s': formatRate(r.append.opsPerSec),
      ratio: r.ratio.toFixed(2),
      'per-round ratio': `${r.ratioRange[0].toFixed(2)}–${r.ratioRange[1].toFixed(2)}`,
      verdict: r.ratio >= 0.6 ? 'ok' : 'BELOW TARGET',
    })),
  );
  return rows;
}

if (require.main === module) {
  runAppendBench({ skipServer: process.argv.includes('--pglite-only') }).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
