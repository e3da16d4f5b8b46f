// Bundle-size budgets: what a page downloads of each Vite build, gzipped, against a budget. The web
// build (scripts/build.mjs) runs this after building and fails when a budget is passed, so a
// change that makes the storefront's JavaScript heavier does not land by accident.
//
//   node web/scripts/bundle-budget.mjs                      # checks web/dist against BUDGETS
//   node web/scripts/bundle-budget.mjs --web D --budgets J  # another web folder and budgets (JSON), for the spec
//
// For each build, read from its `.vite/manifest.json`:
// - the entry: the entry chunk and every chunk it imports statically. Every page that has islands
//   loads all of it before any island runs (the product page's islands are all in it).
// - each lazily loaded chunk (`import()`, e.g. the cart and checkout pages' islands): the chunk and
//   what it imports statically beyond the entry, alone (`chunk` budget) and together with the entry
//   (`page` budget), which is what a page declaring that island loads.
// Sizes are gzip level 9 of the files as built (the server sends the build's .br or .gz).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Budgets in bytes (1 kB = 1000 B, as Vite prints sizes). `page`: what one page loads (the entry,
 * or the entry plus one lazy chunk); `chunk`: one lazy chunk beyond the entry.
 *
 * - Storefront islands, 60 kB a page (issue 13: a bare Next.js app ships about 95 kB, Shopify's
 *   Dawn theme about 218 kB). Met with Preact's compatibility layer in place of react-dom
 *   (vite.config.ts); measured alternatives in docs/BENCHMARKS.md.
 * - The owner app (/config, never loaded by a published page) has a ceiling, not a target: about
 *   a quarter above its size when the budget was set (202 kB), to catch an accidental doubling.
 * - The tracker script, 3 kB on every published page (issue 16); it has no lazy chunks.
 */
export const BUDGETS = [
  // `lazy`: a tighter `chunk` budget for one lazy chunk. The form and newsletter islands (issue 14)
  // add at most 15 kB to a page that shows a form, and only such a page loads them; so does the
  // extra-fields lightbox, loaded only by a page with a product that has an additional-fields form.
  // The footer's newsletter (a form island on every page) loads near the viewport, except on the cart
  // and checkout pages, where it loads only once the visitor uses it: their budget is the entry plus
  // the purchase path.
  // The back-in-stock sign-up (issue 15): at most 10 kB, loaded only by a product page offering it.
  {
    name: 'storefront islands', dist: 'dist', entry: 'src/main.tsx', loadedBy: 'every page with islands', page: 60_000, chunk: 25_000,
    lazy: { 'src/features/forms/form-island.tsx': 15_000, 'src/features/forms/extra-fields-lightbox.tsx': 15_000, 'src/features/restock/restock-island.tsx': 10_000 },
  },
  // The Analytics panel (issue 16) is lazy: only owners who open it load its screens (about 9 kB)
  // and then, once a chart is on screen, uPlot and the chart code (about 23 kB).
  {
    name: 'owner app', dist: 'dist/owner', entry: 'src/owner/main.tsx', loadedBy: '/config', page: 260_000, chunk: 100_000,
    lazy: { 'src/owner/features/analytics/analytics-screen.tsx': 20_000, 'src/owner/features/analytics/uplot-charts.ts': 30_000 },
  },
  // The tracker script (issue 16): one file, at most 3 kB gzipped (Plausible's is under 1 kB, Umami's about 2 kB).
  { name: 'tracker', dist: 'dist/tracker', entry: 'src/tracker/main.ts', loadedBy: 'every published page', page: 3_000, chunk: 0 },
];

const gzipSize = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The chunk keys `key` imports statically, itself included, transitively. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Every key reachable from `key` through dynamic imports (at any depth), not `key` itself. */
function lazyChunks(manifest, key) {
  const found = new Set();
  const visit = (k) => {
    for (const c of staticClosure(manifest, k)) {
      for (const d of manifest[c].dynamicImports ?? []) {
        if (!found.has(d) && d !== key) {
          found.add(d);
          visit(d);
        }
      }
    }
  };
  visit(key);
  return [...found];
}

/**
 * Measures one build against its budget. Returns rows (what was measured, gzip bytes, budget) and
 * the failures among them. `webDir` is the folder `budget.dist` is relative to.
 */
export function measureBuild(webDir, budget) {
  const dist = join(webDir, budget.dist);
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { rows: [], failures: [`${budget.name}: no manifest at ${manifestFile}`] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (!manifest[budget.entry]) return { rows: [], failures: [`${budget.name}: the manifest has no entry ${budget.entry}`] };
  const sizes = new Map();
  const sizeOf = (key) => {
    if (!sizes.has(key)) sizes.set(key, gzipSize(join(dist, manifest[key].file)));
    return sizes.get(key);
  };
  const sum = (keys) => [...keys].reduce((total, key) => total + sizeOf(key), 0);
  const files = (keys) => [...keys].map((k) => manifest[k].file).join(' + ');

  const initial = staticClosure(manifest, budget.entry);
  const rows = [{ build: budget.name, what: `entry (${budget.loadedBy ?? budget.entry})`, files: files(initial), gzip: sum(initial), budget: budget.page }];
  for (const lazy of lazyChunks(manifest, budget.entry)) {
    const own = [...staticClosure(manifest, lazy)].filter((k) => !initial.has(k));
    rows.push({ build: budget.name, what: `lazy ${lazy}`, files: files(own), gzip: sum(own), budget: budget.lazy?.[lazy] ?? budget.chunk });
    rows.push({ build: budget.name, what: `entry + lazy ${lazy}`, files: files([...initial, ...own]), gzip: sum(initial) + sum(own), budget: budget.page });
  }
  const everything = Object.keys(manifest).filter((k) => manifest[k].file.endsWith('.js'));
  rows.push({ build: budget.name, what: 'all chunks (for information)', files: `${everything.length} files`, gzip: sum(everything), budget: null });
  const failures = rows
    .filter((r) => r.budget !== null && r.gzip > r.budget)
    .map((r) => `${r.build}: ${r.what} is ${kB(r.gzip)} gzipped, over its budget of ${kB(r.budget)} (${r.files})`);
  return { rows, failures };
}

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Every build measured against its budget: the table's lines, the failures (empty when all are
 * within budget) and each build's entry size (what its first page loads, gzip bytes; null without a manifest).
 */
export function budgetReport(webDir, budgets = BUDGETS) {
  const lines = ['bundle budgets (gzip):'];
  const failures = [];
  const entries = [];
  for (const budget of budgets) {
    const result = measureBuild(webDir, budget);
    for (const r of result.rows) {
      const status = r.budget === null ? '' : r.gzip > r.budget ? '  OVER BUDGET' : '  ok';
      lines.push(`  ${r.build.padEnd(20)} ${r.what.padEnd(58)} ${kB(r.gzip).padStart(9)}${r.budget === null ? '' : ` / ${kB(r.budget)}`}${status}`);
    }
    failures.push(...result.failures);
    entries.push({ name: budget.name, gzip: result.rows[0]?.gzip ?? null });
  }
  return { lines, failures, entries };
}

/** Prints every build's sizes and budgets; returns the failures (empty when all are within budget). */
export function checkBudgets(webDir, budgets = BUDGETS, log = console.log) {
  const report = budgetReport(webDir, budgets);
  for (const line of report.lines) log(line);
  return report.failures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const webDir = arg('--web') ?? join(dirname(fileURLToPath(import.meta.url)), '..');
  const budgets = arg('--budgets') ? JSON.parse(arg('--budgets')) : BUDGETS;
  const failures = checkBudgets(webDir, budgets);
  for (const failure of failures) console.error(`bundle budget: ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}
