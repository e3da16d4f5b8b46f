import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CartEntryView, ShoppingCartView } from '@storefront/domain';
import { CartProductLookup } from '../cart-product-lookup';
import { CartStreams } from './cart-streams';
import { UpdateCartEntryAdditionalFieldsCommand } from './update-cart-entry-additional-fields.command';

export type UpdateCartEntryAdditionalFieldsResult = { shoppingCart: ShoppingCartView; updatedEntry: CartEntryView };

@CommandHandler(UpdateCartEntryAdditionalFieldsCommand)
export class UpdateCartEntryAdditionalFieldsHandler
  implements ICommandHandler<UpdateCartEntryAdditionalFieldsCommand, UpdateCartEntryAdditionalFieldsResult>
{
  constructor(
    private readonly carts: CartStreams,
    private readonly products: CartProductLookup,
  ) {}

  async execute({ context, cartId, entryId, request }: UpdateCartEntryAdditionalFieldsCommand): Promise<UpdateCartEntryAdditionalFieldsResult> {
    // The entry's product's form, looked up now: new answers are checked against it as an add's are.
    const current = await this.carts.load(cartId);
    const itemId = current.status === 'empty' ? null : current.entries.find((e) => e.id === entryId)?.itemId;
    const product = itemId ? await this.products.find(itemId) : null;
    const { shoppingCart } = await this.carts.run(
      cartId,
      {
        type: 'UpdateCartEntryAdditionalFields',
        data: {
          cartId, entryId, itemId: request.itemId, sku: request.sku, additionalFields: request.additionalFields,
          form: product?.additionalFieldsForm ?? null, now: new Date().toISOString(),
        },
      },
      context,
    );
    return { shoppingCart, updatedEntry: shoppingCart.entries.find((e) => e.id === entryId)! };
  }
}
