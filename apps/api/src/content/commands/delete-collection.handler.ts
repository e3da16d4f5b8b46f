import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { collectionStreamId } from '@storefront/domain';
import { requireBasedOn } from '../../infrastructure/command-executor';
import { stepContext } from '../../infrastructure/derived-ids';
import { SiteLoader } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { DeleteCollectionCommand } from './delete-collection.command';

/**
 * Deletes the collection's items, then the collection, then frees its URL id and removes its links
 * (a folder's pages move up in the navigation). A products collection's store and products stay:
 * they belong to the catalog.
 */
@CommandHandler(DeleteCollectionCommand)
export class DeleteCollectionHandler implements ICommandHandler<DeleteCollectionCommand, void> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, collectionId, expectedVersion }: DeleteCollectionCommand): Promise<void> {
    const { state, version } = await this.loader.activeCollectionVersion(collectionId);
    // A delete based on an older version is refused before any item is deleted.
    requireBasedOn(collectionStreamId(collectionId), { expectedVersion }, version);
    const now = new Date().toISOString();
    for (const itemId of state.order) {
      const item = await this.loader.itemState(itemId);
      if (item.status !== 'active') continue;
      await this.writer.item(stepContext(context, `delete-item-${itemId}`), itemId, { type: 'DeleteContentItem', data: { itemId, now } });
    }
    await this.writer.collection(stepContext(context, 'delete'), collectionId, { type: 'DeleteCollection', data: { collectionId, now } }, { expectedVersion });
    await this.writer.layout(stepContext(context, 'unregister'), { type: 'UnregisterCollection', data: { collectionId, now } });
  }
}
