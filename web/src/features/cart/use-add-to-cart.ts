import { useEffect, useReducer } from 'react';
import { checkAddToCart } from '@storefront/domain/cart/requests';
import { addToCartErrorMessage } from './add-to-cart-error';
import { addToCartTimer, evolveAddToCart, initialAddToCartState } from './add-to-cart-state';
import { useAddCartEntryMutation } from './cart-api';
import type { AddCartEntryRequest } from './shopping-cart';

/** Adds one entry and walks the button through its states (see `add-to-cart-state.ts`). */
export function useAddToCart(entry: AddCartEntryRequest) {
  const [state, dispatch] = useReducer(evolveAddToCart, initialAddToCartState);
  const [addCartEntry] = useAddCartEntryMutation();

  useEffect(() => {
    const delay = addToCartTimer(state.status);
    if (delay === undefined) return;
    const timer = setTimeout(() => dispatch({ type: 'timerElapsed' }), delay);
    return () => clearTimeout(timer);
  }, [state.status]);

  /** Adds `entry`, or what `override` says at the moment of the click (a product form's chosen variant). */
  async function add(override?: Partial<AddCartEntryRequest>) {
    if (state.status !== 'idle') return;
    dispatch({ type: 'addRequested' });
    const request = { ...entry, ...override };
    // The API's own request schema and field rules: a quantity it would refuse is refused here, with its message, without a round trip.
    const checked = checkAddToCart(request);
    if (!checked.ok) {
      dispatch({ type: 'addFailed', message: checked.error.message });
      return;
    }
    const result = await addCartEntry(request);
    dispatch(result.error ? { type: 'addFailed', message: addToCartErrorMessage(result.error) } : { type: 'addSucceeded' });
  }

  return { status: state.status, error: state.error, add };
}
