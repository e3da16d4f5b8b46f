import type { AddToCartRequest } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';

export class AddItemToCartCommand {
  constructor(
    readonly context: CommandContext,
    readonly cartId: string,
    /** The body as `AddToCartRequest` parsed it; the domain reports its fields' problems. */
    readonly request: AddToCartRequest,
    /** The cart id was minted for this request (the visitor had no cart): its stream is new. */
    readonly newCart = false,
  ) {}
}
