/**
 * The boundary rules of .dependency-cruiser.cjs bite: dependency-cruiser runs them over a small tree
 * written here with one import that breaks each rule and some that keep them.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const REPO = join(__dirname, '..', '..', '..');

const TREE: Record<string, string> = {
  'tsconfig.tests.json': '{ "compilerOptions": { "module": "node16", "moduleResolution": "node16", "strict": true } }',
  'domain/src/index.ts': "import { store } from '../../eventstore/src';\nexport const rule = store;\n",
  'eventstore/src/index.ts': "import { helper } from './testing';\nexport const store = helper;\n",
  'eventstore/src/testing/index.ts': 'export const helper = 1;\n',
  'web/src/island.ts': "import { rule } from '../../domain/src';\nimport { store } from '../../eventstore/src';\nexport const island = [rule, store];\n",
  'apps/api/src/config/app-config.ts': "import { pool } from '../infrastructure/pool';\nexport const config = pool;\n",
  'apps/api/src/infrastructure/pool.ts': 'export const pool = 1;\n',
  'apps/api/src/cart/index.ts': "export * from './cart-cookie';\n",
  'apps/api/src/cart/cart-cookie.ts': "import { helper } from '../../test/helper';\nexport const cookie = helper;\n",
  'apps/api/src/cart/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'apps/api/src/cart/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  'apps/api/src/checkout/deep.ts': "import { cookie } from '../cart/cart-cookie';\nexport const deep = cookie;\n",
  'apps/api/src/checkout/public.ts': "import { cookie } from '../cart';\nimport { config } from '../config/app-config';\nexport const kept = [cookie, config];\n",
  'apps/api/src/catalog/seeding.ts': "import { demo } from '../demo';\nexport const seeding = demo;\n",
  'apps/api/src/catalog/seeding.spec.ts': "import { demo } from '../demo';\nexport const seeded = demo;\n",
  'apps/api/src/demo/index.ts': 'export const demo = 1;\n',
  'apps/api/src/app.module.ts': "import { demo } from './demo';\nimport { b } from './cart/b';\nexport const app = [demo, b];\n",
  'apps/api/src/site/old.ts': "import { pool } from '../infrastructure/pool';\nexport const old = pool;\n",
  'apps/api/test/helper.ts': 'export const helper = 1;\n',
};

type Violation = { from: string; to: string; rule: { name: string } };

describe('dependency rules', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dependency-rules-'));
    for (const [path, text] of Object.entries(TREE)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuse each kind of crossing and nothing else', async () => {
    const depcruise = join(REPO, 'node_modules', '.bin', 'depcruise');
    const args = ['--config', join(REPO, '.dependency-cruiser.cjs'), '--output-type', 'json', 'domain', 'eventstore', 'web', 'apps'];
    const run = await promisify(execFile)(depcruise, args, { cwd: dir }).catch((e: { stdout: string }) => e);
    const { summary } = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
    const found = summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual([
      'api-config-imports-nothing-else: apps/api/src/config/app-config.ts → apps/api/src/infrastructure/pool.ts',
      'api-context-through-public-surface: apps/api/src/checkout/deep.ts → apps/api/src/cart/cart-cookie.ts',
      'api-contexts-import-no-storefront-demo-or-root: apps/api/src/catalog/seeding.ts → apps/api/src/demo/index.ts',
      'api-known-folders: apps/api/src/site/old.ts → apps/api/src/infrastructure/pool.ts',
      'api-only-test-code-and-root-import-demo: apps/api/src/catalog/seeding.ts → apps/api/src/demo/index.ts',
      'api-root-through-public-surface: apps/api/src/app.module.ts → apps/api/src/cart/b.ts',
      'domain-imports-nothing-of-ours: domain/src/index.ts → eventstore/src/index.ts',
      'no-circular: apps/api/src/cart/a.ts → apps/api/src/cart/b.ts',
      'production-code-imports-no-test-code: apps/api/src/cart/cart-cookie.ts → apps/api/test/helper.ts',
      'production-code-imports-no-test-code: eventstore/src/index.ts → eventstore/src/testing/index.ts',
      'web-imports-domain-only: web/src/island.ts → eventstore/src/index.ts',
    ]);
  }, 60_000);
});
