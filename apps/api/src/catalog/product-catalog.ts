import { Inject, Injectable } from '@nestjs/common';
import {
  cartProductFromRecord, type PricedVariant, type ProductMerchandisingContext, type ProductRecord,
} from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';

/** A product in the owner's list: its record and whether it is enabled. */
export type OwnerProductListing = ProductRecord & { enabled: boolean };

/**
 * Reads products from the `catalog_products` read model. Public reads see enabled products only;
 * deleted products have no row at all.
 */
@Injectable()
export class ProductCatalog {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** An enabled product's record, or null. */
  async findProduct(itemId: string): Promise<ProductRecord | null> {
    if (typeof itemId !== 'string' || itemId.length > 200) return null;
    const { rows } = await this.db.query<{ record: ProductRecord }>('SELECT record FROM catalog_products WHERE id = $1 AND enabled', [itemId]);
    return rows[0]?.record ?? null;
  }

  /** The enabled product a store page's URL names (`/shop/<urlId>`), or null. */
  async findByUrlId(collectionId: string, urlId: string): Promise<ProductRecord | null> {
    if (urlId.length > 200) return null;
    const { rows } = await this.db.query<{ record: ProductRecord }>(
      'SELECT record FROM catalog_products WHERE collection_id = $1 AND url_id = $2 AND enabled',
      [collectionId, urlId],
    );
    return rows[0]?.record ?? null;
  }

  /** The enabled products (of one store, or all). */
  async listProducts(collectionId?: string): Promise<ProductRecord[]> {
    const where = ['enabled', collectionId === undefined ? 'true' : 'collection_id = $1'].join(' AND ');
    const { rows } = await this.db.query<{ record: ProductRecord }>(
      `SELECT record FROM catalog_products WHERE ${where} ORDER BY id`,
      collectionId === undefined ? [] : [collectionId],
    );
    return rows.map((r) => r.record);
  }

  /** Every product, enabled or not, each record with its `enabled` flag (the owner's list). */
  async listForOwner(): Promise<OwnerProductListing[]> {
    const { rows } = await this.db.query<{ record: ProductRecord; enabled: boolean }>('SELECT record, enabled FROM catalog_products ORDER BY id');
    return rows.map((r) => ({ ...r.record, enabled: r.enabled }));
  }

  /** `productMerchandisingContext` for the templates: product id → its merchandising entry. */
  async merchandisingContext(productIds: string[]): Promise<Record<string, ProductMerchandisingContext>> {
    if (productIds.length === 0) return {};
    const { rows } = await this.db.query<{ id: string; merchandising: ProductMerchandisingContext }>(
      'SELECT id, merchandising FROM catalog_products WHERE id = ANY($1::text[]) AND enabled',
      [productIds],
    );
    return Object.fromEntries(rows.map((r) => [r.id, r.merchandising]));
  }

  /**
   * The facts add-to-cart decides on, or null when the item or its sku is unknown: the cart's own
   * mapping (`cartProductFromRecord`), so a stockless type reads as unlimited here too.
   */
  async pricedVariant(itemId: unknown, sku: unknown): Promise<PricedVariant | null> {
    if (typeof itemId !== 'string' || typeof sku !== 'string' || itemId.length > 200 || sku.length > 200) return null;
    return cartProductFromRecord(await this.findProduct(itemId))?.variants.find((v) => v.sku === sku) ?? null;
  }
}
