import type { CommandContext } from '@storefront/eventstore';

/** Checkout payload as received: the buyer's email and the payment form's card token. */
export type CheckoutPayload = { email?: unknown; paymentToken?: unknown };

export class CheckOutCartCommand {
  constructor(
    readonly context: CommandContext,
    readonly cartId: string,
    readonly payload: CheckoutPayload,
  ) {}
}
