/** Timing, printing and scratch-database helpers shared by the benchmarks. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@storefront/eventstore';

/**
 * Creates a scratch database on the PostgreSQL server at `serverUrl`, runs `body` on it, and drops
 * it afterwards whatever happens.
 */
export async function withScratchDatabase<T>(serverUrl: string, poolSize: number, body: (db: Database) => Promise<T>): Promise<T> {
  return withScratchDatabaseUrl(serverUrl, async (url) => {
    const db = await openDatabase({ databaseUrl: url, poolSize });
    try {
      return await body(db);
    } finally {
      await db.close();
    }
  });
}

/** Like `withScratchDatabase`, but hands over the scratch database's URL (for a server process to use). */
export async function withScratchDatabaseUrl<T>(serverUrl: string, body: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await body(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

export type Throughput = { ops: number; seconds: number; opsPerSec: number };

/**
 * Runs `op` in `concurrency` parallel loops until `durationMs` has passed (each loop finishes
 * its current operation) and returns the combined throughput.
 */
export async function measureThroughput(
  durationMs: number,
  concurrency: number,
  op: (worker: number, iteration: number) => Promise<void>,
): Promise<Throughput> {
  const start = performance.now();
  const deadline = start + durationMs;
  let ops = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await op(worker, i);
        ops++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { ops, seconds, opsPerSec: ops / seconds };
}

/** Prints rows as an aligned text table. */
export function printTable(rows: Array<Record<string, string | number>>): void {
  if (rows.length === 0) return;
  const headers = Object.keys(rows[0]!);
  const cells = rows.map((row) => headers.map((h) => String(row[h] ?? '')));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  console.log(line(headers));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const c of cells) console.log(line(c));
}

export const formatRate = (opsPerSec: number) => opsPerSec.toFixed(0);
