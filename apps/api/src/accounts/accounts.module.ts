import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OwnerRequestHooks } from '../security/owner-request-hooks';
import { OwnerSessionStore } from '../security/owner-session.store';
import { AccountsController } from './accounts.controller';
import { CommandHandlers } from './commands';
import { OwnerAccounts } from './owner-accounts';
import { OwnerPagesController } from './owner-pages.controller';
import { OwnerAppPage } from './pages/owner-app-page';
import { StartupNotices } from '../infrastructure/startup-notices';
import { OWNER_SEED_OUTPUT, OwnerSeeder, type SeedOutput } from './owner-seeder';
import { PasswordConfirmation } from './password-confirmation';
import { PasswordHashingModule } from '../security/password-hasher';
import { QueryHandlers } from './queries';
import { SIGN_IN_THROTTLE_OPTIONS, SignInThrottle } from './sign-in-throttle';

/**
 * Owner accounts, sign-in and request security. Its request hooks (OwnerRequestHooks, installed
 * by the app factory) run for every request: the session cookie becomes `req.state.owner`, and
 * state-changing requests with a session need the XSRF header. Other modules guard routes with
 * `@OwnerRoles(...)` from `../security`.
 */
@Module({
  imports: [PasswordHashingModule],
  controllers: [AccountsController, OwnerPagesController],
  providers: [
    ...CommandHandlers,
    ...QueryHandlers,
    OwnerAccounts,
    OwnerAppPage,
    PasswordConfirmation,
    OwnerSessionStore,
    OwnerRequestHooks,
    SignInThrottle,
    OwnerSeeder,
    { provide: SIGN_IN_THROTTLE_OPTIONS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.signInThrottle },
    // The generated password is printed by main.ts under the URL, once the server listens.
    { provide: OWNER_SEED_OUTPUT, inject: [StartupNotices], useFactory: (notices: StartupNotices): SeedOutput => (text) => notices.add(text) },
  ],
  exports: [OwnerSessionStore, OwnerRequestHooks],
})
export class AccountsModule {}
