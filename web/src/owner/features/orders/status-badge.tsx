import { STATUS_LABELS } from './order-format';
import type { OrderStatus } from './orders-api';

/** An order's status in words, coloured by what it asks of the owner (pending: something to do). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`orders-status orders-status--${status.toLowerCase()}`}>{STATUS_LABELS[status]}</span>;
}

/** Marks an order paid in test mode: no real money moved. */
export function TestModeMark() {
  return (
    <span className="orders-test-mark" title="Paid in test mode: no real money moved">
      Test
    </span>
  );
}
