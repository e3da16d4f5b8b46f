import type { Migration } from '@storefront/eventstore';

/**
 * Tables of the projection runner, applied after the event store's own schema (which owns
 * `checkpoints` and `dead_letters`): pass them to `migrate(db, [...projectionMigrations, …])`.
 */
export const projectionMigrations: Migration[] = [
  {
    id: 'projections-001-generations-and-leases',
    sql: `
      -- Which generation of a projection's tables the views point at; the progress of a
      -- blue/green rebuild into rebuild_generation; and whether the 'stop' policy halted it.
      CREATE TABLE IF NOT EXISTS projection_generations (
        name text PRIMARY KEY,
        active_generation integer NOT NULL DEFAULT 1,
        rebuild_generation integer,
        rebuild_transaction_id xid8,
        rebuild_global_position bigint,
        stopped_at timestamptz,
        stopped_error text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- One active applier per projection: taken when free or expired, renewed by its owner.
      CREATE TABLE IF NOT EXISTS projection_leases (
        name text PRIMARY KEY,
        owner text NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
  {
    id: 'projections-002-generation-versions',
    sql: `
      -- The version of what each generation holds (projectionVersion(): the projection's declared
      -- version and a fingerprint of its tables): the runner rebuilds a projection whose active
      -- version differs from its code's. NULL (a generation from before this column) never matches.
      ALTER TABLE projection_generations ADD COLUMN active_version text, ADD COLUMN rebuild_version text;
    `,
  },
  {
    id: 'projections-003-analytics-raw-retention',
    sql: `
      -- How far back the analytics raw visit tables still hold rows: the retention job drops raw
      -- day partitions before kept_from (after checking the rollups cover them) and records it
      -- here, so verify compares raw rows only from that day on (a rebuild refills older days
      -- from the log until the next retention run drops them again). One row at most.
      CREATE TABLE IF NOT EXISTS analytics_raw_retention (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        kept_from date NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
