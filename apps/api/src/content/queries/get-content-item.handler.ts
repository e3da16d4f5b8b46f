import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SiteLoader, type ContentItemView } from '../site-loader';
import { GetContentItemQuery } from './get-content-item.query';

@QueryHandler(GetContentItemQuery)
export class GetContentItemHandler implements IQueryHandler<GetContentItemQuery, ContentItemView> {
  constructor(private readonly loader: SiteLoader) {}

  execute({ itemId }: GetContentItemQuery): Promise<ContentItemView> {
    return this.loader.itemView(itemId);
  }
}
