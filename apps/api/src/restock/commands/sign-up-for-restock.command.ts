import type { RestockSignUpRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** A visitor's back-in-stock sign-up, its payload parsed (parseRestockSignUp) and its bot check passed. */
export class SignUpForRestockCommand {
  constructor(
    readonly context: CommandContext,
    readonly request: RestockSignUpRequest,
  ) {}
}
