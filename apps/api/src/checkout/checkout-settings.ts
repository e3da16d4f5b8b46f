import type { CheckoutSettings } from '@storefront/domain';

export const CHECKOUT_SETTINGS = Symbol('CHECKOUT_SETTINGS');

/**
 * Checkout rules of this store. Environment: CHECKOUT_MINIMUM_SUBTOTAL_CENTS, the smallest cart
 * subtotal that may check out, in minor units of the store currency (default 0: no minimum).
 */
export function checkoutSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): CheckoutSettings {
  const raw = env.CHECKOUT_MINIMUM_SUBTOTAL_CENTS;
  const minimum = raw === undefined || raw === '' ? 0 : Number(raw);
  if (!Number.isSafeInteger(minimum) || minimum < 0) throw new Error(`CHECKOUT_MINIMUM_SUBTOTAL_CENTS must be a whole number of minor units, got ${raw}`);
  return { minimumSubtotalCents: minimum };
}
