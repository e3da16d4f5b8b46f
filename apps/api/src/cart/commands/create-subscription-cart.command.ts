import type { SubscriptionCartRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

export class CreateSubscriptionCartCommand {
  constructor(
    readonly context: CommandContext,
    /** The subscription payload (SPEC 3) as `SubscriptionCartRequest` parsed it; the domain reports its fields' problems. */
    readonly request: SubscriptionCartRequest,
  ) {}
}
