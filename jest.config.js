/** Unit, integration and HTTP suites. Browser suites live in jest.browser.config.js. */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  // ESM-only packages that Node 20.19+ loads with require(esm) but Jest cannot (htmlparser2 and its dom* and
  // entities packages under sanitize-html): compiled to CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(htmlparser2|domhandler|domutils|dom-serializer|entities|domelementtype)/)'],
  moduleNameMapper: {
    // Test helpers live beside each package's sources, not in them, and are not part of its exports.
    '^@storefront/(eventstore|projections)/testing$': '<rootDir>/$1/testing',
    '^@storefront/(domain|eventstore|projections)$': '<rootDir>/$1/src',
    '^@storefront/(domain|eventstore|projections)/(.*)$': '<rootDir>/$1/src/$2',
    '^@storefront/api$': '<rootDir>/apps/api/src',
    // The CLI imports the API's settings list from its build; tests read the sources.
    '^@storefront/api/dist/(.*)$': '<rootDir>/apps/api/src/$1',
    // The owner app's components import their stylesheets (Vite bundles them); component tests do not need them.
    '\\.css$': '<rootDir>/web/test/style-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/web/test/dom-waits.cjs'],
  roots: ['<rootDir>/domain', '<rootDir>/eventstore', '<rootDir>/projections', '<rootDir>/apps', '<rootDir>/web'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.(browser|process)\\.spec\\.ts$'],
  // Generous: a hook that starts an app (migrations on a new PGlite database) has taken over a minute on a loaded two-core machine.
  testTimeout: 180000,
  maxWorkers: 2,
  // Names the run whose test-database templates the suites share, and builds a missing web bundle.
  globalSetup: '<rootDir>/scripts/jest/global-setup.cjs',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.cjs',
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
