import type { CommandContext } from '@storefront/eventstore';

/**
 * An owner's send for one variant (SPEC 7 `POST …/restock/send`, one of `…/send/all`'s
 * sendRequests), or an automatic one when stock came back (`limit`: the units back).
 */
export class RequestRestockSendCommand {
  constructor(
    readonly context: CommandContext,
    readonly send: { requestId: string; productId: string; variantId: string; limit: number | null; automatic: boolean },
  ) {}
}
