import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ContentItemRecord } from '@storefront/domain';
import { SiteLoader } from '../site-loader';
import { SiteReadModel } from '../site-read-model';
import { ListCollectionItemsQuery } from './list-collection-items.query';

@QueryHandler(ListCollectionItemsQuery)
export class ListCollectionItemsHandler implements IQueryHandler<ListCollectionItemsQuery, { items: ContentItemRecord[] }> {
  constructor(
    private readonly loader: SiteLoader,
    private readonly site: SiteReadModel,
  ) {}

  async execute({ collectionId }: ListCollectionItemsQuery): Promise<{ items: ContentItemRecord[] }> {
    await this.loader.activeCollection(collectionId);
    return { items: await this.site.ownerItems(collectionId) };
  }
}
