import { configureStore } from '@reduxjs/toolkit';
import type { ProductDetails } from '@storefront/domain/catalog/product-details';
import { productEditorActions as act, productEditorSlice, selectDirty, selectDraft, selectEditor } from './product-editor-slice';
import type { ProductView } from './products-api';

const BOWL: ProductDetails = {
  id: 'p-bowl', websiteId: 'w', collectionId: 'shop', productType: 'PHYSICAL', title: 'Tea Bowl', navigationTitle: 'Tea Bowl', description: '',
  urlId: 'tea-bowl', currency: 'USD', variantOptionOrdering: [], subscriptionPlan: null, additionalFieldsFormId: null, useCustomAddButtonText: false,
  customAddButtonText: '', tags: [], categories: [],
  merchandising: {
    scarcityEnabled: false, scarcityShownByDefault: false, scarcityText: '', customSoldOutText: null, restockNotificationsEnabled: false,
    mailingListSignUpEnabled: false, mailingListOptInByDefault: false,
  },
  enabled: true, createdAt: '2026-01-01T00:00:00.000Z',
  variants: [{ id: 'v1', sku: 'BOWL', attributes: {}, priceMinor: 4200, salePriceMinor: 0, onSale: false }],
};
const view = (p: ProductDetails, version?: number): ProductView =>
  ({ product: p, stock: Object.fromEntries(p.variants.map((v) => [v.sku, { qtyInStock: 6, unlimited: false, lastChange: null }])), version }) as ProductView;

function store() {
  const s = configureStore({ reducer: { productEditor: productEditorSlice.reducer } });
  return { dispatch: s.dispatch, draft: () => selectDraft(s.getState())!, dirty: () => selectDirty(s.getState()), editor: () => selectEditor(s.getState()) };
}

describe('the product editor slice', () => {
  it('loads a product clean, keeps the version it was read at, and is dirty only while the draft says something else', () => {
    const s = store();
    s.dispatch(act.loaded(view(BOWL, 7)));
    expect(s.editor()).toMatchObject({ productId: 'p-bowl', version: 7 });
    expect(s.dirty()).toBe(false);
    s.dispatch(act.variantChanged({ key: 'sku:BOWL', field: 'price', value: '43' }));
    expect(s.dirty()).toBe(true);
    s.dispatch(act.variantChanged({ key: 'sku:BOWL', field: 'price', value: '42.0' }));
    expect(s.dirty()).toBe(false);
  });

  it('generates variants as options and values are added, renamed and removed', () => {
    const s = store();
    s.dispatch(act.loaded(view(BOWL)));
    s.dispatch(act.optionAdded({ name: 'Glaze', values: [] }));
    expect(s.draft().variants.map((v) => v.attributes)).toEqual([{}]);
    const glaze = s.draft().options[0]!.key;
    s.dispatch(act.valueAdded({ key: glaze, value: 'Ash' }));
    s.dispatch(act.valueAdded({ key: glaze, value: 'Celadon' }));
    expect(s.draft().variants.map((v) => [v.sku, v.attributes, v.stock])).toEqual([['BOWL', { Glaze: 'Ash' }, '6'], ['TEA-BOWL-CELADON', { Glaze: 'Celadon' }, '0']]);
    s.dispatch(act.optionRenamed({ key: glaze, name: 'Finish' }));
    s.dispatch(act.valueRenamed({ key: glaze, index: 1, value: 'Tenmoku' }));
    expect(s.draft().variants.map((v) => v.attributes)).toEqual([{ Finish: 'Ash' }, { Finish: 'Tenmoku' }]);
    s.dispatch(act.valueRemoved({ key: glaze, index: 0 }));
    expect(s.draft().variants.map((v) => v.sku)).toEqual(['TEA-BOWL-CELADON']);
    s.dispatch(act.optionRemoved(glaze));
    expect(s.draft().variants.map((v) => [v.sku, v.attributes])).toEqual([['TEA-BOWL-CELADON', {}]]);
    expect(s.dirty()).toBe(true);
  });

  it('never edits a saved SKU, and sets a price or a sale on every variant at once', () => {
    const s = store();
    s.dispatch(act.loaded(view({ ...BOWL, variantOptionOrdering: ['Glaze'], variants: [{ ...BOWL.variants[0]!, attributes: { Glaze: 'Ash' } }, { ...BOWL.variants[0]!, id: 'v2', sku: 'BOWL-2', attributes: { Glaze: 'Tenmoku' } }] })));
    s.dispatch(act.variantChanged({ key: 'sku:BOWL', field: 'sku', value: 'OTHER' }));
    expect(s.draft().variants[0]!.sku).toBe('BOWL');
    s.dispatch(act.variantChanged({ key: 'all', field: 'salePrice', value: '35' }));
    s.dispatch(act.variantFlagChanged({ key: 'all', field: 'onSale', value: true }));
    expect(s.draft().variants.map((v) => [v.salePrice, v.onSale])).toEqual([['35', true], ['35', true]]);
  });

  it('starts a new product of a type, and a change of type keeps the title', () => {
    const s = store();
    s.dispatch(act.startedNew({ productType: 'PHYSICAL', currency: 'EUR' }));
    expect(s.dirty()).toBe(false);
    s.dispatch(act.textChanged({ field: 'title', value: 'Gift' }));
    expect(s.dirty()).toBe(true);
    s.dispatch(act.typeChosen('GIFT_CARD'));
    expect(s.draft()).toMatchObject({ productType: 'GIFT_CARD', title: 'Gift', currency: 'EUR' });
    expect(s.draft().variants.map((v) => [v.attributes, v.price, v.sku])).toEqual([
      [{ Amount: '€25' }, '25.00', 'GIFT-25'], [{ Amount: '€50' }, '50.00', 'GIFT-50'], [{ Amount: '€100' }, '100.00', 'GIFT-100'],
    ]);
  });

  it('after part of a save, keeps the rest of the edit and counts new variants as saved', () => {
    const s = store();
    s.dispatch(act.loaded(view(BOWL)));
    s.dispatch(act.textChanged({ field: 'title', value: 'Big Tea Bowl' }));
    s.dispatch(act.optionAdded({ name: 'Size', values: ['S', 'L'] }));
    const saved = {
      ...BOWL, variantOptionOrdering: ['Size'],
      variants: [{ ...BOWL.variants[0]!, attributes: { Size: 'S' } }, { ...BOWL.variants[0]!, id: 'v9', sku: s.draft().variants[1]!.sku, attributes: { Size: 'L' } }],
    };
    s.dispatch(act.partlySaved(view(saved)));
    expect(s.draft().title).toBe('Big Tea Bowl');
    expect(s.draft().variants.map((v) => v.savedSku)).toEqual(['BOWL', s.draft().variants[1]!.sku]);
    expect(s.dirty()).toBe(true);
    s.dispatch(act.loaded(view({ ...saved, title: 'Big Tea Bowl' })));
    expect(s.dirty()).toBe(false);
  });

  it('closes to nothing', () => {
    const s = store();
    s.dispatch(act.loaded(view(BOWL)));
    s.dispatch(act.closed());
    expect(s.editor()).toEqual({ productId: null, base: null, draft: null, version: null, seq: 0 });
    expect(s.dirty()).toBe(false);
  });
});
