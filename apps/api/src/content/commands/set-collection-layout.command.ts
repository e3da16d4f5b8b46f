import type { BlockRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/collections/{id}/layout { blocks }: a page's blocks, in order. `roles`: the signed-in owner's. */
export class SetCollectionLayoutCommand {
  constructor(readonly context: CommandContext, readonly collectionId: string, readonly blocks: BlockRequest[], readonly roles: readonly string[] = [], readonly expectedVersion?: number) {}
}
