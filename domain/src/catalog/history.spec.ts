import { buildHistory, stateAtVersion, type HistoryEventInput } from '../shared/history';
import type { ProductEvent } from './events';
import { productHistory } from './history';
import { DEFAULT_MERCHANDISING, type ProductDetails, type VariantDetails } from './product-details';
import { productDecider } from './product-decider';

const NOW = '2026-11-23T10:00:00.000Z';
const OWNER = { kind: 'owner' as const, id: 'o1', email: 'manager@example.com' };
const variant = (over: Partial<VariantDetails> = {}): VariantDetails => ({
  id: 'v1', sku: 'MUG-SAND', attributes: { Glaze: 'Sand' }, priceMinor: 2800, salePriceMinor: 0, onSale: false, ...over,
});
const details = (over: Partial<ProductDetails> = {}): ProductDetails => ({
  id: 'p1', websiteId: 'w1', collectionId: 'shop', productType: 'PHYSICAL', title: 'Stoneware Mug', navigationTitle: 'Stoneware Mug',
  description: '<p>Thrown by hand.</p>', urlId: 'stoneware-mug', currency: 'USD', variants: [variant()], variantOptionOrdering: ['Glaze'],
  subscriptionPlan: null, additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: '', tags: [], categories: [],
  merchandising: DEFAULT_MERCHANDISING, enabled: true, createdAt: NOW, ...over,
});
const moss = variant({ id: 'v2', sku: 'MUG-MOSS', attributes: { Glaze: 'Moss' }, priceMinor: 3000 });
const inputs = (events: ProductEvent[]): HistoryEventInput[] => events.map((e, i) => ({ ...e, version: i + 1, recordedAt: NOW, actor: OWNER }));
const lines = (changes: { field: string; before: string | null; after: string | null }[]) => changes.map((c) => `${c.field}: ${c.before} → ${c.after}`);
const fold = (events: ProductEvent[]) => events.reduce(productDecider.evolve, productDecider.initialState());

const events: ProductEvent[] = [
  { type: 'ProductCreated', schemaVersion: 2, data: { product: details() } },
  { type: 'ProductDetailsEdited', data: { productId: 'p1', changes: { title: 'Mug', merchandising: { scarcityEnabled: true } }, editedAt: NOW } },
  { type: 'ProductVariantAdded', data: { productId: 'p1', variant: moss, addedAt: NOW } },
  { type: 'ProductVariantEdited', data: { productId: 'p1', sku: 'MUG-SAND', changes: { priceMinor: 2500 }, editedAt: NOW } },
  { type: 'ProductSaleChanged', data: { productId: 'p1', variants: [{ sku: 'MUG-MOSS', onSale: true, salePriceMinor: 2000 }], changedAt: NOW } },
  { type: 'ProductImagesSet', data: { productId: 'p1', imageIds: ['img-1', 'img-2'], setAt: NOW } },
  { type: 'ProductDisabled', data: { productId: 'p1', at: NOW } },
];

describe('a product history', () => {
  it('shows details, merchandising, variants by SKU with prices as money, images and enabling', () => {
    expect(buildHistory(productHistory, inputs(events)).slice(1).map((e) => [e.label, lines(e.changes)])).toEqual([
      ['Product details edited', ['Title: Stoneware Mug → Mug', 'Merchandising: scarcityEnabled: No → Yes']],
      ['Variant added', ['Variant MUG-MOSS: Options: null → Glaze: Moss', 'Variant MUG-MOSS: Price: null → 30.00 USD', 'Variant MUG-MOSS: Sale price: null → 0.00 USD', 'Variant MUG-MOSS: On sale: null → No']],
      ['Variant edited', ['Variant MUG-SAND: Price: 28.00 USD → 25.00 USD']],
      ['Sale changed', ['Variant MUG-MOSS: Sale price: 0.00 USD → 20.00 USD', 'Variant MUG-MOSS: On sale: No → Yes']],
      ['Images changed', ['Images: null → 2', 'Main image: null → img-1']],
      ['Product disabled', ['Enabled: Yes → No']],
    ]);
  });

  it('a restore brings back details, variants and images in one new event, not whether it is enabled', () => {
    const target = stateAtVersion(productHistory, inputs(events), 2);
    const decision = productDecider.decide({ type: 'RestoreProduct', data: { productId: 'p1', restoredVersion: 2, target, now: NOW } }, fold(events));
    expect(decision).toEqual({
      ok: true,
      events: [{ type: 'ProductRestored', data: { productId: 'p1', restoredVersion: 2, changes: { variants: [variant()], imageIds: [] }, restoredAt: NOW } }],
    });
    const after = fold([...events, ...(decision.ok ? decision.events : [])]);
    expect(after).toMatchObject({ status: 'active', product: { title: 'Mug', variants: [variant()], imageIds: [], enabled: false } });
    const history = buildHistory(productHistory, inputs([...events, ...(decision.ok ? decision.events : [])]));
    expect(history.at(-1)).toMatchObject({ version: 8, label: 'Product restored', restoredVersion: 2, actor: { email: 'manager@example.com' } });
    expect(lines(history.at(-1)!.changes)).toEqual([
      'Images: 2 → null', 'Main image: img-1 → null', 'Variant MUG-SAND: Price: 25.00 USD → 28.00 USD',
      'Variant MUG-MOSS: Options: Glaze: Moss → null', 'Variant MUG-MOSS: Price: 30.00 USD → null', 'Variant MUG-MOSS: Sale price: 20.00 USD → null', 'Variant MUG-MOSS: On sale: Yes → null',
    ]);
  });

  it('restoring a version before images existed removes them; one identical to now appends nothing', () => {
    const current = fold(events);
    expect(productDecider.decide({ type: 'RestoreProduct', data: { productId: 'p1', restoredVersion: 7, target: current, now: NOW } }, current)).toEqual({ ok: true, events: [] });
    const noImages = fold(events.slice(0, 5));
    expect(productDecider.decide({ type: 'RestoreProduct', data: { productId: 'p1', restoredVersion: 5, target: noImages, now: NOW } }, current)).toMatchObject({
      ok: true, events: [{ data: { changes: { imageIds: [] } } }],
    });
  });

  it('refuses a version where the product did not exist, and a deleted product', () => {
    expect(productDecider.decide({ type: 'RestoreProduct', data: { productId: 'p1', restoredVersion: 0, target: { status: 'none' }, now: NOW } }, fold(events))).toMatchObject({
      ok: false, error: { code: 'VERSION_NOT_FOUND' },
    });
    const deleted = fold([...events, { type: 'ProductDeleted', data: { productId: 'p1', collectionId: 'shop', urlId: 'stoneware-mug', deletedAt: NOW } }]);
    expect(productDecider.decide({ type: 'RestoreProduct', data: { productId: 'p1', restoredVersion: 1, target: fold(events.slice(0, 1)), now: NOW } }, deleted)).toMatchObject({
      ok: false, error: { code: 'PRODUCT_NOT_FOUND' },
    });
  });
});
