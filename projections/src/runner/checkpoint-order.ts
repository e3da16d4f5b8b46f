import type { Checkpoint } from '@storefront/eventstore';

/**
 * Orders checkpoints the way readers read the log: by (transaction_id, global_position).
 * Returns a negative number, zero or a positive number like a sort comparator.
 */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.globalPosition - b.globalPosition;
}

export function checkpointsEqual(a: Checkpoint, b: Checkpoint): boolean {
  return compareCheckpoints(a, b) === 0;
}

/** The checkpoint just past one event: where a reader continues after applying it. */
export function checkpointOf(event: { transactionId: string; globalPosition: number }): Checkpoint {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

/** Normalises a checkpoint read from SQL (`xid8` arrives as text, `bigint` as text or number). */
export function checkpointFromRow(transactionId: unknown, globalPosition: unknown): Checkpoint {
  if (transactionId === null || transactionId === undefined) return { transactionId: '0', globalPosition: 0 };
  return { transactionId: String(transactionId), globalPosition: Number(globalPosition) };
}

export function formatCheckpoint(c: Checkpoint): string {
  return `${c.transactionId}/${c.globalPosition}`;
}
