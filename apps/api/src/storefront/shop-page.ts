import { toDecimalString, type ProductRecord, type Website } from '@storefront/domain';
import { escapeHtml, jsonForScript } from './html';

export type SiteContext = {
  website: { id: string; title: string; timeZone: string };
  storeSettings: { selectedCurrency: string };
  hasCart: boolean;
  authenticated: boolean;
  pageType: number;
};

function priceLabel(product: ProductRecord): string {
  const variant = product.structuredContent.variants[0];
  const regular = Number(variant.priceMoney.value);
  const currency = variant.priceMoney.currency;
  const format = (minor: number) => `$${toDecimalString(minor, currency)}`;
  return variant.onSale
    ? `<del>${format(regular)}</del> <strong>${format(Number(variant.salePriceMoney.value))}</strong>`
    : format(regular);
}

function soldOut(product: ProductRecord): boolean {
  return product.structuredContent.variants.every((v) => !v.unlimited && v.qtyInStock <= 0);
}

function productCard(product: ProductRecord): string {
  const available = product.structuredContent.variants.find((v) => v.unlimited || v.qtyInStock > 0);
  const attributes = available?.attributes ?? {};
  const options = product.structuredContent.variantOptionOrdering
    .filter((name) => attributes[name] !== undefined)
    .map((name) => `${escapeHtml(name)}: ${escapeHtml(attributes[name])}`)
    .join(', ');
  const action = available
    ? `<div data-island="add-to-cart" data-item-id="${escapeHtml(product.id)}" data-sku="${escapeHtml(available.sku)}" data-label="Add To Cart"></div>`
    : `<button type="button" disabled>Sold Out</button>`;
  return `<article class="product" data-item-id="${escapeHtml(product.id)}">
  <h2>${escapeHtml(product.title)}</h2>
  <p class="price">${priceLabel(product)}${product.structuredContent.onSale ? ' <span class="mark">sale</span>' : ''}${soldOut(product) ? ' <span class="mark">sold out</span>' : ''}</p>
  ${options ? `<p class="options">${options}</p>` : ''}
  ${action}
</article>`;
}

/** The demo shop page of the foundation: products with add-to-cart islands and the cart pill. */
export function renderShopPage(website: Website, products: ProductRecord[], context: SiteContext, headTags: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shop · ${escapeHtml(website.title)}</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #faf8f5; }
  header { display: flex; justify-content: space-between; align-items: center; padding: 1rem 1.5rem; border-bottom: 1px solid #e6e1da; }
  header a { color: inherit; text-decoration: none; font-weight: 600; }
  main { max-width: 1024px; margin: 0 auto; padding: 1.5rem; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 1.25rem; }
  .product { background: #fff; border: 1px solid #e6e1da; border-radius: 8px; padding: 1rem; }
  .product h2 { font-size: 1.05rem; margin: 0 0 .5rem; }
  .mark { font-size: .75rem; text-transform: uppercase; letter-spacing: .05em; color: #a0461f; }
  button { font: inherit; padding: .5rem 1rem; border-radius: 6px; border: 1px solid #1d1d1f; background: #1d1d1f; color: #fff; cursor: pointer; }
  button[disabled] { opacity: .5; cursor: default; }
</style>
${headTags}
</head>
<body>
<header>
  <a href="/">${escapeHtml(website.title)}</a>
  <nav aria-label="Cart"><div data-island="cart-pill"></div></nav>
</header>
<main>
  <h1>Shop</h1>
  <section class="grid" aria-label="Products">
${products.map(productCard).join('\n')}
  </section>
</main>
<script id="site-context" type="application/json">${jsonForScript(context)}</script>
</body>
</html>`;
}
