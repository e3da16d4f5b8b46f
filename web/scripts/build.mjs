// Builds the islands bundle, the owner app and the tracker script (three Vite builds: dist/, dist/owner/ and dist/tracker/), unless nothing it is built from changed since the last
// build (a stamp of the inputs' content hashes sits in dist/). After a build every text asset is
// written beside itself as .br (brotli, highest quality) and .gz, which the API sends to clients
// that accept them, so the bundle is compressed once here and never per request. Then every
// bundle is measured against its size budget (scripts/bundle-budget.mjs), also when nothing needed
// building: a bundle over budget fails the build.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { checkBudgets } from './bundle-budget.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const stampFile = join(dist, '.build-stamp');
const inputs = [join(web, 'src'), join(web, 'public'), join(web, '..', 'domain', 'src'), join(web, 'vite.config.ts'), join(web, 'vite.owner.config.ts'), join(web, 'vite.tracker.config.ts'), join(web, 'package.json'), join(web, 'tsconfig.json'), join(web, '..', 'package-lock.json')];
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;

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

const stamp = stampOfInputs();
const force = process.argv.includes('--force');
/** Fails the build when a bundle is over its size budget; cheap enough to run on every build. */
function enforceBudgets() {
  const overBudget = checkBudgets(web);
  if (overBudget.length === 0) return;
  for (const failure of overBudget) console.error(`bundle budget: ${failure}`);
  console.error('The web build failed: a bundle is over its size budget (web/scripts/bundle-budget.mjs).');
  process.exit(1);
}

const built = ['', 'owner', 'tracker'].every((sub) => existsSync(join(dist, sub, '.vite', 'manifest.json')));
if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && built) {
  console.log('web bundle is up to date');
  enforceBudgets();
  process.exit(0);
}

const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
// The islands' build empties dist/, so the owner app and the tracker are built after it, into dist/owner/ and dist/tracker/.
execFileSync(process.execPath, [viteBin, 'build'], { cwd: web, stdio: 'inherit' });
execFileSync(process.execPath, [viteBin, 'build', '--config', 'vite.owner.config.ts'], { cwd: web, stdio: 'inherit' });
execFileSync(process.execPath, [viteBin, 'build', '--config', 'vite.tracker.config.ts'], { cwd: web, stdio: 'inherit' });
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file) || file.includes(`${join('dist', '.vite')}`)) continue;
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}
enforceBudgets();
writeFileSync(stampFile, stamp);
