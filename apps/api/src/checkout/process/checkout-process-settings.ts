/**
 * Checkout process settings. Environment:
 * - CHECKOUT_RECOVERY_DEADLINE_MS (default 15000): a checkout whose last step is older than this
 *   is taken over by the recovery worker and completed or compensated.
 * - CHECKOUT_RECOVERY_INTERVAL_MS (default 5000): how often the recovery worker looks (0: never,
 *   for tests that run it by hand). It runs in ROLE=all and ROLE=worker processes, one active
 *   instance at a time (a lease of three intervals, at least one second).
 * - CHECKOUT_TEST_PAUSE_AFTER (tests only: honoured only when NODE_ENV=test): an event type of
 *   the checkout stream, e.g. `CheckoutPaymentAuthorized`; a checkout request that records it
 *   prints `checkout <id> paused after <type>` and never goes on, so a test can kill the process there.
 */
export type CheckoutProcessSettings = {
  recoveryDeadlineMs: number;
  recoveryIntervalMs: number;
  testPauseAfter: string | null;
};

export const CHECKOUT_PROCESS_SETTINGS = Symbol('CHECKOUT_PROCESS_SETTINGS');

function wholeMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds, got ${raw}`);
  return value;
}

export function checkoutProcessSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): CheckoutProcessSettings {
  return {
    recoveryDeadlineMs: wholeMs(env, 'CHECKOUT_RECOVERY_DEADLINE_MS', 15_000),
    recoveryIntervalMs: wholeMs(env, 'CHECKOUT_RECOVERY_INTERVAL_MS', 5_000),
    testPauseAfter: env.NODE_ENV === 'test' && env.CHECKOUT_TEST_PAUSE_AFTER ? env.CHECKOUT_TEST_PAUSE_AFTER : null,
  };
}
