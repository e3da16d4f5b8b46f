import { Inject, Injectable } from '@nestjs/common';
import type { ActiveCheckout, CheckoutProcessEvent } from '@storefront/domain';
import { CHECKOUT_PROCESS_SETTINGS, type CheckoutProcessSettings } from './checkout-process-settings';

export type CheckoutStepReport = {
  checkoutId: string;
  /** The events this step appended to the checkout's stream. */
  recorded: CheckoutProcessEvent['type'][];
  /** Who drove the step: the checkout request, or the recovery worker. */
  runner: 'request' | 'recovery';
  state: ActiveCheckout;
};

/**
 * Called after each step of a checkout is recorded, before the next starts. A no-op in the
 * product; tests set `observer` to pause there or to throw (a simulated crash: nothing after it
 * runs and nothing is compensated, as when the process dies). `CHECKOUT_TEST_PAUSE_AFTER` (only
 * with NODE_ENV=test) pauses a checkout request for good, for process tests that kill -9 it.
 */
@Injectable()
export class CheckoutStepHook {
  observer: ((report: CheckoutStepReport) => Promise<void> | void) | null = null;

  constructor(@Inject(CHECKOUT_PROCESS_SETTINGS) private readonly settings: CheckoutProcessSettings) {}

  async afterStep(report: CheckoutStepReport): Promise<void> {
    const pause = this.settings.testPauseAfter;
    if (pause && report.runner === 'request' && report.recorded.includes(pause as CheckoutProcessEvent['type'])) {
      process.stdout.write(`checkout ${report.checkoutId} paused after ${pause}\n`);
      await new Promise<never>(() => {});
    }
    await this.observer?.(report);
  }
}
