/** The published site. */
export { StorefrontModule } from './storefront.module';
