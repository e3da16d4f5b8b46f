import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/collections/{id}/order { itemIds }: a gallery's items in a new order. */
export class ReorderCollectionItemsCommand {
  constructor(readonly context: CommandContext, readonly collectionId: string, readonly itemIds: string[], readonly expectedVersion?: number) {}
}
