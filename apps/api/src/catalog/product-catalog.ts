import { Inject, Injectable } from '@nestjs/common';
import { findVariant, productTypeName, purchasePriceMinor, type PricedVariant, type ProductRecord } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';

/** Reads products from the `catalog_products` read model. */
@Injectable()
export class ProductCatalog {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async findProduct(itemId: string): Promise<ProductRecord | null> {
    const { rows } = await this.db.query<{ record: ProductRecord }>('SELECT record FROM catalog_products WHERE id = $1', [itemId]);
    return rows[0]?.record ?? null;
  }

  async listProducts(collectionId?: string): Promise<ProductRecord[]> {
    const { rows } = collectionId
      ? await this.db.query<{ record: ProductRecord }>('SELECT record FROM catalog_products WHERE collection_id = $1 ORDER BY id', [collectionId])
      : await this.db.query<{ record: ProductRecord }>('SELECT record FROM catalog_products ORDER BY id');
    return rows.map((r) => r.record);
  }

  /** The facts add-to-cart decides on, or null when the item or its sku is unknown. */
  async pricedVariant(itemId: unknown, sku: unknown): Promise<PricedVariant | null> {
    if (typeof itemId !== 'string' || typeof sku !== 'string' || itemId.length > 200 || sku.length > 200) return null;
    const product = await this.findProduct(itemId);
    const variant = product && findVariant(product, sku);
    if (!product || !variant) return null;
    const priceMoney = variant.onSale ? variant.salePriceMoney : variant.priceMoney;
    return {
      itemId: product.id,
      sku: variant.sku,
      title: product.title,
      productType: productTypeName(product.structuredContent.productType),
      attributes: variant.attributes,
      unitPriceCents: purchasePriceMinor(variant),
      currency: priceMoney.currency,
      stock: { unlimited: variant.unlimited, qtyInStock: variant.qtyInStock },
    };
  }
}
