import { CART_EDITING_TITLES } from '@storefront/domain/shared/strings';

/**
 * The cart page's edits in flight, per entry (pure; the island's reducer). A quantity the visitor
 * asks for shows at once (`wanted`) and is sent after a short pause (QUANTITY_PAUSE_MS), so a run
 * of + clicks makes one request; while one is on its way (`sending`) the next wait for it. A
 * failure puts the line back to the cart's own quantity with its SPEC 8 title and the reason.
 */
export const QUANTITY_PAUSE_MS = 400;

export type LineError = { title: string; message: string };

export type EntryEdit = {
  /** The quantity asked for and not sent yet. */
  wanted: number | null;
  /** The quantity on its way to the server. */
  sending: number | null;
  removing: boolean;
  error: LineError | null;
};

export type CartPageState = {
  edits: Record<string, EntryEdit>;
  /** Entries removed here: hidden at once, whether or not the shared cart has caught up. */
  gone: string[];
  /** What the polite live region says last (a removal, an update). */
  announcement: string;
};

export type CartPageEvent =
  | { type: 'quantityWanted'; entryId: string; quantity: number }
  | { type: 'quantitySent'; entryId: string; quantity: number }
  | { type: 'quantitySaved'; entryId: string; quantity: number; announcement: string }
  | { type: 'quantityFailed'; entryId: string; message: string }
  | { type: 'removeRequested'; entryId: string }
  | { type: 'removed'; entryId: string; announcement: string }
  | { type: 'removeFailed'; entryId: string; message: string }
  | { type: 'invalidQuantity'; entryId: string; message: string };

export const initialCartPageState: CartPageState = { edits: {}, gone: [], announcement: '' };

const NO_EDIT: EntryEdit = { wanted: null, sending: null, removing: false, error: null };

export const editOf = (state: CartPageState, entryId: string): EntryEdit => state.edits[entryId] ?? NO_EDIT;

function withEdit(state: CartPageState, entryId: string, change: Partial<EntryEdit>, announcement = state.announcement): CartPageState {
  const next = { ...editOf(state, entryId), ...change };
  const edits = { ...state.edits };
  if (next.wanted === null && next.sending === null && !next.removing && next.error === null) delete edits[entryId];
  else edits[entryId] = next;
  return { ...state, edits, announcement };
}

export function evolveCartPage(state: CartPageState, event: CartPageEvent): CartPageState {
  const edit = editOf(state, event.entryId);
  switch (event.type) {
    case 'quantityWanted':
      if (edit.removing) return state;
      return withEdit(state, event.entryId, { wanted: event.quantity, error: null });
    case 'quantitySent':
      return withEdit(state, event.entryId, { sending: event.quantity, wanted: edit.wanted === event.quantity ? null : edit.wanted });
    case 'quantitySaved':
      return withEdit(state, event.entryId, { sending: null }, edit.wanted === null ? event.announcement : state.announcement);
    case 'quantityFailed':
      return withEdit(state, event.entryId, { sending: null, wanted: null, error: { title: CART_EDITING_TITLES.updateQuantity, message: event.message } });
    case 'invalidQuantity':
      return withEdit(state, event.entryId, { wanted: null, error: { title: CART_EDITING_TITLES.updateQuantity, message: event.message } });
    case 'removeRequested':
      if (edit.removing) return state;
      return withEdit(state, event.entryId, { removing: true, wanted: null, error: null });
    case 'removed': {
      const edits = { ...state.edits };
      delete edits[event.entryId];
      return { edits, gone: [...state.gone, event.entryId], announcement: event.announcement };
    }
    case 'removeFailed':
      return withEdit(state, event.entryId, { removing: false, error: { title: CART_EDITING_TITLES.remove, message: event.message } });
    default:
      return state;
  }
}

/** The quantity the page shows for an entry: asked for, else on its way, else the cart's. */
export function shownQuantity(edit: EntryEdit, cartQuantity: number): number {
  return edit.wanted ?? edit.sending ?? cartQuantity;
}

/** Quantities that differ from the cart's (for the page's line totals and subtotal); 0 hides a removed entry. */
export function quantityOverrides(state: CartPageState): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(state.gone.map((id) => [id, 0]));
  for (const [entryId, edit] of Object.entries(state.edits)) {
    const q = edit.wanted ?? edit.sending;
    if (q !== null) out[entryId] = q;
  }
  return out;
}

/** Something is still to be saved (checking out waits for it). */
export const hasPendingEdits = (state: CartPageState): boolean =>
  Object.values(state.edits).some((e) => e.wanted !== null || e.sending !== null || e.removing);
