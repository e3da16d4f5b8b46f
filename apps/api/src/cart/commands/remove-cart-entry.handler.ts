import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { ShoppingCartView } from '@storefront/domain';
import { CartStreams } from './cart-streams';
import { RemoveCartEntryCommand } from './remove-cart-entry.command';

export type RemoveCartEntryResult = { shoppingCart: ShoppingCartView };

@CommandHandler(RemoveCartEntryCommand)
export class RemoveCartEntryHandler implements ICommandHandler<RemoveCartEntryCommand, RemoveCartEntryResult> {
  constructor(private readonly carts: CartStreams) {}

  async execute({ context, cartId, entryId }: RemoveCartEntryCommand): Promise<RemoveCartEntryResult> {
    const { shoppingCart } = await this.carts.run(cartId, { type: 'RemoveCartEntry', data: { cartId, entryId, now: new Date().toISOString() } }, context);
    return { shoppingCart };
  }
}
