import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, type Migration } from '../src/migrations';
import { openDatabase } from '../src/open-database';
import type { Database } from '../src/types';

export type TestDriver = 'pglite' | 'postgres';

export type TestDatabase = {
  db: Database;
  /** Connection string of the scratch database (postgres driver only). */
  url?: string;
  /** Closes the connection(s); on PostgreSQL also drops the scratch database. */
  dispose(): Promise<void>;
};

/** Always 'pglite'; 'postgres' too when DATABASE_URL is set. */
export function testDrivers(): TestDriver[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database: PGlite in memory, or on the server in DATABASE_URL a new database
 * `test_<random>` (dropped WITH (FORCE) on dispose). `migrations` run after the event store's own;
 * `migrate: false` leaves it empty (for tests of the migrations themselves).
 */
export async function createTestDatabase(
  driver: TestDriver,
  options: { migrations?: Migration[]; migrate?: boolean } = {},
): Promise<TestDatabase> {
  const prepare = (db: Database) => (options.migrate === false ? Promise.resolve() : migrate(db, options.migrations).then(() => undefined));
  if (driver === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://' });
    await prepare(db);
    return { db, dispose: () => db.close() };
  }

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('createTestDatabase("postgres") needs DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const db = await openDatabase({ databaseUrl: url.toString() });
    await prepare(db);
    return {
      db,
      url: url.toString(),
      dispose: async () => {
        await db.close();
        await withAdminClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  } catch (err) {
    await withAdminClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    throw err;
  }
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `describe(`${title} [driver]`)` once per available driver (see testDrivers). */
export function describeEachDriver(title: string, fn: (driver: TestDriver) => void): void {
  for (const driver of testDrivers()) {
    describe(`${title} [${driver}]`, () => fn(driver));
  }
}
