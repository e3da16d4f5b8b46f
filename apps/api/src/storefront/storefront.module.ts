import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { ContentAccessModule } from '../security/content-access';
import { PasswordHashingModule } from '../security/password-hasher';
import { ContentModule } from '../content';
import { ImageAssets } from './image-assets';
import { LockedPages } from './locked-pages';
import { PageContextBuilder } from './page-context-builder';
import { PastSite } from './past-site';
import { PastSiteController } from './past-site.controller';
import { SiteRenderer } from './site-renderer';
import { StorefrontController } from './storefront.controller';
import { ThemeAssetsController } from './theme-assets.controller';
import { WebBundle } from './web-bundle';

/**
 * The published site: pages rendered by the theme from the site, catalog and media read models,
 * and (for owners) the same pages as they were at a past moment (PastSite).
 * Imported last by AppModule, since its catch-all route must come after every API route.
 */
@Module({
  imports: [CatalogModule, CartModule, ContentModule, ContentAccessModule, PasswordHashingModule],
  controllers: [ThemeAssetsController, PastSiteController, StorefrontController],
  providers: [WebBundle, ImageAssets, LockedPages, PageContextBuilder, SiteRenderer, PastSite],
})
export class StorefrontModule {}
