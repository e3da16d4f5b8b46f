import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readSettings, type SettingsEnv } from '@storefront/api/dist/config/settings';
import { migrate, openDatabase, type Database } from '@storefront/eventstore';
import { cliMigrations } from './cli-migrations';

/**
 * Same settings as the API, read through its settings list (`apps/api/src/config/settings.ts`):
 * DATABASE_URL (PostgreSQL server) else PGlite under DATA_DIR (default ./.data). Throws the API's
 * ConfigError for a value it does not accept.
 */
export type CliDatabaseConfig = { databaseUrl?: string; dataDir: string };

export function loadCliDatabaseConfig(env: SettingsEnv = process.env): CliDatabaseConfig {
  const settings = readSettings(env, ['databaseUrl', 'dataDir']);
  return { databaseUrl: settings.databaseUrl, dataDir: resolve(settings.dataDir) };
}

/** The PGlite data directory is open in another process (PGlite allows one process per directory). */
export class DataDirInUseError extends Error {
  readonly name = 'DataDirInUseError';
  constructor(readonly dataDir: string) {
    super(
      `The PGlite data directory ${dataDir} is in use (postmaster.pid present): PGlite allows one process per ` +
        `data directory, so stop the server first, or run the CLI against a PostgreSQL server with DATABASE_URL. ` +
        `If no server is running (it crashed), delete ${join(dataDir, 'postmaster.pid')} or pass --force.`,
    );
  }
}

/** Opens and migrates the database. On PGlite, refuses a data directory another process has open. */
export async function openCliDatabase(config: CliDatabaseConfig, options: { force?: boolean } = {}): Promise<Database> {
  if (!config.databaseUrl && !options.force && existsSync(join(config.dataDir, 'postmaster.pid'))) {
    throw new DataDirInUseError(config.dataDir);
  }
  const db = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrate(db, cliMigrations);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
