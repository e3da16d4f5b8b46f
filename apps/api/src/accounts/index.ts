/** Owner accounts: sign-in, sessions, the owner pages. */
export { AccountsModule } from './accounts.module';
