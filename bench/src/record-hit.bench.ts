/**
 * RecordHit (SPEC 7, issue 16) over real HTTP against the built server
 * (`apps/api/dist/demo/main.js`, its own process) on a scratch database of the PostgreSQL server,
 * at 64 concurrent connections, in the same run as the yardstick of the commerce bench: a bare
 * Node HTTP server doing one INSERT per request (bare-http-insert-server.ts), in alternating
 * phases (as form-submission.bench.ts). Targets: hits/s at least 0.7 of the yardstick (a hit is the
 * simplest write the product has), p99 under 50 ms.
 *
 * Each connection is one visitor (its census cookie) viewing pages again and again: a form-encoded
 * `event=view`, the page's data as JSON text, and `ss_cvr`, with a browser's user agent. The timed
 * request is the whole call: parse, identities (the day's salt cached), the group commit of the
 * hit's PageViewed with the others arriving meanwhile, answered 204 once committed. Beside it any
 * other builds named in HIT_BENCH_VARIANTS (`label=/path/main.js,...`), measured on the same load.
 * Run standalone after `npm run build`: `node bench/dist/record-hit.bench.js`.
 */
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';
import { formatRate, measureThroughput, printTable, withScratchDatabaseUrl } from './bench-util';
import { BenchClient, percentile } from './http-client';
import { startServerProcess, stopServerProcess } from './server-process';

const REPO_ROOT = resolve(__dirname, '../..');
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export type HitBenchOptions = { serverUrl?: string; connections?: number; phaseMs?: number; rounds?: number; variants?: Record<string, string> };
export type HitBenchRow = { request: string; rps: number; ratio: number; p50: number; p99: number; count: number };

function startServer(databaseUrl: string, script: string) {
  return startServerProcess(script, [], {
    DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', OWNER_EMAIL: 'owner@example.com', OWNER_PASSWORD: 'bench owner password 1',
    // One address, 64 visitors: no rate limit.
    ANALYTICS_RATE_LIMIT_BURST: '0', CLIENT_RATE_LIMIT_BURST: '0',
  }, REPO_ROOT);
}

function variantsFromEnv(): Record<string, string> {
  const variants: Record<string, string> = {};
  for (const item of (process.env.HIT_BENCH_VARIANTS ?? '').split(',').filter(Boolean)) {
    const [label, script] = item.split('=');
    if (!label || !script) throw new Error(`HIT_BENCH_VARIANTS: expected label=/path/main.js, got ${item}`);
    variants[label] = resolve(script);
  }
  return variants;
}

/** The page data the tracker sends with a view (wire.ts HitData). */
const pageData = (websiteId: string, i: number) => ({
  websiteId, templateId: 'tpl', website_locale: 'en-US', userAgent: CHROME, clientDate: Date.now(), viewportInnerWidth: 1280, viewportInnerHeight: 800,
  screenWidth: 1920, screenHeight: 1080, url: `https://shop.example/shop/p/item-${i % 50}`, title: `Item ${i % 50}`, localStorageSupported: true,
  queryString: '', referrer: 'https://search.example/', pagePath: `/shop/p/item-${i % 50}`, pageType: 2, pageKind: 'product-details',
  itemId: `item-${i % 50}`, collectionId: 'shop', isFirstLanding: false, isFirstSession: false, sessionId: `session-${i}`,
});

type Target = { label: string; request: (worker: number) => Promise<void>; latencies: number[]; ops: number; seconds: number };

/** The website id of a server's database (the tracker reads it from the page's context). */
async function websiteIdOf(databaseUrl: string): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(`SELECT data->>'websiteId' AS id FROM events WHERE event_type = 'WebsiteCreated' LIMIT 1`);
    if (!rows[0]) throw new Error('no website in the database');
    return rows[0].id;
  } finally {
    await db.end();
  }
}

async function hitTarget(label: string, client: BenchClient, websiteId: string, connections: number, failures: { count: number }): Promise<Target> {
  const now = Date.now();
  const bodies = Array.from({ length: connections }, (_, i) =>
    new URLSearchParams({ event: 'view', data: JSON.stringify(pageData(websiteId, i)), ss_cvr: `benchVisitor${i}|${now}|${now}|${now}|1` }).toString(),
  );
  const headers = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME };
  const target: Target = {
    label, latencies: [], ops: 0, seconds: 0,
    request: async (worker: number) => {
      const started = performance.now();
      const res = await client.send('POST', '/api/census/RecordHit', bodies[worker]!, headers);
      target.latencies.push(performance.now() - started);
      if (res.status !== 204) failures.count++;
    },
  };
  const probe = await client.send('POST', '/api/census/RecordHit', bodies[0]!, headers);
  if (probe.status !== 204) throw new Error(`${label}: RecordHit answered ${probe.status} ${JSON.stringify(probe.body)}`);
  return target;
}

/** The bare server's target: POST /entries with the hit's fields as JSON. */
function bareTarget(client: BenchClient): Target {
  const body = { event: 'view', data: JSON.stringify(pageData('website', 0)), ss_cvr: `benchVisitor0|1|1|1|1` };
  const target: Target = {
    label: 'bare Node HTTP + INSERT', latencies: [], ops: 0, seconds: 0,
    request: async () => {
      const started = performance.now();
      const res = await client.request('POST', '/entries', body);
      target.latencies.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`bare server failed: ${res.status}`);
    },
  };
  return target;
}

export async function runRecordHitBench(options: HitBenchOptions = {}) {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const connections = options.connections ?? 64;
  const phaseMs = options.phaseMs ?? 2500;
  const rounds = options.rounds ?? 3;
  const variants = options.variants ?? variantsFromEnv();
  const builds: [string, string][] = [
    ['RecordHit (this build)', resolve(REPO_ROOT, 'apps/api/dist/demo/main.js')],
    ...Object.entries(variants).map(([label, script]): [string, string] => [`RecordHit (${label})`, script]),
  ];
  const withDatabases = async <T>(n: number, body: (urls: string[]) => Promise<T>, urls: string[] = []): Promise<T> =>
    urls.length === n ? body(urls) : withScratchDatabaseUrl(serverUrl, (url) => withDatabases(n, body, [...urls, url]));

  return withDatabases(1 + builds.length, async ([bareUrl, ...buildUrls]) => {
    const setup = new pg.Client({ connectionString: bareUrl! });
    await setup.connect();
    await setup.query('CREATE TABLE IF NOT EXISTS bench_baseline (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)');
    await setup.end();
    const processes: ChildProcess[] = [];
    const clients: BenchClient[] = [];
    const started = async (start: Promise<{ url: string; child: ChildProcess }>) => {
      const server = await start;
      processes.push(server.child);
      const client = new BenchClient(server.url, connections);
      clients.push(client);
      return client;
    };
    try {
      const failures = { count: 0 };
      const hits: Target[] = [];
      for (const [i, [label, script]] of builds.entries()) {
        const client = await started(startServer(buildUrls[i]!, script));
        hits.push(await hitTarget(label, client, await websiteIdOf(buildUrls[i]!), connections, failures));
      }
      const bare = bareTarget(await started(startServerProcess(resolve(__dirname, 'bare-http-insert-server.js'), [bareUrl!], {}, REPO_ROOT)));
      const targets = [bare, ...hits];

      // Warm up, then alternate phases: every target once per round.
      for (const target of targets) {
        await measureThroughput(target === bare ? 500 : 1000, connections, target.request);
        target.latencies.length = 0;
      }
      const loadBefore = loadavg();
      for (let round = 0; round < rounds; round++) {
        for (const target of targets) {
          const t = await measureThroughput(phaseMs, connections, target.request);
          target.ops += t.ops;
          target.seconds += t.seconds;
        }
      }
      const loadAfter = loadavg();
      if (failures.count > 0) throw new Error(`${failures.count} hits failed`);
      const bareRps = bare.ops / bare.seconds;
      const ms = (v: number) => v.toFixed(1);
      const rows: HitBenchRow[] = targets.map((t) => ({
        request: t.label, rps: t.ops / t.seconds, ratio: t.ops / t.seconds / bareRps, p50: percentile(t.latencies, 0.5), p99: percentile(t.latencies, 0.99), count: t.latencies.length,
      }));
      printTable(rows.map((r) => ({ request: r.request, concurrency: connections, 'ops/s': formatRate(r.rps), ratio: r.ratio.toFixed(2), p50_ms: ms(r.p50), p99_ms: ms(r.p99), n: r.count })));
      const row = rows[1]!;
      console.log(`RecordHit/bare ratio ${row.ratio.toFixed(2)} (target ≥ 0.7), p99 ${ms(row.p99)} ms (target < 50)`);
      console.log(`${cpus().length} cores; load average (1, 5, 15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
      return { bareRps, hit: row, rows };
    } finally {
      for (const client of clients) client.close();
      for (const child of processes.reverse()) await stopServerProcess(child);
    }
  });
}

if (require.main === module) {
  runRecordHitBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
