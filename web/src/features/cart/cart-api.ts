import { api } from '../../app/api';
import type { AddCartEntryRequest, AddCartEntryResponse, ShoppingCart, SubscriptionCartRequest } from './shopping-cart';

/** Cart endpoints (SPEC §7), injected into the one api. */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<ShoppingCart | null, void>({
      query: () => '/commerce/shopping-cart',
    }),
    addCartEntry: build.mutation<AddCartEntryResponse, AddCartEntryRequest>({
      query: (entry) => ({ url: '/commerce/shopping-cart/entries', method: 'POST', body: entry }),
      // Read-your-writes: the response carries the cart the add computed; store it instead of refetching.
      async onQueryStarted(_entry, { dispatch, queryFulfilled }) {
        let response: AddCartEntryResponse;
        try {
          ({ data: response } = await queryFulfilled);
        } catch {
          return; // the caller shows the error
        }
        // A cart read still in flight was answered before this add: let it land first, so it cannot overwrite the newer cart.
        await Promise.allSettled(dispatch(api.util.getRunningQueriesThunk()));
        dispatch(
          cartApi.util.upsertQueryEntries([
            { endpointName: 'getCart', arg: undefined, value: response.shoppingCart },
          ]),
        );
      },
    }),
    /**
     * SPEC 7: a subscription cart of its own (the visitor's cart is untouched), answered with its
     * token; the answer's cookie ties the token to this browser.
     */
    createSubscriptionCart: build.mutation<{ cartToken: string }, SubscriptionCartRequest>({
      query: (body) => ({ url: '/3/commerce/cart/subscription', method: 'POST', body }),
    }),
  }),
});

export const { useGetCartQuery, useAddCartEntryMutation, useCreateSubscriptionCartMutation } = cartApi;
