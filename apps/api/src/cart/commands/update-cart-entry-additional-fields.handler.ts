import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CartEntryView, ShoppingCartView } from '@storefront/domain';
import { CartStreams } from './cart-streams';
import { UpdateCartEntryAdditionalFieldsCommand } from './update-cart-entry-additional-fields.command';

export type UpdateCartEntryAdditionalFieldsResult = { shoppingCart: ShoppingCartView; updatedEntry: CartEntryView };

@CommandHandler(UpdateCartEntryAdditionalFieldsCommand)
export class UpdateCartEntryAdditionalFieldsHandler
  implements ICommandHandler<UpdateCartEntryAdditionalFieldsCommand, UpdateCartEntryAdditionalFieldsResult>
{
  constructor(private readonly carts: CartStreams) {}

  async execute({ context, cartId, entryId, request }: UpdateCartEntryAdditionalFieldsCommand): Promise<UpdateCartEntryAdditionalFieldsResult> {
    const { shoppingCart } = await this.carts.run(
      cartId,
      {
        type: 'UpdateCartEntryAdditionalFields',
        data: { cartId, entryId, itemId: request.itemId, sku: request.sku, additionalFields: request.additionalFields, now: new Date().toISOString() },
      },
      context,
    );
    return { shoppingCart, updatedEntry: shoppingCart.entries.find((e) => e.id === entryId)! };
  }
}
