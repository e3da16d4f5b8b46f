/** The shopping cart: its module, the cart cookie, the commerce rate limits and the cart streams checkout reads. */
export { CartModule } from './cart.module';
export { CartCookies, hasCartCookie } from './cart-cookie';
export { SUBSCRIPTION_CART_COOKIE, SubscriptionCartCookies } from './subscription-cart-cookie';
export { CART_SETTINGS, type CartSettings } from './cart-settings';
export { CommerceRateLimits } from './cart-write.guard';
export { CartStreams } from './commands/cart-streams';
export { GetShoppingCartQuery } from './queries/get-shopping-cart.query';
