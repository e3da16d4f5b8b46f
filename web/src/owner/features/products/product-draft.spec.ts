import type { ProductDetails } from '@storefront/domain/catalog/product-details';
import {
  combinations, createBody, draftFromView, isDirty, newDraft, planSave, readPrice, readWeight, rebaseDraft, regenerateVariants, renameOption,
  renameValue, resuggestSkus, suggestSku, urlIdPreview, validateDraft, variantField, type ProductDraft,
} from './product-draft';
import type { ProductView } from './products-api';

const keys = () => {
  let n = 0;
  return () => `k${++n}`;
};

const MUG: ProductDetails = {
  id: 'p-mug', websiteId: 'w', collectionId: 'shop', productType: 'PHYSICAL', title: 'Stoneware Mug', navigationTitle: 'Stoneware Mug',
  description: '<p>A mug.</p>', urlId: 'stoneware-mug', currency: 'USD', variantOptionOrdering: ['Glaze'], subscriptionPlan: null,
  additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: '', tags: [], categories: [],
  merchandising: {
    scarcityEnabled: false, scarcityShownByDefault: false, scarcityText: '', customSoldOutText: null, restockNotificationsEnabled: false,
    mailingListSignUpEnabled: false, mailingListOptInByDefault: false,
  },
  enabled: true, createdAt: '2026-01-01T00:00:00.000Z', imageIds: ['img-a', 'img-b'],
  variants: [
    { id: 'v1', sku: 'MUG-SAND', attributes: { Glaze: 'Sand' }, priceMinor: 2800, salePriceMinor: 0, onSale: false, weightGrams: 350 },
    { id: 'v2', sku: 'MUG-MOSS', attributes: { Glaze: 'Moss' }, priceMinor: 2800, salePriceMinor: 2400, onSale: true },
  ],
};
const VIEW = {
  product: MUG,
  stock: {
    'MUG-SAND': { qtyInStock: 40, unlimited: false, lastChange: null },
    'MUG-MOSS': { qtyInStock: 3, unlimited: false, lastChange: null },
  },
} as unknown as ProductView;

const mug = () => draftFromView(VIEW);

describe('the draft of a saved product', () => {
  it('holds prices, stock and weight as the text the fields show, and the options with their values', () => {
    const d = mug();
    expect(d.options).toEqual([{ key: 'option:Glaze', name: 'Glaze', values: ['Sand', 'Moss'] }]);
    expect(d.variants.map((v) => [v.sku, v.price, v.salePrice, v.onSale, v.stock, v.weight])).toEqual([
      ['MUG-SAND', '28.00', '', false, '40', '0.35'],
      ['MUG-MOSS', '28.00', '24.00', true, '3', ''],
    ]);
    expect(isDirty(d, mug())).toBe(false);
  });

  it('is not dirty for the same amount written another way, and is for a real change', () => {
    const d = mug();
    const same = { ...d, variants: d.variants.map((v, i) => (i === 0 ? { ...v, price: '28', weight: '0.350' } : v)) };
    expect(isDirty(d, same)).toBe(false);
    expect(isDirty(d, { ...d, variants: d.variants.map((v, i) => (i === 0 ? { ...v, price: '28.01' } : v)) })).toBe(true);
    expect(isDirty(d, { ...d, title: 'Mug' })).toBe(true);
    expect(isDirty(d, { ...d, imageIds: ['img-b', 'img-a'] })).toBe(true);
  });
});

describe('variants generated from options', () => {
  it('lists every combination of values in option order, leaving out options without values', () => {
    expect(combinations([
      { key: 'a', name: 'Glaze', values: ['Sand', 'Moss'] },
      { key: 'b', name: 'Size', values: ['S', 'M', ''] },
      { key: 'c', name: 'Empty', values: [] },
    ])).toEqual([
      { Glaze: 'Sand', Size: 'S' }, { Glaze: 'Sand', Size: 'M' }, { Glaze: 'Moss', Size: 'S' }, { Glaze: 'Moss', Size: 'M' },
    ]);
    expect(combinations([])).toEqual([{}]);
  });

  it('adding an option keeps each variant for its first value and adds new ones priced like their siblings, without stock', () => {
    const d = mug();
    const next = regenerateVariants({ ...d, options: [...d.options, { key: 'size', name: 'Size', values: ['S', 'L'] }] }, keys());
    expect(next.variants.map((v) => [v.sku, v.attributes, v.price, v.stock, v.savedSku])).toEqual([
      ['MUG-SAND', { Glaze: 'Sand', Size: 'S' }, '28.00', '40', 'MUG-SAND'],
      ['STONEWARE-MUG-SAND-L', { Glaze: 'Sand', Size: 'L' }, '28.00', '0', null],
      ['MUG-MOSS', { Glaze: 'Moss', Size: 'S' }, '28.00', '3', 'MUG-MOSS'],
      ['STONEWARE-MUG-MOSS-L', { Glaze: 'Moss', Size: 'L' }, '28.00', '0', null],
    ]);
    // The new Moss variant copies its closest sibling's sale.
    expect(next.variants[3]).toMatchObject({ onSale: true, salePrice: '24.00' });
  });

  it('removing a value drops its variants; removing an option keeps one variant per remaining combination', () => {
    const d = regenerateVariants({ ...mug(), options: [...mug().options, { key: 'size', name: 'Size', values: ['S', 'L'] }] }, keys());
    const withoutMoss = regenerateVariants({ ...d, options: [{ ...d.options[0]!, values: ['Sand'] }, d.options[1]!] }, keys());
    expect(withoutMoss.variants.map((v) => v.attributes)).toEqual([{ Glaze: 'Sand', Size: 'S' }, { Glaze: 'Sand', Size: 'L' }]);
    const withoutSize = regenerateVariants({ ...d, options: [d.options[0]!] }, keys());
    expect(withoutSize.variants.map((v) => [v.sku, v.attributes])).toEqual([['MUG-SAND', { Glaze: 'Sand' }], ['MUG-MOSS', { Glaze: 'Moss' }]]);
  });

  it('renaming an option or a value keeps the variants (SKU, stock) under the new name', () => {
    const renamed = regenerateVariants(renameValue(renameOption(mug(), 'option:Glaze', 'Colour'), 'option:Glaze', 1, 'Forest'), keys());
    expect(renamed.variants.map((v) => [v.sku, v.attributes, v.stock])).toEqual([['MUG-SAND', { Colour: 'Sand' }, '40'], ['MUG-MOSS', { Colour: 'Forest' }, '3']]);
  });

  it('a product without options has one variant; its first option keeps it', () => {
    const single = newDraft('PHYSICAL', 'USD', keys());
    expect(single.variants).toHaveLength(1);
    const sized = regenerateVariants({ ...single, options: [{ key: 'o', name: 'Size', values: ['S', 'M'] }] }, keys());
    expect(sized.variants[0]!.key).toBe(single.variants[0]!.key);
    expect(sized.variants.map((v) => v.attributes)).toEqual([{ Size: 'S' }, { Size: 'M' }]);
  });

  it('a digital product never has options, and a gift card starts with three denominations priced from their labels', () => {
    const digital = regenerateVariants({ ...newDraft('DIGITAL', 'USD', keys()), options: [{ key: 'o', name: 'Format', values: ['PDF', 'EPUB'] }] }, keys());
    expect(digital.variants.map((v) => v.attributes)).toEqual([{}]);
    const gift = newDraft('GIFT_CARD', 'USD', keys());
    expect(gift.variants.map((v) => [v.attributes, v.price])).toEqual([[{ Amount: '$25' }, '25.00'], [{ Amount: '$50' }, '50.00'], [{ Amount: '$100' }, '100.00']]);
    expect(newDraft('GIFT_CARD', 'JPY', keys()).variants.map((v) => v.price)).toEqual(['2500', '5000', '10000']);
  });

  it("gives an unsaved variant a new suggested SKU when it gets option values, but keeps one the owner typed", () => {
    const titled = resuggestSkus({ ...newDraft('PHYSICAL', 'USD', keys()), title: 'Tea Bowl' }, '');
    const sized = regenerateVariants({ ...titled, options: [{ key: 'o', name: 'Size', values: ['S', 'M'] }] }, keys());
    expect(sized.variants.map((v) => v.sku)).toEqual(['TEA-BOWL-S', 'TEA-BOWL-M']);
    const typed = { ...titled, variants: [{ ...titled.variants[0]!, sku: 'TB-1' }] };
    expect(regenerateVariants({ ...typed, options: [{ key: 'o', name: 'Size', values: ['S'] }] }, keys()).variants[0]!.sku).toBe('TB-1');
  });

  it('suggests unique SKUs from the title and values, and follows the title until the owner types one', () => {
    expect(suggestSku('Large Serving Bowl', { Glaze: 'Sea Green' }, new Set())).toBe('LARGE-SERVING-BOWL-SEA-GREEN');
    expect(suggestSku('', {}, new Set(['SKU']))).toBe('SKU-2');
    const d = newDraft('PHYSICAL', 'USD', keys());
    expect(d.variants[0]!.sku).toBe('SKU');
    const titled = resuggestSkus({ ...d, title: 'Tea Bowl' }, '');
    expect(titled.variants[0]!.sku).toBe('TEA-BOWL');
    const typed = { ...titled, variants: [{ ...titled.variants[0]!, sku: 'TB-1' }] };
    expect(resuggestSkus({ ...typed, title: 'Tea Cup' }, 'Tea Bowl').variants[0]!.sku).toBe('TB-1');
  });
});

describe('reading what the owner typed', () => {
  it('reads prices exactly in the currency, and says what is wrong in words', () => {
    expect(readPrice('19.99', 'USD')).toEqual({ ok: true, minor: 1999 });
    expect(readPrice('0.1', 'USD')).toEqual({ ok: true, minor: 10 });
    expect(readPrice('1500', 'JPY')).toEqual({ ok: true, minor: 1500 });
    expect(readPrice('', 'USD')).toEqual({ ok: false, message: 'Enter a price.' });
    expect(readPrice('12.345', 'USD')).toEqual({ ok: false, message: 'USD prices have at most 2 decimals.' });
    expect(readPrice('1.5', 'JPY')).toEqual({ ok: false, message: 'JPY prices have no decimals.' });
    expect(readPrice('twelve', 'USD')).toEqual({ ok: false, message: 'Enter a price as a number, such as 12.50.' });
    expect(readPrice('-3', 'USD')).toEqual({ ok: false, message: 'A price cannot be negative.' });
  });

  it('reads weights in kilograms as grams', () => {
    expect(readWeight('')).toEqual({ ok: true, grams: null });
    expect(readWeight('0.35')).toEqual({ ok: true, grams: 350 });
    expect(readWeight('1.2345').ok).toBe(false);
    expect(readWeight('1001').ok).toBe(false);
  });

  it('validates the draft with messages per field', () => {
    const d = mug();
    const sand = d.variants[0]!;
    const moss = d.variants[1]!;
    const bad: ProductDraft = {
      ...d,
      title: ' ',
      urlId: '!!!',
      variants: [{ ...sand, price: '12.345', stock: '-1' }, { ...moss, salePrice: '30', sku: 'MUG-SAND', weight: 'heavy' }],
    };
    expect(validateDraft(bad, false)).toEqual({
      title: 'Please enter a title of at most 200 characters.',
      urlId: '!!! is not a valid page URL',
      [variantField(sand.key, 'price')]: 'USD prices have at most 2 decimals.',
      [variantField(sand.key, 'stock')]: 'Stock must be a whole number from 0 to 1000000000.',
      [variantField(moss.key, 'sku')]: 'Another variant of this product already has this SKU.',
      [variantField(moss.key, 'salePrice')]: 'A sale price must be below the regular price.',
      [variantField(moss.key, 'weight')]: 'Enter a weight in kilograms, such as 0.35.',
    });
    expect(validateDraft(d, false)).toEqual({});
    // A new product may leave its URL empty: it is made from the title.
    expect(validateDraft({ ...newDraft('DIGITAL', 'USD', keys()), title: 'Recipes', variants: [{ ...newDraft('DIGITAL', 'USD', keys()).variants[0]!, price: '12' }] }, true)).toEqual({});
    expect(urlIdPreview({ title: 'Glaze Recipes', urlId: '' })).toBe('glaze-recipes');
    expect(urlIdPreview({ title: 'Jo', urlId: '' })).toBe('product');
    expect(urlIdPreview({ title: 'x', urlId: 'Summer Sale!' })).toBe('summer-sale');
  });

  it('names options and values that need fixing', () => {
    const d = { ...mug(), options: [...mug().options, { key: 'o2', name: 'glaze', values: [] }] };
    expect(validateDraft(d, false)).toEqual({ 'options.o2.name': 'There is already an option called glaze.', 'options.o2.values': 'Add at least one value for glaze.' });
  });
});

describe('saving', () => {
  it('sends nothing when nothing changed', () => {
    expect(planSave(mug(), mug())).toEqual([]);
  });

  it('sends details, images, variants with options, stock adjustments and enabling, in that order', () => {
    const base = mug();
    const draft = regenerateVariants({ ...base, options: [...base.options, { key: 'size', name: 'Size', values: ['S', 'L'] }] }, keys());
    const edited: ProductDraft = {
      ...draft,
      title: 'Big Mug ',
      enabled: false,
      imageIds: ['img-b', 'img-a'],
      variants: draft.variants.map((v) => (v.sku === 'MUG-SAND' ? { ...v, stock: '35', price: '30' } : v.sku === 'MUG-MOSS' ? { ...v, unlimited: true } : v)),
    };
    const steps = planSave(base, edited);
    expect(steps.map((s) => s.kind)).toEqual(['details', 'images', 'variants', 'stock', 'stock', 'enabled']);
    expect(steps[0]).toEqual({ kind: 'details', body: { title: 'Big Mug' } });
    // Images before variants: a variant's own image must already be the product's.
    expect(steps[1]).toEqual({ kind: 'images', imageIds: ['img-b', 'img-a'] });
    expect(steps[2]).toEqual({
      kind: 'variants',
      body: {
        variantOptionOrdering: ['Glaze', 'Size'],
        variants: [
          { sku: 'MUG-SAND', attributes: { Glaze: 'Sand', Size: 'S' }, priceCents: 3000, salePriceCents: 0, onSale: false, weightGrams: 350 },
          { sku: 'STONEWARE-MUG-SAND-L', attributes: { Glaze: 'Sand', Size: 'L' }, priceCents: 2800, salePriceCents: 0, onSale: false, weightGrams: 350, unlimited: false, qtyInStock: 0 },
          { sku: 'MUG-MOSS', attributes: { Glaze: 'Moss', Size: 'S' }, priceCents: 2800, salePriceCents: 2400, onSale: true, weightGrams: null },
          { sku: 'STONEWARE-MUG-MOSS-L', attributes: { Glaze: 'Moss', Size: 'L' }, priceCents: 2800, salePriceCents: 2400, onSale: true, weightGrams: null, unlimited: false, qtyInStock: 0 },
        ],
      },
    });
    // Stock changes are adjustments (orders placed meanwhile stay counted); unlimited is set.
    expect(steps[3]).toEqual({ kind: 'stock', sku: 'MUG-SAND', body: { adjustBy: -5 } });
    expect(steps[4]).toEqual({ kind: 'stock', sku: 'MUG-MOSS', body: { unlimited: true } });
    expect(steps[5]).toEqual({ kind: 'enabled', enabled: false });
  });

  it('after a partial save, does not add the variants the server now has again', () => {
    const base = mug();
    const draft = regenerateVariants({ ...base, options: [...base.options, { key: 'size', name: 'Size', values: ['S', 'L'] }] }, keys());
    const savedView = {
      ...VIEW,
      product: { ...MUG, variantOptionOrdering: ['Glaze', 'Size'], variants: draft.variants.map((v, i) => ({ id: `v${i}`, sku: v.sku, attributes: v.attributes, priceMinor: 2800, salePriceMinor: v.onSale ? 2400 : 0, onSale: v.onSale, weightGrams: v.weight === '' ? null : 350 })) },
      stock: Object.fromEntries(draft.variants.map((v) => [v.sku, { qtyInStock: Number(v.stock), unlimited: false, lastChange: null }])),
    } as ProductView;
    const saved = draftFromView(savedView);
    const rebased = rebaseDraft({ ...draft, enabled: false }, saved);
    expect(planSave(saved, rebased)).toEqual([{ kind: 'enabled', enabled: false }]);
  });

  it('creates a product with its type, options, variants, initial stock and images; a URL left empty comes from the title', () => {
    const d = regenerateVariants({ ...newDraft('PHYSICAL', 'USD', keys()), title: 'Tea Bowl', options: [{ key: 'o', name: 'Glaze', values: ['Ash'] }] }, keys());
    const body = createBody({ ...d, variants: d.variants.map((v) => ({ ...v, price: '42', stock: '6' })), imageIds: ['img-a'] }, 'shop');
    expect(body).toEqual({
      collectionId: 'shop', productType: 'PHYSICAL', title: 'Tea Bowl', description: '', enabled: true, variantOptionOrdering: ['Glaze'],
      variants: [{ sku: 'SKU', attributes: { Glaze: 'Ash' }, priceCents: 4200, salePriceCents: 0, onSale: false, weightGrams: null, unlimited: false, qtyInStock: 6 }],
      imageIds: ['img-a'], subscriptionPlan: null,
    });
    const gift = createBody({ ...newDraft('GIFT_CARD', 'USD', keys()), title: 'Gift' }, 'shop');
    expect(gift.variants.map((v) => [v.attributes, v.priceCents, v.onSale, 'qtyInStock' in v, 'weightGrams' in v])).toEqual([
      [{ Amount: '$25' }, 2500, false, false, false], [{ Amount: '$50' }, 5000, false, false, false], [{ Amount: '$100' }, 10000, false, false, false],
    ]);
  });

  describe("variants' own images (issue 13)", () => {
    const withImages = (d: ProductDraft, images: Record<string, string | null>): ProductDraft => ({
      ...d, variants: d.variants.map((v) => (v.sku in images ? { ...v, imageId: images[v.sku] } : v)),
    });

    it('reads them from the product, and sends a change with the variants (left out for none)', () => {
      const saved = draftFromView({ ...VIEW, product: { ...MUG, variants: MUG.variants.map((v) => (v.sku === 'MUG-MOSS' ? { ...v, imageId: 'img-b' } : v)) } });
      expect(saved.variants.map((v) => [v.sku, v.imageId])).toEqual([['MUG-SAND', null], ['MUG-MOSS', 'img-b']]);
      const draft = withImages(saved, { 'MUG-SAND': 'img-a', 'MUG-MOSS': null });
      expect(isDirty(saved, draft)).toBe(true);
      const steps = planSave(saved, draft);
      expect(steps.map((s) => s.kind)).toEqual(['variants']);
      const body = steps[0]!.kind === 'variants' ? steps[0]!.body : null;
      expect(body?.variants.map((v) => [v.sku, v.imageId ?? null, 'imageId' in v])).toEqual([['MUG-SAND', 'img-a', true], ['MUG-MOSS', null, false]]);
    });

    it('an image removed from the product is taken off its variants (sent after the images, so it is never refused)', () => {
      const base = withImages(mug(), { 'MUG-MOSS': 'img-b' });
      const draft = { ...withImages(base, { 'MUG-SAND': 'img-c' }), imageIds: ['img-a', 'img-c'] };
      const steps = planSave(base, draft);
      expect(steps.map((s) => s.kind)).toEqual(['images', 'variants']);
      const body = steps[1]!.kind === 'variants' ? steps[1]!.body : null;
      expect(body?.variants.map((v) => v.imageId ?? null)).toEqual(['img-c', null]);
      // Removing the image alone: no variants request (the server takes it off itself), and not dirty twice over.
      expect(planSave(base, { ...base, imageIds: ['img-a'] })).toEqual([{ kind: 'images', imageIds: ['img-a'] }]);
    });

    it('a new product sends them with its images; new variants start without one', () => {
      const d = regenerateVariants({ ...newDraft('PHYSICAL', 'USD', keys()), title: 'Tea Bowl', imageIds: ['img-a', 'img-b'], options: [{ key: 'o', name: 'Glaze', values: ['Ash', 'Iron'] }] }, keys());
      expect(d.variants.map((v) => v.imageId)).toEqual([null, null]);
      const body = createBody({ ...withImages(d, { [d.variants[1]!.sku]: 'img-b' }), variants: withImages(d, { [d.variants[1]!.sku]: 'img-b' }).variants.map((v) => ({ ...v, price: '42' })) }, 'shop');
      expect(body.variants.map((v) => v.imageId ?? null)).toEqual([null, 'img-b']);
    });
  });

  it('sends a subscription plan as details', () => {
    const base = mug();
    const steps = planSave(base, { ...base, subscription: { enabled: true, every: '2', unit: 'WEEK', cycles: '0' } });
    expect(steps).toEqual([{ kind: 'details', body: { subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 } } }]);
  });
});

describe('the additional-fields form of a product (issue 14)', () => {
  it('comes from the saved product, is sent as a details change when it changes (to a form or to none), and on create', () => {
    const base = mug();
    expect(base.additionalFieldsFormId).toBeNull();
    expect(planSave(base, { ...base, additionalFieldsFormId: 'form-class-signup' })).toEqual([{ kind: 'details', body: { additionalFieldsFormId: 'form-class-signup' } }]);
    const withForm = draftFromView({ ...VIEW, product: { ...MUG, additionalFieldsFormId: 'form-class-signup' } } as ProductView);
    expect(planSave(withForm, { ...withForm, additionalFieldsFormId: null })).toEqual([{ kind: 'details', body: { additionalFieldsFormId: null } }]);
    expect(isDirty(withForm, { ...withForm, additionalFieldsFormId: null })).toBe(true);
    const fresh = newDraft('SERVICE', 'USD', keys());
    expect(createBody(fresh, 'shop')).not.toHaveProperty('additionalFieldsFormId');
    expect(createBody({ ...fresh, additionalFieldsFormId: 'form-class-signup' }, 'shop').additionalFieldsFormId).toBe('form-class-signup');
  });
});
