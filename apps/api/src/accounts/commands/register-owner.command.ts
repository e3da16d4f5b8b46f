import type { CommandContext } from '@storefront/eventstore';

/** Registers an owner account (typed by RegisterOwnerRequest; the handler and the domain check the rules). */
export class RegisterOwnerCommand {
  constructor(
    readonly context: CommandContext,
    readonly email: string,
    readonly password: string,
    readonly roles: readonly (string | number)[],
  ) {}
}
