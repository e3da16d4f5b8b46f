import {
  CHECKOUT_PROCESS_EVENT_TYPES, checkoutView, evolveCheckoutProcess, initialCheckoutProcessState,
  type CheckoutProcessEvent, type CheckoutProcessState,
} from '@storefront/domain';
import { toDomainEvent } from '@storefront/eventstore';
import type { Projection } from '../runner/projection';
import { upsertRows } from '../runner/sql-batch';

/**
 * Read model `checkouts`: per checkout process (stream `checkout-<id>`), where it got to. The
 * recovery worker finds checkouts unfinished past their deadline here (`status = 'IN_PROGRESS'`,
 * `updated_at` = when the last step was recorded), and store managers list the ones that needed
 * recovery (`needs_attention`).
 */
export const CHECKOUTS = 'checkouts';

type CheckoutRow = {
  checkout_id: string;
  version: number;
  state: CheckoutProcessState;
  changed?: boolean;
};

export const checkoutsProjection: Projection = {
  name: 'checkouts',
  tables: [
    {
      name: CHECKOUTS,
      columns: `checkout_id text primary key, version integer not null, state jsonb not null, order_id text not null, cart_id text not null,
        status text not null, step text not null, needs_attention boolean not null, started_at timestamptz not null,
        updated_at timestamptz not null, view jsonb not null`,
      orderBy: ['checkout_id'],
    },
  ],
  eventTypes: CHECKOUT_PROCESS_EVENT_TYPES,
  async apply(events, { tx, table }) {
    if (events.length === 0) return;
    const idOf = (streamId: string) => streamId.replace(/^checkout-/, '');
    const ids = [...new Set(events.map((e) => idOf(e.streamId)))];
    const existing = await tx.query<{ checkout_id: string; version: number; state: CheckoutProcessState }>(
      `SELECT checkout_id, version, state FROM ${table(CHECKOUTS)} WHERE checkout_id = ANY($1::text[])`,
      [ids],
    );
    const rows = new Map<string, CheckoutRow>(existing.rows.map((r) => [r.checkout_id, { ...r }]));
    for (const event of events) {
      const checkoutId = idOf(event.streamId);
      const row = rows.get(checkoutId) ?? { checkout_id: checkoutId, version: 0, state: initialCheckoutProcessState() };
      if (event.streamPosition <= row.version) continue;
      row.state = evolveCheckoutProcess(row.state, toDomainEvent<CheckoutProcessEvent>(event));
      row.version = event.streamPosition;
      row.changed = true;
      rows.set(checkoutId, row);
    }
    const changed = [...rows.values()]
      .filter((r) => r.changed && r.state.status !== 'none')
      .map(({ checkout_id, version, state }) => {
        const view = checkoutView(state)!;
        return {
          checkout_id, version, state,
          order_id: view.orderId, cart_id: view.cartId, status: view.status, step: view.step, needs_attention: view.needsAttention,
          started_at: view.startedAt, updated_at: view.updatedAt, view,
        };
      });
    await upsertRows(tx, table(CHECKOUTS), changed, ['checkout_id']);
  },
};
