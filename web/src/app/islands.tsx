import { PRODUCT_TYPES } from '@storefront/domain/catalog/product-record';
import { AddToCartButton, type AddToCartChoice } from '../features/cart/add-to-cart-button';
import { parseAddedItemImage } from '../features/cart/added-item-slice';
import { productPageOf } from '../features/cart/track-add-to-cart';
import { CartPill } from '../features/cart/cart-pill';
import { parseExtraFieldsForm, readProductData, type ProductData } from '../features/product/product-data';
import { ProductCardImage, ProductGallery } from '../features/product/product-gallery';
import { ProductOptions } from '../features/product/product-options';
import { ProductPrice } from '../features/product/product-price';
import { ProductQuantity } from '../features/product/product-quantity';
import { ProductScarcity } from '../features/product/product-scarcity';
import { useProductChoice } from '../features/product/use-product-choice';
import { extraFieldsAsk, preloadExtraFields } from './extra-fields';
import { mountWhenLoaded, whenInteracted, whenNearViewport } from './lazy-island';
import type { IslandRender } from './mount-islands';
import { ProductAddToCart, ProductInstallmentPill } from './product-islands';
import { expressCheckoutOn, shouldLoadCart } from './site-context';

export type { IslandRender } from './mount-islands';

/** The cart and checkout pages' islands: one chunk of their own, which no other page loads. */
const purchasePath = () => import('../features/checkout/purchase-path');

/** The form and newsletter islands: a chunk loaded only by a page that shows a form. */
const formIsland = () => import('../features/forms/form-island');

/** The back-in-stock sign-up: a chunk loaded only by a product page that offers it. */
const restockIsland = () => import('../features/restock/restock-island');
/** The restock island's view of the visitor's choice (passed in, so its chunk imports nothing of the entry's). */
const useChosenVariant = (product: ProductData) => useProductChoice(product).variant;

const locale = () => document.documentElement.lang || undefined;

/** The option values the server's selects hold (chosen before the islands took over, or restored by the browser). */
function selectedOptions(element: HTMLElement): Record<string, string> {
  const options: Record<string, string> = {};
  for (const select of element.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')) {
    if (select.value !== '') options[select.dataset.variantOptionName!] = select.value;
  }
  return options;
}

/** A product island: its element's product root, or nothing to mount. */
const withProduct = (render: (product: ProductData, element: HTMLElement) => ReturnType<IslandRender>): IslandRender => (_data, _context, element) => {
  const product = readProductData(element);
  return product ? render(product, element) : null;
};

/** What each `data-island` name mounts, from the element's data attributes, the page's site context and the element itself. */
export const islands: Record<string, IslandRender> = {
  'cart-page': (data, _context, element) => mountWhenLoaded(element, 'cart page', async () => (await purchasePath()).renderCartPage(data)),
  checkout: (data, _context, element) => mountWhenLoaded(element, 'checkout', async () => (await purchasePath()).renderCheckout(data)),
  form: (_data, _context, element) => mountWhenLoaded(element, 'form', async () => (await formIsland()).renderFormIsland(element)),
  // The footer's newsletter, on every page, loads its chunk only near the viewport (`data-load="visible"`),
  // or on the cart and checkout pages only once the visitor uses it (`data-load="interaction"`).
  newsletter: (data, _context, element) => {
    const mount = () => mountWhenLoaded(element, 'newsletter', async () => (await formIsland()).renderFormIsland(element));
    if (data.load === 'visible') return whenNearViewport(element, mount);
    if (data.load === 'interaction') return whenInteracted(element, mount);
    return mount();
  },
  restock: (_data, _context, element) =>
    mountWhenLoaded(element, 'restock', async () => (await restockIsland()).renderRestockIsland(element, { product: readProductData(element), useChosenVariant })),
  'cart-pill': (_data, context) => <CartPill loadCart={shouldLoadCart(context)} locale={locale()} />,
  'add-to-cart': (data, context, element) => {
    if (!data.itemId) return null;
    const express = expressCheckoutOn(context);
    const product = readProductData(element);
    if (product) return <ProductAddToCart product={product} express={express} />;
    // A list grid's card: its one variant, or 'Select Option' for a product with options (SPEC 4).
    const sku = data.sku ?? '';
    const choose = (): AddToCartChoice => (data.needsOptions === 'true' || !sku ? { kind: 'selectOption' } : { kind: 'add', sku, quantity: 1 });
    const extraFields = parseExtraFieldsForm(data.extraFields);
    if (extraFields && data.soldOut !== 'true') preloadExtraFields();
    return (
      <AddToCartButton
        itemId={data.itemId}
        label={data.label || ''}
        title={data.title || undefined}
        soldOut={data.soldOut === 'true'}
        express={express}
        subscribe={data.subscribable === 'true'}
        giftCard={data.productType === String(PRODUCT_TYPES.GIFT_CARD)}
        choose={choose}
        popoverKey={data.productPage === 'plp' ? `plp-${data.itemId}` : undefined}
        popoverImage={parseAddedItemImage(data.thumb)}
        askExtraFields={extraFieldsAsk(extraFields, data.title || '')}
        tracking={productPageOf(data.productPage) && { productPage: productPageOf(data.productPage)!, collectionId: data.collectionId ?? '', itemTitle: data.title ?? '', productType: Number(data.productType) }}
      />
    );
  },
  'product-options': withProduct((product, element) => <ProductOptions product={product} initial={selectedOptions(element)} />),
  'product-quantity': withProduct((product, element) => (
    <ProductQuantity product={product} initial={element.querySelector<HTMLInputElement>('input[name="quantity"]')?.value} />
  )),
  'product-price': withProduct((product) => <ProductPrice product={product} locale={locale()} />),
  'product-scarcity': withProduct((product, element) => (
    <ProductScarcity
      product={product}
      onShown={(shown) => {
        element.hidden = !shown;
      }}
    />
  )),
  // Only a product with more than one image has anything to switch between.
  'product-images': withProduct((product, element) =>
    product.images.length < 2 ? null : element.classList.contains('product-gallery') ? <ProductGallery product={product} /> : <ProductCardImage product={product} />,
  ),
  'installment-pill': withProduct((product) => (product.installments ? <ProductInstallmentPill product={product} locale={locale()} /> : null)),
  // The lightbox (SPEC 3 `lightbox`) and the slideshow/slider's moving parts are a chunk of their
  // own, loaded only by a page whose gallery needs them; the gallery's markup stays the server's
  // (without the chunk its links open the image and its slides scroll and snap).
  gallery: (data, _context, element) => {
    if (data.lightbox === 'true' || data.design === 'slideshow' || data.design === 'slider') {
      import('../features/gallery/gallery').then(
        (gallery) => gallery.enhanceGallery(element),
        (error: unknown) => console.error('The gallery island failed to load', error),
      );
    }
    return null;
  },
};
