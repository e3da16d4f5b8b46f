import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import type { ProjectionRunner } from '@storefront/projections';
import { CatalogWriter, ProductLoader } from '../catalog';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FirstStart, systemContext } from '../first-start';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { derivedUuid, stepContext } from '../infrastructure/derived-ids';
import { DEMO_SHOP_COLLECTION_ID, DEMO_WEBSITE_TITLE, demoCatalog } from './demo-store';
import { LOGGED_PROGRESS, START_PROGRESS, type StartProgress } from './start-progress';

/**
 * On first start, creates the website "Clay & Co." and its store (FirstStart), and unless
 * SEED_DEMO=false the demo shop, through the catalog's own commands: store → product → inventory,
 * then the product's images. Two processes starting at once: FirstStart lets exactly one seed.
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
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    private readonly firstStart: FirstStart,
    private readonly writer: CatalogWriter,
    private readonly loader: ProductLoader,
    @Optional() @Inject(START_PROGRESS) private readonly progress: StartProgress = LOGGED_PROGRESS,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.role === 'worker') return;
    const seeded = await this.seed();
    const imaged = !seeded && this.config.seedDemo ? (await this.addDemoImages()) + (await this.addDemoVariantImages()) : 0;
    // The storefront reads projections: make sure they include the seed before serving.
    if ((seeded || imaged > 0) && this.config.role === 'all') await this.runner.catchUp();
  }

  async seed(): Promise<boolean> {
    const now = new Date().toISOString();
    const websiteId = await this.firstStart.createWebsite({ title: DEMO_WEBSITE_TITLE }, now);
    if (websiteId === null) return false;
    const collectionId = DEMO_SHOP_COLLECTION_ID;
    if (!this.config.seedDemo) return true;
    const done = this.progress.step('seeding the demo store', 'DemoStoreSeeder');
    const catalog = demoCatalog(websiteId, now);
    for (const { product, stock, imageIds, variantImages } of catalog) {
      const context = systemContext();
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
      for (const [sku, imageId] of Object.entries(variantImages)) {
        await this.writer.product(stepContext(context, `variant-image-${sku}`), product.id, {
          type: 'EditVariant', data: { productId: product.id, sku, changes: { imageId }, now },
        });
      }
    }
    done(`demo store seeded: ${catalog.length} products`);
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
      const context = systemContext(derivedUuid('demo-product-images', product.id));
      await this.writer.product(context, product.id, { type: 'SetProductImages', data: { productId: product.id, imageIds, now } });
      changed++;
    }
    if (changed > 0) this.logger.log(`gave ${changed} demo products their images`);
    return changed;
  }

  /**
   * A demo store seeded before variants had images: gives each demo variant that still exists, was
   * never given an image (an owner's choice, even none, is kept) and whose product still has that
   * image, its demo image. Returns how many it changed; the command id derives from the SKU, so
   * processes starting together give each once.
   */
  async addDemoVariantImages(): Promise<number> {
    let changed = 0;
    const now = new Date().toISOString();
    for (const { product, variantImages } of demoCatalog('', now)) {
      for (const [sku, imageId] of Object.entries(variantImages)) {
        const state = await this.loader.state(product.id);
        if (state.status !== 'active') break;
        const variant = state.product.variants.find((v) => v.sku === sku);
        if (!variant || variant.imageId !== undefined || !(state.product.imageIds ?? []).includes(imageId)) continue;
        const context = systemContext(derivedUuid('demo-variant-image', `${product.id}/${sku}`));
        await this.writer.product(context, product.id, { type: 'EditVariant', data: { productId: product.id, sku, changes: { imageId }, now } });
        changed++;
      }
    }
    if (changed > 0) this.logger.log(`gave ${changed} demo variants their images`);
    return changed;
  }
}
