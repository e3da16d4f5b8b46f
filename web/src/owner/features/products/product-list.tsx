import { imageUrl } from '@storefront/domain/media/image-sizes';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { PRODUCT_TYPE_INFO, PRODUCT_TYPE_ORDER, PRODUCTS_PER_STORE, STORE_FULL_MESSAGE } from './product-draft';
import {
  filterProducts, filtersFromSearch, hasFilters, LOW_STOCK, NO_FILTERS, priceLabel, searchWithFilters, stockSummary, typeOf, type ProductFilters,
} from './product-filters';
import { useLibraryImagesQuery } from '../../app/media-api';
import { useListProductsQuery, type ImageAsset, type ProductListing } from './products-api';
import { productPageUrl, storeIdOf, useStore } from './use-store';
import './products.css';

/**
 * /config/products: one store page's products (a switcher when the site has several), with search
 * and filters kept in the address, the columns an owner scans (image, title, type, price, stock,
 * status), and an empty state that says what to do next.
 */
export function ProductList() {
  const [params, setParams] = useSearchParams();
  const { websiteId, stores, isLoading, error } = useStore();
  const products = useListProductsQuery({ websiteId: websiteId ?? '' }, { skip: !websiteId });
  const images = useLibraryImagesQuery();
  const filters = filtersFromSearch(params);
  const storeParam = params.get('store');
  const store = stores.find((s) => storeIdOf(s) === storeParam) ?? stores[0];
  const storeId = store ? storeIdOf(store) : null;

  const inStore = useMemo(() => (storeId && products.data ? products.data.filter((p) => p.collectionId === storeId) : []), [products.data, storeId]);
  const shown = useMemo(() => (storeId && products.data ? filterProducts(products.data, storeId, filters) : []), [products.data, storeId, filters]);
  const imagesById = useMemo(() => new Map((images.data ?? []).map((i) => [i.id, i])), [images.data]);
  const full = inStore.length >= PRODUCTS_PER_STORE;

  const setFilters = (next: ProductFilters) => setParams(searchWithFilters(params, next), { replace: true });
  const newProductHref = storeId ? `/products/new?store=${encodeURIComponent(storeId)}` : '/products/new';

  const header = (
    <PageHeader
      title="Products"
      subtitle={store ? `${store.title} · ${inStore.length} of ${PRODUCTS_PER_STORE} products` : 'Your store'}
      actions={
        store &&
        (full ? (
          <button type="button" className="ow-button ow-primary" disabled aria-describedby="pr-store-full">
            Add product
          </button>
        ) : (
          <Link className="ow-button ow-primary" to={newProductHref}>
            Add product
          </Link>
        ))
      }
    />
  );

  if (isLoading) return <>{header}<Loading what="your store" /></>;
  if (error) return <>{header}<Alert>{errorMessage(error, 'Unable to load your store. Please reload the page.')}</Alert></>;
  if (!store) {
    return (
      <>
        {header}
        <div className="pr-empty">
          <h2>Your site has no store page yet</h2>
          <p>Products are sold from a store page. Add a Products page to your site, then come back here to add what you sell.</p>
          <Link className="ow-button" to="/pages">
            Go to Pages
          </Link>
        </div>
      </>
    );
  }

  return (
    <>
      {header}
      {full && (
        <Alert kind="info">
          <span id="pr-store-full">{STORE_FULL_MESSAGE} Delete a product you no longer sell to add another.</span>
        </Alert>
      )}
      <Toolbar
        filters={filters}
        onChange={setFilters}
        stores={stores.length > 1 ? stores.map((s) => ({ id: storeIdOf(s), title: s.title })) : null}
        storeId={storeId!}
        onStore={(id) => {
          const next = new URLSearchParams(params);
          next.set('store', id);
          setParams(next, { replace: true });
        }}
      />
      {products.isLoading ? (
        <Loading what="products" />
      ) : products.error ? (
        <Alert>{errorMessage(products.error, 'Unable to load products. Please reload the page.')}</Alert>
      ) : inStore.length === 0 ? (
        <div className="pr-empty">
          <h2>No products yet</h2>
          <p>Add the first thing you sell in {store.title}: a physical product, a download, a service, a gift card or members-only content.</p>
          <Link className="ow-button ow-primary" to={newProductHref}>
            Add your first product
          </Link>
        </div>
      ) : shown.length === 0 ? (
        <div className="pr-empty">
          <h2>No products match</h2>
          <p>Nothing in {store.title} matches this search and these filters.</p>
          <button type="button" className="ow-button" onClick={() => setFilters(NO_FILTERS)}>
            Clear search and filters
          </button>
        </div>
      ) : (
        <>
          <p className="pr-count" role="status">
            {hasFilters(filters) ? `${shown.length} of ${inStore.length} products` : `${inStore.length} ${inStore.length === 1 ? 'product' : 'products'}`}
          </p>
          <div className="ow-table-wrap">
            <table className="ow-table pr-table">
              <caption className="pr-visually-hidden">Products in {store.title}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="pr-visually-hidden">Image</span>
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="ow-num">
                    Price
                  </th>
                  <th scope="col">Stock</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="pr-visually-hidden">Page</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => (
                  <ProductRow key={p.id} product={p} image={p.imageIds?.[0] ? imagesById.get(p.imageIds[0]) : undefined} pageUrl={productPageUrl(stores, p.collectionId, p.urlId)} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

function Toolbar({
  filters, onChange, stores, storeId, onStore,
}: {
  filters: ProductFilters;
  onChange: (f: ProductFilters) => void;
  stores: { id: string; title: string }[] | null;
  storeId: string;
  onStore: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="pr-toolbar" role="search" aria-label="Search and filter products">
      {stores && (
        <div className="ow-field pr-filter">
          <label htmlFor={`${id}-store`}>Store page</label>
          <select id={`${id}-store`} value={storeId} onChange={(e) => onStore(e.target.value)}>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="ow-field pr-search">
        <label htmlFor={`${id}-q`}>Search</label>
        <input id={`${id}-q`} type="search" placeholder="Title or SKU" value={filters.query} onChange={(e) => onChange({ ...filters, query: e.target.value })} />
      </div>
      <div className="ow-field pr-filter">
        <label htmlFor={`${id}-type`}>Type</label>
        <select id={`${id}-type`} value={filters.type} onChange={(e) => onChange({ ...filters, type: e.target.value as ProductFilters['type'] })}>
          <option value="all">All types</option>
          {PRODUCT_TYPE_ORDER.map((t) => (
            <option key={t} value={t}>
              {PRODUCT_TYPE_INFO[t].label}
            </option>
          ))}
        </select>
      </div>
      <div className="ow-field pr-filter">
        <label htmlFor={`${id}-stock`}>Stock</label>
        <select id={`${id}-stock`} value={filters.stock} onChange={(e) => onChange({ ...filters, stock: e.target.value as ProductFilters['stock'] })}>
          <option value="all">Any stock</option>
          <option value="in-stock">In stock</option>
          <option value="low">Low ({LOW_STOCK} or fewer)</option>
          <option value="sold-out">Sold out</option>
          <option value="not-tracked">Not tracked</option>
        </select>
      </div>
      <div className="ow-field pr-filter">
        <label htmlFor={`${id}-sale`}>Sale</label>
        <select id={`${id}-sale`} value={filters.onSale} onChange={(e) => onChange({ ...filters, onSale: e.target.value as ProductFilters['onSale'] })}>
          <option value="all">Any</option>
          <option value="on-sale">On sale</option>
          <option value="not-on-sale">Not on sale</option>
        </select>
      </div>
      <div className="ow-field pr-filter">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={filters.status} onChange={(e) => onChange({ ...filters, status: e.target.value as ProductFilters['status'] })}>
          <option value="all">Any status</option>
          <option value="enabled">Enabled</option>
          <option value="disabled">Disabled</option>
        </select>
      </div>
    </div>
  );
}

function ProductRow({ product: p, image, pageUrl }: { product: ProductListing; image?: ImageAsset; pageUrl: string | null }) {
  const stock = stockSummary(p);
  const variants = p.structuredContent.variants.length;
  return (
    <tr>
      <td className="pr-thumb-cell">
        {image ? <img className="pr-thumb" src={imageUrl(image, '100w')} alt="" loading="lazy" /> : <span className="pr-thumb pr-thumb-empty" aria-hidden="true">No image</span>}
      </td>
      <td className="pr-title-cell">
        <Link to={`/products/${encodeURIComponent(p.id)}`}>{p.title}</Link>
        <small>{variants === 1 ? p.structuredContent.variants[0]!.sku : `${variants} variants`}</small>
      </td>
      <td className="pr-type-cell">{PRODUCT_TYPE_INFO[typeOf(p)].label}</td>
      <td className="ow-num">
        {priceLabel(p)}
        {p.structuredContent.variants.some((v) => v.onSale) && typeOf(p) !== 'GIFT_CARD' && (
          <>
            {' '}
            <span className="pr-badge pr-badge-sale">Sale</span>
          </>
        )}
      </td>
      <td>
        {stock.kind === 'not-tracked' && <span className="pr-badge">Not tracked</span>}
        {stock.kind === 'unlimited' && 'Unlimited stock'}
        {stock.kind === 'sold-out' && <span className="pr-badge pr-badge-danger">Sold out</span>}
        {stock.kind === 'low' && <span className="pr-badge pr-badge-warn">{stock.total} left</span>}
        {stock.kind === 'in-stock' && `${stock.total} in stock`}
      </td>
      <td>{p.enabled ? <span className="pr-badge pr-badge-on">Enabled</span> : <span className="pr-badge pr-badge-off">Disabled</span>}</td>
      <td>
        {pageUrl && p.enabled && (
          <a href={pageUrl} target="_blank" rel="noopener" aria-label={`View ${p.title} on your site (opens in a new tab)`}>
            View ↗
          </a>
        )}
        {!p.enabled && <span className="ow-hint">Hidden from the shop</span>}
      </td>
    </tr>
  );
}
