/**
 * A projection runner in its own process, for failover tests: runs the CounterProjection against
 * DATABASE_URL as INSTANCE_ID with LEASE_MS, prints "ready" once started, stops on SIGTERM.
 * Started by tests with `node -r ./swc-register.js runner-process.ts`; killed with SIGKILL to
 * simulate a crash (connection gone, lease left behind until it expires).
 */
import { PostgresEventStore, openDatabase } from '@storefront/eventstore';
import { ProjectionRunner } from '../src/runner/projection-runner';
import { CounterProjection } from './counter-projection';
import { silentLogger } from './test-events';

async function main(): Promise<void> {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const runner = new ProjectionRunner({
    db,
    store: new PostgresEventStore(db),
    projections: [new CounterProjection()],
    instanceId: process.env.INSTANCE_ID,
    leaseMs: Number(process.env.LEASE_MS ?? 1000),
    pollIntervalMs: 50,
    logger: silentLogger,
  });
  await runner.start();
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    void runner.stop().then(() => db.close()).then(() => process.exit(0));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
