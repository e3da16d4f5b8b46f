import { cartProductFromRecord } from '../cart/cart-product';
import { buildProductRecord } from './product-builder';
import { PRODUCT_TYPES, tracksStock, type ProductTypeName } from './product-record';
import { isSoldOut, totalStock } from './product-rules';

/** SPEC 4 'Product status marks': physical goods and services have stock; the other three never run out. */
const TABLE: [ProductTypeName, boolean][] = [
  ['PHYSICAL', true],
  ['DIGITAL', false],
  ['SERVICE', true],
  ['GIFT_CARD', false],
  ['PAYWALL', false],
];

describe('tracksStock: which product types carry stock', () => {
  it('covers each of the five types once', () => {
    expect(TABLE.map(([type]) => type).sort()).toEqual(Object.keys(PRODUCT_TYPES).sort());
  });

  it.each(TABLE)('%s → %p, by name and by SPEC number', (type, stocked) => {
    expect(tracksStock(type)).toBe(stocked);
    expect(tracksStock(PRODUCT_TYPES[type])).toBe(stocked);
  });

  it('checks a type it does not know against stock rather than selling it unchecked', () => {
    expect(tracksStock(9 as never)).toBe(true);
    expect(tracksStock('SUBSCRIPTION_BOX' as never)).toBe(true);
  });

  // A variant with no stock and not unlimited: what the cart and the status marks make of it follows the rule.
  it.each(TABLE)('%s with a variant at 0 stock: the cart sees unlimited stock and the shop shows sold out exactly when the type carries none / some', (type, stocked) => {
    const record = buildProductRecord({
      id: 'p', title: 'T', urlId: 't', collectionId: 'shop', productType: type, currency: 'USD',
      variants: [{ id: 'v', sku: 'S', priceCents: 100, qtyInStock: 0 }],
    });
    expect(cartProductFromRecord(record)!.variants[0]!.stock).toEqual({ unlimited: !stocked, qtyInStock: 0 });
    expect(isSoldOut(record)).toBe(stocked);
    expect(totalStock(record)).toBe(stocked ? 0 : Number.MAX_SAFE_INTEGER);
  });

  it('a stocked type with an unlimited variant still never runs out', () => {
    const record = buildProductRecord({
      id: 'p', title: 'T', urlId: 't', collectionId: 'shop', productType: 'SERVICE', currency: 'USD',
      variants: [{ id: 'v', sku: 'S', priceCents: 100, qtyInStock: 0, unlimited: true }],
    });
    expect(cartProductFromRecord(record)!.variants[0]!.stock).toEqual({ unlimited: true, qtyInStock: 0 });
    expect(isSoldOut(record)).toBe(false);
  });
});
