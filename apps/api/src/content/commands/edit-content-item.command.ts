import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/items/{id}: any subset of the item's fields. */
export class EditContentItemCommand {
  constructor(readonly context: CommandContext, readonly itemId: string, readonly body: unknown, readonly expectedVersion?: number) {}
}
