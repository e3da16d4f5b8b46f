import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SiteLoader, type CollectionView } from '../site-loader';
import { GetCollectionQuery } from './get-collection.query';

@QueryHandler(GetCollectionQuery)
export class GetCollectionHandler implements IQueryHandler<GetCollectionQuery, CollectionView> {
  constructor(private readonly loader: SiteLoader) {}

  execute({ collectionId }: GetCollectionQuery): Promise<CollectionView> {
    return this.loader.collectionView(collectionId);
  }
}
