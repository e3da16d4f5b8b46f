import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DEFAULT_TIME_ZONE, WEBSITE_STREAM_ID, type SiteEvent } from '@storefront/domain';
import { ConcurrencyError, type CommandContext, type EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { CatalogWriter, derivedUuid, stepContext } from './catalog-writer';
import { DEMO_SHOP_COLLECTION_ID, demoCatalog } from './demo-store';
import { ProductLoader } from './product-loader';

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
    private readonly loader: ProductLoader,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.role === 'worker') return;
    const seeded = await this.seed();
    const imaged = !seeded && this.config.seedDemo ? await this.addDemoImages() : 0;
    // The storefront reads projections: make sure they include the seed before serving.
    if ((seeded || imaged > 0) && this.config.role === 'all') await this.runner.catchUp();
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

  /**
   * A demo store seeded before products had images: gives each demo product that still exists and
   * was never given images (an owner's choice, even none, is kept) its demo images. Returns how many
   * it changed. The command id derives from the product id, so processes starting together add
   * them once.
   */
  async addDemoImages(): Promise<number> {
    let changed = 0;
    const now = new Date().toISOString();
    for (const { product, imageIds } of demoCatalog('', now)) {
      const state = await this.loader.state(product.id);
      if (state.status !== 'active' || state.product.imageIds !== undefined) continue;
      const commandId = derivedUuid('demo-product-images', product.id);
      const context: CommandContext = { commandId, correlationId: commandId, causationId: null, actor: { kind: 'system', id: 'seed' } };
      await this.writer.product(context, product.id, { type: 'SetProductImages', data: { productId: product.id, imageIds, now } });
      changed++;
    }
    if (changed > 0) this.logger.log(`gave ${changed} demo products their images`);
    return changed;
  }
}
