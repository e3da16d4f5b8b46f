import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parseItemOrder } from '@storefront/domain';
import { parsedOrThrow } from '../parsed';
import { SiteLoader, type CollectionView } from '../site-loader';
import { SiteWriter } from '../site-writer';
import { ReorderCollectionItemsCommand } from './reorder-collection-items.command';

@CommandHandler(ReorderCollectionItemsCommand)
export class ReorderCollectionItemsHandler implements ICommandHandler<ReorderCollectionItemsCommand, CollectionView> {
  constructor(
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
  ) {}

  async execute({ context, collectionId, body }: ReorderCollectionItemsCommand): Promise<CollectionView> {
    const itemIds = parsedOrThrow(parseItemOrder(body));
    await this.writer.collection(context, collectionId, { type: 'ReorderCollectionItems', data: { collectionId, itemIds, now: new Date().toISOString() } });
    return this.loader.collectionView(collectionId);
  }
}
