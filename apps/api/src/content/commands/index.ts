import { ChangeItemWorkflowHandler } from './change-item-workflow.handler';
import { ChangeWebsiteSettingsHandler } from './change-website-settings.handler';
import { CreateCollectionHandler } from './create-collection.handler';
import { CreateContentItemHandler } from './create-content-item.handler';
import { DeleteCollectionHandler } from './delete-collection.handler';
import { DeleteContentItemHandler } from './delete-content-item.handler';
import { EditCollectionHandler } from './edit-collection.handler';
import { EditContentItemHandler } from './edit-content-item.handler';
import { ReorderCollectionItemsHandler } from './reorder-collection-items.handler';
import { SetCollectionLayoutHandler } from './set-collection-layout.handler';
import { SetCollectionPasswordHandler } from './set-collection-password.handler';
import { SetGalleryOptionsHandler } from './set-gallery-options.handler';
import { SetHomePageHandler } from './set-home-page.handler';
import { SetSiteHeaderFooterHandler } from './set-site-header-footer.handler';
import { RestoreSiteVersionHandler } from './restore.handler';
import { UpdateNavigationHandler } from './update-navigation.handler';

export const CommandHandlers = [
  ChangeWebsiteSettingsHandler, SetSiteHeaderFooterHandler, CreateCollectionHandler, EditCollectionHandler, SetCollectionPasswordHandler,
  SetCollectionLayoutHandler, SetGalleryOptionsHandler, ReorderCollectionItemsHandler, DeleteCollectionHandler, SetHomePageHandler,
  UpdateNavigationHandler, CreateContentItemHandler, EditContentItemHandler, ChangeItemWorkflowHandler, DeleteContentItemHandler,
  RestoreSiteVersionHandler,
];
