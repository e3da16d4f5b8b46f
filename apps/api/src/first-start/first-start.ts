import { Inject, Injectable, Module, OnApplicationBootstrap, type DynamicModule } from '@nestjs/common';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, DEFAULT_WEBSITE_TITLE, WEBSITE_STREAM_ID, type SiteEvent } from '@storefront/domain';
import { ConcurrencyError, type CommandContext, type EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import { CatalogModule, CatalogWriter, DEFAULT_STORE_COLLECTION_ID, DEFAULT_STORE_TITLE } from '../catalog';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';

export type NewWebsite = { title: string; currency?: string; timeZone?: string };

/**
 * What a database needs before the site can be served: the website and its store (a products
 * collection). Two processes starting at once: the website stream's 'no_stream' append lets exactly
 * one create them.
 */
@Injectable()
export class FirstStart {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogWriter,
  ) {}

  /** Creates the website and its store when the database has none; the new website's id, or null when it existed. */
  async createWebsite(website: NewWebsite, now: string = new Date().toISOString()): Promise<string | null> {
    if ((await this.store.streamVersion(WEBSITE_STREAM_ID)) > 0) return null;
    const websiteId = randomUUID();
    const created: SiteEvent = {
      type: 'WebsiteCreated',
      data: { websiteId, title: website.title, currency: website.currency ?? DEFAULT_CURRENCY, timeZone: website.timeZone ?? DEFAULT_TIME_ZONE, createdAt: now },
    };
    try {
      await this.store.append(WEBSITE_STREAM_ID, [created], { streamType: 'website', expectedVersion: 'no_stream', command: systemContext() });
    } catch (error) {
      if (error instanceof ConcurrencyError) return null;
      throw error;
    }
    const collectionId = DEFAULT_STORE_COLLECTION_ID;
    await this.catalog.store(systemContext(), collectionId, {
      type: 'CreateStore', data: { collectionId, websiteId, title: DEFAULT_STORE_TITLE, urlId: collectionId, now },
    });
    return websiteId;
  }
}

/**
 * A command context for what the product does by itself (seeding, first start); `commandId` fixed
 * when a repeat must be recognised as the same command (processes seeding at once), else random.
 */
export function systemContext(commandId: string = randomUUID()): CommandContext {
  return { commandId, correlationId: commandId, causationId: null, actor: { kind: 'system', id: 'seed' } };
}

/** On an empty database, creates an untitled website and its empty store (not on ROLE=worker). */
@Injectable()
class FirstStartSeeder implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    private readonly firstStart: FirstStart,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.role === 'worker') return;
    const created = await this.firstStart.createWebsite({ title: DEFAULT_WEBSITE_TITLE });
    // The published site reads projections: make sure they include the website before serving.
    if (created !== null && this.config.role === 'all') await this.runner.catchUp();
  }
}

/** FirstStart for modules that set up a database their own way (the demo). */
@Module({ imports: [CatalogModule], providers: [FirstStart], exports: [FirstStart] })
export class FirstStartModule {
  /** FirstStart run on start-up: the production app's setup of a new database. */
  static seeding(): DynamicModule {
    return { module: FirstStartSeederModule };
  }
}

@Module({ imports: [FirstStartModule], providers: [FirstStartSeeder] })
class FirstStartSeederModule {}
