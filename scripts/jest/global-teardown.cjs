/** Jest global teardown: removes this run's test-database templates (see global-setup.cjs). */
const { rmSync } = require('node:fs');

module.exports = async function globalTeardown() {
  const id = process.env.STOREFRONT_TEST_RUN;
  const dir = process.env.STOREFRONT_TEST_RUN_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (!id || !process.env.DATABASE_URL) return;
  const pg = require('pg');
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`tpl\\_${id}\\_%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
};
