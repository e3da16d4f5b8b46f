import type { CommandContext } from '@storefront/eventstore';

export class RemoveCartEntryCommand {
  constructor(
    readonly context: CommandContext,
    readonly cartId: string,
    readonly entryId: string,
  ) {}
}
