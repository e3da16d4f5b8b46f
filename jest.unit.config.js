/**
 * The pure tier (`npm run test:unit`): every suite of jest.config.js but the database suites
 * (`*.int.spec.ts`) and the HTTP suites (`*.e2e.spec.ts`), which need a database. A suite of this
 * tier that opens one anyway fails: both drivers are replaced by stand-ins that refuse to connect,
 * so a database suite cannot hide under a plain `.spec.ts` name.
 */
const base = require('./jest.config.js');
module.exports = {
  ...base,
  testPathIgnorePatterns: [...base.testPathIgnorePatterns, '\\.(int|e2e)\\.spec\\.tsx?$'],
  moduleNameMapper: {
    '^@electric-sql/pglite$': '<rootDir>/scripts/jest/no-database.cjs',
    '^pg$': '<rootDir>/scripts/jest/no-database.cjs',
    ...base.moduleNameMapper,
  },
};
