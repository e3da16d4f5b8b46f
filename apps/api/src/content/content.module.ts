import { Module } from '@nestjs/common';
import { PasswordHashingModule } from '../security/password-hasher';
import { CommandHandlers } from './commands';
import { QueryHandlers } from './queries';
import { SiteCollectionsController } from './site-collections.controller';
import { SiteHeaderFooterController } from './site-header-footer.controller';
import { SiteItemsController } from './site-items.controller';
import { SiteLayoutController } from './site-layout.controller';
import { SiteLoader } from './site-loader';
import { SitePreview } from './site-preview';
import { SiteReadModel } from './site-read-model';
import { SiteSearch } from './site-search';
import { SiteSettingsController } from './site-settings.controller';
import { SiteWriter } from './site-writer';

/**
 * The content context (the domain's site context): website settings, pages and collections,
 * content items, navigation and header/footer (owner API under /api/site and the SPEC's
 * GetSiteLayout, UpdateNavigation and site-header-footer routes), and the query services the
 * published site reads (`SiteReadModel`, `SiteSearch`). Its writer and loader are exported for
 * seeding.
 */
@Module({
  imports: [PasswordHashingModule],
  controllers: [SiteSettingsController, SiteCollectionsController, SiteItemsController, SiteLayoutController, SiteHeaderFooterController],
  providers: [SiteWriter, SiteLoader, SiteReadModel, SitePreview, SiteSearch, ...CommandHandlers, ...QueryHandlers],
  exports: [SiteReadModel, SitePreview, SiteSearch, SiteLoader, SiteWriter],
})
export class ContentModule {}
