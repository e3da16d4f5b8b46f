/**
 * The cart page's and checkout's islands, one chunk loaded only by those two pages (two chunks
 * sharing their common code made the bundler split React out of the main bundle, a second
 * request on every page).
 */
export { default as renderCartPage } from '../cart-page/cart-page-island';
export { default as renderCheckout } from './checkout-island';
