import { useEffect, useReducer, useRef } from 'react';
import { addToCartErrorMessage } from './add-to-cart-error';
import { addToCartTimer, evolveAddToCart, initialAddToCartState } from './add-to-cart-state';
import { useAddCartEntryMutation, useCreateSubscriptionCartMutation } from './cart-api';
import type { AddCartEntryRequest, AddCartEntryResponse } from './shopping-cart';

/**
 * Where express checkout sends the visitor after a successful add. The SPEC does not show the
 * checkout route (section 2: 'Checkout … pages are navigated to'); the checkout API is
 * POST /api/commerce/checkout, so its page is /checkout.
 */
export const CHECKOUT_PATH = '/checkout';

/**
 * Where Subscribe sends the visitor with their new subscription cart (SPEC 1: 'Subscribable
 * products go to a subscription checkout'; its route is not shown there).
 */
export const subscriptionCheckoutPath = (cartToken: string) => `/checkout/subscription?cartToken=${encodeURIComponent(cartToken)}`;

export type UseAddToCartOptions = {
  /** SPEC 3 storeSettings.expressCheckout: a successful add goes straight to checkout. */
  express?: boolean;
  /**
   * A subscribable product: the click makes a subscription cart (never an entry of the visitor's
   * cart) and goes to its subscription checkout.
   */
  subscribe?: boolean;
  /** Called with the API's answer after a successful add (not with express checkout). */
  onAdded?: (response: AddCartEntryResponse) => void;
  /** Called with the API's answer after every successful add, express checkout included (the tracker's add-to-cart event). */
  onStored?: (response: AddCartEntryResponse) => void;
  /** Leaves the page (tests pass their own). */
  navigate?: (url: string) => void;
};

const leave = (url: string) => window.location.assign(url);

/** Adds entries and walks the button through its states (see `add-to-cart-state.ts`). */
export function useAddToCart({ express = false, subscribe = false, onAdded, onStored, navigate = leave }: UseAddToCartOptions = {}) {
  const [state, dispatch] = useReducer(evolveAddToCart, initialAddToCartState);
  const [addCartEntry] = useAddCartEntryMutation();
  const [createSubscriptionCart] = useCreateSubscriptionCartMutation();
  // A second click in the same frame still sees the last render's 'idle': this knows at once.
  const sending = useRef(false);

  useEffect(() => {
    const delay = addToCartTimer(state.status);
    if (delay === undefined) return;
    const timer = setTimeout(() => dispatch({ type: 'timerElapsed' }), delay);
    return () => clearTimeout(timer);
  }, [state.status]);

  /** Sends the add; the caller has checked the choice (SPEC 5) before. */
  async function add(entry: AddCartEntryRequest) {
    if (state.status !== 'idle' || sending.current) return;
    sending.current = true;
    dispatch({ type: 'addRequested' });
    if (subscribe) return startSubscription(entry);
    const result = await addCartEntry(entry);
    sending.current = false;
    if (result.error) {
      dispatch({ type: 'addFailed', message: addToCartErrorMessage(result.error) });
      return;
    }
    onStored?.(result.data);
    if (express) {
      dispatch({ type: 'checkoutStarted' });
      navigate(CHECKOUT_PATH);
      return;
    }
    dispatch({ type: 'addSucceeded' });
    onAdded?.(result.data);
  }

  /** Subscribe: a subscription cart of this one item, then its checkout (the button stays busy until the page goes). */
  async function startSubscription(entry: AddCartEntryRequest) {
    const result = await createSubscriptionCart({ itemId: entry.itemId, sku: entry.sku, qty: entry.quantity, additionalFields: entry.additionalFields });
    sending.current = false;
    if (result.error) {
      dispatch({ type: 'addFailed', message: addToCartErrorMessage(result.error) });
      return;
    }
    dispatch({ type: 'checkoutStarted' });
    navigate(subscriptionCheckoutPath(result.data.cartToken));
  }

  /** Refuses an add before any request, with the SPEC's message for what is missing. */
  function refuse(message: string) {
    if (state.status !== 'idle' || sending.current) return;
    dispatch({ type: 'addRequested' });
    dispatch({ type: 'addFailed', message });
  }

  /** A list grid's product with options: 'Select Option' for 2000 ms. */
  function askForOption() {
    dispatch({ type: 'optionsMissing' });
  }

  return { status: state.status, error: state.error, add, refuse, askForOption };
}
