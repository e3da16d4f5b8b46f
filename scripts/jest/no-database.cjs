/**
 * Stands in for `pg` and `@electric-sql/pglite` in the pure tier (jest.unit.config.js): importing
 * a module that could reach a database is fine, opening a connection fails the suite with a message
 * that says where such a suite belongs.
 */
function refuse() {
  throw new Error('a pure suite opened a database: name it *.int.spec.ts (or *.e2e.spec.ts for HTTP suites)');
}
class NoDatabase {
  constructor() {
    refuse();
  }
  static create() {
    refuse();
  }
}
module.exports = { Client: NoDatabase, Pool: NoDatabase, PGlite: NoDatabase, types: { setTypeParser() {}, getTypeParser() {} } };
module.exports.default = module.exports;
