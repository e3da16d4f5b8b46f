import { PgDatabase } from './drivers/pg-database';
import { PGliteDatabase } from './drivers/pglite-database';
import type { Database } from './types';

export type OpenDatabaseOptions = {
  /** postgres://… — use a PostgreSQL server through a connection pool. Wins over `dataDir`. */
  databaseUrl?: string;
  /** PGlite data directory (created if missing); undefined or 'memory://' keeps it in memory. */
  dataDir?: string;
  /**
   * In-memory PGlite only: start from this dump of a data directory (PGlite's `dumpDataDir`)
   * instead of creating a new cluster, which takes seconds (the test databases use it).
   */
  initialData?: Blob;
  /** Pool size for the server driver (default 10). */
  poolSize?: number;
};

/** Opens a database. Does not migrate: call `migrate(db)` next. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const db = new PgDatabase(options.databaseUrl, { max: options.poolSize });
    try {
      await db.query('SELECT 1'); // fail fast on a wrong URL or a server that is down
    } catch (err) {
      await db.close();
      throw err;
    }
    return db;
  }
  return PGliteDatabase.open(options.dataDir, options.initialData);
}
