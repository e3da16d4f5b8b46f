import { ORDER_COUNT_POLL_MS, useOrderCountsQuery } from './orders-api';
import './orders.css';

/**
 * The panel's count of new orders beside Orders: orders neither fulfilled nor cancelled yet. It
 * asks again every minute while the tab is in front, and at once when an order changes here.
 * Nothing shows while there are none (or the count cannot be read: the Orders screen says why).
 */
export function OrdersBadge() {
  const { data } = useOrderCountsQuery(undefined, { pollingInterval: ORDER_COUNT_POLL_MS, skipPollingIfUnfocused: true });
  const pending = data?.PENDING ?? 0;
  if (pending === 0) return null;
  const shown = pending > 99 ? '99+' : String(pending);
  return (
    <span className="ow-badge" data-testid="orders-badge">
      <span aria-hidden="true">{shown}</span>
      <span className="orders-visually-hidden">{pending === 1 ? '(1 order to fulfil)' : `(${pending} orders to fulfil)`}</span>
    </span>
  );
}
