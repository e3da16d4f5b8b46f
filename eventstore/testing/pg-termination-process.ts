/**
 * Child process for pg-database-faults.int.spec.ts (started with `node -r ./swc-register.js`), so that
 * a crash of the process is what the test observes: an unhandled 'error' event exits non-zero.
 *
 * Against DATABASE_URL it opens a PgDatabase, starts a transaction that goes idle inside the
 * transaction, puts more queries and transactions in flight, terminates every backend of the
 * database (pg_terminate_backend: SQLSTATE 57P01 on each), then lets everything settle and checks
 * that the pool and LISTEN recover. Prints one JSON line with what it saw and exits 0.
 */
import pg from 'pg';
import { PgDatabase } from '../src/drivers/pg-database';
import { DatabaseUnavailableError } from '../src/errors';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = { status: 'fulfilled' } | { status: 'rejected'; name: string; unavailable: boolean; message: string; code?: string };

function settle(promise: Promise<unknown>): Promise<Outcome> {
  return promise.then(
    () => ({ status: 'fulfilled' }),
    (reason) => outcome(reason),
  );
}

function outcome(reason: unknown): Outcome {
  const err = reason as Error & { code?: string };
  return {
    status: 'rejected',
    name: err?.name,
    unavailable: err instanceof DatabaseUnavailableError,
    message: err?.message,
    code: err?.code,
  };
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL as string;
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  const db = new PgDatabase(url, { max: 10 });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();

  const notified: string[] = [];
  await db.listen('fault_test', (payload) => notified.push(payload));

  // 1. A transaction that is idle inside the transaction (its client checked out, no query running).
  let resume!: () => void;
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  // Outcomes are taken at once, so no rejection is ever unhandled (that would end the process too).
  const idleTransaction = settle(
    db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      entered();
      await resumed;
      await tx.query('SELECT 2');
      return 'committed';
    }),
  );
  await inside;

  // 2. Load: queries and transactions running on the server when the backends go.
  const inFlight: Promise<Outcome>[] = [];
  for (let i = 0; i < 6; i++) {
    inFlight.push(settle(i % 2 === 0 ? db.query('SELECT pg_sleep(1)') : db.transaction((tx) => tx.query('SELECT pg_sleep(1)'))));
  }
  await sleep(200);

  // 3. Terminate every backend of the database except the admin's own.
  const { rows } = await admin.query<{ terminated: number }>(
    `SELECT count(*)::int AS terminated FROM (
       SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()
     ) t`,
    [database],
  );
  await sleep(300); // the 'error' events of idle connections arrive meanwhile
  resume();
  const idleOutcome = await idleTransaction;
  const inFlightOutcomes = await Promise.all(inFlight);

  // 4. Recovery without a new PgDatabase: plain queries, transactions, SQL errors stay SQL errors.
  const afterQuery = await db.query<{ one: number }>('SELECT 1 AS one');
  const afterTransaction = await db.transaction(async (tx) => (await tx.query<{ two: number }>('SELECT 2 AS two')).rows[0]?.two);
  const sqlError = await settle(db.query('SELECT 1/0'));

  // 5. LISTEN recovers (it reconnects with backoff; NOTIFYs sent while it is down are lost).
  const deadline = Date.now() + 10_000;
  let i = 0;
  while (notified.length === 0 && Date.now() < deadline) {
    await db.query('SELECT pg_notify($1, $2)', ['fault_test', `after-${i++}`]);
    await sleep(100);
  }

  process.stdout.write(
    `${JSON.stringify({
      terminated: rows[0]?.terminated,
      idleOutcome,
      inFlightOutcomes,
      afterQuery: afterQuery.rows[0]?.one,
      afterTransaction,
      sqlError,
      notified: notified.length > 0,
    })}\n`,
  );
  await admin.end();
  await db.close();
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`scenario failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(2);
  },
);
