import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { READ_MODEL_CHANGED_CHANNEL, type ProjectionRunner } from '@storefront/projections';
import { DATABASE, PROJECTION_RUNNER } from './database/tokens';

/**
 * Tells a cache in the API when read models it copied from have changed: right after this
 * process's projection runner commits a batch of one of them (before its catchUp returns), or when
 * another process (a worker) says so on READ_MODEL_CHANGED_CHANNEL. Caches built on it also expire
 * their entries after a while, since a notice from another process can be lost.
 */
@Injectable()
export class ReadModelChanges {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  /** Calls `onChange` whenever one of `projections` changed; resolves with the way to stop. */
  async watch(projections: readonly string[], onChange: () => void): Promise<() => Promise<void>> {
    const local = projections.map((name) => this.runner.onChange(name, onChange));
    const remote = await this.db.listen(READ_MODEL_CHANGED_CHANNEL, (name) => {
      if (projections.includes(name)) onChange();
    });
    return async () => {
      for (const stop of local) stop();
      await remote();
    };
  }
}
