/**
 * The add-to-cart button's states (SPEC 4 'Add-to-cart button', SPEC 9 'Add button timings: 1 s,
 * 2 s'): idle → adding → added (shown about 1 s after success, for 2 s) → idle; on error, back to
 * idle after 1 s (the message stays until the next add). With express checkout a successful add
 * goes straight to checkout (`checkingOut`, the page is leaving). On a list grid, a product whose
 * options are not chosen says 'Select Option', disabled for 2000 ms, then restores. Pure; the hook
 * runs the timers.
 */
export const ADDED_DELAY_MS = 1000;
export const ADDED_SHOWN_MS = 2000;
export const ERROR_RESET_MS = 1000;
export const SELECT_OPTION_MS = 2000;

/**
 * `succeeded`: the add is done but 'Added!' is not shown yet; `failed`: the error shows before
 * idle; `selectOption`: a grid button asks for a choice; `checkingOut`: express checkout is loading.
 */
export type AddToCartStatus = 'idle' | 'adding' | 'succeeded' | 'added' | 'failed' | 'selectOption' | 'checkingOut';
export type AddToCartState = { status: AddToCartStatus; error: string | null };

export type AddToCartEvent =
  | { type: 'addRequested' }
  | { type: 'addSucceeded' }
  | { type: 'checkoutStarted' }
  | { type: 'addFailed'; message: string }
  | { type: 'optionsMissing' }
  | { type: 'timerElapsed' };

export const initialAddToCartState: AddToCartState = { status: 'idle', error: null };

export function evolveAddToCart(state: AddToCartState, event: AddToCartEvent): AddToCartState {
  switch (event.type) {
    case 'addRequested':
      return state.status === 'idle' ? { status: 'adding', error: null } : state;
    case 'addSucceeded':
      return state.status === 'adding' ? { ...state, status: 'succeeded' } : state;
    case 'checkoutStarted':
      return state.status === 'adding' ? { ...state, status: 'checkingOut' } : state;
    case 'addFailed':
      return state.status === 'adding' ? { status: 'failed', error: event.message } : state;
    case 'optionsMissing':
      return state.status === 'idle' ? { status: 'selectOption', error: null } : state;
    case 'timerElapsed':
      if (state.status === 'succeeded') return { ...state, status: 'added' };
      if (state.status === 'added' || state.status === 'failed' || state.status === 'selectOption') return { ...state, status: 'idle' };
      return state;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** How long a status lasts before `timerElapsed`; undefined while it waits on the request, a click, or the next page. */
export function addToCartTimer(status: AddToCartStatus): number | undefined {
  switch (status) {
    case 'succeeded':
      return ADDED_DELAY_MS;
    case 'added':
      return ADDED_SHOWN_MS;
    case 'failed':
      return ERROR_RESET_MS;
    case 'selectOption':
      return SELECT_OPTION_MS;
    default:
      return undefined;
  }
}

/** The request is in flight or done and the button waits for its next state: it shows 'Adding…'. */
export const isBusy = (status: AddToCartStatus) => status === 'adding' || status === 'succeeded' || status === 'checkingOut';
