import { productTypeName, type ProductTypeName, type ProductTypeNumber } from '@storefront/domain/catalog/product-record';
import { isOnSale, isSoldOut, totalStock } from '@storefront/domain/catalog/product-rules';
import { formatMoney, isSupportedCurrency } from '@storefront/domain/shared/money';
import type { ProductListing } from './products-api';

/**
 * The products list's search and filters (kept in the URL's query, so a reload or the back button
 * keeps them) and what each row shows. Pure, over the owner list's records.
 */
export type StockFilter = 'all' | 'in-stock' | 'low' | 'sold-out' | 'not-tracked';
export type ProductFilters = {
  query: string;
  type: ProductTypeName | 'all';
  stock: StockFilter;
  onSale: 'all' | 'on-sale' | 'not-on-sale';
  status: 'all' | 'enabled' | 'disabled';
};

export const NO_FILTERS: ProductFilters = { query: '', type: 'all', stock: 'all', onSale: 'all', status: 'all' };

/** At or under this many units in total, a product counts as low in stock. */
export const LOW_STOCK = 5;

const TYPES: ProductTypeName[] = ['PHYSICAL', 'DIGITAL', 'SERVICE', 'GIFT_CARD', 'PAYWALL'];

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function filtersFromSearch(params: URLSearchParams): ProductFilters {
  return {
    query: params.get('q') ?? '',
    type: oneOf(params.get('type'), ['all', ...TYPES], 'all'),
    stock: oneOf(params.get('stock'), ['all', 'in-stock', 'low', 'sold-out', 'not-tracked'], 'all'),
    onSale: oneOf(params.get('onSale'), ['all', 'on-sale', 'not-on-sale'], 'all'),
    status: oneOf(params.get('status'), ['all', 'enabled', 'disabled'], 'all'),
  };
}

/** The query string for `filters` (defaults left out), keeping the other parameters of `params`. */
export function searchWithFilters(params: URLSearchParams, filters: ProductFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) => (value === fallback || value === '' ? next.delete(key) : next.set(key, value));
  set('q', filters.query, '');
  set('type', filters.type, 'all');
  set('stock', filters.stock, 'all');
  set('onSale', filters.onSale, 'all');
  set('status', filters.status, 'all');
  return next;
}

export const hasFilters = (f: ProductFilters) => JSON.stringify(f) !== JSON.stringify(NO_FILTERS);

export function typeOf(p: ProductListing): ProductTypeName {
  return productTypeName(p.structuredContent.productType as ProductTypeNumber);
}

export type StockSummary = { kind: 'not-tracked' | 'unlimited' | 'sold-out' | 'low' | 'in-stock'; total: number };

/** SPEC 4: digital, gift card and paywall have no stock; physical and service are sold out when nothing is left. */
export function stockSummary(p: ProductListing): StockSummary {
  const type = typeOf(p);
  if (type === 'DIGITAL' || type === 'GIFT_CARD' || type === 'PAYWALL') return { kind: 'not-tracked', total: 0 };
  const total = totalStock(p);
  if (total === Number.MAX_SAFE_INTEGER) return { kind: 'unlimited', total };
  if (isSoldOut(p)) return { kind: 'sold-out', total: 0 };
  return { kind: total <= LOW_STOCK ? 'low' : 'in-stock', total };
}

function matchesStock(p: ProductListing, filter: StockFilter): boolean {
  const { kind } = stockSummary(p);
  switch (filter) {
    case 'all':
      return true;
    case 'in-stock':
      return kind === 'in-stock' || kind === 'low' || kind === 'unlimited';
    case 'low':
      return kind === 'low';
    case 'sold-out':
      return kind === 'sold-out';
    case 'not-tracked':
      return kind === 'not-tracked';
  }
}

const normal = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The store's products that match the search (title, URL or SKU) and every filter, by title. */
export function filterProducts(products: readonly ProductListing[], collectionId: string, f: ProductFilters): ProductListing[] {
  const words = normal(f.query).split(/\s+/).filter((w) => w !== '');
  return products
    .filter((p) => p.collectionId === collectionId)
    .filter((p) => {
      const text = normal([p.title, p.urlId, ...p.structuredContent.variants.map((v) => v.sku)].join(' '));
      return words.every((w) => text.includes(w));
    })
    .filter((p) => f.type === 'all' || typeOf(p) === f.type)
    .filter((p) => matchesStock(p, f.stock))
    .filter((p) => f.onSale === 'all' || isOnSale(p) === (f.onSale === 'on-sale'))
    .filter((p) => f.status === 'all' || p.enabled === (f.status === 'enabled'))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** What a buyer pays, '$28.00' or a range '$25.00 – $100.00' over the variants (sale prices counted). */
export function priceLabel(p: ProductListing, locale?: string): string {
  const variants = p.structuredContent.variants;
  const currency = variants[0]?.priceMoney.currency ?? p.structuredContent.priceMoney.currency;
  if (variants.length === 0 || !isSupportedCurrency(currency)) return '';
  const prices = variants.map((v) => Number((v.onSale ? v.salePriceMoney : v.priceMoney).value));
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? formatMoney(min, currency, locale) : `${formatMoney(min, currency, locale)} – ${formatMoney(max, currency, locale)}`;
}
