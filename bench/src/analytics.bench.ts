/**
 * Analytics at scale (issue 16): 1,000,000 hits over 90 days appended with `appendMany` in large
 * batches (not measured), then
 * 1. the analytics projection's catch-up from START (events/s; target >= 20,000), against a
 *    baseline measured in the same run: reading the same events with `store.readAll` alone;
 * 2. each report's query over the 90 days (median of 5 warm runs, and the first, cold; target
 *    < 300 ms each), with `compare=1` as well.
 * On a PostgreSQL server (DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres).
 * Run standalone: `node bench/dist/analytics.bench.js [--hits N]`.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PAGE_TYPES, REPORT_NAMES, VISITS_STREAM_TYPE, visitsStreamId, type ReportQuery, type VisitEvent } from '@storefront/domain';
import { migrate, PostgresEventStore, START, type Database, type NewEvent, type StreamAppend } from '@storefront/eventstore';
import { addDays, analyticsProjection, projectionMigrations, ProjectionRunner, readReport, type Projection } from '@storefront/projections';
import { formatRate, printTable, withScratchDatabase } from './bench-util';

export type AnalyticsBenchOptions = { serverUrl?: string; hits?: number; days?: number };

export type AnalyticsBenchResult = {
  hits: number;
  events: number;
  seedSeconds: number;
  readOnlyEventsPerSec: number;
  catchUpSeconds: number;
  catchUpEventsPerSec: number;
  ratio: number;
  reports: { report: string; coldMs: number; medianMs: number; compareMedianMs: number }[];
};

const LAST_DAY = '2026-11-27';
const PATHS = Array.from({ length: 200 }, (_, i) => (i < 100 ? `/shop/p${i}` : `/blog/post-${i}`));
const REFERRERS = [null, null, null, 'google.com', 'bing.com', 'news.example', 'social.example'];

/** A small deterministic generator, so every run projects the same log. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The hits of one day: visits of ~5 hits (page views mostly; product views, adds to cart, checkouts
 * and confirmations along the funnel; button and form renders; a web vitals record per page load
 * of 1 in 10; an error report 1 in 200).
 */
function dayOfHits(day: string, hits: number, rnd: () => number): VisitEvent[] {
  const out: VisitEvent[] = [];
  const base = Date.parse(`${day}T05:00:00Z`);
  let visit = 0;
  while (out.length < hits) {
    visit++;
    const visitId = `${day}-v${visit}`;
    const visitorId = `${day}-u${Math.floor(visit / 1.3)}`;
    const start = base + Math.floor(rnd() * 86_000_000);
    const referrerHost = REFERRERS[Math.floor(rnd() * REFERRERS.length)];
    const length = 1 + Math.floor(rnd() * 8);
    for (let i = 0; i < length && out.length < hits; i++) {
      const at = new Date(start + i * 40_000).toISOString();
      const path = PATHS[Math.floor(rnd() * rnd() * PATHS.length)];
      const product = path.startsWith('/shop/') ? path.slice(6) : null;
      const common = { hitId: `${visitId}-${i}`, at, websiteId: 'w1', visitorId, visitId, path };
      const roll = rnd();
      if (roll < 0.04 && product) {
        out.push({ type: 'ProductAddedToCartTracked', data: { ...common, productPage: 'pdp', itemId: product, itemTitle: `Product ${product}`, collectionId: 'shop', cartId: `c-${visitId}` } });
      } else if (roll < 0.06) {
        out.push({ type: 'ButtonTracked', data: { ...common, action: rnd() < 0.8 ? 'render' : 'click', buttonId: `b${Math.floor(rnd() * 20)}`, label: 'Shop now' } });
      } else if (roll < 0.07) {
        out.push({ type: 'FormRenderTracked', data: { ...common, formId: `f${Math.floor(rnd() * 5)}` } });
      } else if (roll < 0.075) {
        out.push({ type: 'OrderConfirmedTracked', data: { ...common, path: '/commerce/orders/x/confirmed', orderId: `o-${visitId}`, grandTotal: 4200, currency: 'USD', testMode: false } });
      } else {
        const checkout = roll < 0.09;
        out.push({
          type: 'PageViewed',
          data: {
            ...common, path: checkout ? '/checkout' : path, title: checkout ? 'Checkout' : `Page ${path}`, referrerHost: i === 0 ? referrerHost : null, utmSource: null,
            pageType: checkout ? PAGE_TYPES.checkout : product ? 50 : 2, pageKind: product && !checkout ? 'product-details' : null, itemId: product && !checkout ? product : null,
            collectionId: null, pagePermission: 'public', newVisit: i === 0, newVisitor: i === 0 && rnd() < 0.6, device: rnd() < 0.6 ? 'mobile' : 'desktop', language: 'en',
          },
        });
        if (rnd() < 0.1) {
          out.push({
            type: 'WebVitalsRecorded',
            data: { pageLoadId: randomUUID(), at, websiteId: 'w1', path, pageType: 2, metrics: { fcp: 400 + rnd() * 3000, lcp: 800 + rnd() * 4000, cls: rnd() * 0.4, inp: 50 + rnd() * 600 } },
          });
        }
        if (rnd() < 0.005) {
          out.push({ type: 'JavascriptErrorsReported', data: { pageLoadId: randomUUID(), at, websiteId: 'w1', path, errors: [{ message: `TypeError: e${Math.floor(rnd() * 30)}`, stack: 'at x', source: 'app.js', line: 1, column: 1 }] } });
        }
      }
    }
  }
  return out;
}

async function seed(db: Database, hits: number, days: number): Promise<{ events: number; seconds: number }> {
  const store = new PostgresEventStore(db);
  const rnd = random(16);
  const started = performance.now();
  const perDay = Math.ceil(hits / days);
  let events = 0;
  let pending: StreamAppend[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    await store.appendMany(pending);
    pending = [];
  };
  for (let d = days - 1; d >= 0; d--) {
    const dayHits = dayOfHits(addDays(LAST_DAY, -d), Math.min(perDay, hits - events), rnd);
    for (let i = 0; i < dayHits.length; i += 1000) {
      const id = randomUUID();
      pending.push({
        streamId: visitsStreamId(id), streamType: VISITS_STREAM_TYPE, events: dayHits.slice(i, i + 1000) as NewEvent[], expectedVersion: 'no_stream',
        command: { commandId: id, correlationId: id, causationId: null, actor: { kind: 'system', id: 'bench' } },
      });
      if (pending.length >= 20) await flush();
    }
    events += dayHits.length;
    if (events >= hits) break;
  }
  await flush();
  return { events, seconds: (performance.now() - started) / 1000 };
}

/** The projection with its statements timed by their first words (BENCH_PROFILE=1). */
function profiled(p: Projection, profile: Map<string, { n: number; ms: number }>): Projection {
  const timed = async <T>(key: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      const entry = profile.get(key) ?? { n: 0, ms: 0 };
      entry.n++;
      entry.ms += performance.now() - started;
      profile.set(key, entry);
    }
  };
  return {
    ...p,
    apply: (events, ctx) => timed('(apply, in all)', () => p.apply(events, {
      ...ctx,
      tx: {
        query: (sql: string, params?: unknown[]) => timed(sql.replace(/\s+/g, ' ').slice(0, 90), () => ctx.tx.query(sql, params)),
        copyRows: (table, columns, rows) => timed(`COPY ${table}`, () => ctx.tx.copyRows(table, columns, rows)),
      } as typeof ctx.tx,
    })),
  };
}

/** CPU ticks used so far by each server process of this database (a server on this machine: /proc; none if unreadable). */
async function backendCpuTicks(db: Database): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database()`);
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length > 12) ticks.set(pid, Number(fields[11]) + Number(fields[12])); // utime, stime (fields 14 and 15 of stat)
  }
  return ticks;
}

/** CPU seconds the server processes used since `before` (USER_HZ 100). */
async function backendCpuSecondsSince(db: Database, before: Map<number, number>): Promise<number> {
  let ticks = 0;
  for (const [pid, now] of await backendCpuTicks(db)) ticks += now - (before.get(pid) ?? 0);
  return ticks / 100;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(db: Database, options: AnalyticsBenchOptions): Promise<AnalyticsBenchResult> {
  const hits = options.hits ?? 1_000_000;
  const days = options.days ?? 90;
  await migrate(db, projectionMigrations);
  const seeded = await seed(db, hits, days);
  const store = new PostgresEventStore(db);

  let started = performance.now();
  let read = 0;
  for (let after = START; ;) {
    const r = await store.readAll({ after, limit: analyticsProjection.batchSize!, eventTypes: analyticsProjection.eventTypes });
    if (r.events.length === 0) break;
    read += r.events.length;
    after = r.checkpoint;
  }
  const readSeconds = (performance.now() - started) / 1000;

  const quiet = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string, e?: unknown) => console.error(m, e) };
  const profile = new Map<string, { n: number; ms: number }>();
  const projection = process.env.BENCH_PROFILE ? profiled(analyticsProjection, profile) : analyticsProjection;
  const runner = new ProjectionRunner({ db, store, projections: [projection], logger: quiet });
  await runner.prepare();
  started = performance.now();
  const nodeCpu = process.cpuUsage();
  const serverCpu = process.env.BENCH_PROFILE ? await backendCpuTicks(db) : new Map<number, number>();
  await runner.catchUp(undefined, { timeoutMs: 3_600_000 });
  const catchUpSeconds = (performance.now() - started) / 1000;
  if (profile.size > 0) {
    const used = process.cpuUsage(nodeCpu);
    console.log(`CPU during catch-up (BENCH_PROFILE): node ${((used.user + used.system) / 1e6).toFixed(1)} s, ` +
      `its server processes ${(await backendCpuSecondsSince(db, serverCpu)).toFixed(1)} s, in ${catchUpSeconds.toFixed(1)} s`);
    const statements = [...profile].filter(([k]) => !k.startsWith('(')).reduce((ms, [, p]) => ms + p.ms, 0);
    console.log(`statement time during catch-up (BENCH_PROFILE): ${statements.toFixed(0)} ms in all statements`);
    for (const [sql, p] of [...profile].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) console.log(`${p.ms.toFixed(0).padStart(8)} ms ${String(p.n).padStart(6)}x  ${sql}`);
  }
  const [status] = await runner.status();
  if (status.lag !== 0 || status.deadLetters !== 0) throw new Error(`catch-up left lag ${status.lag}, ${status.deadLetters} dead letters`);
  await db.query('analyze');

  const query: ReportQuery = { from: addDays(LAST_DAY, -(days - 1)), to: LAST_DAY, granularity: 'day', timeZone: 'America/New_York', compare: false };
  const traffic = await readReport(db, 'traffic', query);
  if (traffic.current.totals.pageViews === 0) throw new Error('the traffic report is empty');
  const reports: AnalyticsBenchResult['reports'] = [];
  for (const report of REPORT_NAMES) {
    const coldMs = await time(() => readReport(db, report, query));
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push(await time(() => readReport(db, report, query)));
    const compared: number[] = [];
    for (let i = 0; i < 3; i++) compared.push(await time(() => readReport(db, report, { ...query, compare: true })));
    reports.push({ report, coldMs, medianMs: median(warm), compareMedianMs: median(compared) });
  }
  const readOnlyEventsPerSec = read / readSeconds;
  const catchUpEventsPerSec = seeded.events / catchUpSeconds;
  return {
    hits, events: seeded.events, seedSeconds: seeded.seconds, readOnlyEventsPerSec, catchUpSeconds, catchUpEventsPerSec,
    ratio: catchUpEventsPerSec / readOnlyEventsPerSec, reports,
  };
}

export async function runAnalyticsBench(options: AnalyticsBenchOptions = {}): Promise<AnalyticsBenchResult> {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const r = await withScratchDatabase(serverUrl, 4, (db) => measure(db, options));
  console.log(`\nAnalytics projection catch-up from START on the PostgreSQL server vs read-only readAll baseline (${r.events} events, seeded in ${r.seedSeconds.toFixed(1)} s)`);
  printTable([{
    events: r.events, 'read-only ev/s': formatRate(r.readOnlyEventsPerSec), 'catch-up s': r.catchUpSeconds.toFixed(1),
    'catch-up ev/s': formatRate(r.catchUpEventsPerSec), ratio: r.ratio.toFixed(2), 'goal ev/s': '>= 20000',
    verdict: r.catchUpEventsPerSec >= 20_000 ? 'ok' : 'BELOW TARGET',
  }]);
  console.log(`\nReport queries over ${options.days ?? 90} days of ${r.hits} hits (ms)`);
  printTable(r.reports.map((x) => ({
    report: x.report, 'cold ms': x.coldMs.toFixed(1), 'median ms': x.medianMs.toFixed(1), 'compare=1 median ms': x.compareMedianMs.toFixed(1),
    goal: '< 300', verdict: x.medianMs < 300 ? 'ok' : 'OVER TARGET',
  })));
  return r;
}

if (require.main === module) {
  const arg = (name: string) => (process.argv.indexOf(name) > 0 ? Number(process.argv[process.argv.indexOf(name) + 1]) : undefined);
  runAnalyticsBench({ hits: arg('--hits'), days: arg('--days') }).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
