import { Inject, Injectable } from '@nestjs/common';
import type { DomainError, DomainEvent } from '@storefront/domain';
import { handleCommand, type EventStore, type HandleCommandOptions, type HandleCommandResult } from '@storefront/eventstore';
import { EVENT_STORE } from './database/tokens';
import { KeyedSerializer } from './keyed-serializer';

/**
 * How command handlers run a decider against a stream. Commands on the same stream from this
 * process queue up instead of racing each other into concurrency conflicts (20 visitors' tabs
 * adding to one cart all land without a retry storm); conflicts with other processes are still
 * caught by the expected version and retried by `handleCommand`.
 */
@Injectable()
export class CommandExecutor {
  private readonly perStream = new KeyedSerializer();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute<Command, State, E extends DomainEvent, Err extends DomainError>(
    options: HandleCommandOptions<Command, State, E, Err>,
  ): Promise<HandleCommandResult<State, Err>> {
    return this.perStream.run(options.streamId, () => handleCommand(this.store, options));
  }
}
