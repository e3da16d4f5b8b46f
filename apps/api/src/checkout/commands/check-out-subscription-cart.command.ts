import type { SubscriptionCheckoutRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

export class CheckOutSubscriptionCartCommand {
  constructor(
    readonly context: CommandContext,
    /** The subscription cart's token (its owner checked by the controller). */
    readonly cartToken: string,
    /** The buyer's email, card token and (for an item that ships) address, as `SubscriptionCheckoutRequest` parsed them. */
    readonly request: SubscriptionCheckoutRequest,
  ) {}
}
