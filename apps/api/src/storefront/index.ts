/** The published site. */
export { StorefrontModule } from './storefront.module';
export { sameSitePath } from './storefront.controller';
