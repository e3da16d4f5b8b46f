import type { Checkpoint, Database, RecordedEvent, SqlExecutor } from '@storefront/eventstore';
import { checkpointOf, checkpointsEqual } from './checkpoint-order';
import { classifyError, isTransientError, transientDelayMs, type TransientBackoff } from './error-kinds';
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
  /** An event failed (deterministic error, or maxAttempts tries): park it (dead letter) and, for 'stop', halt — same transaction. */
  park(tx: SqlExecutor, event: RecordedEvent, error: Error, attempts: number, stop: boolean): Promise<void>;
  replaying: boolean;
  /** The projection's memory between this target's batches (`ProjectionContext.memory`). */
  memory: BatchMemory;
};

/**
 * Keeps a projection's `ProjectionContext.memory` from one batch to the next of one target, as long
 * as the batches follow on: a batch gets the map the last committed batch left only if it starts at
 * that batch's end; otherwise (nothing committed yet, a rolled-back or unconfirmed commit, another
 * process or a parked event moved the checkpoint, a reset) it gets a new one.
 */
export class BatchMemory {
  private memory = new Map<string, unknown>();
  private at: Checkpoint | null = null;

  /** The map for a batch applied from `from`; it follows on only if `committed` is called. */
  take(from: Checkpoint): Map<string, unknown> {
    if (this.at === null || !checkpointsEqual(this.at, from)) this.memory = new Map();
    this.at = null;
    return this.memory;
  }

  /** The batch that took the map committed up to `to`. */
  committed(to: Checkpoint): void {
    this.at = to;
  }
}

export type ApplyOptions = {
  /** Tries of an event failing with an error of unknown kind before it is parked (deterministic errors: one). */
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
 * 2. if the projection throws (all rolled back), the batch is bisected: each half is tried in a
 *    transaction of its own, a failing half is halved again, so the good events before and after
 *    a failing one are applied (in a few larger transactions) and the failing event is found with
 *    about 2·log2(batch) transactions instead of one per event;
 * 3. the failing event is parked in dead_letters, in one transaction together with either moving
 *    past it ('skip') or halting ('stop'). A deterministic error (see `classifyError`) parks it at
 *    once; an unknown one is retried up to maxAttempts with backoff first.
 *
 * A transient error (deadlock, timeout, connection lost…) is never the event's fault: it is thrown
 * to the caller, which retries the round with exponential backoff. Whatever was committed before
 * it (bisected parts) stays committed, so the retry goes on from there.
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
  const state = { parked: 0 };
  const outcome = await applyRange(db, projection, target, from, events, end, options, state, 0);
  return outcome.kind === 'applied' ? { ...outcome, parked: state.parked } : outcome;
}

async function applyRange(
  db: Database,
  projection: Projection,
  target: ApplyTarget,
  from: Checkpoint,
  events: RecordedEvent[],
  end: Checkpoint,
  options: ApplyOptions,
  state: { parked: number },
  depth: number,
): Promise<ApplyOutcome> {
  const result = await attempt(db, projection, target, from, events, end);
  if (result === BUSY) return { kind: 'busy', checkpoint: from };
  if (result === null) return { kind: 'applied', checkpoint: end, parked: 0 };
  if (events.length === 1) return failedEvent(db, projection, target, from, events[0], end, result, options, state);

  const middle = Math.ceil(events.length / 2);
  if (depth === 0) options.log(`${projection.name}: batch of ${events.length} failed, bisecting it to find the failing event`, result);
  const left = await applyRange(db, projection, target, from, events.slice(0, middle), checkpointOf(events[middle - 1]), options, state, depth + 1);
  if (left.kind !== 'applied') return left;
  return applyRange(db, projection, target, left.checkpoint, events.slice(middle), end, options, state, depth + 1);
}

/** One event failed on its own (first try done): retry an unknown error, then park it. */
async function failedEvent(
  db: Database,
  projection: Projection,
  target: ApplyTarget,
  from: Checkpoint,
  event: RecordedEvent,
  to: Checkpoint,
  firstError: Error,
  options: ApplyOptions,
  state: { parked: number },
): Promise<ApplyOutcome> {
  let error = firstError;
  let tries = 1;
  const describe = `${projection.name}: event ${event.globalPosition} (${event.type}, stream ${event.streamId})`;
  while (classifyError(error) !== 'deterministic' && tries < options.maxAttempts) {
    options.log(`${describe} failed, attempt ${tries}/${options.maxAttempts}`, error);
    await sleep(options.backoffMs(tries));
    tries++;
    const result = await attempt(db, projection, target, from, [event], to);
    if (result === BUSY) return { kind: 'busy', checkpoint: from };
    if (result === null) return { kind: 'applied', checkpoint: to, parked: 0 };
    error = result;
  }
  const stop = projection.onFailure === 'stop';
  options.log(`${describe} parked in dead_letters after ${tries} attempt(s)${stop ? '; stopping (its policy is stop)' : ''}`, error);
  const failure = error;
  const ok = await db.transaction(async (tx) => {
    if ((await target.begin(tx, from)) === null) return false;
    await target.park(tx, event, failure, tries, stop);
    if (!stop) await target.advance(tx, to);
    return true;
  });
  if (!ok) return { kind: 'busy', checkpoint: from };
  if (stop) return { kind: 'stopped', checkpoint: from, failed: event, error: failure };
  state.parked++;
  return { kind: 'applied', checkpoint: to, parked: 0 };
}

/**
 * One transaction: begin check, apply, advance. Returns null on success and the projection's error
 * when `apply` threw (rolled back). Transient errors (see `classifyError`), thrown by `apply` or
 * not, and errors outside `apply` (begin, advance, commit) are not the event's fault: they
 * propagate, so the caller retries later instead of parking good events.
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
  const memory = target.memory.take(from);
  let result: Error | null | typeof BUSY;
  try {
    result = await db.transaction(async (tx) => {
      const table = await target.begin(tx, from);
      if (table === null) return BUSY;
      if (events.length > 0) {
        try {
          await projection.apply(events, { tx, table, replaying: target.replaying, memory });
        } catch (err) {
          if (!isTransientError(err)) applyError = asError(err);
          throw err;
        }
      }
      await target.advance(tx, to);
      return null;
    });
  } catch (err) {
    if (applyError !== null) return applyError; // rolled back: the batch had no effect
    throw err;
  }
  if (result === null) target.memory.committed(to);
  return result;
}

/** The thrown value as an Error (by shape: errors from another realm fail `instanceof Error`). */
function asError(err: unknown): Error {
  return err !== null && typeof err === 'object' && typeof (err as Error).message === 'string' ? (err as Error) : new Error(String(err));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `fn`, retrying it while it throws transient errors (see `classifyError`): after
 * `initialMs`, doubling up to `maxMs`, at most `maxRetries` times; then (and on any other error)
 * it throws. For one-shot work (rebuild, verify); the live loop and catch-up retry on their own.
 */
export async function withTransientRetry<T>(
  fn: () => Promise<T>,
  backoff: TransientBackoff & { maxRetries: number },
  log: (message: string, error?: unknown) => void,
  what: string,
): Promise<T> {
  for (let failure = 1; ; failure++) {
    try {
      return await fn();
    } catch (err) {
      if (!isTransientError(err) || failure > backoff.maxRetries) throw err;
      const delay = transientDelayMs(backoff, failure);
      log(`${what}: transient database error (not the event's fault), retry ${failure}/${backoff.maxRetries} in ${delay} ms`, err);
      await sleep(delay);
    }
  }
}
