// `npm start`: brings the build up to date (TypeScript project references rebuild only what
// changed; the web bundle only when its inputs changed), then starts the app in this process.
// One node process instead of nested `npm run` calls keeps a second start under three seconds.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function run(script, args) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(require.resolve('typescript/bin/tsc'), ['-b', 'apps/api', 'apps/cli', 'bench']);
run(join(root, 'web', 'scripts', 'build.mjs'), []);
require(join(root, 'apps', 'api', 'dist', 'demo', 'main.js'));
