/**
 * The store's two hot requests over real HTTP against the built server (`apps/api/dist/demo/main.js`,
 * its own process) on a scratch database of the PostgreSQL server:
 *  (a) add-to-cart at 32 concurrent connections against the raw single-row INSERT baseline at 32
 *      concurrent clients on the same database, in alternating phases of one run: requests/s
 *      ratio (target ≥ 0.4) and latency p50/p99 (target p99 < 50 ms);
 *  (b) checkout of a 5-line cart at 8 concurrent checkouts: latency p50/p99 (target p99 < 100 ms).
 * Each connection adds to its own cart and starts a new one every few adds (a visitor's session).
 * Two yardsticks, also against the INSERT baseline: an unknown route on the real server (the HTTP
 * stack alone) and a bare Node HTTP server doing one INSERT per request (bare-http-insert-server.ts:
 * what any HTTP add-to-cart that writes to the database can reach on this machine at best).
 * Run standalone after `npm run build`: `node bench/dist/commerce-http.bench.js`.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import { formatRate, measureThroughput, printTable, withScratchDatabaseUrl } from './bench-util';
import { BenchClient, cookieNamed, percentile, type JsonResponse } from './http-client';
import { startServerProcess, stopServerProcess } from './server-process';

/** Checkout needs a shipping address for a cart of physical goods. */
const SHIPPING_ADDRESS = { name: 'Bench Buyer', line1: '1 Load Street', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' };

const REPO_ROOT = resolve(__dirname, '../..');
const OWNER = { email: 'owner@example.com', password: 'bench owner password 1' };
const ADDS_PER_CART = 4;

export type CommerceBenchOptions = {
  serverUrl?: string;
  connections?: number;
  checkoutConcurrency?: number;
  phaseMs?: number;
  rounds?: number;
  /** Only the checkout phase (`BENCH_ONLY=checkout` on the command line): for the before/after runs of a checkout change. */
  checkoutOnly?: boolean;
};

/** The built server (or `script`) on `databaseUrl`, silent, with the bench owner and no rate limits. */
function startServer(databaseUrl: string, script = resolve(REPO_ROOT, 'apps/api/dist/demo/main.js'), args: string[] = []) {
  return startServerProcess(script, args, {
    DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password, CART_RATE_LIMIT_BURST: '0', CLIENT_RATE_LIMIT_BURST: '0',
  }, REPO_ROOT);
}

const stopServer = stopServerProcess;

/** Five products with stock that will not run out during the run, created through the owner API. */
async function createBenchProducts(client: BenchClient): Promise<{ itemId: string; sku: string }[]> {
  const session = await client.request('POST', '/api/config/session', OWNER);
  if (session.status !== 200) throw new Error(`sign-in failed: ${session.status}`);
  const headers = { cookie: cookieNamed(session, 'owner_session')!, 'x-xsrf-token': session.body.xsrfToken };
  const site = await client.request('GET', '/api/commerce/products/p-stoneware-mug');
  const websiteId = site.body.websiteId;
  const products = [];
  for (let i = 1; i <= 5; i++) {
    const sku = `BENCH-${i}`;
    const res = await client.request('POST', `/api/content-service/product/1.1/websites/${websiteId}/products`, {
      title: `Bench Product ${i}`, productType: 'PHYSICAL', variants: [{ sku, priceCents: 1000 + i * 111, qtyInStock: 100_000_000 }],
    }, headers);
    if (res.status !== 201) throw new Error(`product creation failed: ${res.status} ${JSON.stringify(res.body)}`);
    products.push({ itemId: res.body.record.id as string, sku });
  }
  // The add-to-cart lookup reads the catalog read model: wait until the projection has them, stock included.
  const stocked = (res: JsonResponse) => res.status === 200 && res.body.structuredContent?.variants?.[0]?.qtyInStock > 0;
  for (const p of products) {
    for (let tries = 0; !stocked(await client.request('GET', `/api/commerce/products/${p.itemId}`)); tries++) {
      if (tries > 200) throw new Error('catalog projection did not catch up');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return products;
}

type LatencyRow = { rps: number; p50: number; p99: number; count: number };

/**
 * Checkout: each of `concurrency` workers fills a fresh 5-line cart (not timed), then checks it
 * out (timed), for `durationMs` after a second of warm-up. Prints the slowest checkouts' times.
 */
/**
 * PostgreSQL checkpoints so far: requested (forced: CREATE DATABASE, DROP DATABASE and CHECKPOINT
 * force an immediate one, which writes out every dirty buffer of the whole server and stalls
 * commits meanwhile) and timed. PostgreSQL 17 moved them to pg_stat_checkpointer.
 */
async function checkpoints(pool: pg.Pool): Promise<{ requested: number; timed: number }> {
  try {
    const { rows } = await pool.query<{ requested: string; timed: string }>('SELECT num_requested AS requested, num_timed AS timed FROM pg_stat_checkpointer');
    return { requested: Number(rows[0]!.requested), timed: Number(rows[0]!.timed) };
  } catch {
    const { rows } = await pool.query<{ requested: string; timed: string }>('SELECT checkpoints_req AS requested, checkpoints_timed AS timed FROM pg_stat_bgwriter');
    return { requested: Number(rows[0]!.requested), timed: Number(rows[0]!.timed) };
  }
}

async function measureCheckout(client: BenchClient, products: { itemId: string; sku: string }[], concurrency: number, durationMs: number, pool: pg.Pool): Promise<LatencyRow> {
  const checkoutLatencies: number[] = [];
  const checkout = async (worker: number, iteration: number) => {
    let cookie: string | undefined;
    for (const p of products) {
      const res = await client.request('POST', '/api/commerce/shopping-cart/entries', { itemId: p.itemId, sku: p.sku, quantity: 1 }, cookie ? { cookie } : {});
      if (res.status !== 200) throw new Error(`add failed: ${res.status}`);
      cookie ??= cookieNamed(res, 'ss_cart');
    }
    const started = performance.now();
    const res = await client.request('POST', '/api/commerce/checkout', { email: `bench${worker}-${iteration}@example.com`, paymentToken: 'tok_visa', shippingAddress: SHIPPING_ADDRESS }, { cookie: cookie! });
    checkoutLatencies.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await measureThroughput(1000, concurrency, checkout);
  checkoutLatencies.length = 0;
  const before = await checkpoints(pool);
  const load = (await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ')[0];
  const co = await measureThroughput(durationMs, concurrency, checkout);
  const after = await checkpoints(pool);
  const row = { rps: co.opsPerSec, p50: percentile(checkoutLatencies, 0.5), p99: percentile(checkoutLatencies, 0.99), count: checkoutLatencies.length };
  const slowest = [...checkoutLatencies].sort((a, b) => b - a).slice(0, 5).map((v) => v.toFixed(0));
  console.log(
    `checkout: n ${row.count}, p50 ${row.p50.toFixed(1)} ms, p95 ${percentile(checkoutLatencies, 0.95).toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, slowest ${slowest.join(', ')} ms; ` +
      `load average ${load}; PostgreSQL checkpoints meanwhile: ${after.requested - before.requested} forced, ${after.timed - before.timed} timed`,
  );
  return row;
}

export async function runCommerceHttpBench(options: CommerceBenchOptions = {}) {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const connections = options.connections ?? 32;
  const checkoutConcurrency = options.checkoutConcurrency ?? 8;
  const phaseMs = options.phaseMs ?? 2500;
  const rounds = options.rounds ?? 3;

  return withScratchDatabaseUrl(serverUrl, async (databaseUrl) => {
    const { url, child } = await startServer(databaseUrl);
    const client = new BenchClient(url, connections);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
    try {
      await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)');
      const products = await createBenchProducts(client);
      const insertJson = JSON.stringify({ itemId: products[0]!.itemId, sku: products[0]!.sku, quantity: 1, additionalFields: null });
      const insert = async () => {
        await pool.query('INSERT INTO bench_baseline (data) VALUES ($1::jsonb)', [insertJson]);
      };

      const carts: (string | undefined)[] = new Array(connections).fill(undefined);
      const addLatencies: number[] = [];
      let failures = 0;
      const addToCart = async (worker: number, iteration: number) => {
        if (iteration % ADDS_PER_CART === 0) carts[worker] = undefined;
        const product = products[(worker + iteration) % products.length]!;
        const started = performance.now();
        const res = await client.request('POST', '/api/commerce/shopping-cart/entries', { itemId: product.itemId, sku: product.sku, quantity: 1, additionalFields: null },
          carts[worker] ? { cookie: carts[worker]! } : {});
        addLatencies.push(performance.now() - started);
        if (res.status !== 200) failures++;
        carts[worker] ??= cookieNamed(res, 'ss_cart');
      };

      if (options.checkoutOnly) return { checkout: await measureCheckout(client, products, checkoutConcurrency, phaseMs * rounds, pool) };
      // The HTTP stack's own ceiling on this machine: a request that touches neither domain nor database.
      const floor = await measureThroughput(phaseMs, connections, async () => {
        await client.request('GET', '/api/no-such-route');
      });
      // And the ceiling of any HTTP add-to-cart here: a bare Node server doing one INSERT per request.
      const bare = await startServer(databaseUrl, resolve(__dirname, 'bare-http-insert-server.js'), [databaseUrl]);
      const bareClient = new BenchClient(bare.url, connections);
      const bareInsert = async () => {
        const res = await bareClient.request('POST', '/entries', JSON.parse(insertJson));
        if (res.status !== 200) throw new Error(`bare server failed: ${res.status}`);
      };
      let bareOps = 0, bareSeconds = 0, bareBaselineOps = 0, bareBaselineSeconds = 0;
      try {
        await measureThroughput(500, connections, bareInsert);
        for (let round = 0; round < rounds; round++) {
          const base = await measureThroughput(phaseMs, connections, insert);
          const b = await measureThroughput(phaseMs, connections, bareInsert);
          bareBaselineOps += base.ops; bareBaselineSeconds += base.seconds; bareOps += b.ops; bareSeconds += b.seconds;
        }
      } finally {
        bareClient.close();
        await stopServer(bare.child);
      }
      const bareRatio = (bareOps / bareSeconds) / (bareBaselineOps / bareBaselineSeconds);

      // Warm-up of both paths, then alternating phases so machine noise hits both alike.
      await measureThroughput(500, connections, insert);
      await measureThroughput(1000, connections, addToCart);
      addLatencies.length = 0;
      let baselineOps = 0, baselineSeconds = 0, addOps = 0, addSeconds = 0;
      for (let round = 0; round < rounds; round++) {
        const base = await measureThroughput(phaseMs, connections, insert);
        const add = await measureThroughput(phaseMs, connections, addToCart);
        baselineOps += base.ops; baselineSeconds += base.seconds; addOps += add.ops; addSeconds += add.seconds;
      }
      if (failures > 0) throw new Error(`${failures} add-to-cart requests failed`);
      const baselineRps = baselineOps / baselineSeconds;
      const add: LatencyRow = { rps: addOps / addSeconds, p50: percentile(addLatencies, 0.5), p99: percentile(addLatencies, 0.99), count: addLatencies.length };

      const checkoutRow = await measureCheckout(client, products, checkoutConcurrency, phaseMs * rounds, pool);

      const ms = (v: number) => v.toFixed(1);
      printTable([
        { request: 'INSERT baseline', concurrency: connections, 'ops/s': formatRate(baselineRps), ratio: '', p50_ms: '', p99_ms: '', n: baselineOps },
        { request: 'HTTP floor (404)', concurrency: connections, 'ops/s': formatRate(floor.opsPerSec), ratio: (floor.opsPerSec / baselineRps).toFixed(2), p50_ms: '', p99_ms: '', n: floor.ops },
        { request: 'bare Node HTTP + INSERT', concurrency: connections, 'ops/s': formatRate(bareOps / bareSeconds), ratio: bareRatio.toFixed(2), p50_ms: '', p99_ms: '', n: bareOps },
        { request: 'add-to-cart', concurrency: connections, 'ops/s': formatRate(add.rps), ratio: (add.rps / baselineRps).toFixed(2), p50_ms: ms(add.p50), p99_ms: ms(add.p99), n: add.count },
        { request: 'checkout (5 lines)', concurrency: checkoutConcurrency, 'ops/s': formatRate(checkoutRow.rps), ratio: '', p50_ms: ms(checkoutRow.p50), p99_ms: ms(checkoutRow.p99), n: checkoutRow.count },
      ]);
      console.log(`add-to-cart/baseline ratio ${(add.rps / baselineRps).toFixed(2)} (target ≥ 0.4), p99 ${ms(add.p99)} ms (target < 50); checkout p99 ${ms(checkoutRow.p99)} ms (target < 100)`);
      return { baselineRps, floorRps: floor.opsPerSec, bareRatio, add, checkout: checkoutRow };
    } finally {
      client.close();
      await pool.end();
      await stopServer(child);
    }
  });
}

if (require.main === module) {
  runCommerceHttpBench({ checkoutOnly: process.env.BENCH_ONLY === 'checkout' }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
