/**
 * The built product (`apps/api/dist/main.js`) run as real processes: an HTTP server on a free port
 * with a fresh data directory, or a projection worker (ROLE=worker). Used by the browser suites and
 * the multi-process suites (`npm run test:browser`, after `npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../../..');
/** The demo's entry point (what `npm start` runs): a new data directory gets the demo store. */
export const BUILT_SERVER_ENTRY = join(REPO_ROOT, 'apps/api/dist/demo/main.js');
/** The product's own entry point: a new data directory gets an untitled website and an empty store. */
export const PRODUCT_SERVER_ENTRY = join(REPO_ROOT, 'apps/api/dist/main.js');

/** Long enough for a start on a machine shared by several people (a loaded 2-core box has taken over 60 s). */
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 5_000;

export type RunningServer = {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  dataDir: string;
  pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Sends a signal and waits for the process to exit (SIGKILL: a crash; the data directory stays). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
};

/**
 * Spawns the built API with `PORT=0` and a temp `DATA_DIR`, and resolves once it prints
 * `Storefront listening on http://…`. `entry` defaults to the demo's (`apps/api/dist/demo/main.js`).
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  entry: string = BUILT_SERVER_ENTRY,
): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storefront-built-'));
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: {
      ...inheritedEnv(),
      NODE_OPTIONS: '',
      PORT: '0',
      DATA_DIR: dataDir,
      OWNER_EMAIL: 'owner@example.com',
      OWNER_PASSWORD: 'browser-test-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const url = await waitForOutput(child, /listening on (http:\/\/\S+)/);
    return { url: url.replace(/\/$/, ''), dataDir, pid: child.pid!, output: () => printed, kill: (signal) => killAndWait(child, signal), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The test runner's environment without DATABASE_URL: CI sets it for the storage suites, and a
 * built server must not join that shared database by accident (each suite's server gets its own
 * PGlite directory, or the database it names itself).
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _shared, ...rest } = process.env;
  return rest;
}

/**
 * Resolves once every projection has applied every event committed so far (no event after its
 * checkpoint in the log's order), checked in the database itself.
 */
export async function waitForProjections(query: (sql: string) => Promise<{ rows: { behind: number }[] }>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await query(
      `SELECT count(*)::int AS behind FROM checkpoints c
        WHERE EXISTS (SELECT 1 FROM events e WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position))`,
    );
    if (rows[0]!.behind === 0) return;
    if (Date.now() > deadline) throw new Error(`projections still behind after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type RunningWorker = { pid: number; kill(signal: NodeJS.Signals): Promise<void> };

/** Spawns the built app with ROLE=worker (projections only) and resolves once it reports running. */
export async function startBuiltWorker(env: Record<string, string>): Promise<RunningWorker> {
  const child = spawn(process.execPath, [BUILT_SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...inheritedEnv(), NODE_OPTIONS: '', ...env, ROLE: 'worker' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await waitForOutput(child, /(worker running projections)/);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    pid: child.pid!,
    kill: (signal) => (signal === 'SIGTERM' ? stopProcess(child) : killAndWait(child, signal)),
  };
}

function killAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    child.kill(signal);
  });
}

/** Resolves with the first capture group of `pattern` once the process prints it. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`process did not print ${pattern} within ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        cleanup();
        resolvePromise(match[1]);
      }
    };
    const onExit = (code: number | null, signal: string | null) =>
      fail(new Error(`process exited (code ${code}, signal ${signal}) before printing ${pattern}:\n${output}`));
    const onError = (error: Error) => fail(error);
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      // Keep draining so a chatty server never blocks on a full pipe.
      child.stdout?.resume();
      child.stderr?.resume();
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
