import { evolveOrder, initialOrderState, ORDER_EVENT_TYPES, orderView, type OrderEvent, type OrderState } from '@storefront/domain';
import { toDomainEvent } from '@storefront/eventstore';
import type { Projection } from '../runner/projection';
import { upsertRows } from '../runner/sql-batch';

/**
 * Read model `orders`: per order, its state, the SPEC Order document (analytics shape plus status)
 * for the order confirmed and order status pages and the owner's order list, and the stream
 * version it reflects.
 */
export const ORDERS = 'orders';

type OrderRow = {
  order_id: string;
  version: number;
  state: OrderState;
  cart_id?: string;
  status?: string;
  placed_at?: string;
  grand_total_cents?: number;
  currency?: string;
  view?: unknown;
  updated_at?: string;
};

export const ordersProjection: Projection = {
  name: 'orders',
  tables: [
    {
      name: ORDERS,
      columns: `order_id text primary key, version integer not null, state jsonb not null, cart_id text not null,
        status text not null, placed_at timestamptz not null, grand_total_cents bigint not null, currency text not null,
        view jsonb not null, updated_at timestamptz not null`,
      orderBy: ['order_id'],
    },
  ],
  eventTypes: ORDER_EVENT_TYPES,
  async apply(events, { tx, table }) {
    if (events.length === 0) return;
    const orderIdOf = (streamId: string) => streamId.replace(/^order-/, '');
    const ids = [...new Set(events.map((e) => orderIdOf(e.streamId)))];
    const existing = await tx.query<{ order_id: string; version: number; state: OrderState }>(
      `SELECT order_id, version, state FROM ${table(ORDERS)} WHERE order_id = ANY($1::text[])`,
      [ids],
    );
    const rows = new Map<string, OrderRow>(existing.rows.map((r) => [r.order_id, { ...r }]));
    for (const event of events) {
      const orderId = orderIdOf(event.streamId);
      const row = rows.get(orderId) ?? { order_id: orderId, version: 0, state: initialOrderState() };
      if (event.streamPosition <= row.version) continue;
      row.state = evolveOrder(row.state, toDomainEvent<OrderEvent>(event));
      row.version = event.streamPosition;
      row.updated_at = event.metadata.recordedAt;
      rows.set(orderId, row);
    }
    const changed = [...rows.values()]
      .filter((r) => r.updated_at && r.state.status !== 'none')
      .map((r) => {
        const s = r.state as Exclude<OrderState, { status: 'none' }>;
        return {
          ...r,
          cart_id: s.order.cartId,
          status: s.status,
          placed_at: s.order.placedAt,
          grand_total_cents: s.order.grandTotalCents,
          currency: s.order.currency,
          view: orderView(s),
        };
      });
    await upsertRows(tx, table(ORDERS), changed, ['order_id']);
  },
};
