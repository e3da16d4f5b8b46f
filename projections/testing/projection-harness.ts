import { migrate, PostgresEventStore, type Database } from '@storefront/eventstore';
import { createTestDatabase, type TestDriver } from '@storefront/eventstore/testing';
import type { Projection } from '../src/runner/projection';
import { projectionMigrations } from '../src/runner/projection-migrations';
import { ProjectionRunner } from '../src/runner/projection-runner';
import { silentLogger } from './test-events';

/** What a projection spec works with: its own database, the event store on it and a runner. */
export type ProjectionHarness = {
  readonly db: Database;
  readonly store: PostgresEventStore;
  readonly runner: ProjectionRunner;
};

/**
 * Inside a `describe`: before its tests, a fresh database of `driver` with the read models'
 * migrations, an event store and a prepared runner of `projections`; after them, the runner
 * stopped and the database dropped. The fields are there once `beforeAll` has run.
 */
export function useProjectionHarness(driver: TestDriver, projections: () => Projection[]): ProjectionHarness {
  let harness: ProjectionHarness | undefined;
  let dispose: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const created = await createTestDatabase(driver);
    dispose = created.dispose;
    await migrate(created.db, projectionMigrations);
    const store = new PostgresEventStore(created.db);
    const runner = new ProjectionRunner({ db: created.db, store, projections: projections(), logger: silentLogger });
    await runner.prepare();
    harness = { db: created.db, store, runner };
  });
  afterAll(async () => {
    await harness?.runner.stop();
    await dispose();
  });

  const ready = (): ProjectionHarness => {
    if (!harness) throw new Error('the projection harness is used before its beforeAll ran');
    return harness;
  };
  return {
    get db() {
      return ready().db;
    },
    get store() {
      return ready().store;
    },
    get runner() {
      return ready().runner;
    },
  };
}
