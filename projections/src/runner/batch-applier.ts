import type { Checkpoint, Database, RecordedEvent, SqlExecutor } from '@storefront/eventstore';
import { checkpointOf } from './checkpoint-order';
import type { Projection } from './projection';

/**
 * Where a batch goes and how its progress is recorded. Three targets share the applier: the live
 * generation (checkpoint row, lease + advisory lock), a rebuild generation (rebuild checkpoint)
 * and verify's scratch tables (progress in memory).
 */
export type ApplyTarget = {
  /**
   * First statements of every transaction. Checks that this caller may still apply from
   * `expected` (lock taken, lease held, checkpoint unchanged) and returns the table resolver for
   * the generation being written, or null to abandon the transaction without effect.
   */
  begin(tx: SqlExecutor, expected: Checkpoint): Promise<((name: string) => string) | null>;
  /** Records progress to `to`, in the same transaction as the writes. */
  advance(tx: SqlExecutor, to: Checkpoint): Promise<void>;
  /** An event failed maxAttempts times: park it (dead letter) and, for 'stop', halt — same transaction. */
  park(tx: SqlExecutor, event: RecordedEvent, error: Error, attempts: number, stop: boolean): Promise<void>;
  replaying: boolean;
};

export type ApplyOptions = {
  maxAttempts: number;
  /** Delay before retry n (1-based) of a failing event. */
  backoffMs: (attempt: number) => number;
  log: (message: string, error?: unknown) => void;
};

export type ApplyOutcome =
  /** Everything up to `checkpoint` is applied (failed events parked and skipped on the way). */
  | { kind: 'applied'; checkpoint: Checkpoint; parked: number }
  /** `begin` refused (lock busy, lease lost, checkpoint moved): nothing after `checkpoint` written. */
  | { kind: 'busy'; checkpoint: Checkpoint }
  /** The 'stop' policy halted at `failed`; events before it are applied up to `checkpoint`. */
  | { kind: 'stopped'; checkpoint: Checkpoint; failed: RecordedEvent; error: Error };

const BUSY = Symbol('busy');

/**
 * Applies one read (`events`, ending at `end`) from `from`:
 * 1. the whole batch and the progress record in one transaction;
 * 2. if that throws (all rolled back), event by event, each in its own transaction, to find the
 *    failing event; that event is retried up to maxAttempts with backoff, then parked together
 *    with either moving past it ('skip') or halting ('stop') — again in one transaction.
 */
export async function applyRead(
  db: Database,
  projection: Projection,
  target: ApplyTarget,
  from: Checkpoint,
  events: RecordedEvent[],
  end: Checkpoint,
  options: ApplyOptions,
): Promise<ApplyOutcome> {
  const whole = await attempt(db, projection, target, from, events, end);
  if (whole === BUSY) return { kind: 'busy', checkpoint: from };
  if (whole === null) return { kind: 'applied', checkpoint: end, parked: 0 };
  options.log(`${projection.name}: batch of ${events.length} failed, applying one by one`, whole);

  let position = from;
  let parked = 0;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    const to = i === events.length - 1 ? end : checkpointOf(event);
    let error: Error | null = null;
    let tries = 0;
    while (tries < options.maxAttempts) {
      tries++;
      const result = await attempt(db, projection, target, position, [event], to);
      if (result === BUSY) return { kind: 'busy', checkpoint: position };
      error = result;
      if (error === null) break;
      options.log(`${projection.name}: event ${event.globalPosition} (${event.type}) failed, attempt ${tries}/${options.maxAttempts}`, error);
      if (tries < options.maxAttempts) await sleep(options.backoffMs(tries));
    }
    if (error !== null) {
      const stop = projection.onFailure === 'stop';
      const failure = error;
      const ok = await db.transaction(async (tx) => {
        if ((await target.begin(tx, position)) === null) return false;
        await target.park(tx, event, failure, tries, stop);
        if (!stop) await target.advance(tx, to);
        return true;
      });
      if (!ok) return { kind: 'busy', checkpoint: position };
      if (stop) return { kind: 'stopped', checkpoint: position, failed: event, error: failure };
      parked++;
    }
    position = to;
  }
  return { kind: 'applied', checkpoint: position, parked };
}

/**
 * One transaction: begin check, apply, advance. Returns null on success and the projection's error
 * when `apply` threw (rolled back). Errors outside `apply` (database unreachable, …) are not the
 * event's fault: they propagate, so the caller retries later instead of parking good events.
 */
async function attempt(
  db: Database,
  projection: Projection,
  target: ApplyTarget,
  from: Checkpoint,
  events: RecordedEvent[],
  to: Checkpoint,
): Promise<Error | null | typeof BUSY> {
  let applyError: Error | null = null;
  try {
    return await db.transaction(async (tx) => {
      const table = await target.begin(tx, from);
      if (table === null) return BUSY;
      if (events.length > 0) {
        try {
          await projection.apply(events, { tx, table, replaying: target.replaying });
        } catch (err) {
          applyError = err instanceof Error ? err : new Error(String(err));
          throw applyError;
        }
      }
      await target.advance(tx, to);
      return null;
    });
  } catch (err) {
    if (applyError !== null) return applyError; // rolled back: the batch had no effect
    throw err;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
