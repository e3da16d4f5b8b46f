// `npm run docs:config`: writes the README's configuration table from the one settings list
// (apps/api/src/config/settings.ts, through the build). settings-readme.spec.ts fails when the
// README's table is not what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { withSettingsTable } = require(join(root, 'apps', 'api', 'dist', 'config', 'settings-table.js'));

const path = join(root, 'README.md');
const before = readFileSync(path, 'utf8');
const after = withSettingsTable(before);
if (after === before) {
  process.stdout.write('README.md configuration table is up to date\n');
} else {
  writeFileSync(path, after);
  process.stdout.write('README.md configuration table rewritten\n');
}
