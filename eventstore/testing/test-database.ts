import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { migrate, type Migration } from '../src/migrations';
import { openDatabase } from '../src/open-database';
import type { PGliteDatabase } from '../src/drivers/pglite-database';
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
  options: { migrations?: Migration[]; migrate?: boolean; template?: TestDatabaseTemplate } = {},
): Promise<TestDatabase> {
  const prepare = (db: Database) => (options.migrate === false ? Promise.resolve() : migrate(db, options.migrations).then(() => undefined));
  const run = options.template ? testRun() : null;
  if (driver === 'pglite') {
    const initialData = run && options.template ? await pgliteTemplateDump(run, options.template) : await newClusterDump();
    const db = await openDatabase({ dataDir: 'memory://', initialData });
    await prepare(db);
    return { db, dispose: () => db.close() };
  }

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('createTestDatabase("postgres") needs DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const source = run && options.template ? await postgresTemplate(serverUrl, run, options.template) : null;
  await withAdminClient(serverUrl, (admin) => admin.query(source ? `CREATE DATABASE ${name} TEMPLATE ${source}` : `CREATE DATABASE ${name}`));
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
 * A database prepared once per test run and copied for every test database that names it (a seeded
 * demo store, say, which takes seconds to make and milliseconds to copy). `key` names what `seed`
 * makes: two templates with the same key must make the same database. `seed` gets a new migrated
 * database and leaves it as the copies start (closing anything it opened on it; not the database).
 */
export type TestDatabaseTemplate = { key: string; seed(db: Database): Promise<void> };

/**
 * Where this test run keeps its templates (set by the Jest global setup, scripts/jest/test-run.cjs):
 * a run id that names the PostgreSQL template databases (`tpl_<run>_<key>`, dropped by the global
 * teardown) and a directory for PGlite's dumps. Without one (a suite run outside the Jest configs)
 * every database is seeded afresh.
 */
export const TEST_RUN_ENV = 'STOREFRONT_TEST_RUN';
export const TEST_RUN_DIR_ENV = 'STOREFRONT_TEST_RUN_DIR';

type TestRun = { id: string; dir: string };

function testRun(): TestRun | null {
  const id = process.env[TEST_RUN_ENV];
  const dir = process.env[TEST_RUN_DIR_ENV];
  return id && dir && /^[a-z0-9]+$/.test(id) ? { id, dir } : null;
}

function templateKey(template: TestDatabaseTemplate): string {
  return createHash('sha256').update(template.key).digest('hex').slice(0, 16);
}

/**
 * The template's PGlite dump, made by the first suite of the run that needs it (written aside and
 * renamed, so a suite in another worker reads a whole file or none; two workers that both miss it
 * each make one, and the second rename wins with an equal file).
 */
function pgliteTemplateDump(run: TestRun, template: TestDatabaseTemplate): Promise<Blob> {
  return oncePerSuite(`pglite:${templateKey(template)}`, () => readOrMakePgliteTemplateDump(run, template));
}

async function readOrMakePgliteTemplateDump(run: TestRun, template: TestDatabaseTemplate): Promise<Blob> {
  const path = join(run.dir, `pglite-${templateKey(template)}.tar`);
  if (!existsSync(path)) {
    const db = await openDatabase({ dataDir: 'memory://', initialData: await newClusterDump() });
    try {
      await migrate(db);
      await template.seed(db);
      const dump = await (db as PGliteDatabase).pglite.dumpDataDir('none');
      const partial = `${path}.${process.pid}.${randomBytes(3).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
    } finally {
      await db.close();
    }
  }
  return new Blob([readFileSync(path)]);
}

/**
 * The template's database on the server, `tpl_<run>_<key>`, made under an advisory lock by the first
 * suite that needs it; later suites copy it with CREATE DATABASE … TEMPLATE (nothing stays
 * connected to it, which the copy requires).
 */
function postgresTemplate(serverUrl: string, run: TestRun, template: TestDatabaseTemplate): Promise<string> {
  const name = `tpl_${run.id}_${templateKey(template)}`;
  return oncePerSuite(`postgres:${name}`, () => makePostgresTemplate(serverUrl, name, template).then(() => name));
}

async function makePostgresTemplate(serverUrl: string, name: string, template: TestDatabaseTemplate): Promise<void> {
  await withAdminClient(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return;
      const seeding = `${name}_seeding`;
      await admin.query(`DROP DATABASE IF EXISTS ${seeding} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${seeding}`);
      const url = new URL(serverUrl);
      url.pathname = `/${seeding}`;
      try {
        const db = await openDatabase({ databaseUrl: url.toString() });
        try {
          await migrate(db);
          await template.seed(db);
        } finally {
          await db.close();
        }
        // Renamed when complete: a template that exists is a whole one.
        await admin.query(`ALTER DATABASE ${seeding} RENAME TO ${name}`);
      } catch (err) {
        await admin.query(`DROP DATABASE IF EXISTS ${seeding} WITH (FORCE)`);
        throw err;
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/**
 * `make()` once per suite file and key (Jest gives each file its own module registry), not once
 * per database; a failure is tried again by the next database.
 */
function oncePerSuite<T>(key: string, make: () => Promise<T>): Promise<T> {
  let made = madeOncePerSuite.get(key) as Promise<T> | undefined;
  if (!made) {
    made = make();
    madeOncePerSuite.set(key, made);
    made.catch(() => madeOncePerSuite.delete(key));
  }
  return made;
}
const madeOncePerSuite = new Map<string, Promise<unknown>>();

/**
 * A dump of a new, empty PGlite cluster, made once per PGlite build and kept in the temp directory:
 * a new in-memory PGlite runs initdb, which takes seconds (about 5 s on a busy two-core machine,
 * most of a suite's start), while loading this dump takes a fraction of that. Every test database
 * still gets its own cluster and runs the migrations itself.
 */
function newClusterDump(): Promise<Blob> {
  return oncePerSuite('pglite:new-cluster', readOrMakeClusterDump);
}

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

/**
 * The one driver of the HTTP tier: the PostgreSQL server when DATABASE_URL is set (what production
 * runs), else PGlite. The driver sits below the EventStore interface, which the event-store and
 * projection suites test on both drivers; HTTP suites run once, and a named driver-parity HTTP
 * suite sends each write route to PGlite.
 */
export function httpTestDriver(): TestDriver {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

/** `describe(`${title} [driver]`)` on the HTTP tier's driver (see httpTestDriver). */
export function describeOnHttpDriver(title: string, fn: (driver: TestDriver) => void): void {
  const driver = httpTestDriver();
  describe(`${title} [${driver}]`, () => fn(driver));
}

/** `describe(`${title} [driver]`)` once per available driver (see testDrivers). */
export function describeEachDriver(title: string, fn: (driver: TestDriver) => void): void {
  for (const driver of testDrivers()) {
    describe(`${title} [${driver}]`, () => fn(driver));
  }
}
