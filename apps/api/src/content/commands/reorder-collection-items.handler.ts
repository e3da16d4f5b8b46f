import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SiteLoader, type CollectionView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { ReorderCollectionItemsCommand } from './reorder-collection-items.command';

@CommandHandler(ReorderCollectionItemsCommand)
export class ReorderCollectionItemsHandler implements ICommandHandler<ReorderCollectionItemsCommand, CollectionView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, collectionId, itemIds, expectedVersion }: ReorderCollectionItemsCommand): Promise<CollectionView> {
    await this.writer.collection(context, collectionId, { type: 'ReorderCollectionItems', data: { collectionId, itemIds, now: new Date().toISOString() } }, { expectedVersion });
    return this.loader.collectionView(collectionId);
  }
}
