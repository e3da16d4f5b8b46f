/** Owner accounts: sign-in, sessions, the owner pages. */
export { AccountsModule } from './accounts.module';
/** Every registered owner (OwnerSummary[]), for contexts that name who did something (the catalog's stock changes). */
export { ListOwnersQuery } from './queries/list-owners.query';
