import { api } from '../../app/api';

/** The checkout's answer (apps/api CheckoutController): the order and where to show it. */
export type CheckoutAnswer = {
  order: { id: string };
  orderToken: string;
  orderStatusUrl: string;
  orderConfirmedUrl: string;
};

/** A checkout request as sent: its JSON body (kept as text, so a retry sends the very same bytes) and its Idempotency-Key. */
export type CheckoutAttempt = { key: string; body: string };

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<CheckoutAnswer, CheckoutAttempt>({
      query: ({ key, body }) => ({
        url: '/commerce/checkout',
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      }),
    }),
    /** The subscription checkout: its body names the subscription cart (`cartToken`); the answer is a checkout's. */
    placeSubscription: build.mutation<CheckoutAnswer, CheckoutAttempt>({
      query: ({ key, body }) => ({
        url: '/commerce/subscription-checkout',
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      }),
    }),
  }),
});

export const { usePlaceOrderMutation, usePlaceSubscriptionMutation } = checkoutApi;
