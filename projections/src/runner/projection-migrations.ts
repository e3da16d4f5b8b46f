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
];
