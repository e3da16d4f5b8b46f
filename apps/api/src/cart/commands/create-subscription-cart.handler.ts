import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SUBSCRIPTION_CART_STREAM_TYPE, subscriptionCartDecider, subscriptionCartStreamId } from '@storefront/domain';
import { randomUUID } from 'node:crypto';
import { WebsiteDirectory } from '../../catalog';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { CartProductLookup } from '../cart-product-lookup';
import { CreateSubscriptionCartCommand } from './create-subscription-cart.command';

export type CreateSubscriptionCartResult = { cartToken: string };

/**
 * A new subscription cart (its own stream and token) holding the one subscribable item. A retried
 * request (same Idempotency-Key) gets the token its first run created.
 */
@CommandHandler(CreateSubscriptionCartCommand)
export class CreateSubscriptionCartHandler implements ICommandHandler<CreateSubscriptionCartCommand, CreateSubscriptionCartResult> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly products: CartProductLookup,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, request }: CreateSubscriptionCartCommand): Promise<CreateSubscriptionCartResult> {
    const [product, website, store] = await Promise.all([this.products.find(request.itemId), this.websites.current(), this.websites.storeSettings()]);
    const cartToken = randomUUID();
    const result = await this.executor.execute({
      streamId: subscriptionCartStreamId(cartToken),
      streamType: SUBSCRIPTION_CART_STREAM_TYPE,
      decider: subscriptionCartDecider,
      command: {
        type: 'CreateSubscriptionCart',
        data: {
          cartToken,
          websiteId: website.websiteId,
          currency: store.selectedCurrency,
          entryId: randomUUID(),
          product,
          sku: request.sku,
          quantity: request.qty,
          additionalFields: request.additionalFields,
          subscriptionOptionId: request.subscriptionOptionId,
          storeSettings: { multipleQuantityAllowedForServices: store.multipleQuantityAllowedForServices },
          now: new Date().toISOString(),
        },
      },
      context,
    });
    if (!result.ok) throw new DomainException(result.error);
    if (result.state.status !== 'created') throw new Error('A subscription cart was not created');
    return { cartToken: result.state.cartToken };
  }
}
