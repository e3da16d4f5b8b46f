import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { OwnerSessionMiddleware } from '../security/owner-session.middleware';
import { OwnerSessionStore } from '../security/owner-session.store';
import { XsrfMiddleware } from '../security/xsrf.middleware';
import { AccountsController } from './accounts.controller';
import { CommandHandlers } from './commands';
import { OwnerAccounts } from './owner-accounts';
import { OwnerPagesController } from './owner-pages.controller';
import { OWNER_SEED_OUTPUT, OwnerSeeder, stdoutSeedOutput } from './owner-seeder';
import { PASSWORD_HASHER, ScryptPasswordHasher } from './password-hasher';
import { QueryHandlers } from './queries';
import { SIGN_IN_THROTTLE_OPTIONS, SignInThrottle, signInThrottleOptionsFromEnv } from './sign-in-throttle';

/**
 * Owner accounts, sign-in and request security. Its middleware runs for every route: the
 * session cookie becomes `req.state.owner`, and state-changing requests with a session need
 * the XSRF header. Other modules guard routes with `@OwnerRoles(...)` from `../security`.
 */
@Module({
  controllers: [AccountsController, OwnerPagesController],
  providers: [
    ...CommandHandlers,
    ...QueryHandlers,
    OwnerAccounts,
    OwnerSessionStore,
    SignInThrottle,
    OwnerSeeder,
    { provide: PASSWORD_HASHER, useFactory: () => new ScryptPasswordHasher() },
    { provide: SIGN_IN_THROTTLE_OPTIONS, useFactory: () => signInThrottleOptionsFromEnv(process.env) },
    { provide: OWNER_SEED_OUTPUT, useValue: stdoutSeedOutput },
  ],
  exports: [OwnerSessionStore, PASSWORD_HASHER],
})
export class AccountsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(OwnerSessionMiddleware, XsrfMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
