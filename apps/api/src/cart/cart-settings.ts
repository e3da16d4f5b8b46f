import { DEFAULT_CART_STORE_SETTINGS, type CartStoreSettings } from '@storefront/domain';

/**
 * Cart settings of this process. The store setting `multipleQuantityAllowedForServices` (SPEC 3
 * 'Site context' storeSettings, default true) comes from the environment until the website's
 * settings are editable as events; the rate limit is per process (see `cart-rate-limiter.ts`).
 *
 * Environment: MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES (true|false), CART_RATE_LIMIT_BURST (writes a
 * cart may make at once; 0 turns the limit off), CART_RATE_LIMIT_PER_SECOND (writes regained per second),
 * CLIENT_RATE_LIMIT_BURST and CLIENT_RATE_LIMIT_PER_SECOND (the same per client address, over cart
 * writes and checkouts together, cookie or not; 0 turns it off).
 */
export type CartSettings = {
  storeSettings: CartStoreSettings;
  rateLimit: { burst: number; refillPerSecond: number };
  clientRateLimit: { burst: number; refillPerSecond: number };
};

export const CART_SETTINGS = Symbol('CART_SETTINGS');

export const DEFAULT_CART_SETTINGS: CartSettings = {
  storeSettings: DEFAULT_CART_STORE_SETTINGS,
  // A person edits a cart a few times a second at most; 40 at once covers many tabs and retries.
  rateLimit: { burst: 40, refillPerSecond: 4 },
  // Per client address (a household or an office behind one NAT shares it): far above what people
  // do, far below a script minting carts (every cookieless add would otherwise start a new cart).
  clientRateLimit: { burst: 60, refillPerSecond: 10 },
};

export function cartSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): CartSettings {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    storeSettings: { multipleQuantityAllowedForServices: env.MULTIPLE_QUANTITY_ALLOWED_FOR_SERVICES !== 'false' },
    rateLimit: {
      burst: num('CART_RATE_LIMIT_BURST', DEFAULT_CART_SETTINGS.rateLimit.burst),
      refillPerSecond: num('CART_RATE_LIMIT_PER_SECOND', DEFAULT_CART_SETTINGS.rateLimit.refillPerSecond),
    },
    clientRateLimit: {
      burst: num('CLIENT_RATE_LIMIT_BURST', DEFAULT_CART_SETTINGS.clientRateLimit.burst),
      refillPerSecond: num('CLIENT_RATE_LIMIT_PER_SECOND', DEFAULT_CART_SETTINGS.clientRateLimit.refillPerSecond),
    },
  };
}
