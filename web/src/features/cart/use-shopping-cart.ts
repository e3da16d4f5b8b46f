import { cartApi, useGetCartQuery } from './cart-api';
import type { ShoppingCart } from './shopping-cart';

/**
 * The visitor's cart, or undefined while none is known.
 * Loads it only when `load` is set (signed in, or a cart cookie exists); otherwise it appears
 * once an add-to-cart stores the cart it returned. RTK Query dedupes concurrent reads.
 */
export function useShoppingCart(load: boolean): ShoppingCart | null | undefined {
  const cached = cartApi.endpoints.getCart.useQueryState(undefined).data;
  // Subscribe once there is something to keep, so the cart stays cached for the page's life.
  const { data } = useGetCartQuery(undefined, { skip: !load && cached === undefined });
  return data ?? cached;
}
