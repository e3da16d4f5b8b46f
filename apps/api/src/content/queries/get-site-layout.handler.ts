import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SiteLoader, type SiteLayoutView } from '../site-loader';
import { GetSiteLayoutQuery } from './get-site-layout.query';

/** From the site-layout stream, so the link editor sees its own save at once. */
@QueryHandler(GetSiteLayoutQuery)
export class GetSiteLayoutHandler implements IQueryHandler<GetSiteLayoutQuery, SiteLayoutView> {
  constructor(private readonly loader: SiteLoader) {}

  execute(): Promise<SiteLayoutView> {
    return this.loader.siteLayoutView();
  }
}
