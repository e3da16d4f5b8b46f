import { api } from '../../app/api';
import { cartApi } from '../cart/cart-api';
import type { CartEntry, ShoppingCart } from '../cart/shopping-cart';

/** The cart page's edits (SPEC 8 'Cart editing'), injected into the one api; each answer is the cart it computed. */
export const cartPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeCartEntryQuantity: build.mutation<{ shoppingCart: ShoppingCart; updatedEntry: CartEntry | null }, { entryId: string; quantity: number }>({
      query: ({ entryId, quantity }) => ({ url: `/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/quantity`, method: 'PUT', body: { quantity } }),
      onQueryStarted: (_arg, lifecycle) => keepCart(lifecycle),
    }),
    removeCartEntry: build.mutation<{ shoppingCart: ShoppingCart }, { entryId: string }>({
      query: ({ entryId }) => ({ url: `/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`, method: 'DELETE' }),
      onQueryStarted: (_arg, lifecycle) => keepCart(lifecycle),
    }),
  }),
});

/**
 * Read-your-writes: the cart an edit answers with is the cart every island shows (the pill too),
 * stored after any cart read still in flight has landed, so an older read never overwrites it.
 */
async function keepCart({ dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: { shoppingCart: ShoppingCart } }> }) {
  let cart: ShoppingCart;
  try {
    cart = (await queryFulfilled).data.shoppingCart;
  } catch {
    return; // the line shows the error
  }
  await Promise.allSettled(dispatch(api.util.getRunningQueriesThunk()) as Promise<unknown>[]);
  dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: undefined, value: cart }]));
}

export const { useChangeCartEntryQuantityMutation, useRemoveCartEntryMutation } = cartPageApi;
