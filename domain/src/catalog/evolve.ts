import { isLegacyProductCreated, type ProductEvent } from './events';
import { applyDetailsChanges, applyVariantChanges, DEFAULT_MERCHANDISING, type InitialStock, type ProductDetails } from './product-details';
import { productTypeName, type ProductRecord } from './product-record';
import type { ProductState } from './state';

/** Total: an event that does not apply to the state leaves it unchanged, so replay never fails. */
export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  if (event.type === 'ProductCreated') {
    if (state.status !== 'none') return state;
    const product = isLegacyProductCreated(event) ? detailsFromRecord(event.data.product) : event.data.product;
    return { status: 'active', product };
  }
  if (state.status !== 'active') return state;
  const product = state.product;
  const active = (next: ProductDetails): ProductState => ({ status: 'active', product: next });
  switch (event.type) {
    case 'ProductDetailsEdited':
      return active(applyDetailsChanges(product, event.data.changes));
    case 'ProductVariantAdded':
      return active({ ...product, variants: [...product.variants, event.data.variant] });
    case 'ProductVariantEdited':
      return active({
        ...product,
        variants: product.variants.map((v) => (v.sku === event.data.sku ? applyVariantChanges(v, event.data.changes) : v)),
      });
    case 'ProductVariantRemoved':
      return active({ ...product, variants: product.variants.filter((v) => v.sku !== event.data.sku) });
    case 'ProductSaleChanged': {
      const bySku = new Map(event.data.variants.map((v) => [v.sku, v]));
      return active({
        ...product,
        variants: product.variants.map((v) => {
          const change = bySku.get(v.sku);
          return change ? { ...v, onSale: change.onSale, salePriceMinor: change.salePriceMinor } : v;
        }),
      });
    }
    case 'ProductEnabled':
      return active({ ...product, enabled: true });
    case 'ProductDisabled':
      return active({ ...product, enabled: false });
    case 'ProductDeleted':
      return { status: 'deleted', productId: product.id };
    case 'ProductImagesSet':
      return active({ ...product, imageIds: event.data.imageIds });
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The details behind a version-1 ProductCreated (a finished Product record). */
export function detailsFromRecord(record: ProductRecord): ProductDetails {
  const content = record.structuredContent;
  const currency = content.variants[0]?.priceMoney.currency ?? content.priceMoney?.currency ?? 'USD';
  return {
    id: record.id,
    websiteId: '',
    collectionId: record.collectionId,
    productType: productTypeName(content.productType),
    title: record.title,
    navigationTitle: record.title,
    description: '',
    urlId: record.urlId,
    currency,
    variants: content.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      priceMinor: Number(v.priceMoney.value),
      salePriceMinor: Number(v.salePriceMoney.value),
      onSale: v.onSale,
    })),
    variantOptionOrdering: content.variantOptionOrdering,
    subscriptionPlan: content.isSubscribable ? content.subscriptionPlan : null,
    additionalFieldsFormId: content.additionalFieldsFormId,
    useCustomAddButtonText: content.useCustomAddButtonText,
    customAddButtonText: content.customAddButtonText,
    tags: [],
    categories: [],
    merchandising: DEFAULT_MERCHANDISING,
    enabled: true,
    createdAt: '',
  };
}

/** The stock a version-1 record carried, per sku (before inventory streams existed). */
export function stockFromRecord(record: ProductRecord): Record<string, InitialStock> {
  return Object.fromEntries(record.structuredContent.variants.map((v) => [v.sku, { qtyInStock: v.qtyInStock, unlimited: v.unlimited }]));
}
