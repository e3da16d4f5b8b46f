import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ShoppingCartView } from '@storefront/domain';
import type { Database, EventStore } from '@storefront/eventstore';
import { readCartDetails } from '@storefront/projections';
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

  execute({ cartId }: GetShoppingCartQuery): Promise<ShoppingCartView | null> {
    return readCartDetails(this.db, this.store, cartId);
  }
}
