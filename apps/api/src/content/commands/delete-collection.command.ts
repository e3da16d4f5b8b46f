import type { CommandContext } from '@storefront/eventstore';

/** DELETE /api/site/collections/{id}: the collection, its items and its links. */
export class DeleteCollectionCommand {
  constructor(readonly context: CommandContext, readonly collectionId: string, readonly expectedVersion?: number) {}
}
