import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DEFAULT_TIME_ZONE, WEBSITE_STREAM_ID, type SiteEvent } from '@storefront/domain';
import { ConcurrencyError, type CommandContext, type EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { CatalogWriter, stepContext } from './catalog-writer';
import { DEMO_SHOP_COLLECTION_ID, demoCatalog } from './demo-store';

/**
 * On first start, creates the website and its store (a products collection), and unless
 * SEED_DEMO=false the demo shop, through the catalog's own commands: store → product → inventory,
 * then the product's images. Two processes starting at once: the website stream's 'no_stream'
 * append lets exactly one seed.
 *
 * The images are the media context's demo images, named by fixed id. They are not looked up here
 * (the owner API checks that ids name images; the demo's are drawn by DemoMediaSeeder under the
 * same SEED_DEMO), so the order in which the two seeders run does not matter.
 */
@Injectable()
export class DemoStoreSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoStoreSeeder');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    private readonly writer: CatalogWriter,
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
    const now = new Date().toISOString();
    const created: SiteEvent = {
      type: 'WebsiteCreated',
      data: { websiteId, title: 'Clay & Co.', currency: 'USD', timeZone: DEFAULT_TIME_ZONE, createdAt: now },
    };
    try {
      await this.store.append(WEBSITE_STREAM_ID, [created], { streamType: 'website', expectedVersion: 'no_stream', command: this.context() });
    } catch (error) {
      if (error instanceof ConcurrencyError) return false;
      throw error;
    }
    const collectionId = DEMO_SHOP_COLLECTION_ID;
    await this.writer.store(this.context(), collectionId, { type: 'CreateStore', data: { collectionId, websiteId, title: 'Shop', urlId: 'shop', now } });
    if (!this.config.seedDemo) return true;
    const catalog = demoCatalog(websiteId, now);
    for (const { product, stock, imageIds } of catalog) {
      const context = this.context();
      await this.writer.store(stepContext(context, 'list'), collectionId, {
        type: 'ListProduct', data: { collectionId, productId: product.id, wantedUrlId: product.urlId },
      });
      await this.writer.product(stepContext(context, 'create'), product.id, { type: 'CreateProduct', data: { product, initialStock: stock } });
      for (const variant of product.variants) {
        await this.writer.inventory(stepContext(context, `stock-${variant.sku}`), product.id, variant.sku, {
          type: 'SetStock', data: { productId: product.id, sku: variant.sku, ...stock[variant.sku], now },
        });
      }
      await this.writer.product(stepContext(context, 'images'), product.id, { type: 'SetProductImages', data: { productId: product.id, imageIds, now } });
    }
    this.logger.log(`seeded the demo store (${catalog.length} products)`);
    return true;
  }
}
