import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  cartDecider, CART_STREAM_TYPE, cartStreamId, domainError, shoppingCartView,
  type CartEntryView, type CartEvent, type ShoppingCartView,
} from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { ProductCatalog } from '../../catalog/product-catalog';
import { WebsiteDirectory } from '../../catalog/website-directory';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { EVENT_STORE } from '../../infrastructure/database/tokens';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { AddItemToCartCommand } from './add-item-to-cart.command';
import { randomUUID } from 'node:crypto';

export type AddItemToCartResult = { shoppingCart: ShoppingCartView; newlyAdded: CartEntryView };

function additionalFieldsOf(raw: unknown): Record<string, unknown> | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new DomainException(domainError('INVALID_REQUEST', { field: 'additionalFields' }, 'additionalFields must be an object.'));
  }
  return raw as Record<string, unknown>;
}

/** Appends to the visitor's cart stream and returns the cart computed from it (read-your-writes). */
@CommandHandler(AddItemToCartCommand)
export class AddItemToCartHandler implements ICommandHandler<AddItemToCartCommand, AddItemToCartResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: ProductCatalog,
    private readonly websites: WebsiteDirectory,
    private readonly executor: CommandExecutor,
  ) {}

  async execute({ context, cartId, payload }: AddItemToCartCommand): Promise<AddItemToCartResult> {
    const additionalFields = additionalFieldsOf(payload.additionalFields);
    const [variant, website] = await Promise.all([this.catalog.pricedVariant(payload.itemId, payload.sku), this.websites.current()]);
    const streamId = cartStreamId(cartId);
    const result = await this.executor.execute({
      streamId,
      streamType: CART_STREAM_TYPE,
      decider: cartDecider,
      command: {
        type: 'AddItemToCart',
        data: {
          cartId,
          websiteId: website.websiteId,
          currency: website.currency,
          newEntryId: randomUUID(),
          quantity: payload.quantity,
          variant,
          additionalFields,
          now: new Date().toISOString(),
        },
      },
      context,
    });
    if (!result.ok) throw new DomainException(result.error);
    const shoppingCart = shoppingCartView(result.state);
    if (!shoppingCart) throw new Error(`Cart ${cartId} has no entries after an add`);
    const events = result.duplicate
      ? (await this.store.readStream(streamId, { toVersion: result.version })).filter((e) => e.metadata.commandId === context.commandId)
      : result.events;
    const touched = events
      .map((e) => ({ type: e.type, data: e.data }) as CartEvent)
      .map((e) => (e.type === 'CartEntryAdded' || e.type === 'CartEntryQuantityIncreased' ? e.data.entryId : null))
      .find((id): id is string => id !== null);
    const newlyAdded = shoppingCart.entries.find((e) => e.id === touched) ?? shoppingCart.entries[shoppingCart.entries.length - 1];
    return { shoppingCart, newlyAdded };
  }
}
