import { Inject, Injectable } from '@nestjs/common';
import type { DomainError, DomainEvent } from '@storefront/domain';
import { handleCommand, StreamStateCache, type EventStore, type HandleCommandOptions, type HandleCommandResult } from '@storefront/eventstore';
import { EVENT_STORE } from './database/tokens';
import { KeyedSerializer } from './keyed-serializer';

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

  private cacheFor<State>(decider: object): StreamStateCache<State> {
    let cache = this.caches.get(decider);
    if (!cache) this.caches.set(decider, (cache = new StreamStateCache<unknown>()));
    return cache as StreamStateCache<State>;
  }
}
