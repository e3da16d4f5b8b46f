import {
  fieldLabel, fill, plainField, richTextField, shown, type HistoryField, type HistoryModel, type HistorySnapshot,
} from '../shared/history';
import { toDecimalString } from '../shared/money';
import { STRINGS } from '../shared/strings';
import type { ProductEvent } from './events';
import { evolveProduct } from './evolve';
import { productImageIds } from './product-details';
import { initialProductState, type ProductState } from './state';

/**
 * What an owner sees of a product in its history (issue 12): its details, merchandising settings
 * (one field each), images, whether it is enabled, and each variant's options and prices (by SKU),
 * as `shared/history.ts` diffs them. Stock is not here: it lives in the inventory streams.
 */
export function productSnapshot(state: ProductState): HistorySnapshot {
  if (state.status !== 'active') return [];
  const p = state.product;
  const money = (minor: number) => `${toDecimalString(minor, p.currency)} ${p.currency}`;
  const plan = p.subscriptionPlan ? `${p.subscriptionPlan.billingPeriod.value} ${p.subscriptionPlan.billingPeriod.unit} × ${p.subscriptionPlan.numBillingCycles || '∞'}` : null;
  const images = productImageIds(p);
  const fields: HistoryField[] = [
    plainField('title', fieldLabel('title'), p.title),
    plainField('navigationTitle', fieldLabel('navigationTitle'), p.navigationTitle),
    richTextField('description', fieldLabel('description'), p.description),
    plainField('urlId', fieldLabel('urlId'), p.urlId),
    plainField('enabled', fieldLabel('enabled'), p.enabled),
    plainField('variantOptionOrdering', fieldLabel('variantOptionOrdering'), p.variantOptionOrdering),
    plainField('subscriptionPlan', fieldLabel('subscriptionPlan'), p.subscriptionPlan, plan),
    plainField('additionalFieldsFormId', fieldLabel('additionalFieldsFormId'), p.additionalFieldsFormId),
    plainField('useCustomAddButtonText', fieldLabel('useCustomAddButtonText'), p.useCustomAddButtonText),
    plainField('customAddButtonText', fieldLabel('customAddButtonText'), p.customAddButtonText),
    plainField('tags', fieldLabel('tags'), p.tags),
    plainField('categories', fieldLabel('categories'), p.categories),
    ...Object.entries(p.merchandising).map(([name, value]) => plainField(`merchandising.${name}`, `${fieldLabel('merchandising')}: ${name}`, value)),
    plainField('images', fieldLabel('images'), images, images.length === 0 ? null : String(images.length)),
    plainField('mainImageId', fieldLabel('mainImageId'), images[0] ?? null),
  ];
  for (const v of p.variants) {
    const label = (name: 'variantAttributes' | 'variantPrice' | 'variantSalePrice' | 'variantOnSale' | 'variantImage') => `${fill(STRINGS.history.variant, { sku: v.sku })}: ${fieldLabel(name)}`;
    const options = p.variantOptionOrdering.map((o) => `${o}: ${v.attributes[o] ?? ''}`);
    fields.push(
      plainField(`variants.${v.sku}.attributes`, label('variantAttributes'), v.attributes, shown(options)),
      plainField(`variants.${v.sku}.price`, label('variantPrice'), v.priceMinor, money(v.priceMinor)),
      plainField(`variants.${v.sku}.salePrice`, label('variantSalePrice'), v.salePriceMinor, money(v.salePriceMinor)),
      plainField(`variants.${v.sku}.onSale`, label('variantOnSale'), v.onSale),
      plainField(`variants.${v.sku}.imageId`, label('variantImage'), v.imageId ?? null),
    );
  }
  return fields;
}

export const productHistory: HistoryModel<ProductState, ProductEvent> = {
  initialState: initialProductState, evolve: evolveProduct, snapshot: productSnapshot,
};
