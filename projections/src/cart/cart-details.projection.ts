import { CART_EVENT_TYPES, evolveCart, initialCartState, shoppingCartView, type CartEvent, type CartState } from '@storefront/domain';
import { toDomainEvent } from '@storefront/eventstore';
import { refuseDeepEventData } from '../runner/event-guards';
import type { Projection } from '../runner/projection';
import { upsertRows } from '../runner/sql-batch';

/**
 * Read model `cart_details`: per cart, the domain state, the SPEC's Shopping cart document and the
 * stream version it reflects (so a reader can tell when it lags behind the cart's stream).
 */
export const CART_DETAILS = 'cart_details';

/**
 * Deepest cart event data the projection applies (the event's data object is level 1, so
 * additionalFields may nest 255 levels). Form answers are flat; keep the HTTP layer's JSON depth
 * limit at or below this. Deeper events already in the log are parked in dead_letters, the same
 * way live, in a rebuild and in verify, instead of overflowing the stack at a depth that depends
 * on the call path (about 4,100 levels on Node 20's default stack).
 */
export const MAX_CART_EVENT_DEPTH = 256;

type CartRow = { cart_id: string; version: number; state: CartState; view: unknown; updated_at?: string };

export const cartDetailsProjection: Projection = {
  name: 'cart',
  tables: [
    {
      name: CART_DETAILS,
      columns: 'cart_id text primary key, version integer not null, state jsonb not null, view jsonb, updated_at timestamptz not null',
      orderBy: ['cart_id'],
    },
  ],
  eventTypes: CART_EVENT_TYPES,
  async apply(events, { tx, table }) {
    if (events.length === 0) return;
    const streamIds = [...new Set(events.map((e) => e.streamId))];
    const cartIdOf = (streamId: string) => streamId.replace(/^cart-/, '');
    const existing = await tx.query<{ cart_id: string; version: number; state: CartState }>(
      `SELECT cart_id, version, state FROM ${table(CART_DETAILS)} WHERE cart_id = ANY($1::text[])`,
      [streamIds.map(cartIdOf)],
    );
    const rows = new Map<string, CartRow>();
    for (const row of existing.rows) rows.set(row.cart_id, { ...row, view: null });
    for (const event of events) {
      const cartId = cartIdOf(event.streamId);
      const row = rows.get(cartId) ?? { cart_id: cartId, version: 0, state: initialCartState(), view: null };
      // Replays after a crash never re-apply: the checkpoint moves with the rows, but stay idempotent anyway.
      if (event.streamPosition <= row.version) continue;
      // additionalFields is a visitor's JSON: refuse abusive nesting the same way live, in a
      // rebuild and in verify (the runner parks the event and goes on).
      refuseDeepEventData(event, MAX_CART_EVENT_DEPTH);
      row.state = evolveCart(row.state, toDomainEvent<CartEvent>(event));
      row.version = event.streamPosition;
      // The event's time, not now(): a rebuild must produce identical rows (verify compares them).
      row.updated_at = event.metadata.recordedAt;
      rows.set(cartId, row);
    }
    const changed = [...rows.values()].filter((r) => r.updated_at).map((r) => ({ ...r, view: shoppingCartView(r.state) }));
    await upsertRows(tx, table(CART_DETAILS), changed, ['cart_id']);
  },
};
