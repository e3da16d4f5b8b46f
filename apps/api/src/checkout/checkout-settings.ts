/**
 * Checkout rules of this store (CHECKOUT_SETTINGS): the app config's `checkout` part
 * (CHECKOUT_MINIMUM_SUBTOTAL_CENTS, the smallest cart subtotal that may check out; see `config/settings.ts`).
 */
export const CHECKOUT_SETTINGS = Symbol('CHECKOUT_SETTINGS');
