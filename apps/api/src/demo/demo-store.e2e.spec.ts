import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { CommandContext } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { CatalogWriter, ProductLoader, WebsiteDirectory } from '../catalog';
import { DEMO_SHOP_COLLECTION_ID, demoCatalog } from './demo-store';
import { DemoStoreSeeder } from './demo-store.seeder';

const NOW = '2026-11-23T10:00:00.000Z';
const ctx = (): CommandContext => {
  const id = randomUUID();
  return { commandId: id, correlationId: id, causationId: null, actor: { kind: 'system', id: 'test' } };
};

/** A data directory seeded before products had images: its demo products get their images once. */
describeOnHttpDriver('demo store seeded before product images', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // The website and its store only; the demo products are created below as the seeder used to.
    t = await startTestApp(driver, { SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0].n);

  it("gives each demo product that never had images its demo images, once, and keeps the owner's choices", async () => {
    const writer = t.app.get(CatalogWriter);
    const loader = t.app.get(ProductLoader);
    const seeder = t.app.get(DemoStoreSeeder);
    const catalog = demoCatalog((await t.app.get(WebsiteDirectory).current()).websiteId, NOW);
    for (const { product, stock } of catalog) {
      await writer.store(ctx(), DEMO_SHOP_COLLECTION_ID, { type: 'ListProduct', data: { collectionId: DEMO_SHOP_COLLECTION_ID, productId: product.id, wantedUrlId: product.urlId } });
      await writer.product(ctx(), product.id, { type: 'CreateProduct', data: { product, initialStock: stock } });
    }
    // The owner took the tea club's images away and deleted the membership.
    for (const imageIds of [['img-kiln'], []]) {
      await writer.product(ctx(), 'p-tea-club', { type: 'SetProductImages', data: { productId: 'p-tea-club', imageIds, now: NOW } });
    }
    await writer.product(ctx(), 'p-studio-notes', { type: 'DeleteProduct', data: { productId: 'p-studio-notes', now: NOW } });

    expect(await seeder.addDemoImages()).toBe(catalog.length - 2);
    for (const { product, imageIds } of catalog) {
      const state = await loader.state(product.id);
      if (product.id === 'p-studio-notes') expect(state.status).toBe('deleted');
      else if (product.id === 'p-tea-club') expect(state.status === 'active' && state.product.imageIds).toEqual([]);
      else expect(state.status === 'active' && state.product.imageIds).toEqual(imageIds);
    }

    const before = await eventCount();
    expect(await seeder.addDemoImages()).toBe(0);
    expect(await eventCount()).toBe(before);

    // Then their variants' own images: the moss mug's once the mug has its images; an owner's choice of none is kept.
    await writer.product(ctx(), 'p-stoneware-mug', { type: 'EditVariant', data: { productId: 'p-stoneware-mug', sku: 'MUG-SAND', changes: { imageId: null }, now: NOW } });
    expect(await seeder.addDemoVariantImages()).toBe(1);
    const mug = await loader.state('p-stoneware-mug');
    expect(mug.status === 'active' && mug.product.variants.map((v) => [v.sku, v.imageId])).toEqual([['MUG-SAND', null], ['MUG-MOSS', 'img-moss-mug']]);
    const beforeVariants = await eventCount();
    expect(await seeder.addDemoVariantImages()).toBe(0);
    expect(await eventCount()).toBe(beforeVariants);

    const runner = t.app.get<ProjectionRunner>(PROJECTION_RUNNER);
    await runner.catchUp();
    const { rows } = await t.db.query<{ id: string; main: string | null }>("SELECT id, record->>'mainImageId' AS main FROM catalog_products WHERE id = 'p-stoneware-mug'");
    expect(rows).toEqual([{ id: 'p-stoneware-mug', main: 'img-stoneware-mug' }]);
    expect((await runner.verify(['catalog'])).map((r) => [r.name, r.ok])).toEqual([['catalog', true]]);
  });
});
