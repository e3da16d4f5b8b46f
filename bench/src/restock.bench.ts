/**
 * Back-in-stock notifications (issue 15) against the built server (`apps/api/dist/demo/main.js`,
 * its own process, ROLE=all) on scratch databases of the PostgreSQL server:
 *
 * 1. The sign-up endpoint (SPEC 7 `POST /api/site-users/account/notifications/restock`) at 32
 *    concurrent connections, each request a new address for the demo's sold-out bowl, in
 *    alternating phases with the yardstick of the other HTTP benches: a bare Node HTTP server doing
 *    one INSERT per request (bare-http-insert-server.ts). Target: p99 under 50 ms.
 * 2. A send of 10,000 waiting sign-ups end to end, from the owner's `POST …/restock/send` to the
 *    10,000th mail accepted by a local SMTP server (the `smtp-server` package in this process,
 *    counting what it accepts): the send worker queues every notification, the mail worker writes
 *    each to the outbox, the outbox sends each through SMTP. Target: under 60 s; mails/s reported,
 *    beside the same SMTP server's rate for nodemailer sending 10,000 messages with the mail
 *    sender's transport settings and concurrency and nothing else (the yardstick: what SMTP alone costs).
 *
 * Run standalone after `npm run build`: `node bench/dist/restock.bench.js` (RESTOCK_BENCH_ONLY=signup or
 * send runs one part; RESTOCK_BENCH_MAILS sets the send's size, 10,000 by default).
 */
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createTransport } from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { formatRate, measureThroughput, printTable, withScratchDatabaseUrl } from './bench-util';
import { BenchClient, cookieNamed, percentile } from './http-client';
import { startServerProcess, stopServerProcess } from './server-process';

const REPO_ROOT = resolve(__dirname, '../..');
const OWNER = { email: 'owner@example.com', password: 'bench owner password 1' };
const RESTOCK = '/api/site-users/account/notifications/restock';
const BOWL = { productId: 'p-serving-bowl', variantId: 'v-bowl' };
/** The app's MAIL_SEND_CONCURRENCY in this bench, and the yardstick's senders. */
const SEND_CONCURRENCY = 4;

export type RestockBenchOptions = { serverUrl?: string; connections?: number; phaseMs?: number; rounds?: number; mails?: number };

/** An SMTP server on 127.0.0.1 that accepts every message and counts it. */
async function countingSmtpServer(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, size: 1024 * 1024,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = (server as unknown as { server: { address(): { port: number } } }).server.address();
  return { url: `smtp://127.0.0.1:${port}`, count: () => accepted, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function startApp(databaseUrl: string, extra: Record<string, string> = {}) {
  return startServerProcess(resolve(REPO_ROOT, 'apps/api/dist/demo/main.js'), [], {
    DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password,
    RESTOCK_RATE_LIMIT_BURST: '0', CLIENT_RATE_LIMIT_BURST: '0', ...extra,
  }, REPO_ROOT);
}

type Target = { label: string; request: (worker: number) => Promise<void>; latencies: number[]; ops: number; seconds: number };

const loadText = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');

/** Part 1: the sign-up endpoint against one INSERT per request. */
async function signUpEndpoint(serverUrl: string, connections: number, phaseMs: number, rounds: number) {
  return withScratchDatabaseUrl(serverUrl, (bareUrl) => withScratchDatabaseUrl(serverUrl, async (appUrl) => {
    const setup = new pg.Client({ connectionString: bareUrl });
    await setup.connect();
    await setup.query('CREATE TABLE IF NOT EXISTS bench_baseline (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)');
    await setup.end();
    const processes: ChildProcess[] = [];
    const clients: BenchClient[] = [];
    try {
      const app = await startApp(appUrl);
      processes.push(app.child);
      const bareServer = await startServerProcess(resolve(__dirname, 'bare-http-insert-server.js'), [bareUrl], {}, REPO_ROOT);
      processes.push(bareServer.child);
      const appClient = new BenchClient(app.url, connections);
      const bareClient = new BenchClient(bareServer.url, connections);
      clients.push(appClient, bareClient);
      let n = 0;
      let failures = 0;
      const signUp: Target = {
        label: 'restock sign-up', latencies: [], ops: 0, seconds: 0,
        request: async (worker) => {
          const body = { ...BOWL, siteVisitorEmail: `bench-${worker}-${n++}@example.com`, isJoinMailingList: n % 3 === 0, language: 'en-US' };
          const started = performance.now();
          const res = await appClient.request('POST', RESTOCK, body);
          signUp.latencies.push(performance.now() - started);
          if (res.status !== 200) failures += 1;
        },
      };
      const bare: Target = {
        label: 'bare Node HTTP + INSERT', latencies: [], ops: 0, seconds: 0,
        request: async (worker) => {
          const body = { ...BOWL, siteVisitorEmail: `bench-${worker}-${n++}@example.com`, isJoinMailingList: false, language: 'en-US' };
          const started = performance.now();
          const res = await bareClient.request('POST', '/entries', body);
          bare.latencies.push(performance.now() - started);
          if (res.status !== 200) throw new Error(`bare server failed: ${res.status}`);
        },
      };
      const targets = [bare, signUp];
      for (const t of targets) {
        await measureThroughput(1000, connections, t.request);
        t.latencies.length = 0;
      }
      const before = loadavg();
      for (let round = 0; round < rounds; round++) {
        for (const t of targets) {
          const m = await measureThroughput(phaseMs, connections, t.request);
          t.ops += m.ops;
          t.seconds += m.seconds;
        }
      }
      const after = loadavg();
      if (failures > 0) throw new Error(`${failures} sign-ups failed`);
      const bareRps = bare.ops / bare.seconds;
      const rows = targets.map((t) => ({ request: t.label, rps: t.ops / t.seconds, ratio: t.ops / t.seconds / bareRps, p50: percentile(t.latencies, 0.5), p99: percentile(t.latencies, 0.99), n: t.latencies.length }));
      printTable(rows.map((r) => ({ request: r.request, concurrency: connections, 'ops/s': formatRate(r.rps), ratio: r.ratio.toFixed(2), p50_ms: r.p50.toFixed(1), p99_ms: r.p99.toFixed(1), n: r.n })));
      const row = rows[1]!;
      console.log(`sign-up/bare ratio ${row.ratio.toFixed(2)}, p99 ${row.p99.toFixed(1)} ms (target < 50)`);
      console.log(`${cpus().length} cores; load average (1, 5, 15 min) before ${loadText(before)}, after ${loadText(after)}`);
      return row;
    } finally {
      for (const c of clients) c.close();
      for (const child of processes.reverse()) await stopServerProcess(child);
    }
  }));
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Part 2: a send of `mails` waiting sign-ups to a local SMTP server, end to end, and nodemailer alone as the yardstick. */
async function sendAll(serverUrl: string, mails: number) {
  const smtp = await countingSmtpServer();
  try {
    // The yardstick: nodemailer alone with the mail sender's transport settings (pooled connections,
    // MAIL_SEND_CONCURRENCY of them, each sender sending its next message when the last is accepted):
    // what SMTP itself costs. smtp-server waits 100 ms before its greeting on every new connection (to
    // catch clients that talk early), so a transport without a pool would measure that wait, not SMTP.
    const transport = createTransport({
      url: smtp.url, pool: true, maxConnections: SEND_CONCURRENCY, maxMessages: 1000, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000,
    } as Parameters<typeof createTransport>[0]);
    const bareStarted = performance.now();
    let nextBare = 0;
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, async () => {
      for (let i = nextBare++; i < mails; i = nextBare++) {
        await transport.sendMail({ from: 'Clay <shop@example.com>', to: `bare-${i}@example.com`, subject: 'Large Serving Bowl is back in stock', text: 'Good news: Large Serving Bowl is back in stock.', messageId: `<bare-${i}@storefront.mail>` });
      }
    }));
    const bareSeconds = (performance.now() - bareStarted) / 1000;
    transport.close();
    const before = smtp.count();

    return await withScratchDatabaseUrl(serverUrl, async (appUrl) => {
      const app = await startApp(appUrl, { SMTP_URL: smtp.url, MAIL_FROM: 'Clay <shop@example.com>', MAIL_POLL_INTERVAL_MS: '200', MAIL_SEND_CONCURRENCY: String(SEND_CONCURRENCY) });
      const client = new BenchClient(app.url, 32);
      try {
        // Untimed: the sign-ups, 32 at a time.
        let next = 0;
        await Promise.all(Array.from({ length: 32 }, async () => {
          for (let i = next++; i < mails; i = next++) {
            const res = await client.request('POST', RESTOCK, { ...BOWL, siteVisitorEmail: `waiting-${i}@example.com` });
            if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
          }
        }));
        const session = await client.request('POST', '/api/config/session', OWNER);
        const owner = { cookie: cookieNamed(session, 'owner_session')!, 'x-xsrf-token': session.body.xsrfToken as string };
        const waiting = async () => ((await client.request('GET', `${RESTOCK}/groups`, undefined, owner)).body.signUpGroups as { variantId: string; waiting: number }[]).find((g) => g.variantId === BOWL.variantId)?.waiting ?? 0;
        await until('the sign-ups in the restock lists', async () => (await waiting()) === mails, 300_000);

        const loadBefore = loadavg();
        const started = performance.now();
        const sent = await client.request('POST', `${RESTOCK}/send`, BOWL, owner);
        if (sent.status !== 202) throw new Error(`send failed: ${sent.status}`);
        await until(`${mails} mails`, () => smtp.count() - before >= mails, 900_000);
        const seconds = (performance.now() - started) / 1000;
        const loadAfter = loadavg();
        const rows = [
          { what: `nodemailer alone, ${mails} messages`, seconds: bareSeconds.toFixed(1), 'mails/s': formatRate(mails / bareSeconds), ratio: '1.00' },
          { what: `send of ${mails} sign-ups, end to end`, seconds: seconds.toFixed(1), 'mails/s': formatRate(mails / seconds), ratio: (bareSeconds / seconds).toFixed(2) },
        ];
        printTable(rows);
        console.log(`send of ${mails}: ${seconds.toFixed(1)} s end to end (target < 60 s), ${formatRate(mails / seconds)} mails/s; ratio to nodemailer alone ${(bareSeconds / seconds).toFixed(2)}`);
        console.log(`${cpus().length} cores; load average (1, 5, 15 min) before ${loadText(loadBefore)}, after ${loadText(loadAfter)}`);
        return { seconds, mailsPerSecond: mails / seconds, bareSeconds };
      } finally {
        client.close();
        await stopServerProcess(app.child);
      }
    });
  } finally {
    await smtp.close();
  }
}

export async function runRestockBench(options: RestockBenchOptions = {}) {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const only = process.env.RESTOCK_BENCH_ONLY;
  const signUp = only === 'send' ? null : await signUpEndpoint(serverUrl, options.connections ?? 32, options.phaseMs ?? 2500, options.rounds ?? 3);
  const send = only === 'signup' ? null : await sendAll(serverUrl, options.mails ?? Number(process.env.RESTOCK_BENCH_MAILS ?? 10_000));
  return { signUp, send };
}

if (require.main === module) {
  runRestockBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
