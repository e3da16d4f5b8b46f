import { evolveOrder, initialOrderState, ORDER_EVENT_TYPES, orderView, type OrderEvent, type OrderState, type OrderView } from '@storefront/domain';
import { streamRowProjection, streamRowReader, type StreamRowModel } from '../stream-row/stream-row';

/**
 * Read model `orders`: per order, its state, the SPEC Order document (analytics shape plus status)
 * for the order confirmed and order status pages and the owner's order list, and the stream
 * version it reflects.
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

export const ordersProjection = streamRowProjection({
  name: 'orders',
  version: 1,
  model: ordersModel,
  eventTypes: ORDER_EVENT_TYPES,
  tableColumns: `order_id text primary key, version integer not null, state jsonb not null, cart_id text not null,
        status text not null, placed_at timestamptz not null, grand_total_cents bigint not null, currency text not null,
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
          updated_at: last.metadata.recordedAt,
        },
});

/** An order's document from `orders`, or from its stream while the row lags (right after paying). */
export const readOrder = streamRowReader(ordersModel);
