import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CommandHandlers } from './commands';
import { DemoSiteSeeder } from './demo-site.seeder';
import { QueryHandlers } from './queries';
import { SiteCollectionsController } from './site-collections.controller';
import { SiteHeaderFooterController } from './site-header-footer.controller';
import { SiteItemsController } from './site-items.controller';
import { SiteLayoutController } from './site-layout.controller';
import { SiteLoader } from './site-loader';
import { SiteReadModel } from './site-read-model';
import { SiteSearch } from './site-search';
import { SiteSettingsController } from './site-settings.controller';
import { SiteWriter } from './site-writer';

/**
 * The site context: website settings, pages and collections, content items, navigation and
 * header/footer (owner API under /api/site and the SPEC's GetSiteLayout, UpdateNavigation and
 * site-header-footer routes), the demo site seeder, and the query services the published site reads
 * (`SiteReadModel`, `SiteSearch`). Imports CatalogModule so its demo store is seeded first.
 */
@Module({
  imports: [AccountsModule, CatalogModule],
  controllers: [SiteSettingsController, SiteCollectionsController, SiteItemsController, SiteLayoutController, SiteHeaderFooterController],
  providers: [SiteWriter, SiteLoader, SiteReadModel, SiteSearch, DemoSiteSeeder, ...CommandHandlers, ...QueryHandlers],
  exports: [SiteReadModel, SiteSearch],
})
export class SiteModule {}
