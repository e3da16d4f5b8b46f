import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderView } from '@storefront/domain';
import type { Database, EventStore } from '@storefront/eventstore';
import { ORDERS, readOrder } from '@storefront/projections';
import { DATABASE, EVENT_STORE } from '../../infrastructure/database/tokens';
import { GetOrderQuery, ListOrdersQuery } from './get-order.query';

/**
 * One order, from the `orders` projection; when the projection has not caught up with the order's
 * stream (the buyer opens the confirmation right after paying), from the stream itself.
 */
@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderView | null> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  execute({ orderId }: GetOrderQuery): Promise<OrderView | null> {
    return readOrder(this.db, this.store, orderId);
  }
}

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, OrderView[]> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ options }: ListOrdersQuery): Promise<OrderView[]> {
    const { rows } = await this.db.query<{ view: OrderView }>(
      `SELECT view FROM ${ORDERS}
        WHERE ($1::text IS NULL OR status = $1) AND ($2::timestamptz IS NULL OR placed_at < $2::timestamptz)
        ORDER BY placed_at DESC, order_id DESC LIMIT $3`,
      [options.status ?? null, options.before ?? null, options.limit],
    );
    return rows.map((r) => r.view);
  }
}
