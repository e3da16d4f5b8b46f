// `npm start`: brings the build up to date (TypeScript project references rebuild only what
// changed; the web bundle only when its inputs changed), then starts the app in this process.
// One node process instead of nested `npm run` calls keeps a second start under three seconds.
//
// Each step says what it did in one line with its duration (`✓ TypeScript compiled: 4 projects
// (41.2 s)`), and a line when a long one begins (`… compiling TypeScript`); the app then prints its
// own steps (seeding, images) and, last, its URL and the owner sign-in. The compiler's and the
// bundler's output is shown only when they fail, in full, and the start stops with their exit code.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters as plain } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `tsc -b --verbose`: its status lines (time-stamped, e.g. `1:43:19 AM - Project 'domain/tsconfig.json'
 * is up to date…`, `[1:43:19 AM] …` when pretty, and the list of projects under the first) are kept
 * back; errors are not.
 */
const TSC_STATUS = /^(\[?\d{1,2}:\d\d:\d\d( [AP]M)?\]?( -)? |\s{4}\* |\s*$)/;

async function compileTypeScript() {
  const started = performance.now();
  const args = ['-b', '--verbose', ...(process.stdout.isTTY ? ['--pretty'] : []), 'apps/api', 'apps/cli', 'bench'];
  const child = spawn(process.execPath, [require.resolve('typescript/bin/tsc'), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let built = 0;
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
    // tsc says "Building project '…'" as it starts compiling one; up-to-date projects only get a status line.
    const building = plain(output).match(/Building project '/g)?.length ?? 0;
    if (built === 0 && building > 0) console.log('… compiling TypeScript');
    built = building;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  const [code, signal] = await new Promise((resolve) => child.on('close', (c, s) => resolve([c, s])));
  const took = seconds(performance.now() - started);
  if (code !== 0) {
    const errors = output.split('\n').filter((line) => !TSC_STATUS.test(plain(line)));
    process.stderr.write(`${errors.join('\n').trim()}\n`);
    console.error(`✗ TypeScript failed (${took}): ${signal ? `stopped by ${signal}` : 'the errors are above'}`);
    process.exit(code || 1);
  }
  console.log(built > 0 ? `✓ TypeScript compiled: ${built} project${built === 1 ? '' : 's'} (${took})` : `✓ TypeScript up to date (${took})`);
}

await compileTypeScript();
// The web build prints its own line (or two); --brief: its size table only when a bundle is over budget.
const web = spawnSync(process.execPath, [join(root, 'web', 'scripts', 'build.mjs'), '--brief'], { cwd: root, stdio: 'inherit' });
if (web.status !== 0) process.exit(web.status ?? 1);
require(join(root, 'apps', 'api', 'dist', 'demo', 'main.js'));
