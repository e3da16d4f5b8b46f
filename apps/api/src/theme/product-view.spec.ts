import { LOCALIZED_STRING_DEFAULTS, type ProductRecord } from '@storefront/domain';
import { product } from '../../test/theme/sample-contexts';
import type { ImageView } from './image-view';
import { addToCartView, extraFieldsFormOf, productView, variantImageIndex, type ProductFormData, type ProductViewEnv } from './product-view';

const env = (over: Partial<ProductViewEnv> = {}): ProductViewEnv => ({
  source: 'pdp',
  key: 'pdp-x',
  strings: LOCALIZED_STRING_DEFAULTS,
  storeSettings: { selectedCurrency: 'USD', multipleQuantityAllowedForServices: true },
  locale: 'en-US',
  ...over,
});
const data = (p: ProductRecord, over: Partial<ProductViewEnv> = {}) => JSON.parse(productView(p, env(over)).json) as ProductFormData;
const view = (src: string): ImageView => ({ src, srcset: '', sizes: '', alt: '', width: 1, height: 1, loading: 'lazy', fetchpriority: '', decoding: 'async', objectPosition: '50% 50%' });

describe('productView', () => {
  it('the studio notes (a paywall subscription): the price it is charged, every month; never sold out; Subscribe', () => {
    const notes = productView(product('p-studio-notes'), env());
    expect(notes.price).toEqual({ text: '$8.00 every month', original: null });
    expect(notes.mark).toBeNull();
    expect(notes.soldOut).toBe(false);
    expect(notes.quantity.shown).toBe(false);
    expect(data(product('p-studio-notes'))).toMatchObject({ label: 'Subscribe', soldOut: false, subscribable: true, productType: 5 });
  });

  it('varied prices read from the lowest; a sold-out product has its custom mark and no quantity', () => {
    expect(productView(product('p-ridged-dinner-plate'), env()).price.text).toBe('from $29.00');
    const bowl = productView(product('p-serving-bowl'), env({ merchandising: { customSoldOutText: 'Back after the next firing' } }));
    expect(bowl.mark).toEqual({ kind: 'sold-out', label: 'Back after the next firing' });
    expect(bowl.quantity.shown).toBe(false);
    expect(data(product('p-serving-bowl')).label).toBe('Sold Out');
  });

  it('the quantity input: on a product page, hidden for digital, gift card, subscription, single-stock and disallowed services', () => {
    const shown = (id: string, over: Partial<ProductViewEnv> = {}) => productView(product(id), env(over)).quantity.shown;
    expect(shown('p-stoneware-mug')).toBe(true);
    expect(shown('p-glaze-recipes')).toBe(false);
    expect(shown('p-studio-gift-card')).toBe(false);
    expect(shown('p-tea-club')).toBe(false);
    expect(shown('p-small-bud-vase')).toBe(false);
    expect(shown('p-throwing-class')).toBe(true);
    expect(shown('p-throwing-class', { storeSettings: { selectedCurrency: 'USD', multipleQuantityAllowedForServices: false } })).toBe(false);
    expect(shown('p-stoneware-mug', { source: 'product_block', key: 'block-1' })).toBe(false);
  });

  it("options: shown with more than one variant, a gift card's as 'Value' / 'Select Value'", () => {
    expect(productView(product('p-ridged-dinner-plate'), env()).options.map((o) => [o.name, o.selectText, o.values])).toEqual([
      ['Glaze', 'Select Glaze', ['Sand', 'Moss']],
      ['Size', 'Select Size', ['8 in', '10 in']],
      ['Finish', 'Select Finish', ['Matte', 'Gloss']],
    ]);
    expect(productView(product('p-studio-gift-card'), env()).options).toMatchObject([{ name: 'Amount', label: 'Value', selectText: 'Select Value' }]);
    expect(productView(product('p-glaze-recipes'), env()).options).toEqual([]);
  });

  it('scarcity: shown before a choice only by default and for a single variant', () => {
    const merch = { scarcityEnabled: true, scarcityText: 'Only {qtyInStock} left!', scarcityShownByDefault: true };
    expect(productView(product('p-small-bud-vase'), env({ merchandising: merch })).scarcityText).toBe('Only 1 left!');
    expect(productView(product('p-small-bud-vase'), env({ merchandising: { ...merch, scarcityShownByDefault: false } })).scarcityText).toBe('');
    expect(productView(product('p-stoneware-mug'), env({ merchandising: merch })).scarcityText).toBe('');
    expect(data(product('p-stoneware-mug'), { merchandising: merch }).scarcity).toEqual({ text: 'Only {qtyInStock} left!', shownByDefault: true });
    expect(data(product('p-stoneware-mug')).scarcity).toBeNull();
  });

  it('the installment pill: physical items on their page, in the store currency', () => {
    expect(productView(product('p-stoneware-mug'), env()).installment).toMatchObject({ text: 'Afterpay available for orders over $35.00', inRange: false, learnMore: 'Learn more about Afterpay' });
    expect(productView(product('p-linen-apron'), env()).installment?.text).toBe('or 4 interest-free payments of $9.00 with Afterpay');
    expect(productView(product('p-glaze-recipes'), env()).installment).toBeNull();
    expect(productView(product('p-stoneware-mug'), env({ source: 'plp', key: 'plp-x' })).installment).toBeNull();
  });

  it('money from minor units in the store currency: JPY without decimals', () => {
    const mug = product('p-stoneware-mug');
    const jpy = { value: '500', currency: 'JPY' };
    const inYen = {
      ...mug,
      structuredContent: { ...mug.structuredContent, variants: mug.structuredContent.variants.map((v) => ({ ...v, price: 500, priceMoney: jpy, salePriceMoney: { ...jpy, value: '0' } })) },
    };
    expect(productView(inYen, env({ storeSettings: { selectedCurrency: 'JPY' } })).price.text).toBe('¥500');
    expect(data(inYen).currency).toBe('JPY');
  });
});

describe('variantImageIndex', () => {
  const assets = [
    { id: 'img-sand', assetUrl: '/a', title: 'Stoneware Mug, Sand' },
    { id: 'img-moss', assetUrl: '/b', title: 'Stoneware Mug, Moss' },
    { id: 'img-handle', assetUrl: '/c', title: 'Detail of the handle' },
  ];
  it("the index of the variant's own image among the product's images; null without one", () => {
    expect(variantImageIndex('img-moss', assets)).toBe(1);
    expect(variantImageIndex('img-sand', assets)).toBe(0);
    expect(variantImageIndex('img-handle', assets)).toBe(2);
    expect(variantImageIndex(null, assets)).toBeNull();
    expect(variantImageIndex(undefined, assets)).toBeNull();
    // An image no longer shown (deleted from the library): the main image.
    expect(variantImageIndex('img-gone', assets)).toBeNull();
    // One image: nothing to switch to.
    expect(variantImageIndex('img-moss', [assets[1]!])).toBeNull();
  });

  it('follows the variant\'s image field, never its name: an image titled after the option does not count', () => {
    const mug = product('p-stoneware-mug');
    const variants = mug.structuredContent.variants.map((v) => ({ ...v, imageId: undefined }));
    const titled = data({ ...mug, structuredContent: { ...mug.structuredContent, variants } }, { images: assets.slice(0, 2).map((a) => ({ view: view(a.assetUrl), asset: a })) });
    expect(titled.variants.map((v) => v.image)).toEqual(variants.map(() => null));
  });

  it('is carried for the islands with the images they switch between', () => {
    const mug = product('p-stoneware-mug');
    const skus = mug.structuredContent.variants.map((v) => v.sku);
    const variants = mug.structuredContent.variants.map((v, i) => ({ ...v, imageId: i === 0 ? 'img-handle' : i === 1 ? 'img-moss' : undefined }));
    const withImages = data({ ...mug, structuredContent: { ...mug.structuredContent, variants } }, { images: assets.map((a) => ({ view: view(a.assetUrl), asset: a })) });
    expect(withImages.variants.map((v) => [v.sku, v.image])).toEqual(skus.map((sku, i) => [sku, i === 0 ? 2 : i === 1 ? 1 : null]));
    expect(withImages.images.map((i) => i.src)).toEqual(['/a', '/b', '/c']);
  });
});

describe('the additional-fields form the islands read (issue 14)', () => {
  const form = {
    id: 'form-class-signup', name: 'Class sign-up', kind: 'form', submitButtonText: 'Book my seat', parsedSubmissionMessage: '<p>x</p>',
    fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
  };
  const withForm = (additionalFieldsForm: unknown): ProductRecord => {
    const p = product('p-ridged-dinner-plate');
    return { ...p, structuredContent: { ...p.structuredContent, additionalFieldsFormId: 'form-class-signup', additionalFieldsForm } };
  };

  it('is printed, reduced to what the lightbox needs, in data-product and in a grid card\'s data-extra-fields', () => {
    const expected = { id: 'form-class-signup', name: 'Class sign-up', fields: form.fields, submitButtonText: 'Book my seat' };
    expect(data(withForm(form)).additionalFieldsForm).toEqual(expected);
    expect(JSON.parse(addToCartView(withForm(form)).extraFieldsJson)).toEqual(expected);
  });

  it('is absent without a form, with a form that no longer exists, and with one that asks nothing', () => {
    expect(data(product('p-ridged-dinner-plate')).additionalFieldsForm).toBeNull();
    expect(addToCartView(product('p-ridged-dinner-plate')).extraFieldsJson).toBe('');
    expect(extraFieldsFormOf(withForm(null))).toBeNull();
    expect(extraFieldsFormOf(withForm({ ...form, fields: [{ id: 's', type: 'section', title: 'S' }, { id: 'h', type: 'hidden', title: 'H', value: 'v' }] }))).toBeNull();
    expect(extraFieldsFormOf(withForm({ id: 'x' }))).toBeNull();
  });
});

