import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseUnavailableError } from '../errors';
import { createTestDatabase, eventually, findPostgresBin, POSTGRES_LIB, ScratchPostgres, type TestDatabase } from '../../testing';
import { PgDatabase } from './pg-database';

const testingDir = join(__dirname, '..', '..', 'testing');

/** Runs a TypeScript file of ../testing in a child `node`; resolves with its exit code and output. */
function runChild(script: string, env: Record<string, string>): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['-r', join(testingDir, 'swc-register.js'), join(testingDir, script)], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not finish in 30 s: ${stderr}`));
    }, 30_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const describePostgres = process.env.DATABASE_URL ? describe : describe.skip;

// The pools' "idle PostgreSQL client error" warnings are expected here.
let warn: jest.SpyInstance;
beforeAll(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => warn.mockRestore());

describePostgres('PgDatabase when the server terminates its backends [postgres]', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("keeps an 'error' listener on every pooled client, handed out or idle: an error event between two statements ends nothing", async () => {
    const db = new PgDatabase(test.url as string, { max: 2 });
    try {
      // Handed out as `transaction` gets it, before it attaches its own listener (a FATAL read in
      // the same chunk as the ReadyForQuery that freed the client is emitted then).
      const client = await db.pool.connect();
      expect(() => client.emit('error', new Error('terminating connection due to administrator command'))).not.toThrow();
      client.release(new Error('broken'));
      expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('does not crash the process: in-flight work fails as DatabaseUnavailableError, then the pool and LISTEN recover', async () => {
    const run = await runChild('pg-termination-process.ts', { DATABASE_URL: test.url as string });
    // An unhandled 'error' event (57P01 on a client checked out for a transaction) kills the child.
    expect({ code: run.code, signal: run.signal, stderr: run.stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    const result = JSON.parse(run.stdout.trim().split('\n').pop() as string);

    expect(result.terminated).toBeGreaterThanOrEqual(8); // LISTEN connection, idle transaction, 6 in flight
    // The transaction whose client sat idle in the transaction when its backend died.
    expect(result.idleOutcome).toMatchObject({ status: 'rejected', name: 'DatabaseUnavailableError', unavailable: true, code: '57P01' });
    // Statements running when their backends died: each one fails as unavailable (none succeeds: they sleep 1 s).
    expect(result.inFlightOutcomes).toHaveLength(6);
    for (const o of result.inFlightOutcomes) expect(o).toMatchObject({ status: 'rejected', name: 'DatabaseUnavailableError', unavailable: true });
    // The same PgDatabase works again; an SQL error is still an SQL error, not "unavailable".
    expect(result.afterQuery).toBe(1);
    expect(result.afterTransaction).toBe(2);
    expect(result.sqlError).toMatchObject({ status: 'rejected', unavailable: false, code: '22012' });
    expect(result.notified).toBe(true);
  });
});

const postgresBin = findPostgresBin();
const describeWithInitdb = postgresBin ? describe : describe.skip;
if (!postgresBin) console.warn(`Skipping the PostgreSQL restart test: no ${POSTGRES_LIB}/*/bin/initdb on this machine`);

describeWithInitdb(`PgDatabase across restarts of a PostgreSQL server it does not own${postgresBin ? '' : ` (skipped: no ${POSTGRES_LIB}/*/bin/initdb)`}`, () => {
  let server: ScratchPostgres | undefined;
  let db: PgDatabase | undefined;

  beforeAll(async () => {
    server = await ScratchPostgres.create(postgresBin as string);
    await server.start();
  });
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    await server?.destroy();
  });

  const unavailable = (promise: Promise<unknown>) =>
    promise.then(
      () => 'fulfilled',
      (err: unknown) => (err instanceof DatabaseUnavailableError ? `unavailable ${err.code}` : `other: ${String(err)}`),
    );

  /** The call's outcome once a connection is refused; every earlier outcome must be 'unavailable' (a pooled client whose connection is gone). */
  const untilRefused = async (call: () => Promise<unknown>): Promise<string> => {
    for (let attempt = 1; ; attempt++) {
      const outcome = await unavailable(call());
      if (outcome === 'unavailable ECONNREFUSED' || !outcome.startsWith('unavailable ') || attempt >= 5) return outcome;
    }
  };

  it('calls fail with DatabaseUnavailableError while it is down (no crash), and the same PgDatabase works again after each restart, LISTEN included', async () => {
    const srv = server as ScratchPostgres;
    db = new PgDatabase(srv.url, { max: 4 });
    const pgdb = db;
    const received: string[] = [];
    await pgdb.listen('restart_test', (payload) => received.push(payload));
    await pgdb.query('CREATE TABLE t (id int PRIMARY KEY)');

    for (const [round, mode] of (['fast', 'immediate'] as const).entries()) {
      // A transaction idle inside the transaction, and idle pooled connections, when the server goes.
      let resume!: () => void;
      const resumed = new Promise<void>((resolve) => (resume = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const idleTransaction = unavailable(
        pgdb.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES ($1)', [100 + round]);
          entered();
          await resumed;
          await tx.query('INSERT INTO t VALUES ($1)', [200 + round]);
        }),
      );
      await inside;
      await Promise.all([pgdb.query('SELECT 1'), pgdb.query('SELECT 2')]);

      await srv.stop(mode);
      resume();
      expect(await idleTransaction).toMatch(/^unavailable /);
      // Down: refused connections. On a loaded machine a pooled client may not have seen its
      // connection close yet: its call fails as unavailable too, and the pool drops it.
      expect(await untilRefused(() => pgdb.query('SELECT 1'))).toBe('unavailable ECONNREFUSED');
      expect(await untilRefused(() => pgdb.transaction((tx) => tx.query('SELECT 1')))).toBe('unavailable ECONNREFUSED');
      expect(await untilRefused(() => pgdb.listen('other_channel', () => undefined))).toBe('unavailable ECONNREFUSED');

      await srv.start();
      // Up again, same PgDatabase: queries, transactions, SQL errors as SQL errors.
      expect((await pgdb.query<{ n: number }>('SELECT 1 + $1::int AS n', [round])).rows).toEqual([{ n: 1 + round }]);
      await pgdb.transaction((tx) => tx.query('INSERT INTO t VALUES ($1)', [300 + round]));
      await expect(pgdb.query('INSERT INTO t VALUES ($1)', [300 + round])).rejects.toMatchObject({ code: '23505' });
      // Nothing of the broken transaction was committed.
      expect((await pgdb.query<{ id: number }>('SELECT id FROM t ORDER BY id')).rows.map((r) => r.id)).toEqual(
        Array.from({ length: round + 1 }, (_, i) => 300 + i),
      );
      // LISTEN comes back on its own (with backoff; NOTIFYs sent meanwhile are lost, so send until one arrives).
      received.length = 0;
      await eventually(async () => {
        await pgdb.query('SELECT pg_notify($1, $2)', ['restart_test', `round-${round}`]);
        return received.length > 0;
      }, { timeoutMs: 8_000, intervalMs: 100, message: 'LISTEN did not come back' });
      expect(received[0]).toBe(`round-${round}`);
    }
  });
});
