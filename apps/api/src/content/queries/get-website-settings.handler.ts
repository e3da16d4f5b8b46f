import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SiteLoader, type WebsiteSettingsView } from '../site-loader';
import { GetWebsiteSettingsQuery } from './get-website-settings.query';

@QueryHandler(GetWebsiteSettingsQuery)
export class GetWebsiteSettingsHandler implements IQueryHandler<GetWebsiteSettingsQuery, WebsiteSettingsView> {
  constructor(private readonly loader: SiteLoader) {}

  execute(): Promise<WebsiteSettingsView> {
    return this.loader.websiteSettingsView();
  }
}
