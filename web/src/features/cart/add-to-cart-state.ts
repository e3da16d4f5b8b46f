/**
 * The add-to-cart button's states (SPEC §4): idle → adding → added (shown about 1 s after
 * success, for 2 s) → idle; on error, back to idle after 1 s. Pure; the hook runs the timers.
 */
export const ADDED_DELAY_MS = 1000;
export const ADDED_SHOWN_MS = 2000;
export const ERROR_RESET_MS = 1000;

/** `succeeded`: the add is done but 'added' is not shown yet; `failed`: the error shows before idle. */
export type AddToCartStatus = 'idle' | 'adding' | 'succeeded' | 'added' | 'failed';
export type AddToCartState = { status: AddToCartStatus; error: string | null };

export type AddToCartEvent =
  | { type: 'addRequested' }
  | { type: 'addSucceeded' }
  | { type: 'addFailed'; message: string }
  | { type: 'timerElapsed' };

export const initialAddToCartState: AddToCartState = { status: 'idle', error: null };

export function evolveAddToCart(state: AddToCartState, event: AddToCartEvent): AddToCartState {
  switch (event.type) {
    case 'addRequested':
      return state.status === 'idle' ? { status: 'adding', error: null } : state;
    case 'addSucceeded':
      return state.status === 'adding' ? { ...state, status: 'succeeded' } : state;
    case 'addFailed':
      return state.status === 'adding' ? { status: 'failed', error: event.message } : state;
    case 'timerElapsed':
      if (state.status === 'succeeded') return { ...state, status: 'added' };
      if (state.status === 'added' || state.status === 'failed') return { ...state, status: 'idle' };
      return state;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** How long a status lasts before `timerElapsed`; undefined while it waits on the request or a click. */
export function addToCartTimer(status: AddToCartStatus): number | undefined {
  switch (status) {
    case 'succeeded':
      return ADDED_DELAY_MS;
    case 'added':
      return ADDED_SHOWN_MS;
    case 'failed':
      return ERROR_RESET_MS;
    default:
      return undefined;
  }
}
