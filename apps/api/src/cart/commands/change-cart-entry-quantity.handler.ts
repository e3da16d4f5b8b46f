import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CartEntryView, ShoppingCartView } from '@storefront/domain';
import { CartProductLookup } from '../cart-product-lookup';
import { WebsiteDirectory } from '../../catalog';
import { CartStreams } from './cart-streams';
import { ChangeCartEntryQuantityCommand } from './change-cart-entry-quantity.command';

/** `updatedEntry` is null when the quantity was 0 and the entry was removed. */
export type ChangeCartEntryQuantityResult = { shoppingCart: ShoppingCartView; updatedEntry: CartEntryView | null };

@CommandHandler(ChangeCartEntryQuantityCommand)
export class ChangeCartEntryQuantityHandler implements ICommandHandler<ChangeCartEntryQuantityCommand, ChangeCartEntryQuantityResult> {
  constructor(
    private readonly carts: CartStreams,
    private readonly products: CartProductLookup,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, cartId, entryId, quantity }: ChangeCartEntryQuantityCommand): Promise<ChangeCartEntryQuantityResult> {
    // The entry's product, looked up now (an entry's item never changes, so a later reload agrees).
    const current = await this.carts.load(cartId);
    const itemId = current.status === 'empty' ? null : current.entries.find((e) => e.id === entryId)?.itemId;
    const [product, store] = await Promise.all([itemId ? this.products.find(itemId) : null, this.websites.storeSettings()]);
    const { shoppingCart } = await this.carts.run(
      cartId,
      {
        type: 'ChangeCartEntryQuantity',
        data: { cartId, entryId, quantity, product, storeSettings: { multipleQuantityAllowedForServices: store.multipleQuantityAllowedForServices }, now: new Date().toISOString() },
      },
      context,
    );
    return { shoppingCart, updatedEntry: shoppingCart.entries.find((e) => e.id === entryId) ?? null };
  }
}
