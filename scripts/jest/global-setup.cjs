/**
 * Jest global setup of the unit, integration and HTTP tiers (jest.config.js):
 * - names this run and makes its directory (STOREFRONT_TEST_RUN, STOREFRONT_TEST_RUN_DIR), where
 *   the test databases' templates live: a seeded demo store is made once per run and copied per
 *   suite (eventstore/testing/test-database.ts); the global teardown removes them;
 * - builds the web bundle when there is none (a fresh clone): pages are rendered with the
 *   bundle's manifest, so `npm test` needs it, and `npm install && npm test` must pass.
 */
const { execFileSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');

module.exports = async function globalSetup() {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  process.env.STOREFRONT_TEST_RUN = id;
  process.env.STOREFRONT_TEST_RUN_DIR = mkdtempSync(join(tmpdir(), `storefront-test-run-${id}-`));

  const manifests = ['web/dist/.vite/manifest.json', 'web/dist/tracker/.vite/manifest.json'];
  if (!manifests.every((path) => existsSync(join(root, path)))) {
    process.stderr.write('\nNo web bundle yet (web/dist): building it once (npm run build:web) ...\n');
    execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
};
