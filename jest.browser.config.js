/**
 * Suites that run the built app as real processes: browser suites (Debian's Chromium driven by
 * playwright-core) and multi-process suites (the scaled-out topology).
 */
const base = require('./jest.config.js');
module.exports = {
  ...base,
  testMatch: ['**/*.browser.spec.ts', '**/*.process.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Two suites at a time: each has servers of its own (PORT=0, a data directory of its own, a
  // database of its own on PostgreSQL) and a browser of its own, and none asserts on timing that
  // another suite's load could break. Jest starts the slowest suites first (by their last
  // durations, else by file size).
  maxWorkers: 2,
  // The seeded demo directory every demo server starts from, made before the first suite.
  globalSetup: '<rootDir>/apps/api/test/browser-global-setup.ts',
  // A hook that starts a server may wait READY_TIMEOUT_MS (180 s) on a loaded machine, and then some.
  testTimeout: 240000,
};
