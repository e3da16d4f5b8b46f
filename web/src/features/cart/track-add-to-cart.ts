import { PRODUCT_TYPES } from '@storefront/domain/catalog/product-record';
import { TRACK_EVENT, type AddToCartTrackDetail } from '@storefront/domain/analytics/wire';

/** What an add-to-cart button knows of its product for the tracker (SPEC 3 'Add-to-cart tracking event'). */
export type AddToCartTracking = { productPage: AddToCartTrackDetail['productPage']; collectionId: string; itemTitle: string; productType: number };

const PRODUCT_PAGES: readonly string[] = ['plp', 'pdp', 'add-on', 'product_block'];

/** A product page kind as the theme prints it (`data-product-page`), or null for anything else. */
export function productPageOf(value: string | undefined): AddToCartTracking['productPage'] | null {
  return value && PRODUCT_PAGES.includes(value) ? (value as AddToCartTracking['productPage']) : null;
}

/**
 * Tells the tracker script (web/src/tracker, never imported here) that an add to the cart
 * succeeded: a `storefront:track` event on `document`. With tracking off the event goes unheard.
 */
export function dispatchAddToCartTracked(tracking: AddToCartTracking, itemId: string, cartId: string): void {
  const itemType = (Object.keys(PRODUCT_TYPES) as (keyof typeof PRODUCT_TYPES)[]).find((name) => PRODUCT_TYPES[name] === tracking.productType) ?? '';
  const detail: AddToCartTrackDetail = {
    event: 'add-to-cart', cartId, productPage: tracking.productPage, itemId, itemTitle: tracking.itemTitle, itemType, collectionId: tracking.collectionId,
  };
  document.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail }));
}
