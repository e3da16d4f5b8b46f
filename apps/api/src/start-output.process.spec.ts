import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_SERVER_ENTRY, REPO_ROOT } from '../test/built-app';

/**
 * What `npm start` (scripts/start.mjs) prints: one line per step with its duration (and a line as
 * a long one begins), nothing of the compiler's or the bundler's own output, and last, within the
 * first 40 lines, the URL with the port actually bound (PORT=0 here), the owner sign-in and a
 * generated password.
 */

/** What Vite and Rolldown print when a build is not told to keep quiet. */
const BUNDLER_OUTPUT = /vite v\d|transforming|modules transformed|rendering chunks|computing gzip|built in \d|(^|\s)dist\/|\(!\)|Some chunks are larger|chunkSizeWarningLimit|plugin builtin:|│ gzip:/;
/** Nest's listing of modules and routes. */
const NEST_LISTING = /Mapped \{|RoutesResolver|RouterExplorer|InstanceLoader/;
const DURATION = String.raw`\(\d+\.\d s\)`;
const START = join(REPO_ROOT, 'scripts', 'start.mjs');

type Started = { lines: string[]; url: string; stop(): Promise<void> };

/**
 * The test runner's environment as a shell's would be: without DATABASE_URL (CI sets it for the
 * storage suites; each start here gets a new PGlite directory, so a first start really is one) and
 * without Jest's NODE_ENV=test (under which Vite would build React's development bundles).
 */
function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _shared, NODE_ENV: _test, ...rest } = process.env;
  return { ...rest, NODE_OPTIONS: '', PORT: '0', OWNER_EMAIL: 'owner@example.com', ...env };
}

/**
 * Runs `args` (a script and its arguments) until it prints the owner sign-in, then a second more so
 * that anything printed after it would be caught, and returns what it printed by then, line by line.
 */
async function start(args: string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: environment(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 200_000;
  while (!/^Owner sign-in: .*\n/m.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`no sign-in line; the process printed:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1000));
  const lines = output.split('\n').filter(Boolean);
  const url = /^Storefront listening on (http:\/\/\S+)$/m.exec(output)?.[1] ?? '';
  return { lines, url, stop };
}

/** Runs a script to its end; its exit code and what it printed. */
async function run(args: string[]): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: environment({}), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, lines: output.split('\n').filter(Boolean) };
}

/** The last lines of a start: the URL with a real port, the sign-in under it, then `extra` (the password line, or nothing). */
function expectEndsWithSignIn(started: Started, extra: RegExp[]) {
  const { lines, url } = started;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(Number(new URL(url).port)).toBeGreaterThan(0);
  const tail = lines.slice(-(2 + extra.length));
  expect(tail[0]).toBe(`Storefront listening on ${url}`);
  expect(tail[1]).toBe(`Owner sign-in: ${url}/config/login as owner@example.com`);
  extra.forEach((line, i) => expect(tail[2 + i]).toMatch(line));
  expect(lines.length).toBeLessThanOrEqual(40);
}

describe('npm start output', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'start-output-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the web build says that it builds and what it built, in two lines, with no output of Vite and no chunk-size warning', async () => {
    // A build of its own (--force, elsewhere than web/dist): what a first `npm start` runs, without disturbing the built app.
    const out = await mkdtemp(join(tmpdir(), 'start-output-web-'));
    try {
      const build = await run([join(REPO_ROOT, 'web', 'scripts', 'build.mjs'), '--force', '--brief', '--out', join(out, 'dist')]);
      expect(build).toEqual({
        code: 0,
        lines: [
          '… building the web bundle (storefront islands, owner app, tracker)',
          expect.stringMatching(/^✓ web bundle built \(\d+\.\d s; gzipped: storefront islands [\d.]+ kB, owner app [\d.]+ kB, tracker [\d.]+ kB\)$/),
        ],
      });
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 240_000);

  it('a first start: a line per step with its duration, then the URL with the bound port, the sign-in and the generated password last', async () => {
    const started = await start([START], { DATA_DIR: dataDir });
    try {
      const { lines } = started;
      expect(lines.filter((line) => BUNDLER_OUTPUT.test(line) || NEST_LISTING.test(line))).toEqual([]);
      for (const step of [
        String.raw`TypeScript (compiled: \d+ projects?|up to date)`,
        String.raw`web bundle (built|up to date)`,
        String.raw`demo store seeded: \d+ products`,
        String.raw`demo site seeded: .+`,
        String.raw`demo images drawn and uploaded: \d+`,
      ]) {
        expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^✓ ${step} ${DURATION}$`)));
      }
      expect(lines).toContainEqual('… seeding the demo store');
      expectEndsWithSignIn(started, [/^Owner account created: owner@example\.com \/ \S{20,} \(shown once\)$/]);
      // The address printed is the server's.
      expect((await fetch(`${started.url}/`)).status).toBe(200);
    } finally {
      await started.stop();
    }
  }, 240_000);

  it('a later start (built, seeded): the same steps, up to date, nothing seeded, the URL and the sign-in last', async () => {
    const started = await start([START], { DATA_DIR: dataDir });
    try {
      const { lines } = started;
      expect(lines.filter((line) => BUNDLER_OUTPUT.test(line) || NEST_LISTING.test(line))).toEqual([]);
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^✓ TypeScript (compiled: \\d+ projects?|up to date) ${DURATION}$`)));
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^✓ web bundle up to date ${DURATION}$`)));
      expect(lines.join('\n')).not.toMatch(/seeding|seeded|drawing|shown once/);
      expectEndsWithSignIn(started, []);
    } finally {
      await started.stop();
    }
  }, 240_000);

  it('prints no password when OWNER_PASSWORD is set', async () => {
    const own = await mkdtemp(join(tmpdir(), 'start-output-'));
    try {
      const started = await start([BUILT_SERVER_ENTRY], { DATA_DIR: own, SEED_DEMO: 'false', OWNER_PASSWORD: 'a long enough owner password' });
      await started.stop();
      expectEndsWithSignIn(started, []);
      expect(started.lines.join('\n')).not.toContain('shown once');
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  }, 240_000);
});
