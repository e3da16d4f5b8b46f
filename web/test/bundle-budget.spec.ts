import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The web build's size check (web/scripts/bundle-budget.mjs), run as the build runs it, on a
 * made-up Vite output: an entry with a static import and a lazily loaded chunk. Random bytes do
 * not compress, so each file's gzip size is known to within a few bytes.
 */
const SCRIPT = resolve(__dirname, '../scripts/bundle-budget.mjs');

type Run = { status: number; out: string };

function check(web: string, budgets: unknown): Run {
  try {
    const out = execFileSync(process.execPath, [SCRIPT, '--web', web, '--budgets', JSON.stringify(budgets)], { encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, out };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, out: e.stdout + e.stderr };
  }
}

describe('bundle budgets', () => {
  let web: string;
  const gz = new Map<string, number>();

  beforeAll(() => {
    web = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
    mkdirSync(join(web, 'dist', '.vite'), { recursive: true });
    const write = (file: string, bytes: number) => {
      const data = randomBytes(bytes).toString('base64');
      writeFileSync(join(web, 'dist', file), data);
      gz.set(file, gzipSync(data, { level: 9 }).length);
    };
    write('main.js', 30_000);
    write('shared.js', 10_000);
    write('cart.js', 8_000);
    writeFileSync(
      join(web, 'dist', '.vite', 'manifest.json'),
      JSON.stringify({
        'src/main.tsx': { file: 'main.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/cart.ts'] },
        '_shared.js': { file: 'shared.js' },
        'src/cart.ts': { file: 'cart.js', isDynamicEntry: true, imports: ['src/main.tsx', '_shared.js'] },
      }),
    );
  });
  afterAll(() => rmSync(web, { recursive: true, force: true }));

  const budget = (page: number, chunk: number) => [{ name: 'islands', dist: 'dist', entry: 'src/main.tsx', loadedBy: 'every page', page, chunk }];

  it('passes and prints the entry (with its static imports), each lazy chunk alone and with the entry', () => {
    const entry = gz.get('main.js')! + gz.get('shared.js')!;
    const run = check(web, budget(entry + gz.get('cart.js')!, gz.get('cart.js')!));
    expect(run.status).toBe(0);
    expect(run.out).toContain(`entry (every page)`);
    expect(run.out).toMatch(new RegExp(`entry \\(every page\\)\\s+${(entry / 1000).toFixed(1)} kB / .* ok`));
    expect(run.out).toMatch(/lazy src\/cart\.ts\s+[\d.]+ kB \/ [\d.]+ kB {2}ok/);
    expect(run.out).toMatch(/entry \+ lazy src\/cart\.ts\s+[\d.]+ kB \/ [\d.]+ kB {2}ok/);
    expect(run.out).not.toContain('OVER BUDGET');
  });

  it('fails when the entry, a lazy chunk or a page with it passes its budget, naming the files', () => {
    const entry = gz.get('main.js')! + gz.get('shared.js')!;
    const overEntry = check(web, budget(entry - 1, 100_000));
    expect(overEntry.status).toBe(1);
    expect(overEntry.out).toMatch(/bundle budget: islands: entry \(every page\) is [\d.]+ kB gzipped, over its budget of [\d.]+ kB \(main\.js \+ shared\.js\)/);

    const overChunk = check(web, budget(100_000, gz.get('cart.js')! - 1));
    expect(overChunk.status).toBe(1);
    expect(overChunk.out).toMatch(/lazy src\/cart\.ts is [\d.]+ kB gzipped, over its budget .*\(cart\.js\)/);

    const overPage = check(web, budget(entry + gz.get('cart.js')! - 1, 100_000));
    expect(overPage.status).toBe(1);
    expect(overPage.out).toContain('entry + lazy src/cart.ts');
    expect(overPage.out).not.toMatch(/islands: entry \(every page\) is/);
  });

  it('fails when the build has no manifest or not the entry the budget names', () => {
    expect(check(web, [{ ...budget(1e6, 1e6)[0], dist: 'missing' }]).out).toMatch(/islands: no manifest at/);
    const run = check(web, [{ ...budget(1e6, 1e6)[0], entry: 'src/other.tsx' }]);
    expect([run.status, /the manifest has no entry src\/other\.tsx/.test(run.out)]).toEqual([1, true]);
  });

  it('holds the storefront islands to 60 kB a page', () => {
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', `import { BUDGETS } from ${JSON.stringify(SCRIPT)}; console.log(JSON.stringify(BUDGETS));`], { encoding: 'utf8' });
    const budgets = JSON.parse(printed) as { name: string; dist: string; entry: string; page: number }[];
    expect(budgets.find((b) => b.name === 'storefront islands')).toMatchObject({ dist: 'dist', entry: 'src/main.tsx', page: 60_000 });
  });
});
