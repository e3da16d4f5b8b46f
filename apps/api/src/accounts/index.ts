/** Owner accounts: sign-in, sessions, the owner pages. */
export { AccountsModule } from './accounts.module';
/** Every registered owner (OwnerSummary[]), for contexts that name who did something (the catalog's stock changes). */
export { ListOwnersQuery } from './queries/list-owners.query';
/** The plain card page (sign-in's look), for the few pages outside the theme such as a mail's unsubscribe link. */
export { sendOwnerPage as sendPlainPage } from './pages/page-layout';
