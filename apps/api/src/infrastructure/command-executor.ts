import { Inject, Injectable } from '@nestjs/common';
import type { Decider, DomainError, DomainEvent } from '@storefront/domain';
import {
  foldEvents, handleCommand, handleCommandBatches, StreamStateCache, StreamVersionConflictError, type BatchPlanOutcome, type CommandBatch, type CommandBatchResult,
  type EventStore, type HandleCommandOptions, type HandleCommandResult,
} from '@storefront/eventstore';
import { EVENT_STORE } from './database/tokens';
import { KeyedSerializer } from './keyed-serializer';

/**
 * The version of the stream a save was based on (`If-Match`, see http/if-match.ts): the append is
 * refused with StreamVersionConflictError (409 EDIT_CONFLICT) when the stream is at another one.
 * Undefined: no check (a save without If-Match, and every step a request makes on other streams).
 */
export type BasedOn = { expectedVersion?: number };

/**
 * Refuses a save based on another version before a request's first step (a URL id reserved on the
 * site layout, the store or the collection) is written; the aggregate's own append checks it again.
 */
export function requireBasedOn(streamId: string, { expectedVersion }: BasedOn, currentVersion: number): void {
  if (expectedVersion !== undefined && expectedVersion !== currentVersion) throw new StreamVersionConflictError(streamId, expectedVersion, currentVersion);
}

/** At most this many batches go in one group commit. */
const MAX_GROUP = 32;

/**
 * How command handlers run a decider against a stream. Commands on the same stream from this
 * process queue up instead of racing each other into concurrency conflicts (20 visitors' tabs
 * adding to one cart all land without a retry storm); conflicts with other processes are still
 * caught by the expected version and retried by `handleCommand`.
 *
 * Each stream's last state stays in memory (one bounded cache per decider), so the next command
 * on a cart decides without reading the cart's stream again; a write from another process makes
 * the append conflict and the command reload.
 */
@Injectable()
export class CommandExecutor {
  private readonly perStream = new KeyedSerializer();
  private readonly caches = new WeakMap<object, StreamStateCache<unknown>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute<Command, State, E extends DomainEvent, Err extends DomainError>(
    options: HandleCommandOptions<Command, State, E, Err>,
  ): Promise<HandleCommandResult<State, Err>> {
    const stateCache = this.cacheFor<State>(options.decider);
    return this.perStream.run(options.streamId, () => handleCommand(this.store, { stateCache, ...options }));
  }

  /**
   * Commands on several streams committed together (one multi-stream append, all or nothing; see
   * handleCommandBatch): `plan` decides them on in-memory states and is run again on fresh ones
   * after a conflict. Only `streamIds` may be touched. `plan` must not run other commands (it would
   * wait on itself).
   *
   * Group commit: while one group of batches is being committed, the batches that arrive wait
   * and then go together, decided one after another and committed by ONE append (each command
   * still its own entry: its id and metadata). Checkouts of the same hot items in one process so
   * queue for one commit at most instead of one per checkout ahead of them. A group holds this
   * process's per-stream queues of all its streams (taken in stream id order) while it commits.
   */
  executeTogether<T>(streamIds: readonly string[], plan: (batch: CommandBatch) => Promise<T>, options: { maxRetries?: number } = {}): Promise<CommandBatchResult<T>> {
    return new Promise<CommandBatchResult<T>>((resolve, reject) => {
      this.groupQueue.push({ streamIds: [...new Set(streamIds)], plan, maxRetries: options.maxRetries, resolve: resolve as (r: CommandBatchResult<unknown>) => void, reject });
      if (!this.groupRunning) void this.commitGroups();
    });
  }

  private readonly groupQueue: {
    streamIds: string[];
    plan: (batch: CommandBatch) => Promise<unknown>;
    maxRetries: number | undefined;
    resolve: (result: CommandBatchResult<unknown>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private groupRunning = false;

  private async commitGroups(): Promise<void> {
    this.groupRunning = true;
    try {
      while (this.groupQueue.length > 0) {
        const group = this.groupQueue.splice(0, MAX_GROUP);
        const keys = [...new Set(group.flatMap((g) => g.streamIds))].sort();
        const maxRetries = Math.max(...group.map((g) => g.maxRetries ?? 5));
        const commit = () => handleCommandBatches(this.store, group.map((g) => ({ plan: g.plan, streamIds: g.streamIds })), { cacheFor: (decider) => this.cacheFor(decider), maxRetries });
        try {
          const outcomes = await keys.reduceRight<() => Promise<BatchPlanOutcome[]>>((inner, key) => () => this.perStream.run(key, inner), commit)();
          for (const [i, outcome] of outcomes.entries()) {
            if (outcome.ok) group[i]!.resolve(outcome.result);
            else group[i]!.reject(outcome.error);
          }
        } catch (error) {
          for (const g of group) g.reject(error);
        }
      }
    } finally {
      this.groupRunning = false;
    }
  }

  /** Whether the stream has any event: a cheap look before expensive work (the append still decides). */
  async streamExists(streamId: string): Promise<boolean> {
    return (await this.store.streamVersion(streamId)) > 0;
  }

  /**
   * A stream's current state for a look before work (checkout's stock check): this process's
   * cached state when the stream has not moved since (one cheap version query), else read and
   * folded. Only a look: the command's append still decides.
   */
  async peek<State, E extends DomainEvent>(decider: Decider<never, State, E, DomainError>, streamId: string): Promise<State> {
    return (await this.peekMany<State, E>(decider, [streamId]))[0]!;
  }

  /**
   * `peek` of several streams of one decider: one version query for all of them (checkout's stock
   * check of a five-line cart is one round trip, not five), then a read of each stream whose
   * cached state is missing or behind.
   */
  async peekMany<State, E extends DomainEvent>(decider: Decider<never, State, E, DomainError>, streamIds: readonly string[]): Promise<State[]> {
    const cache = this.cacheFor<State>(decider);
    const versions = await this.store.streamVersions(streamIds);
    return Promise.all(
      streamIds.map(async (streamId, i) => {
        const cached = cache.get(streamId);
        if (cached && cached.version === versions[i]) return cached.state;
        // Behind: only what was appended since is read (a hot stream is long; its cached state is a true one at its version).
        const from = cached && cached.version < versions[i]! ? cached : { version: 0, state: decider.initialState() };
        const events = await this.store.readStream(streamId, from.version > 0 ? { fromVersion: from.version } : {});
        const state = foldEvents<State, E>(decider, from.state, events);
        cache.set(streamId, events.length === 0 ? from.version : events[events.length - 1]!.streamPosition, state);
        return state;
      }),
    );
  }

  /**
   * The states this process last knew for these streams, with no round trip at all, or null when
   * any is not cached. Only for a look whose mistakes cost nothing but time: another process may
   * have written since (the command's append still decides).
   */
  peekCached<State>(decider: object, streamIds: readonly string[]): State[] | null {
    const cache = this.cacheFor<State>(decider);
    const states: State[] = [];
    for (const streamId of streamIds) {
      const cached = cache.get(streamId);
      if (!cached) return null;
      states.push(cached.state);
    }
    return states;
  }

  private cacheFor<State>(decider: object): StreamStateCache<State> {
    let cache = this.caches.get(decider);
    if (!cache) this.caches.set(decider, (cache = new StreamStateCache<unknown>()));
    return cache as StreamStateCache<State>;
  }
}
