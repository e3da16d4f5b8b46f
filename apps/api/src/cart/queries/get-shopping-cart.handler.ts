import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { cartDecider, cartStreamId, shoppingCartView, type CartEvent, type ShoppingCartView } from '@storefront/domain';
import type { Database, EventStore } from '@storefront/eventstore';
import { DATABASE, EVENT_STORE } from '../../infrastructure/database/tokens';
import { GetShoppingCartQuery } from './get-shopping-cart.query';

/**
 * Reads the `cart_details` projection. When the projection lags behind the cart's stream (a
 * visitor's own add just happened), folds the stream instead, so a cart never goes backwards.
 */
@QueryHandler(GetShoppingCartQuery)
export class GetShoppingCartHandler implements IQueryHandler<GetShoppingCartQuery, ShoppingCartView | null> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ cartId }: GetShoppingCartQuery): Promise<ShoppingCartView | null> {
    const streamId = cartStreamId(cartId);
    const [{ rows }, streamVersion] = await Promise.all([
      this.db.query<{ version: number; view: ShoppingCartView | null }>('SELECT version, view FROM cart_details WHERE cart_id = $1', [cartId]),
      this.store.streamVersion(streamId),
    ]);
    const row = rows[0];
    if (row && row.version >= streamVersion) return row.view;
    if (streamVersion === 0) return null;
    const events = await this.store.readStream(streamId);
    const state = events.map((e) => ({ type: e.type, data: e.data }) as CartEvent).reduce(cartDecider.evolve, cartDecider.initialState());
    return shoppingCartView(state);
  }
}
