import type { CommandContext } from '@storefront/eventstore';

export class ChangeCartEntryQuantityCommand {
  constructor(
    readonly context: CommandContext,
    readonly cartId: string,
    readonly entryId: string,
    /** Raw `quantity` from the body; 0 removes the entry. */
    readonly quantity: unknown,
  ) {}
}
