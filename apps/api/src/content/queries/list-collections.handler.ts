import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CollectionRecord } from '@storefront/domain';
import { SiteReadModel } from '../site-read-model';
import { ListCollectionsQuery } from './list-collections.query';

@QueryHandler(ListCollectionsQuery)
export class ListCollectionsHandler implements IQueryHandler<ListCollectionsQuery, { collections: CollectionRecord[] }> {
  constructor(private readonly site: SiteReadModel) {}

  async execute(): Promise<{ collections: CollectionRecord[] }> {
    return { collections: await this.site.ownerCollections() };
  }
}
