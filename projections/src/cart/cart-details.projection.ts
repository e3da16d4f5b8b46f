import { CART_EVENT_TYPES, evolveCart, initialCartState, shoppingCartView, type CartEvent, type CartState, type ShoppingCartView } from '@storefront/domain';
import { refuseDeepEventData } from '../runner/event-guards';
import { streamRowProjection, streamRowReader, type StreamRowModel } from '../stream-row/stream-row';

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

export const cartDetailsModel: StreamRowModel<CartState, CartEvent, ShoppingCartView> = {
  table: CART_DETAILS,
  key: 'cart_id',
  streamPrefix: 'cart-',
  initialState: initialCartState,
  evolve: evolveCart,
  view: shoppingCartView,
};

export const cartDetailsProjection = streamRowProjection({
  name: 'cart',
  version: 1,
  model: cartDetailsModel,
  eventTypes: CART_EVENT_TYPES,
  tableColumns: 'cart_id text primary key, version integer not null, state jsonb not null, view jsonb, updated_at timestamptz not null',
  // additionalFields is a visitor's JSON: refuse abusive nesting the same way live, in a rebuild
  // and in verify (the runner parks the event and goes on).
  check: (event) => refuseDeepEventData(event, MAX_CART_EVENT_DEPTH),
  // The event's time, not now(): a rebuild must produce identical rows (verify compares them).
  columns: (_state, _view, last) => ({ updated_at: last.metadata.recordedAt }),
});

/** A cart's Shopping cart document from `cart_details`, or from its stream while the row lags. */
export const readCartDetails = streamRowReader(cartDetailsModel);
