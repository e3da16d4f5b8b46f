import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CartEntryView, ShoppingCartView } from '@storefront/domain';
import { randomUUID } from 'node:crypto';
import { WebsiteDirectory } from '../../catalog';
import { CartProductLookup } from '../cart-product-lookup';
import { AddItemToCartCommand } from './add-item-to-cart.command';
import { CartStreams } from './cart-streams';

export type AddItemToCartResult = { shoppingCart: ShoppingCartView; newlyAdded: CartEntryView };

/** Appends to the visitor's cart stream and returns the cart computed from it (read-your-writes). */
@CommandHandler(AddItemToCartCommand)
export class AddItemToCartHandler implements ICommandHandler<AddItemToCartCommand, AddItemToCartResult> {
  constructor(
    private readonly carts: CartStreams,
    private readonly products: CartProductLookup,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, cartId, request, newCart }: AddItemToCartCommand): Promise<AddItemToCartResult> {
    const [product, website, store] = await Promise.all([this.products.find(request.itemId), this.websites.current(), this.websites.storeSettings()]);
    const { shoppingCart, events } = await this.carts.run(
      cartId,
      {
        type: 'AddItemToCart',
        data: {
          cartId,
          websiteId: website.websiteId,
          currency: store.selectedCurrency,
          newEntryId: randomUUID(),
          product,
          sku: request.sku,
          quantity: request.quantity,
          additionalFields: request.additionalFields,
          storeSettings: { multipleQuantityAllowedForServices: store.multipleQuantityAllowedForServices },
          now: new Date().toISOString(),
        },
      },
      context,
      { newStream: newCart },
    );
    const touched = events
      .map((e) => (e.type === 'CartEntryAdded' || e.type === 'CartEntryQuantityIncreased' ? e.data.entryId : null))
      .find((id): id is string => id !== null);
    const newlyAdded = shoppingCart.entries.find((e) => e.id === touched) ?? shoppingCart.entries[shoppingCart.entries.length - 1]!;
    return { shoppingCart, newlyAdded };
  }
}
