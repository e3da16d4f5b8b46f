import type { Parsed } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

/** The owner marks an order fulfilled, or cancels it (its stock comes back and its payment is refunded). */
export class ChangeOrderStatusCommand {
  constructor(
    readonly context: CommandContext,
    readonly orderId: string,
    /** A cancellation's reason as `CancelOrderRequest` parsed it, reported after the order id. */
    readonly change: { type: 'fulfil' } | { type: 'cancel'; reason: Parsed<string> },
  ) {}
}
