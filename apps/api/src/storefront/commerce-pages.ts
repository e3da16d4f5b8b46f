import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CART_PAGE_STRINGS, CHECKOUT_STRINGS, ORDER_PAGE_STRINGS, PAGE_TYPES, SUBSCRIPTION_STRINGS, type PageType, type ProductRecord, type ShoppingCartView } from '@storefront/domain';
import { GetShoppingCartQuery } from '../cart';
import { ProductCatalog, WebsiteDirectory } from '../catalog';
import { StoreOrders } from '../checkout';
import { ContentAccess } from '../security/content-access';
import type { CommerceInput, CommerceItem, ContentItem, PageContext, Seo } from '../theme';
import { ImageAssets } from './image-assets';
import type { Visitor } from './visitor';

/** The published paths of the purchase path (issue 13); they come before any page of the site. */
export type CommerceRoute = { kind: 'cart' } | { kind: 'checkout' } | { kind: 'subscription-checkout' } | { kind: 'order'; orderId: string; confirmed: boolean };

export const CART_PATH = '/cart';
/** Checkout's route (the SPEC does not show it): the cart page's button and express checkout come here. */
export const CHECKOUT_PATH = '/checkout';
/** The subscription checkout's route (the SPEC does not show it): the Subscribe button comes here with its cart token. */
export const SUBSCRIPTION_CHECKOUT_PATH = '/checkout/subscription';

export const subscriptionCheckoutUrl = (cartToken: string) => `${SUBSCRIPTION_CHECKOUT_PATH}?cartToken=${encodeURIComponent(cartToken)}`;

/** The commerce page `path` names, or null. Order pages: `/commerce/orders/{id}` (status) and `…/confirmed`. */
export function commerceRoute(path: string): CommerceRoute | null {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (p === CART_PATH) return { kind: 'cart' };
  if (p === CHECKOUT_PATH) return { kind: 'checkout' };
  if (p === SUBSCRIPTION_CHECKOUT_PATH) return { kind: 'subscription-checkout' };
  const order = /^\/commerce\/orders\/([^/]{1,100})(\/confirmed)?$/.exec(p);
  return order ? { kind: 'order', orderId: order[1]!, confirmed: order[2] !== undefined } : null;
}

/** Where a commerce path sends the visitor instead of rendering a page. */
export type CommerceRedirect = { kind: 'commerce-redirect'; redirect: string };

export const isCommerceRedirect = (value: PageContext | CommerceRedirect): value is CommerceRedirect => (value as CommerceRedirect).kind === 'commerce-redirect';

/** The frame every page has (navigation, site context, SEO), made by the page builder. */
export type CommerceFrame = (pageType: PageType, title: string) => Promise<PageContext & { seo: Seo }>;

/** How many products 'Customers also bought' shows. */
export const ALSO_BOUGHT_SHOWN = 4;

/**
 * Page contexts of the cart (200), checkout (201), order confirmed (202) and order status (211)
 * pages, as `commerce` (CommerceInput, theme/commerce-view.ts) on the usual frame. The cart is the
 * one the visitor's cart cookie names (its MAC checked: `visitor.cartId`); an order page needs the
 * order's access token (`?token=`), else it is not found, like an order that does not exist.
 */
@Injectable()
export class CommercePages {
  constructor(
    private readonly queries: QueryBus,
    private readonly catalog: ProductCatalog,
    private readonly images: ImageAssets,
    private readonly access: ContentAccess,
    private readonly websites: WebsiteDirectory,
    private readonly orders: StoreOrders,
  ) {}

  /**
   * The page's context, null for an order the visitor may not see (the caller answers 404), or
   * where to send the visitor instead: checkout without an open cart, for the buyer whose checkout
   * receipt names an order, is that order's confirmed page (a reload while placing the order lost
   * its answer; coming back after placing it).
   */
  async context(route: CommerceRoute, query: Record<string, unknown>, visitor: Visitor, frame: CommerceFrame): Promise<PageContext | CommerceRedirect | null> {
    if (route.kind === 'order') return this.orderPage(route.orderId, route.confirmed, query.token, visitor, frame);
    if (route.kind === 'subscription-checkout') return this.subscriptionCheckoutPage(query.cartToken, visitor, frame);
    return this.cartPage(route.kind, visitor, frame);
  }

  /**
   * The subscription checkout (page type 201, like checkout) of the cart `cartToken` names, for
   * the browser that created it only (its subscription cart cookie names it): anyone else, like
   * a token that names nothing, is not found. Once checked out it sends the buyer on to the
   * order's confirmed page (a reload after paying, coming back later).
   */
  private async subscriptionCheckoutPage(cartToken: unknown, visitor: Visitor, frame: CommerceFrame): Promise<PageContext | CommerceRedirect | null> {
    if (typeof cartToken !== 'string' || !visitor.subscriptionCartToken || cartToken !== visitor.subscriptionCartToken) return null;
    const cart = await this.orders.subscriptionCart(cartToken);
    if (!cart || !cart.subscriptionPlan) return null;
    if (cart.orderId) {
      const confirmed = await this.orders.confirmedUrlOf(cart.orderId);
      if (confirmed) return { kind: 'commerce-redirect', redirect: confirmed };
    }
    const products = await this.products([...new Set(cart.entries.map((e) => e.itemId))]);
    const productUrl = products[0]?.fullUrl ?? null;
    const commerce: CommerceInput = {
      kind: 'checkout',
      cart: cart.orderId ? null : cart,
      purchasedCartId: cart.orderId ? cart.id : null,
      items: await this.itemsOf(products),
      minimumSubtotalCents: 0,
      continueUrl: productUrl ?? storeUrlOf(products[0] ?? null),
      checkoutUrl: subscriptionCheckoutUrl(cartToken),
      cartUrl: productUrl ?? CART_PATH,
      recommendations: [],
      subscription: { cartToken, plan: cart.subscriptionPlan },
    };
    const page = await frame(PAGE_TYPES.checkout, SUBSCRIPTION_STRINGS.title);
    page.seo.canonicalUrl = null;
    return { ...page, commerce };
  }

  private async cartPage(kind: 'cart' | 'checkout', visitor: Visitor, frame: CommerceFrame): Promise<PageContext | CommerceRedirect> {
    const cartId = visitor.cartId ?? null;
    const [found, settings] = await Promise.all([
      cartId ? this.queries.execute<GetShoppingCartQuery, ShoppingCartView | null>(new GetShoppingCartQuery(cartId)) : null,
      this.websites.storeSettings(),
    ]);
    const cart = found && !found.isPurchased && found.entries.length > 0 ? found : null;
    if (kind === 'checkout' && !cart && visitor.receiptOrderId) {
      const confirmed = await this.orders.confirmedUrlOf(visitor.receiptOrderId);
      if (confirmed) return { kind: 'commerce-redirect', redirect: confirmed };
    }
    const itemIds = [...new Set((cart?.entries ?? []).map((e) => e.itemId))];
    const products = await this.products(itemIds);
    const recommendations = kind === 'cart' && itemIds.length > 0 ? await this.alsoBought(itemIds, visitor) : [];
    const [items, recommended] = await Promise.all([this.itemsOf(products), this.withImages(recommendations)]);
    const firstProduct = products[0] ?? (await this.catalog.listProducts())[0] ?? null;
    const commerce: CommerceInput = {
      kind,
      cart,
      purchasedCartId: kind === 'checkout' && found?.isPurchased ? found.id : null,
      items,
      minimumSubtotalCents: settings.checkoutMinimumSubtotalCents,
      continueUrl: storeUrlOf(firstProduct),
      checkoutUrl: CHECKOUT_PATH,
      cartUrl: CART_PATH,
      recommendations: recommended,
    };
    const page = await frame(kind === 'cart' ? PAGE_TYPES.cart : PAGE_TYPES.checkout, kind === 'cart' ? CART_PAGE_STRINGS.title : CHECKOUT_STRINGS.title);
    return { ...page, commerce };
  }

  private async orderPage(orderId: string, confirmed: boolean, token: unknown, visitor: Visitor, frame: CommerceFrame): Promise<PageContext | null> {
    const found = await this.orders.forBuyer(orderId, token);
    if (!found) return null;
    const itemIds = [...new Set(found.order.items.map((i) => i.itemId))];
    const products = await this.products(itemIds);
    const commerce: CommerceInput = {
      kind: 'order',
      confirmed,
      order: found.order,
      orderNumber: found.orderNumber,
      statusUrl: found.statusUrl,
      absoluteStatusUrl: `${visitor.baseUrl}${found.statusUrl}`,
      items: await this.itemsOf(products),
      continueUrl: storeUrlOf(products[0] ?? (await this.catalog.listProducts())[0] ?? null),
      ...(confirmed ? { purchasedCartId: found.purchasedCartId } : {}),
    };
    // A subscription's confirmation is its own page type (206, 'subscription confirmed').
    const subscription = found.order.subscription ?? null;
    const page = confirmed
      ? await frame(subscription ? PAGE_TYPES.subscriptionConfirmed : PAGE_TYPES.orderConfirmed, subscription ? SUBSCRIPTION_STRINGS.confirmedEyebrow : ORDER_PAGE_STRINGS.confirmedEyebrow)
      : await frame(PAGE_TYPES.orderStatus, ORDER_PAGE_STRINGS.statusEyebrow);
    // The status link carries the order's secret: the page is not for search engines.
    page.seo.canonicalUrl = null;
    return { ...page, commerce };
  }

  /** The enabled products of these ids that still exist, in the same order. */
  private async products(itemIds: string[]): Promise<ProductRecord[]> {
    const found = await Promise.all(itemIds.map((id) => this.catalog.findProduct(id)));
    return found.filter((p): p is ProductRecord => p !== null);
  }

  /** Each product's page, main image and its variants' own images (one query for all), for the lines' thumbnails. */
  private async itemsOf(products: ProductRecord[]): Promise<Record<string, CommerceItem>> {
    const variantImageIds = products.flatMap((p) => p.structuredContent.variants.map((v) => v.imageId));
    const assets = await this.images.byIds([...products.map((p) => p.mainImageId), ...variantImageIds]);
    return Object.fromEntries(
      products.map((p) => {
        const variantImages = p.structuredContent.variants.flatMap((v) => {
          const asset = v.imageId ? assets.get(v.imageId) : undefined;
          return asset ? [[v.sku, asset] as const] : [];
        });
        return [p.id, {
          url: p.fullUrl,
          image: (p.mainImageId && assets.get(p.mainImageId)) || null,
          optionOrder: p.structuredContent.variantOptionOrdering,
          title: p.title,
          ...(variantImages.length > 0 ? { variantImages: Object.fromEntries(variantImages) } : {}),
        }];
      }),
    );
  }

  /** 'Customers also bought': products bought with these in real orders, that this visitor may see. */
  private async alsoBought(itemIds: string[], visitor: Visitor): Promise<ProductRecord[]> {
    const ids = await this.orders.alsoBought(itemIds, ALSO_BOUGHT_SHOWN * 2);
    const products = await this.products(ids);
    const readable = await Promise.all(products.map((p) => this.access.canReadProduct(p, visitor)));
    return products.filter((_p, i) => readable[i]).slice(0, ALSO_BOUGHT_SHOWN);
  }

  /** Products as the content items product cards print (main image resolved). */
  private async withImages(products: ProductRecord[]): Promise<ContentItem[]> {
    const assets = await this.images.byIds(products.map((p) => p.mainImageId));
    return products.map((p): ContentItem => {
      const mainImage = (p.mainImageId && assets.get(p.mainImageId)) || null;
      return { ...p, mainImageId: p.mainImageId ?? null, excerpt: '', mainImage, assetUrl: mainImage?.assetUrl ?? null };
    });
  }
}

/** The store page a product belongs to (`/shop` for `/shop/p/mug`); the home page without one. */
function storeUrlOf(product: ProductRecord | null): string {
  const url = product?.fullUrl ?? '';
  const store = url.replace(/\/p\/[^/]+$/, '');
  return store !== url && store.startsWith('/') ? store : '/';
}
