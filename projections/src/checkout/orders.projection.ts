import {
  evolveOrder, FIRST_ORDER_NUMBER, initialOrderState, ORDER_EVENT_TYPES, orderView, type OrderEvent, type OrderState, type OrderView, type OwnerOrderView,
} from '@storefront/domain';
import type { EventStore, RecordedEvent, SqlExecutor } from '@storefront/eventstore';
import type { ProjectionContext } from '../runner/projection';
import { quoteIdent } from '../runner/sql-identifier';
import { streamRowProjection, streamRowReader, type StreamRowModel } from '../stream-row/stream-row';

/**
 * Read model `orders`: per order, its state, the SPEC Order document (analytics shape plus status)
 * for the order confirmed and order status pages and the owner's order list, the stream version it
 * reflects, and the order's number.
 *
 * Order numbers (1001, 1002, …) count the store's orders in the order the log holds their
 * `OrderPlaced` events. They are handed out here rather than in the order stream: a counter every
 * checkout appends to would make all checkouts of the store wait for one another. The log's order
 * is fixed once committed and a batch is a contiguous stretch of it, so a rebuild (however it cuts
 * the log into batches) numbers every order exactly as the live projection did.
 */
export const ORDERS = 'orders';

export const ordersModel: StreamRowModel<OrderState, OrderEvent, OrderView> = {
  table: ORDERS,
  key: 'order_id',
  streamPrefix: 'order-',
  initialState: initialOrderState,
  evolve: evolveOrder,
  view: orderView,
};

const rows = streamRowProjection({
  name: 'orders',
  // 3: the view carries the order's shipping address (null for older orders).
  // 4: the view carries a subscription order's plan (null for one-time orders).
  version: 4,
  model: ordersModel,
  eventTypes: ORDER_EVENT_TYPES,
  tableColumns: `order_id text primary key, version integer not null, state jsonb not null, cart_id text not null,
        status text not null, placed_at timestamptz not null, grand_total_cents bigint not null, currency text not null,
        customer_email text not null, order_number integer unique,
        view jsonb not null, updated_at timestamptz not null`,
  columns: (state, _view, last) =>
    state.status === 'none'
      ? null
      : {
          cart_id: state.order.cartId,
          status: state.status,
          placed_at: state.order.placedAt,
          grand_total_cents: state.order.grandTotalCents,
          currency: state.order.currency,
          customer_email: state.order.customerEmail.toLowerCase(),
          updated_at: last.metadata.recordedAt,
        },
});

export const ordersProjection: typeof rows = {
  ...rows,
  async apply(events, ctx) {
    await rows.apply(events, ctx);
    await numberNewOrders(events, ctx);
  },
};

/**
 * Gives each order placed in this batch that has no number yet the next one, in the order of its
 * `OrderPlaced` event in the batch (the upsert above never writes `order_number`, so a number, once
 * given, stays).
 */
async function numberNewOrders(events: RecordedEvent[], { tx, table }: ProjectionContext): Promise<void> {
  const placed = [...new Set(events.filter((e) => e.type === 'OrderPlaced').map((e) => e.streamId.slice(ordersModel.streamPrefix.length)))];
  if (placed.length === 0) return;
  const t = quoteIdent(table(ORDERS));
  await tx.query(
    `WITH placed AS (SELECT id, n FROM unnest($1::text[]) WITH ORDINALITY AS p(id, n)),
          waiting AS (SELECT o.order_id, row_number() OVER (ORDER BY placed.n) AS rank
                        FROM placed JOIN ${t} o ON o.order_id = placed.id WHERE o.order_number IS NULL),
          last AS (SELECT coalesce(max(order_number), $2::integer - 1) AS number FROM ${t})
     UPDATE ${t} o SET order_number = last.number + waiting.rank FROM waiting, last WHERE o.order_id = waiting.order_id`,
    [placed, FIRST_ORDER_NUMBER],
  );
}

/** An order's document from `orders`, or from its stream while the row lags (right after paying). */
export const readOrder = streamRowReader(ordersModel);

/** An order with its number for store managers; from its stream (number null) while the row lags. */
export async function readOwnerOrder(db: SqlExecutor, store: EventStore, orderId: string): Promise<OwnerOrderView | null> {
  const [view, { rows: numbered }] = await Promise.all([
    readOrder(db, store, orderId),
    db.query<{ order_number: number | null }>(`SELECT order_number FROM ${quoteIdent(ORDERS)} WHERE order_id = $1`, [orderId]),
  ]);
  return view ? { ...view, orderNumber: numbered[0]?.order_number ?? null } : null;
}
