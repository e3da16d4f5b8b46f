import type { EditCollectionRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** PUT /api/site/collections/{id}: title, navigation title, description, URL id, folder behaviour, members-only, published, page size. */
export class EditCollectionCommand {
  constructor(readonly context: CommandContext, readonly collectionId: string, readonly request: EditCollectionRequest, readonly expectedVersion?: number) {}
}
