import { DEFAULT_CONFIG, type CartSettings } from '../config/app-config';

/**
 * Cart settings of this process: the app config's `cart` part (MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES,
 * CART_RATE_LIMIT_*, CLIENT_RATE_LIMIT_*; see `config/settings.ts`), provided as CART_SETTINGS.
 */
export type { CartSettings } from '../config/app-config';

export const CART_SETTINGS = Symbol('CART_SETTINGS');

/**
 * The defaults. A person edits a cart a few times a second at most; 40 at once covers many tabs and
 * retries. Per client address (a household or an office behind one NAT shares it): far above what
 * people do, far below a script minting carts (every cookieless add would otherwise start a new cart).
 */
export const DEFAULT_CART_SETTINGS: CartSettings = DEFAULT_CONFIG.cart;
