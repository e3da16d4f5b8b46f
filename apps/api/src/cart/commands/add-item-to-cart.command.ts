import type { CommandContext } from '@storefront/eventstore';

/** Add-entry payload (SPEC section 3), as received: validated by the handler and the domain. */
export type AddEntryPayload = { itemId?: unknown; sku?: unknown; quantity?: unknown; additionalFields?: unknown };

export class AddItemToCartCommand {
  constructor(
    readonly context: CommandContext,
    readonly cartId: string,
    readonly payload: AddEntryPayload,
    /** The cart id was minted for this request (the visitor had no cart): its stream is new. */
    readonly newCart = false,
  ) {}
}
