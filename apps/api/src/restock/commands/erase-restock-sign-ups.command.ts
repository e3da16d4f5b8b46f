import type { CommandContext } from '@storefront/eventstore';

/** An owner erases a person: every back-in-stock sign-up of the address. */
export class EraseRestockSignUpsCommand {
  constructor(
    readonly context: CommandContext,
    /** Lowercased and trimmed. */
    readonly email: string,
  ) {}
}
