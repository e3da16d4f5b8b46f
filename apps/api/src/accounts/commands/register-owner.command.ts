import type { CommandContext } from '@storefront/eventstore';

/** Registers an owner account. Fields are raw input: the handler and the domain validate them. */
export class RegisterOwnerCommand {
  constructor(
    readonly context: CommandContext,
    readonly email: unknown,
    readonly password: unknown,
    readonly roles: unknown,
  ) {}
}
