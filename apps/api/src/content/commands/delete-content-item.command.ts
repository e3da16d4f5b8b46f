import type { CommandContext } from '@storefront/eventstore';

/** DELETE /api/site/items/{id}. */
export class DeleteContentItemCommand {
  constructor(readonly context: CommandContext, readonly itemId: string, readonly expectedVersion?: number) {}
}
