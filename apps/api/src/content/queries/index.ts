import { GetCollectionHandler } from './get-collection.handler';
import { GetContentItemHandler } from './get-content-item.handler';
import { GetHeaderFooterHandler } from './get-header-footer.handler';
import { GetSiteHistoryHandler } from './get-site-history.handler';
import { GetSiteLayoutHandler } from './get-site-layout.handler';
import { GetWebsiteSettingsHandler } from './get-website-settings.handler';
import { ListCollectionItemsHandler } from './list-collection-items.handler';
import { ListCollectionsHandler } from './list-collections.handler';

export const QueryHandlers = [
  GetWebsiteSettingsHandler, GetHeaderFooterHandler, GetSiteLayoutHandler, GetCollectionHandler, GetContentItemHandler, ListCollectionsHandler,
  ListCollectionItemsHandler, GetSiteHistoryHandler,
];
