// Builds the islands bundle, the owner app and the tracker script (three Vite builds: dist/, dist/owner/ and dist/tracker/), unless nothing it is built from changed since the last
// build (a stamp of the inputs' content hashes sits in dist/). After a build every text asset is
// written beside itself as .br (brotli, highest quality) and .gz, which the API sends to clients
// that accept them, so the bundle is compressed once here and never per request. Then every
// bundle is measured against its size budget (scripts/bundle-budget.mjs), also when nothing needed
// building: a bundle over budget fails the build.
//
// It says what it does in a line or two (`… building the web bundle`, then `✓ web bundle built (38.2 s; …)`):
// Vite runs with --logLevel warn, so only its warnings and errors are shown, in full.
//
//   node web/scripts/build.mjs            # builds web/dist when its inputs changed, prints the budget table
//   node web/scripts/build.mjs --force    # builds even when the stamp says it is up to date
//   node web/scripts/build.mjs --brief    # no budget table unless a bundle is over budget (npm start)
//   node web/scripts/build.mjs --out DIR  # builds into DIR instead of web/dist (its owner/ and tracker/ inside)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUDGETS, budgetReport, kB } from './bundle-budget.mjs';

const started = performance.now();
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const outArg = argv.indexOf('--out');
const dist = outArg >= 0 ? resolve(argv[outArg + 1]) : join(web, 'dist');
const force = argv.includes('--force');
const brief = argv.includes('--brief');
const stampFile = join(dist, '.build-stamp');
const inputs = [join(web, 'src'), join(web, 'public'), join(web, '..', 'domain', 'src'), join(web, 'vite.config.ts'), join(web, 'vite.owner.config.ts'), join(web, 'vite.tracker.config.ts'), join(web, 'package.json'), join(web, 'tsconfig.json'), join(web, '..', 'package-lock.json')];
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;
/** Vite's three builds, in order: the islands' build empties dist/, so the other two come after it. */
const BUILDS = [
  { name: 'storefront islands', config: 'vite.config.ts', sub: '' },
  { name: 'owner app', config: 'vite.owner.config.ts', sub: 'owner' },
  { name: 'tracker', config: 'vite.tracker.config.ts', sub: 'tracker' },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const elapsed = () => seconds(performance.now() - started);

function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || entry.endsWith('.spec.ts') || entry.endsWith('.spec.tsx')) continue;
    yield* files(join(path, entry));
  }
}

function stampOfInputs() {
  const hash = createHash('sha256');
  for (const root of inputs) {
    for (const file of files(root)) hash.update(relative(web, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Measures every bundle against its budget; over budget, prints the table and fails the build.
 * Returns each build's entry size for the summary line.
 */
function enforceBudgets() {
  // Budgets name their folders relative to web/ (dist, dist/owner…); with --out they are measured there instead.
  const budgets = BUDGETS.map((b) => ({ ...b, dist: relative(web, join(dist, relative('dist', b.dist))) || '.' }));
  const report = budgetReport(web, budgets);
  if (report.failures.length > 0 || !brief) console.log(report.lines.join('\n'));
  if (report.failures.length === 0) return report.entries;
  for (const failure of report.failures) console.error(`bundle budget: ${failure}`);
  console.error(`✗ web bundle over its size budget (${elapsed()}; web/scripts/bundle-budget.mjs)`);
  process.exit(1);
}

const stamp = stampOfInputs();
const built = BUILDS.every(({ sub }) => existsSync(join(dist, sub, '.vite', 'manifest.json')));
if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && built) {
  enforceBudgets();
  console.log(`✓ web bundle up to date (${elapsed()})`);
  process.exit(0);
}

console.log(`… building the web bundle (${BUILDS.map((b) => b.name).join(', ')})`);
const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
// Always the production bundle: Vite honours a NODE_ENV it inherits (Jest's `test` would give React's development build).
const env = { ...process.env, NODE_ENV: 'production' };
for (const { name, config, sub } of BUILDS) {
  const result = spawnSync(process.execPath, [viteBin, 'build', '--config', config, '--logLevel', 'warn', '--outDir', join(dist, sub)], { cwd: web, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✗ web bundle failed: the ${name} build ${result.signal ? `was stopped by ${result.signal}` : `exited with ${result.status}`} (${elapsed()})`);
    process.exit(result.status || 1);
  }
}
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file) || relative(dist, file).startsWith(`.vite${sep}`)) continue;
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}
const entries = enforceBudgets();
writeFileSync(stampFile, stamp);
console.log(`✓ web bundle built (${elapsed()}; gzipped: ${entries.map((e) => `${e.name} ${kB(e.gzip)}`).join(', ')})`);
