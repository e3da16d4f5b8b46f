/**
 * Suites that run the built app as real processes: browser suites (Debian's Chromium driven by
 * playwright-core) and multi-process suites (the scaled-out topology).
 */
const base = require('./jest.config.js');
module.exports = {
  ...base,
  testMatch: ['**/*.browser.spec.ts', '**/*.process.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  maxWorkers: 1,
  // The seeded demo directory every demo server starts from, made before the first suite.
  globalSetup: '<rootDir>/apps/api/test/browser-global-setup.ts',
  // A hook that starts a server may wait READY_TIMEOUT_MS (180 s) on a loaded machine, and then some.
  testTimeout: 240000,
};
