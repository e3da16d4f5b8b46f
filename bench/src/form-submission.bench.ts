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
 * Run standalone after `npm run build`: `node bench/dist/form-submission.bench.js`.
 */
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

export type FormBenchOptions = { serverUrl?: string; connections?: number; phaseMs?: number; rounds?: number };

function startServer(databaseUrl: string, script = resolve(REPO_ROOT, 'apps/api/dist/demo/main.js'), args: string[] = []) {
  return startServerProcess(script, args, {
    DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password,
    // The bench is one address and 32 visitors hammering one form: no rate limits.
    FORM_VISITOR_RATE_LIMIT_BURST: '0', FORM_RATE_LIMIT_BURST: '0', CLIENT_RATE_LIMIT_BURST: '0',
  }, REPO_ROOT);
}

export async function runFormSubmissionBench(options: FormBenchOptions = {}) {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const connections = options.connections ?? 32;
  const phaseMs = options.phaseMs ?? 2500;
  const rounds = options.rounds ?? 3;

  return withScratchDatabaseUrl(serverUrl, async (databaseUrl) => {
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    await setup.query('CREATE TABLE IF NOT EXISTS bench_baseline (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)');
    await setup.end();
    const app = await startServer(databaseUrl);
    const bare = await startServer(databaseUrl, resolve(__dirname, 'bare-http-insert-server.js'), [databaseUrl]);
    const client = new BenchClient(app.url, connections);
    const bareClient = new BenchClient(bare.url, connections);
    try {
      const session = await client.request('POST', '/api/config/session', OWNER);
      if (session.status !== 200) throw new Error(`sign-in failed: ${session.status}`);
      const owner = { cookie: cookieNamed(session, 'owner_session')!, 'x-xsrf-token': session.body.xsrfToken };
      const created = await client.request('POST', '/api/config/forms', FORM, owner);
      if (created.status !== 201) throw new Error(`form creation failed: ${created.status} ${JSON.stringify(created.body)}`);

      // One visitor per connection, and a stock of keys per visitor refilled before each phase.
      const visitors: string[] = [];
      for (let i = 0; i < connections; i++) {
        const res = await client.request('POST', '/api/form/FormSubmissionKey');
        visitors.push(cookieNamed(res, 'ss_fvid')!);
      }
      const keys: string[][] = visitors.map(() => []);
      const stock = async (perVisitor: number) => {
        await Promise.all(visitors.map(async (cookie, i) => {
          while (keys[i]!.length < perVisitor) keys[i]!.push((await client.request('POST', '/api/form/FormSubmissionKey', undefined, { cookie })).body.key as string);
        }));
      };
      const form = JSON.stringify(VALUES);
      const latencies: number[] = [];
      let failures = 0;
      const submit = async (worker: number) => {
        const key = keys[worker]!.pop() ?? (await client.request('POST', '/api/form/FormSubmissionKey', undefined, { cookie: visitors[worker]! })).body.key;
        const started = performance.now();
        const res = await client.request('POST', '/api/form/SaveFormSubmission', { key, formId: FORM.id, form, pagePath: '/contact', pageTitle: 'Contact' }, { cookie: visitors[worker]! });
        latencies.push(performance.now() - started);
        if (res.status !== 200) failures++;
      };
      const bareInsert = async () => {
        const res = await bareClient.request('POST', '/entries', { formId: FORM.id, form, pagePath: '/contact' });
        if (res.status !== 200) throw new Error(`bare server failed: ${res.status}`);
      };

      const perPhase = 150;
      await measureThroughput(500, connections, bareInsert);
      await stock(40);
      await measureThroughput(1000, connections, submit);
      latencies.length = 0;
      let bareOps = 0, bareSeconds = 0, formOps = 0, formSeconds = 0;
      for (let round = 0; round < rounds; round++) {
        const b = await measureThroughput(phaseMs, connections, bareInsert);
        await stock(perPhase);
        const f = await measureThroughput(phaseMs, connections, submit);
        bareOps += b.ops; bareSeconds += b.seconds; formOps += f.ops; formSeconds += f.seconds;
      }
      if (failures > 0) throw new Error(`${failures} submissions failed`);
      const bareRps = bareOps / bareSeconds;
      const formRps = formOps / formSeconds;
      const ms = (v: number) => v.toFixed(1);
      const row = { rps: formRps, ratio: formRps / bareRps, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), count: latencies.length };
      printTable([
        { request: 'bare Node HTTP + INSERT', concurrency: connections, 'ops/s': formatRate(bareRps), ratio: '', p50_ms: '', p99_ms: '', n: bareOps },
        { request: 'SaveFormSubmission', concurrency: connections, 'ops/s': formatRate(formRps), ratio: row.ratio.toFixed(2), p50_ms: ms(row.p50), p99_ms: ms(row.p99), n: row.count },
      ]);
      console.log(`SaveFormSubmission/bare ratio ${row.ratio.toFixed(2)} (target ≥ 0.5), p99 ${ms(row.p99)} ms (target < 50)`);
      return { bareRps, form: row };
    } finally {
      client.close();
      bareClient.close();
      await stopServerProcess(bare.child);
      await stopServerProcess(app.child);
    }
  });
}

if (require.main === module) {
  runFormSubmissionBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
