import type { Decider, DomainError, DomainEvent } from '@storefront/domain';
import { ConcurrencyError, IdempotencyKeyReusedError, StreamVersionConflictError } from './errors';
import type { StreamStateCache } from './stream-state-cache';
import type { CommandContext, CommandRecord, EventStore, RecordedEvent } from './types';

export type HandleCommandOptions<Command, State, E extends DomainEvent, Err extends DomainError> = {
  streamId: string;
  streamType: string;
  decider: Decider<Command, State, E, Err>;
  command: Command;
  context: CommandContext;
  /** Reload-and-decide-again attempts after a ConcurrencyError before it is rethrown (default 5). */
  maxRetries?: number;
  /**
   * The stream's last known state in this process: the first attempt decides on it instead of
   * reading the stream (a stale entry only costs a ConcurrencyError and a reload).
   */
  stateCache?: StreamStateCache<State>;
  /**
   * The stream id was minted for this very command (a new cart, a new order), so the stream cannot
   * exist yet: the first attempt decides on the initial state without reading it (if it did exist,
   * the append conflicts and the command reloads).
   */
  newStream?: boolean;
  /**
   * The stream version the command was based on (an editor's `If-Match`): when the stream is at
   * another version, nothing is decided or appended and `StreamVersionConflictError` is thrown.
   * The append itself expects this version, so a write that lands in between is refused too
   * (and not retried: the reload finds the newer version and throws). Undefined: no check.
   */
  expectedVersion?: number;
};

export type HandleCommandResult<State, Err extends DomainError = DomainError> =
  | {
      ok: true;
      /** State after the command (or, for a duplicate, after the original append). */
      state: State;
      /** Events appended now; empty for a duplicate or a decision without events. */
      events: RecordedEvent[];
      /** Stream version after the command. */
      version: number;
      /** The command id had already appended: nothing was written this time. */
      duplicate: boolean;
    }
  | { ok: false; error: Err; state: State };

/** The domain view of a recorded event: what `evolve` folds over. */
export function toDomainEvent<E extends DomainEvent>(event: RecordedEvent): E {
  return { type: event.type, data: event.data, schemaVersion: event.schemaVersion } as E;
}

export function foldEvents<State, E extends DomainEvent>(
  decider: { evolve: (state: State, event: E) => State },
  state: State,
  events: RecordedEvent[],
): State {
  return events.reduce((s, e) => decider.evolve(s, toDomainEvent<E>(e)), state);
}

/**
 * Load → decide → append with the loaded version as the expected version. On a
 * ConcurrencyError the stream is reloaded and the command decided again (up to `maxRetries`).
 *
 * Idempotency: if `context.commandId` already appended (a retried request), the result is the
 * original outcome (`duplicate: true`, state rebuilt up to the version the original append
 * reached) and the decider is not consulted — so a retried "check out" does not come back as
 * "already checked out". This is checked up front and again by the append itself (for
 * concurrent retries). The same command id with another request fingerprint (`requestHash`) throws
 * `IdempotencyKeyReusedError`.
 *
 * Freshness: a decision made on a cached state that appends is checked by the expected version; one
 * that rejects or changes nothing is only answered after reading the events appended since the
 * cached version (none, in the common case), so no answer ever comes from a state older than the head.
 */
export async function handleCommand<Command, State, E extends DomainEvent, Err extends DomainError>(
  store: EventStore,
  options: HandleCommandOptions<Command, State, E, Err>,
): Promise<HandleCommandResult<State, Err>> {
  const { streamId, streamType, decider, command, context, maxRetries = 5, stateCache, newStream = false, expectedVersion } = options;

  // A command id minted for this request cannot have appended before: skip the lookup.
  if (!context.commandIdIsNew) {
    const previous = await store.findCommand(context.commandId);
    if (previous) return duplicateResult(store, decider, context, previous);
  }

  for (let attempt = 0; ; attempt++) {
    // A command based on a version reads the stream: a cached state of another version might only be stale.
    const cached =
      attempt > 0 ? undefined : newStream ? { version: 0, state: decider.initialState() } : expectedVersion === undefined ? stateCache?.get(streamId) : undefined;
    let version: number;
    let state: State;
    if (cached) {
      ({ version, state } = cached);
    } else {
      const history = await store.readStream(streamId);
      version = history.length === 0 ? 0 : history[history.length - 1]!.streamPosition;
      state = foldEvents(decider, decider.initialState(), history);
    }
    if (expectedVersion !== undefined && version !== expectedVersion) {
      stateCache?.set(streamId, version, state);
      throw new StreamVersionConflictError(streamId, expectedVersion, version);
    }

    let decision = decider.decide(command, state);
    // A rejection or a "no change" is answered without an append, so nothing would catch a state
    // older than the stream's head (another process wrote since this one cached it): before
    // answering, read what was appended after the state decided on, and decide again if anything was.
    // An append needs no such look: its expected version proves the state was the head.
    if (cached && (!decision.ok || decision.events.length === 0)) {
      const newer = await store.readStream(streamId, { fromVersion: version });
      if (newer.length > 0) {
        version = newer[newer.length - 1]!.streamPosition;
        state = foldEvents(decider, state, newer);
        decision = decider.decide(command, state);
      }
    }
    if (!decision.ok) {
      stateCache?.set(streamId, version, state);
      return { ok: false, error: decision.error, state };
    }
    if (decision.events.length === 0) {
      stateCache?.set(streamId, version, state);
      return { ok: true, state, events: [], version, duplicate: false };
    }

    try {
      const result = await store.append(
        streamId,
        decision.events.map((e) => ({ type: e.type, data: e.data, schemaVersion: e.schemaVersion })),
        { streamType, expectedVersion: version === 0 ? 'no_stream' : version, command: context },
      );
      if (result.status === 'duplicate') {
        stateCache?.delete(streamId);
        return duplicateResult(store, decider, context, result);
      }
      const after = foldEvents(decider, state, result.events);
      stateCache?.set(streamId, result.version, after);
      return { ok: true, state: after, events: result.events, version: result.version, duplicate: false };
    } catch (err) {
      stateCache?.delete(streamId);
      if (!(err instanceof ConcurrencyError) || attempt >= maxRetries) throw err;
      // Jittered backoff so a crowd of writers on one stream does not collide in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
    }
  }
}

/**
 * The original outcome of a command id that already appended. A request fingerprint that differs
 * from the one stored with it means the idempotency key was reused for another request: refused.
 */
async function duplicateResult<State, E extends DomainEvent, Err extends DomainError>(
  store: EventStore,
  decider: { initialState: () => State; evolve: (state: State, event: E) => State },
  context: CommandContext,
  { streamId, version, requestHash }: CommandRecord,
): Promise<HandleCommandResult<State, Err>> {
  if (context.requestHash !== undefined && requestHash !== undefined && requestHash !== context.requestHash) {
    throw new IdempotencyKeyReusedError(context.commandId);
  }
  const history = await store.readStream(streamId, { toVersion: version });
  return { ok: true, state: foldEvents(decider, decider.initialState(), history), events: [], version, duplicate: true };
}
