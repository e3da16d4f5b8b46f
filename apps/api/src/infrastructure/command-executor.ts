import { Inject, Injectable } from '@nestjs/common';
import type { Decider, DomainError, DomainEvent } from '@storefront/domain';
import {
  foldEvents, handleCommand, StreamStateCache, StreamVersionConflictError, type EventStore, type HandleCommandOptions, type HandleCommandResult,
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
    const cache = this.cacheFor<State>(decider);
    const cached = cache.get(streamId);
    if (cached && cached.version === (await this.store.streamVersion(streamId))) return cached.state;
    const events = await this.store.readStream(streamId);
    const state = foldEvents<State, E>(decider, decider.initialState(), events);
    cache.set(streamId, events.length === 0 ? 0 : events[events.length - 1]!.streamPosition, state);
    return state;
  }

  private cacheFor<State>(decider: object): StreamStateCache<State> {
    let cache = this.caches.get(decider);
    if (!cache) this.caches.set(decider, (cache = new StreamStateCache<unknown>()));
    return cache as StreamStateCache<State>;
  }
}
