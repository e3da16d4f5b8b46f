import {
  CHECKOUT_PROCESS_EVENT_TYPES, checkoutView, evolveCheckoutProcess, initialCheckoutProcessState,
  type CheckoutProcessEvent, type CheckoutProcessState, type CheckoutView,
} from '@storefront/domain';
import { streamRowProjection, type StreamRowModel } from '../stream-row/stream-row';

/**
 * Read model `checkouts`: per checkout process (stream `checkout-<id>`), where it got to. The
 * recovery worker finds checkouts unfinished past their deadline here (`status = 'IN_PROGRESS'`,
 * `updated_at` = when the last step was recorded), and store managers list the ones that needed
 * recovery (`needs_attention`).
 */
export const CHECKOUTS = 'checkouts';

export const checkoutsModel: StreamRowModel<CheckoutProcessState, CheckoutProcessEvent, CheckoutView> = {
  table: CHECKOUTS,
  key: 'checkout_id',
  streamPrefix: 'checkout-',
  initialState: initialCheckoutProcessState,
  evolve: evolveCheckoutProcess,
  view: checkoutView,
};

export const checkoutsProjection = streamRowProjection({
  name: 'checkouts',
  version: 1,
  model: checkoutsModel,
  eventTypes: CHECKOUT_PROCESS_EVENT_TYPES,
  tableColumns: `checkout_id text primary key, version integer not null, state jsonb not null, order_id text not null, cart_id text not null,
        status text not null, step text not null, needs_attention boolean not null, started_at timestamptz not null,
        updated_at timestamptz not null, view jsonb not null`,
  columns: (_state, view) =>
    view === null
      ? null
      : {
          order_id: view.orderId, cart_id: view.cartId, status: view.status, step: view.step, needs_attention: view.needsAttention,
          started_at: view.startedAt, updated_at: view.updatedAt,
        },
});
