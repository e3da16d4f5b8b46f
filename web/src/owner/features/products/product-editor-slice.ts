import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductTypeName } from '@storefront/domain/catalog/product-record';
import {
  draftFromView, isDirty, newDraft, rebaseDraft, regenerateVariants, renameOption, renameValue, resuggestSkus, type DraftSubscription,
  type DraftVariant, type ProductDraft,
} from './product-draft';
import type { ProductView } from './products-api';

/**
 * The product editor's state: the draft being edited and its base (the product as the server last
 * answered, or a blank new one), so the screen knows what is unsaved. `version` keeps the stream
 * version the base was read at, when the API answers one, for saves that carry it.
 */
export type ProductEditorState = {
  /** The product being edited; null for a new one. */
  productId: string | null;
  base: ProductDraft | null;
  draft: ProductDraft | null;
  version: number | null;
  /** Counter for the keys of new options and variants. */
  seq: number;
};

const initialState: ProductEditorState = { productId: null, base: null, draft: null, version: null, seq: 0 };

/** Runs `change` on the draft with a key maker that advances the state's counter. */
function edit(state: ProductEditorState, change: (draft: ProductDraft, newKey: () => string) => ProductDraft) {
  if (!state.draft) return;
  const newKey = () => `new-${++state.seq}`;
  state.draft = change(state.draft, newKey);
}

type TextField = 'title' | 'description' | 'urlId';
type VariantField = 'sku' | 'price' | 'salePrice' | 'stock' | 'weight';

export const productEditorSlice = createSlice({
  name: 'productEditor',
  initialState,
  reducers: {
    /** A saved product as read or as a save answered: base and draft both become it. */
    loaded(state, { payload }: PayloadAction<ProductView>) {
      const draft = draftFromView(payload);
      state.productId = payload.product.id;
      state.base = draft;
      state.draft = draft;
      state.version = payload.version ?? null;
    },
    /** Part of a save went through: the base is what the server answered; the rest stays to save. */
    partlySaved(state, { payload }: PayloadAction<ProductView>) {
      const saved = draftFromView(payload);
      state.base = saved;
      state.version = payload.version ?? null;
      if (state.draft) state.draft = rebaseDraft(state.draft, saved);
    },
    startedNew(state, { payload }: PayloadAction<{ productType: ProductTypeName; currency: string }>) {
      state.productId = null;
      state.version = null;
      const newKey = () => `new-${++state.seq}`;
      const draft = newDraft(payload.productType, payload.currency, newKey);
      state.base = draft;
      state.draft = draft;
    },
    /** A new product's type, chosen before it is saved (a saved product's type never changes). */
    typeChosen(state, { payload }: PayloadAction<ProductTypeName>) {
      if (state.productId !== null || !state.draft) return;
      const { title, description, urlId, imageIds, enabled, currency } = state.draft;
      const newKey = () => `new-${++state.seq}`;
      const fresh = newDraft(payload, currency, newKey);
      state.base = fresh;
      state.draft = resuggestSkus({ ...fresh, title, description, urlId, imageIds, enabled }, fresh.title);
    },
    closed() {
      return initialState;
    },
    textChanged(state, { payload }: PayloadAction<{ field: TextField; value: string }>) {
      edit(state, (d) => {
        const next = { ...d, [payload.field]: payload.value };
        return payload.field === 'title' ? resuggestSkus(next, d.title) : next;
      });
    },
    enabledChanged(state, { payload }: PayloadAction<boolean>) {
      edit(state, (d) => ({ ...d, enabled: payload }));
    },
    subscriptionChanged(state, { payload }: PayloadAction<Partial<DraftSubscription>>) {
      edit(state, (d) => ({ ...d, subscription: { ...d.subscription, ...payload } }));
    },
    additionalFieldsFormChanged(state, { payload }: PayloadAction<string | null>) {
      edit(state, (d) => ({ ...d, additionalFieldsFormId: payload }));
    },

    optionAdded(state, { payload }: PayloadAction<{ name: string; values: string[] }>) {
      edit(state, (d, newKey) => regenerateVariants({ ...d, options: [...d.options, { key: newKey(), name: payload.name, values: payload.values }] }, newKey));
    },
    optionRenamed(state, { payload }: PayloadAction<{ key: string; name: string }>) {
      edit(state, (d, newKey) => regenerateVariants(renameOption(d, payload.key, payload.name), newKey));
    },
    optionRemoved(state, { payload }: PayloadAction<string>) {
      edit(state, (d, newKey) => regenerateVariants({ ...d, options: d.options.filter((o) => o.key !== payload) }, newKey));
    },
    optionMoved(state, { payload }: PayloadAction<{ key: string; by: -1 | 1 }>) {
      edit(state, (d, newKey) => {
        const i = d.options.findIndex((o) => o.key === payload.key);
        const j = i + payload.by;
        if (i < 0 || j < 0 || j >= d.options.length) return d;
        const options = [...d.options];
        [options[i], options[j]] = [options[j]!, options[i]!];
        return regenerateVariants({ ...d, options }, newKey);
      });
    },
    valueAdded(state, { payload }: PayloadAction<{ key: string; value: string }>) {
      edit(state, (d, newKey) =>
        regenerateVariants({ ...d, options: d.options.map((o) => (o.key === payload.key ? { ...o, values: [...o.values, payload.value] } : o)) }, newKey),
      );
    },
    valueRenamed(state, { payload }: PayloadAction<{ key: string; index: number; value: string }>) {
      edit(state, (d, newKey) => regenerateVariants(renameValue(d, payload.key, payload.index, payload.value), newKey));
    },
    valueRemoved(state, { payload }: PayloadAction<{ key: string; index: number }>) {
      edit(state, (d, newKey) =>
        regenerateVariants({ ...d, options: d.options.map((o) => (o.key === payload.key ? { ...o, values: o.values.filter((_, i) => i !== payload.index) } : o)) }, newKey),
      );
    },
    /** One field of one variant; `all` sets it on every variant (prices and sale prices in bulk). */
    variantChanged(state, { payload }: PayloadAction<{ key: string | 'all'; field: VariantField; value: string }>) {
      edit(state, (d) => ({ ...d, variants: d.variants.map((v) => (payload.key === 'all' || v.key === payload.key ? patchVariant(v, payload.field, payload.value) : v)) }));
    },
    variantFlagChanged(state, { payload }: PayloadAction<{ key: string | 'all'; field: 'onSale' | 'unlimited'; value: boolean }>) {
      edit(state, (d) => ({ ...d, variants: d.variants.map((v) => (payload.key === 'all' || v.key === payload.key ? { ...v, [payload.field]: payload.value } : v)) }));
    },
    /** The variant's own image (one of the product's), or null for the main image. */
    variantImageChanged(state, { payload }: PayloadAction<{ key: string; imageId: string | null }>) {
      edit(state, (d) => ({ ...d, variants: d.variants.map((v) => (v.key === payload.key ? { ...v, imageId: payload.imageId } : v)) }));
    },
    /** A variant of a product without options (a gift card's denominations, say) added by hand. */
    variantAdded(state) {
      edit(state, (d, newKey) => {
        const last = d.variants[d.variants.length - 1];
        const key = newKey();
        return { ...d, variants: [...d.variants, { ...(last ?? blankVariant()), key, savedSku: null, sku: '', stock: '0', unlimited: false, imageId: null }] };
      });
    },
    variantRemoved(state, { payload }: PayloadAction<string>) {
      edit(state, (d) => ({ ...d, variants: d.variants.filter((v) => v.key !== payload) }));
    },

    imagesChanged(state, { payload }: PayloadAction<string[]>) {
      edit(state, (d) => ({ ...d, imageIds: payload }));
    },
  },
});

function patchVariant(v: DraftVariant, field: VariantField, value: string): DraftVariant {
  // A saved SKU never changes (the server refuses it): only a new variant's SKU is editable.
  if (field === 'sku' && v.savedSku !== null) return v;
  return { ...v, [field]: value };
}

function blankVariant(): DraftVariant {
  return { key: '', savedSku: null, sku: '', attributes: {}, price: '', salePrice: '', onSale: false, stock: '0', unlimited: false, weight: '' };
}

export const productEditorActions = productEditorSlice.actions;

type WithEditor = { productEditor: ProductEditorState };
export const selectEditor = (state: WithEditor) => state.productEditor;
export const selectDraft = (state: WithEditor) => state.productEditor.draft;
export const selectDirty = (state: WithEditor) => isDirty(state.productEditor.base, state.productEditor.draft);
