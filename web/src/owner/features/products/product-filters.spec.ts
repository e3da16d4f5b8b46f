import type { ProductRecord } from '@storefront/domain/catalog/product-record';
import { filterProducts, filtersFromSearch, NO_FILTERS, priceLabel, searchWithFilters, stockSummary } from './product-filters';
import type { ProductListing } from './products-api';

type V = { sku: string; price: number; sale?: number; stock?: number; unlimited?: boolean };

function listing(id: string, title: string, type: 1 | 2 | 3 | 4 | 5, variants: V[], extra: { enabled?: boolean; collectionId?: string } = {}): ProductListing {
  const money = (n: number) => ({ value: String(n), currency: 'USD' });
  return {
    id, title, name: title, urlId: id, fullUrl: `/shop/p/${id}`, collectionId: extra.collectionId ?? 'shop', recordType: 11, enabled: extra.enabled ?? true,
    structuredContent: {
      productType: type,
      variants: variants.map((v) => ({
        id: v.sku, sku: v.sku, attributes: {}, optionValues: [], priceMoney: money(v.price), salePriceMoney: money(v.sale ?? 0), price: v.price,
        salePrice: v.sale ?? 0, onSale: v.sale !== undefined, qtyInStock: v.stock ?? 0, unlimited: v.unlimited ?? false,
      })),
      isSubscribable: false, subscriptionPlan: null, priceMoney: money(variants[0]!.price), salePriceMoney: money(0), onSale: false,
      variantOptionOrdering: [], additionalFieldsFormId: null, additionalFieldsForm: null, useCustomAddButtonText: false, customAddButtonText: '', audioAssetUrl: null,
    },
  } as ProductRecord & { enabled: boolean };
}

const PRODUCTS = [
  listing('mug', 'Stoneware Mug', 1, [{ sku: 'MUG-SAND', price: 2800, stock: 40 }, { sku: 'MUG-MOSS', price: 2800, sale: 2400, stock: 3 }]),
  listing('vase', 'Bud Vase', 1, [{ sku: 'VASE', price: 3400, stock: 2 }]),
  listing('bowl', 'Serving Bowl', 1, [{ sku: 'BOWL', price: 6000, stock: 0 }], { enabled: false }),
  listing('book', 'Glaze Recipe Book', 2, [{ sku: 'BOOK-PDF', price: 1200 }]),
  listing('class', 'Wheel Class', 3, [{ sku: 'CLASS', price: 9500, unlimited: true }]),
  listing('gift', 'Gift Card', 4, [{ sku: 'G-25', price: 2500 }, { sku: 'G-100', price: 10000 }]),
  listing('other', 'Other Store Mug', 1, [{ sku: 'X', price: 1 }], { collectionId: 'outlet' }),
];

const titles = (f: Partial<typeof NO_FILTERS>) => filterProducts(PRODUCTS, 'shop', { ...NO_FILTERS, ...f }).map((p) => p.title);

describe('the products list', () => {
  it("lists one store's products by title", () => {
    expect(titles({})).toEqual(['Bud Vase', 'Gift Card', 'Glaze Recipe Book', 'Serving Bowl', 'Stoneware Mug', 'Wheel Class']);
  });

  it('searches titles and SKUs, any case and accents', () => {
    expect(titles({ query: 'mug' })).toEqual(['Stoneware Mug']);
    expect(titles({ query: 'moss' })).toEqual(['Stoneware Mug']);
    expect(titles({ query: 'GLAZÉ book' })).toEqual(['Glaze Recipe Book']);
    expect(titles({ query: 'nothing like it' })).toEqual([]);
  });

  it('filters by type, stock, sale and status', () => {
    expect(titles({ type: 'GIFT_CARD' })).toEqual(['Gift Card']);
    expect(titles({ stock: 'sold-out' })).toEqual(['Serving Bowl']);
    expect(titles({ stock: 'low' })).toEqual(['Bud Vase']);
    expect(titles({ stock: 'in-stock' })).toEqual(['Bud Vase', 'Stoneware Mug', 'Wheel Class']);
    expect(titles({ stock: 'not-tracked' })).toEqual(['Gift Card', 'Glaze Recipe Book']);
    expect(titles({ onSale: 'on-sale' })).toEqual(['Stoneware Mug']);
    expect(titles({ onSale: 'not-on-sale', type: 'PHYSICAL' })).toEqual(['Bud Vase', 'Serving Bowl']);
    expect(titles({ status: 'disabled' })).toEqual(['Serving Bowl']);
  });

  it('summarises stock the way the SPEC marks products', () => {
    expect(PRODUCTS.map((p) => stockSummary(p).kind)).toEqual(['in-stock', 'low', 'sold-out', 'not-tracked', 'unlimited', 'not-tracked', 'sold-out']);
    expect(stockSummary(PRODUCTS[0]!).total).toBe(43);
  });

  it('shows a price or the range buyers pay, sale prices counted', () => {
    expect(priceLabel(PRODUCTS[0]!, 'en-US')).toBe('$24.00 – $28.00');
    expect(priceLabel(PRODUCTS[1]!, 'en-US')).toBe('$34.00');
    expect(priceLabel(PRODUCTS[5]!, 'en-US')).toBe('$25.00 – $100.00');
  });

  it('keeps the filters in the query string, defaults left out, other parameters kept', () => {
    const params = searchWithFilters(new URLSearchParams('store=shop'), { ...NO_FILTERS, query: 'mug', stock: 'low' });
    expect(params.toString()).toBe('store=shop&q=mug&stock=low');
    expect(filtersFromSearch(params)).toEqual({ ...NO_FILTERS, query: 'mug', stock: 'low' });
    expect(filtersFromSearch(new URLSearchParams('type=BOGUS&status=enabled'))).toEqual({ ...NO_FILTERS, status: 'enabled' });
  });
});
