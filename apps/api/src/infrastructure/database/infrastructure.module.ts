import { Global, Inject, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { migrate, openDatabase, PostgresEventStore, type Database, type EventStore } from '@storefront/eventstore';
import { allProjections, ProjectionRunner, projectionMigrations, type RunnerLogger } from '@storefront/projections';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { appMigrations } from '../app-migrations';
import { CommandExecutor } from '../command-executor';
import { SERVER_SECRETS, ServerSecrets } from '../server-secrets';
import { ReadModelChanges } from '../read-model-changes';
import { StartupNotices } from '../startup-notices';
import { StreamHistory } from '../stream-history';

import { DATABASE, EVENT_STORE, PROJECTION_RUNNER } from './tokens';

const OWNS_DATABASE = Symbol('OWNS_DATABASE');
/** The projection runner's own connections (PostgreSQL server only), apart from the requests' pool. */
const RUNNER_DATABASE = Symbol('RUNNER_DATABASE');

/**
 * Connections of the projection runner's own pool. Six projections each run a round (a read,
 * then a transaction of six or seven statements) after every burst of events; sharing the
 * requests' pool of 10, they held most of it under checkout load and every request statement
 * queued behind them. With three of their own, requests never wait for a projection's
 * transaction, and under load the projections take turns, each round applying more events.
 */
const RUNNER_POOL_SIZE = 3;

function runnerLogger(silent: boolean): RunnerLogger {
  if (silent) return { info: () => {}, warn: () => {}, error: () => {} };
  const logger = new Logger('Projections');
  return {
    info: (m) => logger.log(m),
    warn: (m, e) => logger.warn(e ? `${m}: ${e instanceof Error ? e.message : String(e)}` : m),
    error: (m, e) => logger.error(e ? `${m}: ${e instanceof Error ? e.stack : String(e)}` : m),
  };
}

/** Opens a database and applies every migration: event store, projections, then the API's own. */
export async function openMigratedDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db, [...projectionMigrations, ...appMigrations]);
  return db;
}

/**
 * Storage for the whole app. A test may pass an already-open database (`forRoot({ db })`);
 * otherwise the module opens one from the config. Projections run in-process unless ROLE=api.
 */
@Global()
@Module({})
export class InfrastructureModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Infrastructure');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(OWNS_DATABASE) private readonly ownsDatabase: boolean,
    @Inject(RUNNER_DATABASE) private readonly runnerDb: Database | null,
  ) {}

  static forRoot(config: AppConfig, options: { db?: Database } = {}) {
    const ownsDatabase = !options.db;
    return {
      module: InfrastructureModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: OWNS_DATABASE, useValue: ownsDatabase },
        {
          provide: DATABASE,
          useFactory: async () => {
            if (!options.db) return openMigratedDatabase(config);
            await migrate(options.db, [...projectionMigrations, ...appMigrations]);
            return options.db;
          },
        },
        { provide: EVENT_STORE, inject: [DATABASE], useFactory: (db: Database) => new PostgresEventStore(db) },
        {
          provide: RUNNER_DATABASE,
          inject: [DATABASE],
          // A database the module opened on a server gets a second pool; PGlite (one in-process
          // session) and a database a test passes in are shared.
          useFactory: (db: Database): Promise<Database> | null =>
            ownsDatabase && db.driver === 'postgres' && config.databaseUrl ? openDatabase({ databaseUrl: config.databaseUrl, poolSize: RUNNER_POOL_SIZE }) : null,
        },
        {
          provide: PROJECTION_RUNNER,
          inject: [DATABASE, EVENT_STORE, RUNNER_DATABASE],
          useFactory: (db: Database, store: EventStore, runnerDb: Database | null) =>
            runnerDb
              ? new ProjectionRunner({ db: runnerDb, store: new PostgresEventStore(runnerDb), projections: allProjections(), logger: runnerLogger(config.logLevel === 'silent') })
              : new ProjectionRunner({ db, store, projections: allProjections(), logger: runnerLogger(config.logLevel === 'silent') }),
        },
        { provide: SERVER_SECRETS, inject: [DATABASE], useFactory: (db: Database) => ServerSecrets.load(db) },
        CommandExecutor,
        StartupNotices,
        ReadModelChanges,
        StreamHistory,
      ],
      exports: [APP_CONFIG, DATABASE, EVENT_STORE, PROJECTION_RUNNER, SERVER_SECRETS, CommandExecutor, StartupNotices, ReadModelChanges, StreamHistory],
    };
  }

  async onModuleInit() {
    await this.runner.prepare();
    if (this.config.role !== 'api') {
      await this.runner.start();
      this.logger.log('projections running in this process');
    }
  }

  async onApplicationShutdown() {
    await this.runner.stop();
    await this.runnerDb?.close();
    if (this.ownsDatabase) await this.db.close();
  }
}
