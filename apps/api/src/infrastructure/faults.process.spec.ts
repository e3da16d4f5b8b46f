import { findPostgresBin, ScratchPostgres } from '@storefront/eventstore/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { REPO_ROOT, startBuiltServer, startBuiltWorker, type RunningServer, type RunningWorker } from '../../test/built-app';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

/**
 * The fault suite: the scaled-out topology (two ROLE=api processes and a ROLE=worker) on a
 * PostgreSQL server of the test's own, with buyers adding to carts and checking out the whole time
 * while, one after another, each process is killed with SIGKILL and started again, every database
 * backend is terminated, and the server itself is restarted. When the load stops and the dust has
 * settled: every order a buyer was told about is there, no stock is held for anything but a
 * placed order, and every read model equals a replay of the log (`cli verify`).
 */
const postgresBin = findPostgresBin();
const describeWithServer = postgresBin ? describe : describe.skip;
const execFileAsync = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const OWNER = { email: 'owner@example.com', password: 'browser-test-password' };
const STOCK = 2000;
const SKUS = ['FAULT-1', 'FAULT-2', 'FAULT-3'];
/** Orders acknowledged after each fault before the next one (the load runs on between them). */
const ORDERS_BETWEEN_FAULTS = 5;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer read loosely, as supertest's res.body
type Json = { status: number; body: any; headers: Headers };

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

const cookieOf = (res: Json, name: string) =>
  res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1);

describeWithServer('faults under load: kill -9 of every process role, backends terminated, the server restarted', () => {
  let server: ScratchPostgres;
  let databaseUrl: string;
  let env: Record<string, string>;
  const apis: (RunningServer | null)[] = [null, null];
  let worker: RunningWorker | null = null;
  const products: { itemId: string; sku: string }[] = [];

  beforeAll(async () => {
    server = await ScratchPostgres.create(postgresBin!);
    await server.start({ maxConnections: 120 });
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE storefront');
    await admin.end();
    databaseUrl = server.url.replace(/\/postgres$/, '/storefront');
    env = {
      DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password, CART_RATE_LIMIT_BURST: '0', CLIENT_RATE_LIMIT_BURST: '0',
      // Checkouts a crash left unfinished are completed or compensated two seconds later.
      CHECKOUT_RECOVERY_DEADLINE_MS: '2000', CHECKOUT_RECOVERY_INTERVAL_MS: '300',
    };
    apis[0] = await startBuiltServer({ ...env, ROLE: 'api' });
    [apis[1], worker] = await Promise.all([startBuiltServer({ ...env, ROLE: 'api' }), startBuiltWorker(env)]);

    const base = apis[0]!.url;
    const session = await call(base, 'POST', '/api/config/session', OWNER);
    expect(session.status).toBe(200);
    const owner = { cookie: cookieOf(session, 'owner_session')!, 'x-xsrf-token': session.body.xsrfToken as string };
    let websiteId: string | undefined;
    for (let i = 0; i < 100 && !websiteId; i++) {
      websiteId = (await call(base, 'GET', '/api/commerce/products/p-stoneware-mug')).body?.websiteId;
      if (!websiteId) await sleep(100);
    }
    for (const sku of SKUS) {
      const created = await call(base, 'POST', `/api/content-service/product/1.1/websites/${websiteId}/products`, {
        title: `Fault ${sku}`, productType: 'PHYSICAL', variants: [{ sku, priceCents: 1500, qtyInStock: STOCK }],
      }, owner);
      expect(created.status).toBe(201);
      products.push({ itemId: created.body.record.id, sku });
    }
    for (const p of products) {
      for (let i = 0; (await call(base, 'GET', `/api/commerce/products/${p.itemId}`)).status !== 200; i++) {
        if (i > 200) throw new Error('the worker did not project the products');
        await sleep(50);
      }
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...apis.map((a) => a?.stop()), worker?.kill('SIGTERM')]);
    await server?.destroy();
  }, 60_000);

  it('keeps every acknowledged order, holds no stock without an order, and its read models equal a replay', async () => {
    const acknowledged = new Map<string, { sku: string; quantity: number }[]>();
    const outcomes = new Map<string, number>();
    let running = true;
    let refused = 0;
    const live = () => apis.filter((a): a is RunningServer => a !== null);

    const buyer = async (n: number) => {
      for (let round = 0; running; round++) {
        const servers = live();
        if (servers.length === 0) {
          await sleep(50);
          continue;
        }
        const base = servers[(n + round) % servers.length]!.url;
        try {
          const lines = [products[(n + round) % products.length]!, products[(n + round + 1) % products.length]!];
          let cookie: string | undefined;
          for (const line of lines) {
            const added = await call(base, 'POST', '/api/commerce/shopping-cart/entries', { itemId: line.itemId, sku: line.sku, quantity: 1 }, cookie ? { cookie } : {});
            outcomes.set(`add ${added.status}`, (outcomes.get(`add ${added.status}`) ?? 0) + 1);
            if (added.status !== 200) throw new Error('add failed');
            cookie ??= cookieOf(added, 'ss_cart');
          }
          const token = n % 4 === 3 ? 'tok_chargeDeclined' : 'tok_visa';
          const checkout = await call(base, 'POST', '/api/commerce/checkout', { email: `buyer${n}@example.com`, paymentToken: token, shippingAddress: TEST_SHIPPING_ADDRESS }, { cookie: cookie! });
          outcomes.set(`checkout ${checkout.status}`, (outcomes.get(`checkout ${checkout.status}`) ?? 0) + 1);
          if (checkout.status === 200) {
            acknowledged.set(checkout.body.order.id, lines.map((l) => ({ sku: l.sku, quantity: 1 })));
          }
        } catch {
          // a process went away mid-request, or the add failed: this buyer tries again
          refused++;
          await sleep(20);
        }
      }
    };
    const buyers = Array.from({ length: 8 }, (_, n) => buyer(n));

    const restartApi = async (i: number) => {
      const old = apis[i]!;
      apis[i] = null;
      await old.kill('SIGKILL');
      await old.stop(); // removes its data directory
      apis[i] = await startBuiltServer({ ...env, ROLE: 'api' });
    };
    const terminateBackends = async () => {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'storefront'`);
      await admin.end();
    };

    /** Waits until `done` holds while the buyers go on (checked every 20 ms, for at most a minute). */
    const until = async (what: string, done: () => boolean) => {
      for (const deadline = Date.now() + 60_000; !done(); await sleep(20)) {
        if (Date.now() > deadline) throw new Error(`the load never showed ${what}: ${JSON.stringify(Object.fromEntries(outcomes))}`);
      }
    };
    /** Between faults the buyers place a few more orders: the load goes on through each fault and past it. */
    const moreOrders = (what: string) => {
      const from = acknowledged.size;
      return until(`orders ${what}`, () => acknowledged.size >= from + ORDERS_BETWEEN_FAULTS);
    };

    await moreOrders('before the first fault');
    await restartApi(0);
    await moreOrders('after the first api process was killed and started again');
    await worker!.kill('SIGKILL');
    worker = await startBuiltWorker(env);
    await moreOrders('after the worker was killed and started again');
    await terminateBackends();
    await moreOrders('after the database backends were terminated');
    await server.stop('immediate');
    // Down until the buyers have felt it: some of their requests fail.
    const refusedBefore = refused;
    await until('a request refused while the database is down', () => refused > refusedBefore);
    await server.start({ maxConnections: 120 });
    await moreOrders('after the database server restarted');
    await restartApi(1);
    await moreOrders('after the second api process was killed and started again');
    running = false;
    await Promise.all(buyers);

    expect(outcomes.get('checkout 200') ?? 0).toBeGreaterThan(0);
    expect([...outcomes.keys()].filter((k) => / 5\d\d$/.test(k) && !k.endsWith(' 503'))).toEqual([]);

    // Let recovery finish every checkout a crash interrupted and the worker apply everything.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      for (let i = 0; ; i++) {
        const behind = await db.query(
          `SELECT count(*)::int AS n FROM checkpoints c
            WHERE EXISTS (SELECT 1 FROM events e WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position))`,
        );
        const unfinished = await db.query(`SELECT count(*)::int AS n FROM checkouts WHERE status = 'IN_PROGRESS'`);
        if (behind.rows[0].n === 0 && unfinished.rows[0].n === 0) break;
        if (i > 600) throw new Error(`not settled: ${behind.rows[0].n} projections behind, ${unfinished.rows[0].n} checkouts unfinished`);
        await sleep(100);
      }
      const placed = await db.query<{ order_id: string; status: string; state: { order: { lines: { sku: string; quantity: number }[] } } }>(
        'SELECT order_id, status, state FROM orders',
      );
      const orders = new Map(placed.rows.map((r) => [r.order_id, r]));
      for (const id of acknowledged.keys()) expect(orders.has(id)).toBe(true);

      const sold = new Map<string, number>();
      for (const row of placed.rows) {
        if (row.status === 'CANCELED') continue;
        for (const line of row.state.order.lines) sold.set(line.sku, (sold.get(line.sku) ?? 0) + line.quantity);
      }
      const stock = await db.query<{ sku: string; qty_in_stock: string }>('SELECT sku, qty_in_stock::text FROM catalog_inventory WHERE sku = ANY($1::text[])', [SKUS]);
      expect(stock.rows).toHaveLength(SKUS.length);
      for (const row of stock.rows) expect(STOCK - Number(row.qty_in_stock)).toBe(sold.get(row.sku) ?? 0);
    } finally {
      await db.end();
    }

    const verify = await execFileAsync(process.execPath, [join(REPO_ROOT, 'apps/cli/dist/main.js'), 'verify'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl },
    }).then(
      (r) => ({ code: 0, output: r.stdout + r.stderr }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    );
    expect(verify).toMatchObject({ code: 0 });
  }, 240_000);
});
