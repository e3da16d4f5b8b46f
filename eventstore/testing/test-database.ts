import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
    const db = await openDatabase({ dataDir: 'memory://', initialData: await newClusterDump() });
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

/**
 * A dump of a new, empty PGlite cluster, made once per PGlite build and kept in the temp directory:
 * a new in-memory PGlite runs initdb, which takes seconds (about 5 s on a busy two-core machine,
 * most of a suite's start), while loading this dump takes a fraction of that. Every test database
 * still gets its own cluster and runs the migrations itself.
 */
function newClusterDump(): Promise<Blob> {
  // Read once per suite file (Jest gives each its own module registry), not once per database.
  if (!clusterDump) {
    clusterDump = readOrMakeClusterDump();
    clusterDump.catch(() => (clusterDump = null)); // a failed read is tried again by the next database
  }
  return clusterDump;
}
let clusterDump: Promise<Blob> | null = null;

async function readOrMakeClusterDump(): Promise<Blob> {
  const path = join(tmpdir(), `storefront-pglite-new-cluster-${pgliteBuild()}.tar`);
  if (!existsSync(path)) {
    const pglite = await PGlite.create();
    try {
      const dump = await pglite.dumpDataDir('none');
      // Written aside and renamed: a suite in another worker never reads half a file.
      const partial = `${path}.${process.pid}.${randomBytes(3).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
    } finally {
      await pglite.close();
    }
  }
  return new Blob([readFileSync(path)]);
}

/** Identifies the installed PGlite build: its version and its WebAssembly and data files' sizes and times. */
function pgliteBuild(): string {
  const dist = dirname(require.resolve('@electric-sql/pglite'));
  const parts = ['pglite.wasm', 'pglite.data', 'initdb.wasm', '../package.json'].map((file) => {
    const stat = statSync(join(dist, file));
    return `${file}:${stat.size}:${stat.mtimeMs}`;
  });
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 16);
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
