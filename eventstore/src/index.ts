/**
 * @storefront/eventstore — one event store over PGlite (in process) or a PostgreSQL server.
 *
 *   const db = await openDatabase({ databaseUrl, dataDir }); // server if databaseUrl, else PGlite
 *   await migrate(db, [...yourMigrations]);                   // the caller's job, once at startup
 *   const store = createEventStore(db);                        // cheap, no I/O
 *   await handleCommand(store, { streamId, streamType, decider, command, context });
 *
 * Test helpers are not exported here: `@storefront/eventstore/testing` (eventstore/testing/,
 * outside the built sources) has `describeEachDriver` and `createTestDatabase` (PGlite always,
 * PostgreSQL too when DATABASE_URL is set).
 */
export * from './types';
export { ConcurrencyError, DatabaseUnavailableError, IdempotencyKeyReusedError, StreamVersionConflictError } from './errors';
export { openDatabase, type OpenDatabaseOptions } from './open-database';
export { PGliteDatabase } from './drivers/pglite-database';
export { DataDirectoryInUseError } from './drivers/data-dir-lock';
export { PgDatabase } from './drivers/pg-database';
export { migrate, type Migration } from './migrations';
export { eventStoreMigrations } from './event-store-schema';
export { PostgresEventStore, createEventStore, type EventStoreOptions } from './postgres-event-store';
export { EventUpcasters } from './upcasting';
export { StreamStateCache } from './stream-state-cache';
export {
  handleCommand,
  foldEvents,
  toDomainEvent,
  type HandleCommandOptions,
  type HandleCommandResult,
} from './command-handling';
export {
  CommandBatch,
  handleCommandBatch,
  handleCommandBatches,
  type AnyBatchTarget,
  type BatchPlan,
  type BatchPlanOutcome,
  type BatchDecision,
  type BatchTarget,
  type CommandBatchOptions,
  type CommandBatchResult,
} from './command-batch';
