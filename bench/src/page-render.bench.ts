/**
 * Server time of published pages with a 200-product store, on a scratch database of the
 * PostgreSQL server: building the page context from the read models plus rendering it with the
 * theme (what a request spends besides the network). Targets: product page p95 < 15 ms; the store
 * grid of 200 products < 40 ms. Run standalone after `npm run build`: `node bench/dist/page-render.bench.js`.
 */
import 'reflect-metadata';
import { buildProductRecord, catalogStreamId } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import { createApp } from '@storefront/api/dist/app.factory';
import { loadConfig } from '@storefront/api/dist/config/app-config';
import { DemoModule } from '@storefront/api/dist/demo/demo.module';
import { EVENT_STORE, PROJECTION_RUNNER } from '@storefront/api/dist/infrastructure/database/tokens';
import { PageContextBuilder, type Visitor } from '@storefront/api/dist/storefront/page-context-builder';
import { SiteRenderer } from '@storefront/api/dist/storefront/site-renderer';
import { printTable, withScratchDatabaseUrl } from './bench-util';
import { percentile } from './http-client';

const PRODUCTS = 200;

async function addProducts(store: EventStore, count: number): Promise<string[]> {
  const urlIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `bench-product-${i}`;
    const record = buildProductRecord({
      id, title: `Bench Bowl ${i}`, urlId: id, collectionId: 'shop', productType: 'PHYSICAL', currency: 'USD',
      variantOptionOrdering: ['Glaze', 'Size'],
      variants: [
        { id: `${id}-a`, sku: `${id}-A`, attributes: { Glaze: 'Sand', Size: 'S' }, priceCents: 2000 + i, qtyInStock: i % 7 },
        { id: `${id}-b`, sku: `${id}-B`, attributes: { Glaze: 'Moss', Size: 'L' }, priceCents: 2600 + i, salePriceCents: 2400 + i, onSale: i % 3 === 0, qtyInStock: 5 },
      ],
    });
    const commandId = randomUUID();
    await store.append(catalogStreamId(id), [{ type: 'ProductCreated', data: { product: record } }], {
      streamType: 'product', expectedVersion: 'no_stream',
      command: { commandId, correlationId: commandId, causationId: null, actor: { kind: 'system', id: 'bench' } },
    });
    urlIds.push(id);
  }
  return urlIds;
}

export async function runPageRenderBench(options: { serverUrl?: string; iterations?: number } = {}) {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const iterations = options.iterations ?? 300;
  return withScratchDatabaseUrl(serverUrl, async (databaseUrl) => {
    const app = await createApp(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', OWNER_PASSWORD: 'bench owner password 1' }), { setup: DemoModule });
    await app.init();
    try {
      const urlIds = await addProducts(app.get<EventStore>(EVENT_STORE), PRODUCTS - 10);
      await app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
      const pages = app.get(PageContextBuilder);
      const renderer = app.get(SiteRenderer);
      const visitor: Visitor = { baseUrl: 'http://localhost:3000', hasCart: false, roles: [], owner: false, isUnlocked: async () => false };
      const time = async (path: string) => {
        const started = performance.now();
        const outcome = await pages.forPath(path, {}, visitor, { json: false });
        if (outcome.kind !== 'page' || outcome.status !== 200) throw new Error(`${path} did not render`);
        const html = renderer.render(outcome.context)!.html;
        if (html.length < 1000) throw new Error(`${path} rendered too little`);
        return performance.now() - started;
      };
      const productTimes: number[] = [];
      const gridTimes: number[] = [];
      for (let i = 0; i < 20; i++) await time(`/shop/${urlIds[i]}`); // warm-up: compile cache, plan caches
      for (let i = 0; i < iterations; i++) productTimes.push(await time(`/shop/${urlIds[i % urlIds.length]}`));
      await time('/shop');
      for (let i = 0; i < Math.max(20, iterations / 10); i++) gridTimes.push(await time('/shop'));
      const ms = (v: number) => v.toFixed(1);
      printTable([
        { page: 'product page', products: PRODUCTS, n: productTimes.length, p50_ms: ms(percentile(productTimes, 0.5)), p95_ms: ms(percentile(productTimes, 0.95)), target: 'p95 < 15 ms' },
        { page: 'store grid', products: PRODUCTS, n: gridTimes.length, p50_ms: ms(percentile(gridTimes, 0.5)), p95_ms: ms(percentile(gridTimes, 0.95)), target: '< 40 ms' },
      ]);
      return { product: productTimes, grid: gridTimes };
    } finally {
      await app.close();
    }
  });
}

if (require.main === module) {
  runPageRenderBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
