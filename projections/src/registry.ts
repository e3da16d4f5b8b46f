import { analyticsProjection } from './analytics/analytics.projection';
import { alsoBoughtProjection } from './also-bought/also-bought.projection';
import { cartDetailsProjection } from './cart/cart-details.projection';
import { catalogProductsProjection } from './catalog/catalog-products.projection';
import { checkoutsProjection } from './checkout/checkouts.projection';
import { ordersProjection } from './checkout/orders.projection';
import { formsProjection } from './forms/forms.projection';
import { restockProjection } from './restock/restock.projection';
import { imageAssetsProjection } from './media/image-assets.projection';
import type { Projection } from './runner/projection';
import { siteProjection } from './site/site.projection';

/** Every projection the product runs, in one list: the runner, `rebuild` and `verify` use it. */
export function allProjections(): Projection[] {
  return [catalogProductsProjection, cartDetailsProjection, ordersProjection, checkoutsProjection, imageAssetsProjection, siteProjection, alsoBoughtProjection, formsProjection, restockProjection, analyticsProjection];
}
