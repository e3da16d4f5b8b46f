import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { CheckoutModule } from '../checkout';
import { ContentAccessModule } from '../security/content-access';
import { PasswordHashingModule } from '../security/password-hasher';
import { ContentModule } from '../content';
import { CommercePages } from './commerce-pages';
import { ImageAssets } from './image-assets';
import { LockedPages } from './locked-pages';
import { PageContextBuilder } from './page-context-builder';
import { PublishedForms } from './published-forms';
import { RestockPageSettings } from './restock-page-settings';
import { PastSite } from './past-site';
import { PastSiteController } from './past-site.controller';
import { SiteRenderer } from './site-renderer';
import { StorefrontController } from './storefront.controller';
import { ThemeAssetsController } from './theme-assets.controller';
import { WebBundle } from './web-bundle';

/**
 * The published site: pages rendered by the theme from the site, catalog and media read models,
 * the visitor's cart and orders (the cart, checkout and order pages), and (for owners) the same pages as they were at a past moment (PastSite).
 * Imported last by AppModule, since its catch-all route must come after every API route.
 */
@Module({
  imports: [CatalogModule, CartModule, CheckoutModule, ContentModule, ContentAccessModule, PasswordHashingModule],
  controllers: [ThemeAssetsController, PastSiteController, StorefrontController],
  providers: [WebBundle, ImageAssets, PublishedForms, RestockPageSettings, LockedPages, PageContextBuilder, CommercePages, SiteRenderer, PastSite],
})
export class StorefrontModule {}
