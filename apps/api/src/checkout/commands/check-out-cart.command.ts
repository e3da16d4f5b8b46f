import type { CheckoutRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

export class CheckOutCartCommand {
  constructor(
    readonly context: CommandContext,
    readonly cartId: string,
    /** The buyer's email and the payment form's card token as `CheckoutRequest` parsed them, reported after the cart's problems. */
    readonly request: CheckoutRequest,
  ) {}
}
