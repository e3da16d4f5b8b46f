import type { Migration } from '@storefront/eventstore';
import { projectionMigrations } from '@storefront/projections';

/**
 * The ONE place listing the migrations the CLI applies after the event store's own (the same
 * order the API uses). The API's operational tables (`appMigrations` in
 * apps/api/src/infrastructure/app-migrations.ts) are not needed by any CLI command and are left
 * to the API; add them here if a command ever reads them.
 */
export const cliMigrations: Migration[] = [...projectionMigrations];
