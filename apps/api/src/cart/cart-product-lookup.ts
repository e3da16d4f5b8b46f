import { Inject, Injectable } from '@nestjs/common';
import { cartProductFromRecord, type CartProduct, type ProductRecord } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';

const MAX_ID_LENGTH = 200;

/**
 * The cart's view of the catalog: the `catalog_products` read model's Product record, mapped to
 * the facts cart commands decide on (prices now, stock, options). Disabled, deleted and unknown
 * products come back as null: the cart treats them all as unavailable.
 */
@Injectable()
export class CartProductLookup {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async find(itemId: unknown): Promise<CartProduct | null> {
    if (typeof itemId !== 'string' || itemId.length === 0 || itemId.length > MAX_ID_LENGTH) return null;
    // A prepared statement: every add to cart runs it.
    const { rows } = await this.db.query<{ record: ProductRecord; enabled: boolean }>(
      'SELECT record, enabled FROM catalog_products WHERE id = $1',
      [itemId],
      { name: 'cart_product_lookup' },
    );
    const row = rows[0];
    if (!row || !row.enabled) return null;
    return cartProductFromRecord(row.record);
  }
}
