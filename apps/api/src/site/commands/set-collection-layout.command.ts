import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/collections/{id}/layout { blocks }: a page's blocks, in order. */
export class SetCollectionLayoutCommand {
  constructor(readonly context: CommandContext, readonly collectionId: string, readonly body: unknown) {}
}
