import type { INestApplication } from '@nestjs/common';
import { buildProductRecord, catalogStreamId, type ProductDraft, type ProductRecord } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, PROJECTION_RUNNER } from '../src/infrastructure/database/tokens';

/** Products the cart suites need beyond the demo store, each as a `ProductCreated` event. */
const draft = (over: Partial<ProductDraft> & Pick<ProductDraft, 'id' | 'variants'>): ProductDraft => ({
  title: over.id, urlId: over.id, collectionId: 'cart-tests', productType: 'PHYSICAL', currency: 'USD', ...over,
});

type TestProduct = {
  draft: ProductDraft;
  patch?: (r: ProductRecord) => ProductRecord;
  /** Events appended after the product's creation (the catalog's own disable/delete events). */
  then?: (r: ProductRecord) => { type: string; data: unknown }[];
};

// Disabled and deleted products say so twice: as flags on the record (read models that keep the
// record as written) and as the catalog's ProductDisabled / ProductDeleted events.
export const CART_TEST_PRODUCTS: TestProduct[] = [
  {
    draft: draft({
      id: 't-three-options', variantOptionOrdering: ['Color', 'Size', 'Material'],
      variants: [
        { id: 'v1', sku: 'TRI-1', attributes: { Color: 'Red', Size: 'S', Material: 'Wool' }, priceCents: 1000, qtyInStock: 5 },
        { id: 'v2', sku: 'TRI-2', attributes: { Color: 'Blue', Size: 'M', Material: 'Silk' }, priceCents: 1000, qtyInStock: 5 },
      ],
    }),
  },
  {
    draft: draft({
      id: 't-gift-card', productType: 'GIFT_CARD', variantOptionOrdering: [],
      variants: [
        { id: 'v25', sku: 'GC-25', priceCents: 2500 },
        { id: 'v50', sku: 'GC-50', priceCents: 5000 },
      ],
    }),
  },
  { draft: draft({ id: 't-service', productType: 'SERVICE', variants: [{ id: 'v', sku: 'LESSON', priceCents: 9000, unlimited: true }] }) },
  { draft: draft({ id: 't-dime', variants: [{ id: 'v', sku: 'DIME', priceCents: 10, unlimited: true }] }) },
  { draft: draft({ id: 't-twenty', variants: [{ id: 'v', sku: 'TWENTY', priceCents: 20, unlimited: true }] }) },
  { draft: draft({ id: 't-1999', variants: [{ id: 'v', sku: 'P-1999', priceCents: 1999, qtyInStock: 10 }] }) },
  { draft: draft({ id: 't-yen', currency: 'JPY', variants: [{ id: 'v', sku: 'YEN', priceCents: 1500, unlimited: true }] }) },
  {
    draft: draft({ id: 't-disabled', variants: [{ id: 'v', sku: 'OFF', priceCents: 500, qtyInStock: 5 }] }),
    patch: (r) => ({ ...r, enabled: false }) as ProductRecord,
    then: (r) => [{ type: 'ProductDisabled', data: { productId: r.id, at: '2026-01-01T00:00:00.000Z' } }],
  },
  {
    draft: draft({ id: 't-deleted', variants: [{ id: 'v', sku: 'GONE', priceCents: 500, qtyInStock: 5 }] }),
    patch: (r) => ({ ...r, deleted: true }) as ProductRecord,
    then: (r) => [{ type: 'ProductDeleted', data: { productId: r.id, collectionId: r.collectionId, urlId: r.urlId, deletedAt: '2026-01-01T00:00:00.000Z' } }],
  },
  {
    draft: draft({
      id: 't-coffee-club', variantOptionOrdering: ['Roast'],
      variants: [
        { id: 'v1', sku: 'BEANS-DARK', attributes: { Roast: 'Dark' }, priceCents: 1800, qtyInStock: 20 },
        { id: 'v2', sku: 'BEANS-LIGHT', attributes: { Roast: 'Light' }, priceCents: 1800, qtyInStock: 1 },
      ],
    }),
    patch: (r) => ({
      ...r,
      structuredContent: {
        ...r.structuredContent,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      },
    }),
  },
];

/** Appends the test products to the app's store and waits until the catalog read model has them. */
export async function addCartTestProducts(app: INestApplication): Promise<void> {
  const store = app.get<EventStore>(EVENT_STORE);
  for (const { draft: d, patch, then } of CART_TEST_PRODUCTS) {
    const built = buildProductRecord(d);
    const product = patch ? patch(built) : built;
    const id = randomUUID();
    const events = [{ type: 'ProductCreated', data: { product } }, ...(then ? then(product) : [])];
    await store.append(catalogStreamId(product.id), events, {
      streamType: 'product',
      expectedVersion: 'no_stream',
      command: { commandId: id, correlationId: id, causationId: null, actor: { kind: 'system', id: 'cart-tests' } },
    });
  }
  await app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
}
