import type { CommandContext } from '@storefront/eventstore';

/** Subscription payload (SPEC 3), as received: validated by the domain. */
export type SubscriptionPayload = { itemId?: unknown; sku?: unknown; qty?: unknown; additionalFields?: unknown; subscriptionOptionId?: unknown };

export class CreateSubscriptionCartCommand {
  constructor(
    readonly context: CommandContext,
    readonly payload: SubscriptionPayload,
  ) {}
}
