/**
 * Checkout process settings (CHECKOUT_PROCESS_SETTINGS): the app config's `checkoutProcess` part
 * (CHECKOUT_RECOVERY_DEADLINE_MS, CHECKOUT_RECOVERY_INTERVAL_MS, CHECKOUT_TEST_PAUSE_AFTER with
 * NODE_ENV=test; see `config/settings.ts`). The recovery worker runs in ROLE=all and ROLE=worker
 * processes, one active instance at a time (a lease of three intervals, at least one second).
 */
export type { CheckoutProcessSettings } from '../../config/app-config';

export const CHECKOUT_PROCESS_SETTINGS = Symbol('CHECKOUT_PROCESS_SETTINGS');
