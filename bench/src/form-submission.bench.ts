/**
 * SaveFormSubmission (SPEC 7, issue 14) over real HTTP against the built server
 * (`apps/api/dist/demo/main.js`, its own process) on a scratch database of the PostgreSQL server,
 * at 32 concurrent connections, in the same run as the yardstick of the commerce bench: a bare
 * Node HTTP server doing one INSERT per request (bare-http-insert-server.ts), in alternating
 * phases. Targets: requests/s at least 0.5 of the yardstick, p99 under 50 ms.
 *
 * Each connection is one visitor (its cookie) submitting a 6-field contact form again and again,
 * each submission with its own single-use key. Keys are fetched before each phase, untimed (they
 * cost no database round trip); the timed request is the SaveFormSubmission alone: key check,
 * form definition (cached, one version query), validation, append of the submission's stream.
 * Beside it, in the same alternating phases: a bare Node HTTP server doing one event store append
 * per request (bare-http-append-server.ts: the store's share), and any other builds of the server
 * named in FORM_BENCH_VARIANTS (before/after a change, measured on the same machine load).
 * Run standalone after `npm run build`: `node bench/dist/form-submission.bench.js`.
 */
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';
import { formatRate, measureThroughput, printTable, withScratchDatabaseUrl } from './bench-util';
import { BenchClient, cookieNamed, percentile } from './http-client';
import { startServerProcess, stopServerProcess } from './server-process';

const REPO_ROOT = resolve(__dirname, '../..');
const OWNER = { email: 'owner@example.com', password: 'bench owner password 1' };
const FORM = {
  id: 'bench-contact',
  name: 'Bench contact',
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'topic', type: 'select', title: 'Topic', options: ['Orders', 'Classes', 'Other'], required: true },
    { id: 'phone', type: 'phone', title: 'Phone' },
    { id: 'survey', type: 'likert', title: 'How did we do?', options: ['Speed', 'Care'] },
    { id: 'message', type: 'textarea', title: 'Message', required: true, maxLength: 2000 },
  ],
};
const VALUES = {
  name: { first: 'Bench', last: 'Visitor' }, email: 'bench@example.com', topic: 'Orders', phone: { countryCode: '', number: '555 0100' },
  survey: { Speed: 2, Care: 1 }, message: 'A message of a few words, as a visitor writes one, about an order that has not arrived yet.',
};

export type FormBenchOptions = {
  serverUrl?: string;
  connections?: number;
  phaseMs?: number;
  rounds?: number;
  /**
   * Other builds of the server to measure in the same run, side by side with this one (e.g. the
   * commit before a change): label → path of its `apps/api/dist/demo/main.js`. Default from
   * FORM_BENCH_VARIANTS: `label=/path/main.js,label2=/path2/main.js`.
   */
  variants?: Record<string, string>;
};

export type FormBenchRow = { request: string; rps: number; ratio: number; p50: number; p99: number; count: number };

function startServer(databaseUrl: string, script = resolve(REPO_ROOT, 'apps/api/dist/demo/main.js'), args: string[] = []) {
  return startServerProcess(script, args, {
    DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password,
    // The bench is one address and 32 visitors hammering one form: no rate limits.
    FORM_VISITOR_RATE_LIMIT_BURST: '0', FORM_RATE_LIMIT_BURST: '0', CLIENT_RATE_LIMIT_BURST: '0',
  }, REPO_ROOT);
}

function variantsFromEnv(): Record<string, string> {
  const variants: Record<string, string> = {};
  for (const item of (process.env.FORM_BENCH_VARIANTS ?? '').split(',').filter(Boolean)) {
    const [label, script] = item.split('=');
    if (!label || !script) throw new Error(`FORM_BENCH_VARIANTS: expected label=/path/main.js, got ${item}`);
    variants[label] = resolve(script);
  }
  return variants;
}

/** A server measured by the bench: its requests and its latencies. */
type Target = { label: string; request: (worker: number) => Promise<void>; before?: () => Promise<void>; latencies: number[]; ops: number; seconds: number };

/** One visitor per connection on one server build, each with a stock of single-use keys refilled before each phase (untimed). */
async function formTarget(label: string, client: BenchClient, formId: string, connections: number, failures: { count: number }): Promise<Target> {
  const session = await client.request('POST', '/api/config/session', OWNER);
  if (session.status !== 200) throw new Error(`${label}: sign-in failed: ${session.status}`);
  const owner = { cookie: cookieNamed(session, 'owner_session')!, 'x-xsrf-token': session.body.xsrfToken };
  const created = await client.request('POST', '/api/config/forms', { ...FORM, id: formId }, owner);
  if (created.status !== 201) throw new Error(`${label}: form creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const visitors: string[] = [];
  for (let i = 0; i < connections; i++) {
    const res = await client.request('POST', '/api/form/FormSubmissionKey');
    visitors.push(cookieNamed(res, 'ss_fvid')!);
  }
  const keys: string[][] = visitors.map(() => []);
  const form = JSON.stringify(VALUES);
  const target: Target = {
    label, latencies: [], ops: 0, seconds: 0,
    before: async () => {
      await Promise.all(visitors.map(async (cookie, i) => {
        while (keys[i]!.length < 150) keys[i]!.push((await client.request('POST', '/api/form/FormSubmissionKey', undefined, { cookie })).body.key as string);
      }));
    },
    request: async (worker: number) => {
      const key = keys[worker]!.pop() ?? (await client.request('POST', '/api/form/FormSubmissionKey', undefined, { cookie: visitors[worker]! })).body.key;
      const started = performance.now();
      const res = await client.request('POST', '/api/form/SaveFormSubmission', { key, formId, form, pagePath: '/contact', pageTitle: 'Contact' }, { cookie: visitors[worker]! });
      target.latencies.push(performance.now() - started);
      if (res.status !== 200) failures.count++;
    },
  };
  return target;
}

/** A bare server's target: POST /entries with the submission's body. */
function bareTarget(label: string, client: BenchClient): Target {
  const form = JSON.stringify(VALUES);
  const target: Target = {
    label, latencies: [], ops: 0, seconds: 0,
    request: async () => {
      const started = performance.now();
      const res = await client.request('POST', '/entries', { formId: FORM.id, form, pagePath: '/contact' });
      target.latencies.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${label} failed: ${res.status}`);
    },
  };
  return target;
}

export async function runFormSubmissionBench(options: FormBenchOptions = {}) {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const connections = options.connections ?? 32;
  const phaseMs = options.phaseMs ?? 2500;
  const rounds = options.rounds ?? 3;
  const variants = options.variants ?? variantsFromEnv();

  const builds: [string, string][] = [
    ['SaveFormSubmission (this build)', resolve(REPO_ROOT, 'apps/api/dist/demo/main.js')],
    ...Object.entries(variants).map(([label, script]): [string, string] => [`SaveFormSubmission (${label})`, script]),
  ];
  // A scratch database for each server: the bare ones, and each build (its projections follow only its own events).
  const withDatabases = async <T>(n: number, body: (urls: string[]) => Promise<T>, urls: string[] = []): Promise<T> =>
    urls.length === n ? body(urls) : withScratchDatabaseUrl(serverUrl, (url) => withDatabases(n, body, [...urls, url]));

  return withDatabases(2 + builds.length, async ([databaseUrl, appendOnlyUrl, ...buildUrls]) => {
    const setup = new pg.Client({ connectionString: databaseUrl! });
    await setup.connect();
    await setup.query('CREATE TABLE IF NOT EXISTS bench_baseline (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)');
    await setup.end();
    const processes: ChildProcess[] = [];
    const clients: BenchClient[] = [];
    const started = async (script: string, args: string[] = [], url = databaseUrl!) => {
      const server = await startServer(url, script, args);
      processes.push(server.child);
      const client = new BenchClient(server.url, connections);
      clients.push(client);
      return client;
    };
    try {
      const failures = { count: 0 };
      const forms: Target[] = [];
      for (const [i, [label, script]] of builds.entries()) forms.push(await formTarget(label, await started(script, [], buildUrls[i]!), FORM.id, connections, failures));
      const bare = bareTarget('bare Node HTTP + INSERT', await started(resolve(__dirname, 'bare-http-insert-server.js'), [databaseUrl!]));
      const append = bareTarget('bare Node HTTP + event store append', await started(resolve(__dirname, 'bare-http-append-server.js'), [appendOnlyUrl!]));
      const targets = [bare, append, ...forms];

      // Warm up, then alternate phases: every target once per round.
      for (const target of targets) {
        await target.before?.();
        await measureThroughput(target === bare || target === append ? 500 : 1000, connections, target.request);
        target.latencies.length = 0;
      }
      const loadBefore = loadavg();
      for (let round = 0; round < rounds; round++) {
        for (const target of targets) {
          await target.before?.();
          const t = await measureThroughput(phaseMs, connections, target.request);
          target.ops += t.ops;
          target.seconds += t.seconds;
        }
      }
      const loadAfter = loadavg();
      if (failures.count > 0) throw new Error(`${failures.count} submissions failed`);
      const bareRps = bare.ops / bare.seconds;
      const ms = (v: number) => v.toFixed(1);
      const rows: FormBenchRow[] = targets.map((t) => ({
        request: t.label, rps: t.ops / t.seconds, ratio: t.ops / t.seconds / bareRps, p50: percentile(t.latencies, 0.5), p99: percentile(t.latencies, 0.99), count: t.latencies.length,
      }));
      printTable(rows.map((r) => ({ request: r.request, concurrency: connections, 'ops/s': formatRate(r.rps), ratio: r.ratio.toFixed(2), p50_ms: ms(r.p50), p99_ms: ms(r.p99), n: r.count })));
      const row = rows[2]!;
      console.log(`SaveFormSubmission/bare ratio ${row.ratio.toFixed(2)} (target ≥ 0.5), p99 ${ms(row.p99)} ms (target < 50)`);
      console.log(`${cpus().length} cores; load average (1, 5, 15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
      return { bareRps, form: row, rows };
    } finally {
      for (const client of clients) client.close();
      for (const child of processes.reverse()) await stopServerProcess(child);
    }
  });
}

if (require.main === module) {
  runFormSubmissionBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
