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
  testTimeout: 120000,
};
