/**
 * What the floating cart pill shows (SPEC §4 "Cart pill", §9 "Cart count shows '100+' above 100").
 * Pure: shared by the browser island and anything on the server that renders the pill.
 */

/** Counts above this show as '100+'. */
export const CART_PILL_MAX_COUNT = 100;

/** The count on the pill, or null when the pill is hidden (an empty cart). */
export function cartPillLabel(totalQuantity: number): string | null {
  if (!Number.isFinite(totalQuantity) || totalQuantity <= 0) return null;
  if (totalQuantity > CART_PILL_MAX_COUNT) return `${CART_PILL_MAX_COUNT}+`;
  return String(Math.floor(totalQuantity));
}

/** The pill's accessible name: 'Cart, 1 item', 'Cart, 3 items', 'Cart, 100+ items'; 'Cart, empty' at 0. */
export function cartPillAccessibleName(totalQuantity: number): string {
  const label = cartPillLabel(totalQuantity);
  if (label === null) return 'Cart, empty';
  return `Cart, ${label} ${label === '1' ? 'item' : 'items'}`;
}
