import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SiteLoader, type HeaderFooterView } from '../site-loader';
import { GetHeaderFooterQuery } from './get-header-footer.query';

/** From the website stream, so an owner sees their own save at once. */
@QueryHandler(GetHeaderFooterQuery)
export class GetHeaderFooterHandler implements IQueryHandler<GetHeaderFooterQuery, HeaderFooterView> {
  constructor(private readonly loader: SiteLoader) {}

  execute(): Promise<HeaderFooterView> {
    return this.loader.headerFooterView();
  }
}
