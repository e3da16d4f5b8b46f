import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { catalogStreamId, DEFAULT_TIME_ZONE, WEBSITE_STREAM_ID, type SiteEvent } from '@storefront/domain';
import { ConcurrencyError, type CommandContext, type EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { demoProducts } from './demo-store';

/**
 * On first start, creates the website and (unless SEED_DEMO=false) the demo shop, as events.
 * Two processes starting at once: the website stream's 'no_stream' append lets exactly one seed.
 */
@Injectable()
export class DemoStoreSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoStoreSeeder');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.role === 'worker') return;
    const seeded = await this.seed();
    // The storefront reads projections: make sure they include the seed before serving.
    if (seeded && this.config.role === 'all') await this.runner.catchUp();
  }

  private context(): CommandContext {
    const id = randomUUID();
    return { commandId: id, correlationId: id, causationId: null, actor: { kind: 'system', id: 'seed' } };
  }

  async seed(): Promise<boolean> {
    if ((await this.store.streamVersion(WEBSITE_STREAM_ID)) > 0) return false;
    const websiteId = randomUUID();
    const created: SiteEvent = {
      type: 'WebsiteCreated',
      data: { websiteId, title: 'Clay & Co.', currency: 'USD', timeZone: DEFAULT_TIME_ZONE, createdAt: new Date().toISOString() },
    };
    try {
      await this.store.append(WEBSITE_STREAM_ID, [created], { streamType: 'website', expectedVersion: 'no_stream', command: this.context() });
    } catch (error) {
      if (error instanceof ConcurrencyError) return false;
      throw error;
    }
    if (!this.config.seedDemo) return true;
    for (const product of demoProducts()) {
      await this.store.append(catalogStreamId(product.id), [{ type: 'ProductCreated', data: { product } }], {
        streamType: 'product',
        expectedVersion: 'no_stream',
        command: this.context(),
      });
    }
    this.logger.log(`seeded the demo store (${demoProducts().length} products)`);
    return true;
  }
}
