import type { ProductCommand } from './commands';
import type { ProductEvent } from './events';
import { DEFAULT_MERCHANDISING, productImageIds, type InitialStock, type ProductDetails, type VariantDetails } from './product-details';
import { productDecider } from './product-decider';
import { buildProductRecord } from './product-builder';
import { productCreatedV1ToV2 } from './upcasters';
import { parseRequest } from '../shared/requests';
import { productRecord } from './product-view';
import { CreateProductRequest, EditProductDetailsRequest, productFromRequest, SetProductImagesRequest, type CreateProductContext } from './requests';

// The request schemas with what the API adds (ids, the store's currency, the time).
const parseCreateProduct = (raw: unknown, ctx: CreateProductContext) => {
  const parsed = parseRequest(CreateProductRequest, raw);
  return parsed.ok ? productFromRequest(parsed.value, ctx) : parsed;
};
const parseDetailsChanges = (raw: unknown) => parseRequest(EditProductDetailsRequest, raw);
const parseProductImages = (raw: unknown) => parseRequest(SetProductImagesRequest, raw);

const NOW = '2026-11-23T10:00:00.000Z';
const variant = (over: Partial<VariantDetails> = {}): VariantDetails => ({
  id: 'v1', sku: 'MUG-SAND', attributes: { Glaze: 'Sand' }, priceMinor: 2800, salePriceMinor: 0, onSale: false, ...over,
});
const details = (over: Partial<ProductDetails> = {}): ProductDetails => ({
  id: 'p1', websiteId: 'w1', collectionId: 'shop', productType: 'PHYSICAL', title: 'Stoneware Mug', navigationTitle: 'Stoneware Mug',
  description: '', urlId: 'stoneware-mug', currency: 'USD', variants: [variant()], variantOptionOrdering: ['Glaze'], subscriptionPlan: null,
  additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: '', tags: [], categories: [],
  merchandising: DEFAULT_MERCHANDISING, enabled: true, createdAt: NOW, ...over,
});
const created = (over: Partial<ProductDetails> = {}): ProductEvent => ({ type: 'ProductCreated', schemaVersion: 2, data: { product: details(over) } });
const create = (over: Partial<ProductDetails> = {}, initialStock: Record<string, InitialStock> = { 'MUG-SAND': { qtyInStock: 3, unlimited: false } }): ProductCommand => ({
  type: 'CreateProduct', data: { product: details(over), initialStock },
});
const given = (events: ProductEvent[]) => events.reduce(productDecider.evolve, productDecider.initialState());
const decide = (events: ProductEvent[], command: ProductCommand) => productDecider.decide(command, given(events));
const errorCode = (events: ProductEvent[], command: ProductCommand) => {
  const d = decide(events, command);
  return d.ok ? 'accepted' : d.error.code;
};
const moss = variant({ id: 'v2', sku: 'MUG-MOSS', attributes: { Glaze: 'Moss' } });

describe('product decide: given events, when a command, then', () => {
  it('creates a product of each type', () => {
    for (const productType of ['PHYSICAL', 'DIGITAL', 'SERVICE', 'GIFT_CARD', 'PAYWALL'] as const) {
      const decision = decide([], create({ productType }));
      expect(decision).toEqual({ ok: true, events: [created({ productType })] });
    }
  });

  it.each<[string, Partial<ProductDetails>, Record<string, { qtyInStock: number; unlimited: boolean }>, string]>([
    ['empty title', { title: '  ' }, {}, 'INVALID_TITLE'],
    ['bad url id', { urlId: 'Not A Slug' }, {}, 'INVALID_URL_ID'],
    ['unsupported currency', { currency: 'XYZ' }, {}, 'UNSUPPORTED_CURRENCY'],
    ['negative price', { variants: [variant({ priceMinor: -1 })] }, {}, 'INVALID_PRICE'],
    ['fractional price', { variants: [variant({ priceMinor: 12.5 })] }, {}, 'INVALID_PRICE'],
    ['price beyond safe integers', { variants: [variant({ priceMinor: Number.MAX_SAFE_INTEGER + 1 })] }, {}, 'INVALID_PRICE'],
    ['sale price not below price', { variants: [variant({ onSale: true, salePriceMinor: 2800 })] }, {}, 'INVALID_SALE_PRICE'],
    ['no variants', { variants: [] }, {}, 'NO_VARIANTS'],
    ['duplicate sku', { variants: [variant(), variant({ id: 'v2', attributes: { Glaze: 'Moss' } })] }, {}, 'DUPLICATE_SKU'],
    ['duplicate option values', { variants: [variant(), variant({ id: 'v2', sku: 'MUG-2' })] }, {}, 'DUPLICATE_VARIANT_OPTIONS'],
    ['missing option value', { variants: [variant({ attributes: {} })] }, {}, 'INVALID_VARIANT_OPTIONS'],
    ['extra option value', { variants: [variant({ attributes: { Glaze: 'Sand', Size: 'L' } })] }, {}, 'INVALID_VARIANT_OPTIONS'],
    ['blank sku', { variants: [variant({ sku: '' })] }, {}, 'INVALID_SKU'],
    ['two digital variants', { productType: 'DIGITAL', variants: [variant(), moss] }, {}, 'SINGLE_VARIANT_ONLY'],
    ['too many options', { variantOptionOrdering: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, {}, 'TOO_MANY_OPTIONS'],
    ['tag over 50 characters', { tags: ['x'.repeat(51)] }, {}, 'TAG_TOO_LONG'],
    ['category over 25 characters', { categories: ['x'.repeat(26)] }, {}, 'CATEGORY_TOO_LONG'],
    ['gift card subscription', { productType: 'GIFT_CARD', subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 } }, {}, 'SUBSCRIPTION_NOT_ALLOWED'],
    ['bad billing unit', { subscriptionPlan: { billingPeriod: { value: 1, unit: 'DAY' as 'WEEK' }, numBillingCycles: 0 } }, {}, 'INVALID_SUBSCRIPTION_PLAN'],
    ['negative billing cycles', { subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: -1 } }, {}, 'INVALID_SUBSCRIPTION_PLAN'],
    ['negative initial stock', {}, { 'MUG-SAND': { qtyInStock: -1, unlimited: false } }, 'INVALID_STOCK'],
  ])('refuses to create with %s', (_, over, stock, code) => {
    expect(errorCode([], create(over, stock))).toBe(code);
  });

  it('accepts tags of exactly 50 and categories of exactly 25 characters, and an indefinite plan', () => {
    const plan = { billingPeriod: { value: 2, unit: 'WEEK' as const }, numBillingCycles: 0 };
    expect(errorCode([], create({ tags: ['x'.repeat(50)], categories: ['y'.repeat(25)], subscriptionPlan: plan }))).toBe('accepted');
  });

  it('allows gift-card denominations without options when their prices differ', () => {
    const denominations = [2500, 5000].map((priceMinor, i) => variant({ id: `g${i}`, sku: `GC-${priceMinor}`, attributes: {}, priceMinor }));
    expect(errorCode([], create({ productType: 'GIFT_CARD', variantOptionOrdering: [], variants: denominations }, {}))).toBe('accepted');
  });

  it('refuses to create a product twice and to change a missing or deleted product', () => {
    expect(errorCode([created()], create())).toBe('PRODUCT_ALREADY_EXISTS');
    const edit: ProductCommand = { type: 'EditProductDetails', data: { productId: 'p1', changes: { title: 'Cup' }, now: NOW } };
    expect(errorCode([], edit)).toBe('PRODUCT_NOT_FOUND');
    const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: 'p1', collectionId: 'shop', urlId: 'stoneware-mug', deletedAt: NOW } };
    expect(errorCode([created(), deleted], edit)).toBe('PRODUCT_NOT_FOUND');
  });

  it('edits details and merges merchandising settings', () => {
    const changes = { title: 'Mug', merchandising: { scarcityEnabled: true } };
    const decision = decide([created()], { type: 'EditProductDetails', data: { productId: 'p1', changes, now: NOW } });
    expect(decision).toEqual({ ok: true, events: [{ type: 'ProductDetailsEdited', data: { productId: 'p1', changes, editedAt: NOW } }] });
    const state = given([created(), ...(decision.ok ? decision.events : [])]);
    expect(state.status === 'active' && state.product.merchandising).toEqual({ ...DEFAULT_MERCHANDISING, scarcityEnabled: true });
    expect(state.status === 'active' && state.product.title).toBe('Mug');
  });

  it('adds, edits and removes variants', () => {
    const add: ProductCommand = { type: 'AddVariant', data: { productId: 'p1', variant: moss, initialStock: { qtyInStock: 2, unlimited: false }, now: NOW } };
    expect(decide([created()], add)).toEqual({ ok: true, events: [{ type: 'ProductVariantAdded', data: { productId: 'p1', variant: moss, addedAt: NOW } }] });
    expect(errorCode([created()], { ...add, data: { ...add.data, variant: { ...moss, sku: 'MUG-SAND' } } })).toBe('DUPLICATE_SKU');
    expect(errorCode([created()], { ...add, data: { ...add.data, variant: { ...moss, attributes: { Glaze: 'Sand' } } } })).toBe('DUPLICATE_VARIANT_OPTIONS');

    const withMoss = [created(), { type: 'ProductVariantAdded', data: { productId: 'p1', variant: moss, addedAt: NOW } } as ProductEvent];
    const edit = (changes: object): ProductCommand => ({ type: 'EditVariant', data: { productId: 'p1', sku: 'MUG-MOSS', changes, now: NOW } });
    expect(errorCode(withMoss, edit({ priceMinor: 3000 }))).toBe('accepted');
    expect(errorCode(withMoss, edit({ attributes: { Glaze: 'Sand' } }))).toBe('DUPLICATE_VARIANT_OPTIONS');
    expect(errorCode(withMoss, { type: 'EditVariant', data: { productId: 'p1', sku: 'NOPE', changes: { priceMinor: 1 }, now: NOW } })).toBe('VARIANT_NOT_FOUND');

    const remove = (sku: string): ProductCommand => ({ type: 'RemoveVariant', data: { productId: 'p1', sku, now: NOW } });
    expect(errorCode(withMoss, remove('MUG-MOSS'))).toBe('accepted');
    expect(errorCode([created()], remove('MUG-SAND'))).toBe('NO_VARIANTS');
    expect(errorCode(withMoss, remove('NOPE'))).toBe('VARIANT_NOT_FOUND');
  });

  describe('sets options and every variant at once (SetProductVariants)', () => {
    const setVariants = (variantOptionOrdering: string[], variants: VariantDetails[], initialStock: Record<string, InitialStock> = {}): ProductCommand => ({
      type: 'SetProductVariants', data: { productId: 'p1', variantOptionOrdering, variants, initialStock, now: NOW },
    });
    const single = created({ variantOptionOrdering: [], variants: [variant({ attributes: {} })] });
    const productAfter = (events: ProductEvent[], command: ProductCommand) => {
      const d = decide(events, command);
      if (!d.ok) throw new Error(d.error.code);
      const state = given([...events, ...d.events]);
      if (state.status !== 'active') throw new Error(state.status);
      return { events: d.events, product: state.product };
    };

    it('goes from no options to Size S/M/L in one step, keeping the existing variant and its id', () => {
      const sizes = ['S', 'M', 'L'].map((size, i) => variant({ id: i === 0 ? 'v1' : `new-${size}`, sku: i === 0 ? 'MUG-SAND' : `MUG-${size}`, attributes: { Size: size } }));
      const { events, product } = productAfter([single], setVariants(['Size'], sizes, { 'MUG-M': { qtyInStock: 4, unlimited: false }, 'MUG-L': { qtyInStock: 0, unlimited: true } }));
      expect(events.map((e) => e.type)).toEqual(['ProductDetailsEdited', 'ProductVariantEdited', 'ProductVariantAdded', 'ProductVariantAdded']);
      expect(product.variantOptionOrdering).toEqual(['Size']);
      expect(product.variants.map((v) => [v.id, v.sku, v.attributes.Size])).toEqual([['v1', 'MUG-SAND', 'S'], ['new-M', 'MUG-M', 'M'], ['new-L', 'MUG-L', 'L']]);
    });

    it('renames an option, removes a variant, edits prices and sale prices, and changes nothing when nothing differs', () => {
      const both = [created({ variants: [variant(), moss] })];
      const wanted = [variant({ attributes: { Colour: 'Sand' }, priceMinor: 3000, onSale: true, salePriceMinor: 2500 })];
      const { events, product } = productAfter(both, setVariants(['Colour'], wanted));
      expect(events.map((e) => e.type)).toEqual(['ProductDetailsEdited', 'ProductVariantRemoved', 'ProductVariantEdited']);
      expect(product.variants).toEqual(wanted);
      expect(decide(both, setVariants(['Glaze'], [variant(), moss]))).toEqual({ ok: true, events: [] });
    });

    it('refuses what the product could not be after it, appending nothing', () => {
      expect(errorCode([single], setVariants(['Size'], [variant({ attributes: {} })]))).toBe('INVALID_VARIANT_OPTIONS');
      expect(errorCode([single], setVariants([], []))).toBe('NO_VARIANTS');
      expect(errorCode([single], setVariants([], [variant({ attributes: {} }), variant({ id: 'v9', attributes: {} })]))).toBe('DUPLICATE_SKU');
      expect(errorCode([single], setVariants(['Size'], [variant({ attributes: { Size: 'S' } }), variant({ id: 'v9', sku: 'X', attributes: { Size: 'S' } })]))).toBe('DUPLICATE_VARIANT_OPTIONS');
      expect(errorCode([single], setVariants([], [variant({ attributes: {}, onSale: true, salePriceMinor: 2800 })]))).toBe('INVALID_SALE_PRICE');
      expect(errorCode([single], setVariants([], [variant({ attributes: {} }), variant({ id: 'v2', sku: 'NEW', attributes: {} })], { NEW: { qtyInStock: -1, unlimited: false } }))).toBe('INVALID_STOCK');
      expect(errorCode([created({ productType: 'DIGITAL', variantOptionOrdering: [], variants: [variant({ attributes: {} })] })],
        setVariants(['Format'], [variant({ attributes: { Format: 'PDF' } }), variant({ id: 'v2', sku: 'EPUB', attributes: { Format: 'EPUB' } })]))).toBe('SINGLE_VARIANT_ONLY');
    });

    it('gives physical variants a weight in grams, clears it with null, and refuses one on other types', () => {
      const { product } = productAfter([single], setVariants([], [variant({ attributes: {}, weightGrams: 350 })]));
      expect(product.variants[0]!.weightGrams).toBe(350);
      const weighed = [created({ variantOptionOrdering: [], variants: [variant({ attributes: {}, weightGrams: 350 })] })];
      expect(productAfter(weighed, setVariants([], [variant({ attributes: {}, weightGrams: null })])).product.variants[0]!.weightGrams).toBeNull();
      expect(errorCode([single], setVariants([], [variant({ attributes: {}, weightGrams: -1 })]))).toBe('INVALID_WEIGHT');
      expect(errorCode([single], setVariants([], [variant({ attributes: {}, weightGrams: 1_000_001 })]))).toBe('INVALID_WEIGHT');
      const service = [created({ productType: 'SERVICE', variantOptionOrdering: [], variants: [variant({ attributes: {} })] })];
      expect(errorCode(service, setVariants([], [variant({ attributes: {}, weightGrams: 10 })]))).toBe('INVALID_WEIGHT');
      expect(errorCode([], create({ productType: 'DIGITAL', variants: [variant({ weightGrams: 10 })] }))).toBe('INVALID_WEIGHT');
    });
  });

  describe('variant images (issue 13)', () => {
    const setVariants = (variants: VariantDetails[], initialStock: Record<string, InitialStock> = {}): ProductCommand => ({
      type: 'SetProductVariants', data: { productId: 'p1', variantOptionOrdering: ['Glaze'], variants, initialStock, now: NOW },
    });
    const withImages = [created({ variants: [variant(), moss], imageIds: ['img-main', 'img-sand', 'img-moss'] })];
    const after = (events: ProductEvent[]) => {
      const state = given(events);
      if (state.status !== 'active') throw new Error(state.status);
      return state.product;
    };

    it('gives variants one of the product\'s images, changes it, and takes it off with null', () => {
      const chosen = decide(withImages, setVariants([variant({ imageId: 'img-sand' }), { ...moss, imageId: 'img-moss' }]));
      expect(chosen).toEqual({
        ok: true,
        events: [
          { type: 'ProductVariantEdited', data: { productId: 'p1', sku: 'MUG-SAND', changes: { imageId: 'img-sand' }, editedAt: NOW } },
          { type: 'ProductVariantEdited', data: { productId: 'p1', sku: 'MUG-MOSS', changes: { imageId: 'img-moss' }, editedAt: NOW } },
        ],
      });
      const history = [...withImages, ...(chosen.ok ? chosen.events : [])];
      expect(after(history).variants.map((v) => v.imageId)).toEqual(['img-sand', 'img-moss']);
      // The same images again: nothing to record.
      expect(decide(history, setVariants([variant({ imageId: 'img-sand' }), { ...moss, imageId: 'img-moss' }]))).toEqual({ ok: true, events: [] });
      const cleared = decide(history, setVariants([variant(), { ...moss, imageId: 'img-sand' }]));
      expect(cleared.ok && cleared.events.map((e) => e.type === 'ProductVariantEdited' && e.data.changes)).toEqual([{ imageId: null }, { imageId: 'img-sand' }]);
      expect(after([...history, ...(cleared.ok ? cleared.events : [])]).variants.map((v) => v.imageId ?? null)).toEqual([null, 'img-sand']);
    });

    it('refuses an image the product does not have, on every way a variant is written, appending nothing', () => {
      expect(decide(withImages, setVariants([variant({ imageId: 'img-other' }), moss]))).toMatchObject({
        ok: false, error: { code: 'INVALID_VARIANT_IMAGE', message: "A variant's image must be one of the product's own images.", details: { sku: 'MUG-SAND', imageId: 'img-other' } },
      });
      // A product without images: no variant can have one.
      expect(errorCode([created()], setVariants([variant({ imageId: 'img-main' })]))).toBe('INVALID_VARIANT_IMAGE');
      expect(errorCode(withImages, setVariants([variant(), moss, variant({ id: 'v3', sku: 'MUG-ASH', attributes: { Glaze: 'Ash' }, imageId: 'x' })]))).toBe('INVALID_VARIANT_IMAGE');
      expect(errorCode(withImages, { type: 'EditVariant', data: { productId: 'p1', sku: 'MUG-SAND', changes: { imageId: 'nope' }, now: NOW } })).toBe('INVALID_VARIANT_IMAGE');
      expect(errorCode(withImages, { type: 'AddVariant', data: { productId: 'p1', variant: variant({ id: 'v3', sku: 'MUG-ASH', attributes: { Glaze: 'Ash' }, imageId: 'nope' }), initialStock: { qtyInStock: 1, unlimited: false }, now: NOW } })).toBe('INVALID_VARIANT_IMAGE');
      expect(errorCode([], create({ variants: [variant({ imageId: 'img-a' })], imageIds: ['img-b'] }))).toBe('INVALID_VARIANT_IMAGE');
      expect(errorCode([], create({ variants: [variant({ imageId: 'img-b' })], imageIds: ['img-b'] }))).toBe('accepted');
    });

    it('takes an image off the variants that showed it when the product loses that image', () => {
      const history = [created({ variants: [variant({ imageId: 'img-sand' }), { ...moss, imageId: 'img-moss' }], imageIds: ['img-main', 'img-sand', 'img-moss'] })];
      const d = decide(history, { type: 'SetProductImages', data: { productId: 'p1', imageIds: ['img-moss', 'img-main'], now: NOW } });
      if (!d.ok) throw new Error(d.error.code);
      const product = after([...history, ...d.events]);
      expect(product.variants.map((v) => v.imageId ?? null)).toEqual([null, 'img-moss']);
      expect('imageId' in product.variants[0]!).toBe(false);
      expect(errorCode([...history, ...d.events], setVariants([variant(), { ...moss, imageId: 'img-moss' }]))).toBe('accepted');
    });

    it('replays variants stored before variants had images as showing the main image', () => {
      const old = after([created({ imageIds: ['img-main'] })]);
      expect(old.variants[0]!.imageId).toBeUndefined();
      const record = productRecord(old, () => ({ qtyInStock: 1, unlimited: false }));
      expect('imageId' in record.structuredContent.variants[0]!).toBe(false);
      const own = productRecord({ ...old, variants: [variant({ imageId: 'img-main' })] }, () => undefined);
      expect(own.structuredContent.variants[0]!.imageId).toBe('img-main');
    });
  });

  it('puts all or some variants on sale, and refuses a sale price at or above the price', () => {
    const sale = (over: object): ProductCommand => ({
      type: 'PutProductOnSale', data: { productId: 'p1', onSale: true, skus: null, salePriceMinor: 2000, now: NOW, ...over },
    });
    const withMoss = [created({ variants: [variant(), moss] })];
    const all = decide(withMoss, sale({}));
    expect(all.ok && all.events[0]).toEqual({
      type: 'ProductSaleChanged',
      data: { productId: 'p1', variants: [{ sku: 'MUG-SAND', onSale: true, salePriceMinor: 2000 }, { sku: 'MUG-MOSS', onSale: true, salePriceMinor: 2000 }], changedAt: NOW },
    });
    const some = decide(withMoss, sale({ skus: ['MUG-MOSS'] }));
    expect(some.ok && some.events[0].type === 'ProductSaleChanged' && some.events[0].data.variants.map((v) => v.sku)).toEqual(['MUG-MOSS']);
    expect(errorCode(withMoss, sale({ salePriceMinor: 2800 }))).toBe('INVALID_SALE_PRICE');
    expect(errorCode(withMoss, sale({ salePriceMinor: -5 }))).toBe('INVALID_PRICE');
    expect(errorCode(withMoss, sale({ skus: ['NOPE'] }))).toBe('VARIANT_NOT_FOUND');
    // Ending a sale that never started changes nothing.
    expect(decide(withMoss, sale({ onSale: false, salePriceMinor: null }))).toEqual({ ok: true, events: [] });
  });

  it('enables and disables once, and deletes', () => {
    const set = (enabled: boolean): ProductCommand => ({ type: 'SetProductEnabled', data: { productId: 'p1', enabled, now: NOW } });
    expect(decide([created()], set(true))).toEqual({ ok: true, events: [] });
    expect(decide([created()], set(false))).toEqual({ ok: true, events: [{ type: 'ProductDisabled', data: { productId: 'p1', at: NOW } }] });
    expect(decide([created({ enabled: false })], set(true))).toEqual({ ok: true, events: [{ type: 'ProductEnabled', data: { productId: 'p1', at: NOW } }] });
    expect(decide([created()], { type: 'DeleteProduct', data: { productId: 'p1', now: NOW } })).toEqual({
      ok: true, events: [{ type: 'ProductDeleted', data: { productId: 'p1', collectionId: 'shop', urlId: 'stoneware-mug', deletedAt: NOW } }],
    });
  });

  it('reads the version-1 ProductCreated (a finished Product record) once upcast', () => {
    const product = buildProductRecord({
      id: 'p-old', title: 'Old Bowl', urlId: 'old-bowl', collectionId: 'shop', productType: 'PHYSICAL', currency: 'USD',
      variants: [{ id: 'v', sku: 'OLD', attributes: { Size: 'L' }, priceCents: 1500, salePriceCents: 1200, onSale: true, qtyInStock: 4 }],
    });
    const upcast = productCreatedV1ToV2.upcast({ type: 'ProductCreated', schemaVersion: 1, data: { product } });
    expect(upcast).toMatchObject({ type: 'ProductCreated', schemaVersion: 2, data: { initialStock: { OLD: { qtyInStock: 4, unlimited: false } } } });
    const state = given([upcast as ProductEvent]);
    expect(state.status === 'active' && state.product).toMatchObject({
      id: 'p-old', urlId: 'old-bowl', productType: 'PHYSICAL', currency: 'USD', variantOptionOrdering: ['Size'], enabled: true,
      variants: [{ sku: 'OLD', attributes: { Size: 'L' }, priceMinor: 1500, salePriceMinor: 1200, onSale: true }],
    });
  });
});

describe('product images: given events, when SetProductImages, then', () => {
  const setImages = (imageIds: unknown[], productId = 'p1'): ProductCommand => ({
    type: 'SetProductImages', data: { productId, imageIds: imageIds as string[], now: NOW },
  });
  const imagesSet = (imageIds: string[]): ProductEvent => ({ type: 'ProductImagesSet', data: { productId: 'p1', imageIds, setAt: NOW } });
  const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: 'p1', collectionId: 'shop', urlId: 'stoneware-mug', deletedAt: NOW } };
  const twenty = Array.from({ length: 20 }, (_, i) => `img-${i + 1}`);

  it.each<[string, ProductEvent[], string[], ProductEvent[]]>([
    ['sets the first images, in order', [created()], ['img-a', 'img-b'], [imagesSet(['img-a', 'img-b'])]],
    ['reorders them (the first is the main image)', [created(), imagesSet(['img-a', 'img-b'])], ['img-b', 'img-a'], [imagesSet(['img-b', 'img-a'])]],
    ['removes them all with an empty list', [created(), imagesSet(['img-a'])], [], [imagesSet([])]],
    ['takes exactly 20', [created()], twenty, [imagesSet(twenty)]],
    ['takes an id of exactly 100 characters', [created()], ['x'.repeat(100)], [imagesSet(['x'.repeat(100)])]],
    ['records nothing when the images stay the same', [created(), imagesSet(['img-a', 'img-b'])], ['img-a', 'img-b'], []],
    ['records nothing when a product without images gets none', [created()], [], []],
  ])('%s', (_, history, imageIds, events) => {
    expect(decide(history, setImages(imageIds))).toEqual({ ok: true, events });
  });

  it.each<[string, ProductEvent[], unknown[], string, Record<string, unknown> | null]>([
    ['more than 20 images', [created()], [...twenty, 'img-21'], 'INVALID_REQUEST', { field: 'imageIds', limit: 20 }],
    ['the same image twice', [created()], ['img-a', 'img-b', 'img-a'], 'INVALID_REQUEST', { field: 'imageIds', imageId: 'img-a' }],
    ['an empty id', [created()], [''], 'INVALID_REQUEST', { field: 'imageIds', index: 0 }],
    ['a blank id', [created()], ['img-a', '   '], 'INVALID_REQUEST', { field: 'imageIds', index: 1 }],
    ['an id with spaces around it', [created()], [' img-a'], 'INVALID_REQUEST', { field: 'imageIds', index: 0 }],
    ['an id over 100 characters', [created()], ['x'.repeat(101)], 'INVALID_REQUEST', { field: 'imageIds', index: 0 }],
    ['an id that is not text', [created()], ['img-a', 42], 'INVALID_REQUEST', { field: 'imageIds', index: 1 }],
    ['images of a product that does not exist', [], ['img-a'], 'PRODUCT_NOT_FOUND', null],
    ['images of a deleted product', [created(), deleted], ['img-a'], 'PRODUCT_NOT_FOUND', null],
  ])('refuses %s', (_, history, imageIds, code, details) => {
    const decision = decide(history, setImages(imageIds));
    expect(decision).toMatchObject({ ok: false, error: { code, ...(details ? { details } : {}) } });
  });

  it('says which rule was broken', () => {
    const message = (imageIds: unknown[]) => {
      const d = decide([created()], setImages(imageIds));
      return d.ok ? null : d.error.message;
    };
    expect(message([...twenty, 'img-21'])).toBe('A product can have at most 20 images.');
    expect(message(['img-a', 'img-a'])).toBe('A product lists each of its images once.');
    expect(message([''])).toBe('An image id must be text of 1 to 100 characters without spaces at either end.');
  });

  it('creates a product with images under the same rules', () => {
    expect(decide([], create({ imageIds: ['img-a', 'img-b'] }))).toEqual({ ok: true, events: [created({ imageIds: ['img-a', 'img-b'] })] });
    expect(errorCode([], create({ imageIds: [...twenty, 'img-21'] }))).toBe('INVALID_REQUEST');
    expect(errorCode([], create({ imageIds: ['img-a', 'img-a'] }))).toBe('INVALID_REQUEST');
    expect(errorCode([], create({ imageIds: [''] }))).toBe('INVALID_REQUEST');
  });

  it('folds the images into the state, main image first; other events keep them', () => {
    const edited: ProductEvent = { type: 'ProductDetailsEdited', data: { productId: 'p1', changes: { title: 'Mug' }, editedAt: NOW } };
    const state = given([created(), imagesSet(['img-b', 'img-a']), edited]);
    expect(state.status === 'active' && state.product.imageIds).toEqual(['img-b', 'img-a']);
    // Products created before images existed have none.
    const old = given([created()]);
    expect(old.status === 'active' && productImageIds(old.product)).toEqual([]);
  });

  it('gives the Product record imageIds and mainImageId only when there are images', () => {
    const stock = () => ({ qtyInStock: 1, unlimited: false });
    const withImages = productRecord(details({ imageIds: ['img-b', 'img-a'] }), stock);
    expect(withImages).toMatchObject({ imageIds: ['img-b', 'img-a'], mainImageId: 'img-b' });
    for (const imageIds of [undefined, []]) {
      const record = productRecord(details({ imageIds }), stock);
      expect('imageIds' in record || 'mainImageId' in record).toBe(false);
    }
  });
});

describe('product images input', () => {
  it('parses { imageIds } as a list of text and leaves the rules to decide', () => {
    expect(parseProductImages({ imageIds: ['img-a', ''] })).toEqual({ ok: true, value: ['img-a', ''] });
    for (const body of [{}, { imageIds: 'img-a' }, { imageIds: [1] }, { imageIds: null }, [], null]) {
      expect(parseProductImages(body)).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    }
  });

  it('takes optional imageIds on creation and refuses them in "edit details"', () => {
    const ctx = { productId: 'p9', websiteId: 'w1', collectionId: 'shop', defaultCurrency: 'USD', now: NOW, newVariantId: () => 'v9' };
    const withImages = parseCreateProduct({ title: 'Cup', imageIds: ['img-a'] }, ctx);
    expect(withImages.ok && withImages.value.product.imageIds).toEqual(['img-a']);
    const without = parseCreateProduct({ title: 'Cup' }, ctx);
    expect(without.ok && 'imageIds' in without.value.product).toBe(false);
    expect(parseCreateProduct({ title: 'Cup', imageIds: 'img-a' }, ctx)).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'imageIds' } } });
    expect(parseDetailsChanges({ imageIds: ['img-a'] })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', details: { field: 'imageIds' } } });
  });

  it('prices a product in the store\'s currency only (a cart could not hold another)', () => {
    const ctx = { productId: 'p9', websiteId: 'w1', collectionId: 'shop', defaultCurrency: 'USD', now: NOW, newVariantId: () => 'v9' };
    expect(parseCreateProduct({ title: 'Cup', currency: 'USD' }, ctx).ok).toBe(true);
    expect(parseCreateProduct({ title: 'Cup', currency: 'EUR' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_CURRENCY', message: "Products must be priced in the store's currency, USD.", details: { currency: 'EUR', storeCurrency: 'USD' } },
    });
  });
});
