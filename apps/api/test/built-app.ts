/**
 * The built product (`apps/api/dist/main.js`) run as real processes: an HTTP server on a free port
 * with a fresh data directory, or a projection worker (ROLE=worker). Used by the browser suites and
 * the multi-process suites (`npm run test:browser`, after `npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
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
/** The first start of a new demo (migrations and seeding) before the suites: no suite's hook waits for it. */
const SEEDING_TIMEOUT_MS = 600_000;

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
  if (entry === BUILT_SERVER_ENTRY && Object.keys(env).every((key) => RUNTIME_ONLY_SETTING.test(key))) {
    // The global setup names the directory it made; a suite run without it makes (or finds) it here.
    await cp(process.env[SEEDED_DEMO_ENV] ?? (await prepareSeededDemo()), dataDir, { recursive: true });
  }
  return spawnServer(dataDir, env, entry);
}

/** Where the browser configuration's global setup puts the seeded demo directory's path for the suites. */
export const SEEDED_DEMO_ENV = 'STOREFRONT_SEEDED_DEMO_DIR';

/**
 * Settings that change how a running server behaves, never what a new database is seeded with: a
 * server started with only these (or none) may start from a copy of the seeded demo directory.
 */
const RUNTIME_ONLY_SETTING = /^(VISITOR_TRACKING|COOKIE_POLICY|SMTP_URL|MAIL_[A-Z_]+|ANALYTICS_COUNT_HEADLESS|[A-Z_]+_RATE_LIMIT_[A-Z_]+)$/;

/**
 * The demo store as a new data directory holds it after its first start (migrations applied,
 * demo seeded, projections caught up), made once per build and copied for each server that asks
 * for a new demo: a first start seeds for about a minute on a busy two-core machine, a copy starts
 * in a fraction of that. Its image renditions are made once here too. Keyed by the build, so a
 * rebuilt app seeds a new one. The browser configuration's global setup makes it before the first
 * suite (minutes on a loaded machine, which no suite's hook should wait for); returns its path.
 */
export async function prepareSeededDemo(): Promise<string> {
  const key = createHash('sha256').update(`${REPO_ROOT}:${await newestBuildTime()}`).digest('hex').slice(0, 16);
  const prefix = 'storefront-demo-template-';
  const template = join(tmpdir(), `${prefix}${key}`);
  if (await exists(template)) return template;
  // Templates of earlier builds go; this one is seeded in a directory of its own, then renamed
  // into place whole (a run stopped half-way leaves no half-seeded template).
  for (const name of await readdir(tmpdir())) {
    if (name.startsWith(prefix)) await rm(join(tmpdir(), name), { recursive: true, force: true });
  }
  const seeding = await mkdtemp(join(tmpdir(), 'storefront-seeding-'));
  const server = await spawnServer(seeding, {}, BUILT_SERVER_ENTRY, SEEDING_TIMEOUT_MS);
  try {
    await warmImageRenditions(server.url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  await server.kill('SIGTERM');
  try {
    await rename(seeding, template);
  } catch (error) {
    // Another run made it meanwhile: use that one.
    await rm(seeding, { recursive: true, force: true });
    if (!(await exists(template))) throw error;
  }
  return template;
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The builds a server's database depends on (migrations, seeders, projections); the newest file's time. */
async function newestBuildTime(): Promise<number> {
  let newest = 0;
  for (const dist of ['apps/api/dist', 'projections/dist', 'eventstore/dist', 'domain/dist']) {
    for (const entry of await readdir(join(REPO_ROOT, dist), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

/** What Chromium asks for when it loads an image. */
const BROWSER_IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/**
 * Asks for every image rendition the demo's pages link (the home page and the pages it links to),
 * as Chromium would: renditions are made on first request and kept in the database, so the copies
 * of the template serve them at once instead of each resizing the originals again.
 */
async function warmImageRenditions(baseUrl: string): Promise<void> {
  const home = await (await fetch(`${baseUrl}/`)).text();
  const pages = new Set(['/']);
  for (const [, href] of home.matchAll(/href="(\/[^"#?]*)"/g)) {
    if (!/^\/(api|config|static)\b/.test(href!) && pages.size < 40) pages.add(href!);
  }
  const images = new Set<string>();
  for (const path of pages) {
    const html = path === '/' ? home : await (await fetch(`${baseUrl}${path}`)).text();
    for (const [url] of html.matchAll(/\/static\/images\/[^"'\s,)]+/g)) images.add(url.replace(/&amp;/g, '&'));
  }
  const queue = [...images];
  const fetchNext = async (): Promise<void> => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      await (await fetch(`${baseUrl}${url}`, { headers: { accept: BROWSER_IMAGE_ACCEPT } })).arrayBuffer();
    }
  };
  await Promise.all([fetchNext(), fetchNext()]);
}

function spawnServer(dataDir: string, env: Record<string, string>, entry: string, readyTimeoutMs = READY_TIMEOUT_MS): Promise<RunningServer> {
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

  return waitForOutput(child, /listening on (http:\/\/\S+)/, readyTimeoutMs).then(
    (url) => ({
      url: url.replace(/\/$/, ''),
      dataDir,
      pid: child.pid!,
      output: () => printed,
      kill: (signal: NodeJS.Signals) => killAndWait(child, signal),
      stop,
    }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
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
function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = READY_TIMEOUT_MS): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`process did not print ${pattern} within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
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
