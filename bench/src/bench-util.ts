/** Timing and printing helpers shared by the benchmarks. */

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
