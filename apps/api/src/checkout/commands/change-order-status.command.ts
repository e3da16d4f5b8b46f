import type { CommandContext } from '@storefront/eventstore';

/** The owner marks an order fulfilled, or cancels it (its stock comes back and its payment is refunded). */
export class ChangeOrderStatusCommand {
  constructor(
    readonly context: CommandContext,
    readonly orderId: string,
    readonly change: { type: 'fulfil' } | { type: 'cancel'; reason: unknown },
  ) {}
}
