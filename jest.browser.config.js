/** Browser suites: Debian's Chromium driven by playwright-core against a built app. */
const base = require('./jest.config.js');
module.exports = {
  ...base,
  testMatch: ['**/*.browser.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  maxWorkers: 1,
  testTimeout: 120000,
};
