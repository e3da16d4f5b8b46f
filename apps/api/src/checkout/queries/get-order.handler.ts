import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderStatus, OrderView, OwnerOrderView } from '@storefront/domain';
import type { Database, EventStore } from '@storefront/eventstore';
import { ORDERS, readOrder, readOwnerOrder } from '@storefront/projections';
import { DATABASE, EVENT_STORE } from '../../infrastructure/database/tokens';
import { CountOrdersQuery, GetOrderQuery, GetOwnerOrderQuery, ListOrdersQuery } from './get-order.query';

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

@QueryHandler(GetOwnerOrderQuery)
export class GetOwnerOrderHandler implements IQueryHandler<GetOwnerOrderQuery, OwnerOrderView | null> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  execute({ orderId }: GetOwnerOrderQuery): Promise<OwnerOrderView | null> {
    return readOwnerOrder(this.db, this.store, orderId);
  }
}

/** `LIKE` pattern text: `%`, `_` and the escape character itself taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, OwnerOrderView[]> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ options }: ListOrdersQuery): Promise<OwnerOrderView[]> {
    const { search, after } = options;
    const { rows } = await this.db.query<{ view: OrderView; order_number: number | null }>(
      `SELECT view, order_number FROM ${ORDERS}
        WHERE ($1::text IS NULL OR status = $1)
          AND ($2::timestamptz IS NULL OR placed_at < $2::timestamptz)
          AND ($3::timestamptz IS NULL OR (placed_at, order_id) < ($3::timestamptz, $4::text))
          AND ($5::text IS NULL OR customer_email LIKE $5 ESCAPE '\\' OR order_number = $6::integer OR order_id LIKE $7 ESCAPE '\\')
        ORDER BY placed_at DESC, order_id DESC LIMIT $8`,
      [
        options.status ?? null,
        options.before ?? null,
        after?.placedAt ?? null,
        after?.orderId ?? null,
        search ? `%${likeLiteral(search.emailContains)}%` : null,
        search?.number ?? null,
        search?.idPrefix ? `${likeLiteral(search.idPrefix)}%` : null,
        options.limit,
      ],
    );
    return rows.map((r) => ({ ...r.view, orderNumber: r.order_number }));
  }
}

@QueryHandler(CountOrdersQuery)
export class CountOrdersHandler implements IQueryHandler<CountOrdersQuery, Record<OrderStatus, number>> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute(): Promise<Record<OrderStatus, number>> {
    const { rows } = await this.db.query<{ status: OrderStatus; n: number }>(`SELECT status, count(*)::int AS n FROM ${ORDERS} GROUP BY status`);
    const counts: Record<OrderStatus, number> = { PENDING: 0, FULFILLED: 0, CANCELED: 0 };
    for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n);
    return counts;
  }
}
