import type { Migration } from '@storefront/eventstore';

/**
 * The API's own operational tables (not events, not read models), applied after the event store's
 * and the projections' migrations. Append only: never edit an applied migration.
 */
export const appMigrations: Migration[] = [];
