import type { InventoryEvent } from '@storefront/domain';
import type { Actor, RecordedEvent } from '@storefront/eventstore';

/**
 * Who changed a variant's stock last, and how: read from the last event of its inventory stream
 * and that event's metadata (the actor of the command that appended it). Owners are named by their
 * email when their account still exists.
 */
export type StockChangeActor = { kind: Actor['kind']; id: string; email?: string };

export type LastStockChange = {
  /** set: an owner (or the seed) set the count or unlimited; adjusted: by `adjustBy`; reserved / released: an order took or gave back `quantity`. */
  kind: 'set' | 'adjusted' | 'reserved' | 'released';
  /** When it was recorded (ISO-8601, the database clock). */
  at: string;
  by: StockChangeActor;
  adjustBy?: number;
  orderId?: string;
  quantity?: number;
};

/** A variant's stock as its inventory stream says, with its last change (null: never stocked). */
export type VariantStockStatus = { qtyInStock: number; unlimited: boolean; lastChange: LastStockChange | null };

const KINDS: Record<InventoryEvent['type'], LastStockChange['kind']> = {
  StockSet: 'set',
  StockAdjusted: 'adjusted',
  StockReserved: 'reserved',
  StockReservationReleased: 'released',
};

/** The last change an inventory stream's events record, or null for an empty stream. */
export function lastStockChange(history: readonly RecordedEvent[]): LastStockChange | null {
  const last = history[history.length - 1];
  if (!last) return null;
  const event = { type: last.type, data: last.data } as InventoryEvent;
  const { actor, recordedAt } = last.metadata;
  const change: LastStockChange = { kind: KINDS[event.type] ?? 'set', at: recordedAt, by: { kind: actor.kind, id: actor.id } };
  if (event.type === 'StockAdjusted') change.adjustBy = event.data.by;
  if (event.type === 'StockReserved' || event.type === 'StockReservationReleased') {
    change.orderId = event.data.orderId;
    change.quantity = event.data.quantity;
  }
  return change;
}
