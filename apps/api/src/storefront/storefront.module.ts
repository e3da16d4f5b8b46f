import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { ContentAccessModule } from '../security/content-access';
import { PasswordHashingModule } from '../security/password-hasher';
import { ContentModule } from '../content';
import { ImageAssets } from './image-assets';
import { LockedPages } from './locked-pages';
import { PageContextBuilder } from './page-context-builder';
import { SiteRenderer } from './site-renderer';
import { StorefrontController } from './storefront.controller';
import { ThemeAssetsController } from './theme-assets.controller';
import { WebBundle } from './web-bundle';

/**
 * The published site: pages rendered by the theme from the site, catalog and media read models.
 * Imported last by AppModule, since its catch-all route must come after every API route.
 */
@Module({
  imports: [CatalogModule, CartModule, ContentModule, ContentAccessModule, PasswordHashingModule],
  controllers: [ThemeAssetsController, StorefrontController],
  providers: [WebBundle, ImageAssets, LockedPages, PageContextBuilder, SiteRenderer],
})
export class StorefrontModule {}
