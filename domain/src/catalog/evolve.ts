import type { ProductEvent } from './events';
import { applyDetailsChanges, applyVariantChanges, withoutMissingVariantImages, type ProductDetails } from './product-details';
import type { ProductState } from './state';

/** Total: an event that does not apply to the state leaves it unchanged, so replay never fails. */
export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  if (event.type === 'ProductCreated') {
    if (state.status !== 'none') return state;
    return { status: 'active', product: event.data.product };
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
      // A variant showing an image the product no longer has shows the main image again.
      return active({ ...product, imageIds: event.data.imageIds, variants: withoutMissingVariantImages(product.variants, event.data.imageIds) });
    case 'ProductRestored':
      return active({ ...product, ...event.data.changes });
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
