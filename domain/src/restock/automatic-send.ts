/**
 * The automatic send when stock comes back (issue 15): a variant that could not be bought (limited
 * stock at 0) and now can (stock N > 0, or unlimited) gets a send of at most N notifications (all
 * of them when unlimited), the rest kept waiting. A variant's first stock (nothing before) is no
 * restock. Only while the owner has `automaticSendOnRestock` on.
 */
import type { InventoryState } from '../inventory/state';

export function automaticSendLimit(before: InventoryState, after: InventoryState): { limit: number | null } | null {
  if (!before.tracked) return null;
  const wasSoldOut = !before.unlimited && before.qtyInStock <= 0;
  if (!wasSoldOut) return null;
  if (after.unlimited) return { limit: null };
  return after.qtyInStock > 0 ? { limit: after.qtyInStock } : null;
}
