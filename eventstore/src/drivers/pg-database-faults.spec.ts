import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../testing';

const testingDir = join(__dirname, '..', 'testing');

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
