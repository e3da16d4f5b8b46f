import { tracksStock, type ProductTypeNumber } from '@storefront/domain/catalog/product-record';
import type { ProductData, ProductVariantData } from './product-data';

/**
 * The scarcity text for the chosen variant (or, shown by default, for a product's one variant):
 * the owner's text with {qtyInStock} filled in, for a limited variant of a stocked type with stock
 * left; null otherwise. The server's `scarcityText` (product-view.ts) follows the same rule.
 */
export function scarcityNote(product: ProductData, variant: ProductVariantData | null): string | null {
  const scarcity = product.scarcity;
  if (!scarcity) return null;
  const shown = variant ?? (scarcity.shownByDefault && product.variants.length === 1 ? product.variants[0]! : null);
  if (!shown || shown.unlimited || shown.qtyInStock <= 0 || !tracksStock(product.productType as ProductTypeNumber)) return null;
  return scarcity.text.replace(/\{qtyInStock\}/g, String(shown.qtyInStock));
}
