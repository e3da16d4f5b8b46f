/**
 * The commerce pages' view (issue 13): the cart page (200), checkout (201), order confirmed (202)
 * and order status (211). The page builder gives `commerce` (CommerceInput: the cart or the order
 * and what the page knows of their products); `commerceView` turns it into what the templates print
 * and what the islands start from (`islandJson`). Money is formatted by the domain's formatMoney,
 * lines by the domain's cartPageView, the very functions the islands use.
 */
import {
  CART_EDITING_TITLES, CART_ERROR_MESSAGES, CART_PAGE_STRINGS, CHECKOUT_ERROR_MESSAGES, cartPageView, CHECKOUT_STRINGS, fillString, formatMoney, isSupportedCurrency, lineImage, ORDER_PAGE_STRINGS,
  regionRequired, SHIPPING_COUNTRIES, shippingAddressLines, SUBSCRIPTION_STRINGS, subscriptionTerms, type AdditionalFieldLine, type SubscriptionPlanFacts, type CartImage, type CartPageIslandData,
  type CartItemMeta, type CartPageView, type OrderView, type ShoppingCartView,
} from '@storefront/domain';
import { imageView, type ImageAsset } from './image-view';
import type { ContentItem } from './page-context';

/**
 * What a commerce page knows of one product: its page, thumbnail (main image), option order and,
 * by SKU, the images of variants that have one of their own.
 */
export type CommerceItem = { url: string | null; image: ImageAsset | null; optionOrder?: string[]; title?: string; variantImages?: Record<string, ImageAsset> };

/** The buyer's view of an order (no cart id, no store note). */
export type BuyerOrderView = Omit<OrderView, 'purchasedCartId' | 'cancelReason'>;

export type CartPageInput = {
  kind: 'cart' | 'checkout';
  /** The visitor's open cart, or null (none, empty, or bought). */
  cart: ShoppingCartView | null;
  /** The cart id the visitor's cookie names when that cart was bought (checkout: a reload after paying). */
  purchasedCartId: string | null;
  items: Record<string, CommerceItem>;
  minimumSubtotalCents: number;
  continueUrl: string;
  checkoutUrl: string;
  cartUrl: string;
  /** 'Customers also bought': product items (records with mainImage), decorated as product cards. */
  recommendations: ContentItem[];
  /** The subscription checkout: `cart` is the subscription cart, billed on `plan`. */
  subscription?: { cartToken: string; plan: SubscriptionPlanFacts } | null;
};

export type OrderPageInput = {
  kind: 'order';
  confirmed: boolean;
  order: BuyerOrderView;
  orderNumber: number | null;
  statusUrl: string;
  /** The status link in full, to copy. */
  absoluteStatusUrl: string;
  items: Record<string, CommerceItem>;
  continueUrl: string;
  /** The order confirmed page only: the cart the order was bought from, for its analytics data (the tracker's 'order-confirmed'). */
  purchasedCartId?: string;
};

export type CommerceInput = CartPageInput | OrderPageInput;

/** Cart thumbnails: 96 px boxes (80 on phones). */
const THUMB_SIZES = '96px';

const thumb = (asset: ImageAsset | null, alt: string): CartImage | null => {
  if (!asset) return null;
  const v = imageView(asset, { sizes: THUMB_SIZES, fallbackAlt: alt });
  return { src: v.src, srcset: v.srcset, sizes: v.sizes, width: v.width || null, height: v.height || null, alt: v.alt };
};

function itemMeta(items: Record<string, CommerceItem>): Record<string, CartItemMeta> {
  return Object.fromEntries(
    Object.entries(items).map(([id, item]) => {
      const variantImages = Object.entries(item.variantImages ?? {}).flatMap(([sku, asset]) => {
        const image = thumb(asset, item.title ?? '');
        return image ? [[sku, image] as const] : [];
      });
      return [id, {
        url: item.url,
        image: thumb(item.image, item.title ?? ''),
        ...(item.optionOrder ? { optionOrder: item.optionOrder } : {}),
        ...(variantImages.length > 0 ? { variantImages: Object.fromEntries(variantImages) } : {}),
      }];
    }),
  );
}

/** JSON for a data attribute: `</` cannot close anything there, but keep the payload plain. */
const json = (value: unknown) => JSON.stringify(value);

const STRINGS = {
  cart: CART_PAGE_STRINGS,
  checkout: CHECKOUT_STRINGS,
  order: ORDER_PAGE_STRINGS,
  subscription: SUBSCRIPTION_STRINGS,
  emptyCart: CART_ERROR_MESSAGES.CART_NOT_FOUND,
  cartClosed: CART_ERROR_MESSAGES.CART_CLOSED,
  editing: CART_EDITING_TITLES,
};

export type CheckoutFormView = {
  requiresShipping: boolean;
  countries: { code: string; name: string; selected: boolean }[];
  regionLabel: string;
  cards: { token: string; label: string; checked: boolean }[];
  shipping: string;
  tax: string;
  total: string;
  /** 'Order total', or a subscription's 'Due today' (its first payment). */
  totalLabel: string;
  /** A subscription's plan ('$8.00 every month') and payments ('Until you cancel'); null for a shopping checkout. */
  plan: { price: string; billing: string } | null;
};

function checkoutForm(cart: ShoppingCartView | null, page: CartPageView, locale: string, plan: SubscriptionPlanFacts | null): CheckoutFormView {
  const currency = page.currency;
  const country = 'US';
  return {
    requiresShipping: cart?.requiresShipping ?? false,
    countries: Object.entries(SHIPPING_COUNTRIES).map(([code, name]) => ({ code, name, selected: code === country })),
    regionLabel: regionRequired(country) ? CHECKOUT_STRINGS.region : CHECKOUT_STRINGS.regionOptional,
    cards: [
      { token: 'tok_visa', label: CHECKOUT_STRINGS.cardVisa, checked: true },
      { token: 'tok_chargeDeclined', label: CHECKOUT_STRINGS.cardDeclined, checked: false },
      { token: 'tok_insufficientFunds', label: CHECKOUT_STRINGS.cardInsufficientFunds, checked: false },
    ],
    shipping: (cart?.shippingCostCents ?? 0) === 0 ? CHECKOUT_STRINGS.free : formatMoney(cart!.shippingCostCents, currency, locale),
    tax: formatMoney(cart?.taxCents ?? 0, currency, locale),
    total: formatMoney(cart?.grandTotalCents ?? 0, currency, locale),
    totalLabel: plan ? SUBSCRIPTION_STRINGS.dueToday : CHECKOUT_STRINGS.total,
    plan: plan ? subscriptionTerms(plan, cart?.subtotalCents ?? 0, currency, locale) : null,
  };
}

/** A variant's options in the product's order (stored attributes keep no order of their own). */
function orderedOptions(attributes: Record<string, string>, order: string[] | undefined): { name: string; value: string }[] {
  const names = Object.keys(attributes);
  const ordered = order ? [...order.filter((n) => names.includes(n)), ...names.filter((n) => !order.includes(n))] : names;
  return ordered.map((name) => ({ name, value: attributes[name]! }));
}

export type OrderLineView = { title: string; options: string; additionalFields: AdditionalFieldLine[]; quantity: string; unitPrice: string; lineTotal: string; url: string | null; image: CartImage | null };

function orderView(input: OrderPageInput, locale: string, timeZone: string) {
  const { order } = input;
  const currency = isSupportedCurrency(order.currency) ? order.currency : 'USD';
  const money = (m: { value: string }) => formatMoney(Number(m.value), currency, locale);
  const date = (iso: string | null) => {
    if (!iso) return '';
    const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone } as const;
    try {
      return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
    } catch {
      return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(iso));
    }
  };
  const meta = itemMeta(input.items);
  const status = order.fulfillmentStatus;
  const s = ORDER_PAGE_STRINGS;
  const lines: OrderLineView[] = order.items.map((item) => ({
    title: item.productName,
    options: orderedOptions(item.attributes ?? {}, meta[item.itemId]?.optionOrder).map(({ name, value }) => `${name}: ${value}`).join(', '),
    additionalFields: item.additionalFields ?? [],
    quantity: fillString(CHECKOUT_STRINGS.quantity, { quantity: item.quantity }),
    unitPrice: fillString(CART_PAGE_STRINGS.each, { price: money(item.unitPrice) }),
    lineTotal: money(item.lineTotal),
    url: meta[item.itemId]?.url ?? null,
    image: lineImage(meta[item.itemId], item.sku),
  }));
  return {
    confirmed: input.confirmed,
    reference: input.orderNumber !== null
      ? fillString(s.orderNumber, { number: input.orderNumber })
      : fillString(s.orderReference, { reference: order.id.slice(0, 8).toUpperCase() }),
    placedOn: fillString(s.placedOn, { date: date(order.createdOn) }),
    statusKey: status === 'FULFILLED' ? 'fulfilled' : status === 'CANCELED' ? 'cancelled' : 'placed',
    statusLabel: status === 'FULFILLED' ? s.statusFulfilled : status === 'CANCELED' ? s.statusCancelled : s.statusPlaced,
    statusText: status === 'FULFILLED'
      ? fillString(s.textFulfilled, { date: date(order.fulfilledOn) })
      : status === 'CANCELED'
        ? fillString(s.textCancelled, { date: date(order.cancelledOn) })
        : s.textPlaced,
    testMode: order.testMode,
    email: order.customerEmail,
    shipTo: order.shippingAddress ? shippingAddressLines(order.shippingAddress) : [],
    lines,
    subtotal: money(order.subtotal),
    shipping: Number(order.shippingTotal.value) === 0 ? CHECKOUT_STRINGS.free : money(order.shippingTotal),
    tax: money(order.taxTotal),
    total: money(order.grandTotal),
    statusUrl: input.statusUrl,
    absoluteStatusUrl: input.absoluteStatusUrl,
    // A subscription order: its plan, per period as the product page words it, and its payments.
    subscription: order.subscription ? subscriptionTerms(order.subscription, Number(order.subtotal.value), currency, locale) : null,
  };
}

export type CommerceView = ReturnType<typeof commerceView>;

/**
 * The view of a commerce page. `decorateItem` gives a recommended product its card view (the same
 * `view` every product card gets).
 */
export function commerceView(input: CommerceInput, env: { locale: string; timeZone: string }, decorateItem: (item: ContentItem) => ContentItem) {
  if (input.kind === 'order') {
    return { kind: input.kind, strings: STRINGS, continueUrl: input.continueUrl, order: orderView(input, env.locale, env.timeZone) };
  }
  const meta = itemMeta(input.items);
  const settings = { minimumSubtotalCents: input.minimumSubtotalCents, locale: env.locale };
  const subscription = input.kind === 'checkout' ? input.subscription ?? null : null;
  const page = cartPageView(input.cart, meta, settings);
  const island: CartPageIslandData = {
    cart: input.cart,
    meta,
    settings,
    purchasedCartId: input.purchasedCartId,
    urls: { checkout: input.checkoutUrl, cart: input.cartUrl, continue: input.continueUrl },
    ...(subscription ? { subscription: { cartToken: subscription.cartToken } } : {}),
  };
  const checkout = input.kind === 'checkout' ? checkoutForm(input.cart, page, env.locale, subscription?.plan ?? null) : null;
  return {
    kind: input.kind,
    strings: STRINGS,
    // What differs between the shopping and the subscription checkout: the heading, the way back,
    // the summary's title and the button (the form and the summary's rows are the same).
    heading: subscription ? SUBSCRIPTION_STRINGS.title : CHECKOUT_STRINGS.title,
    back: subscription ? { url: input.cartUrl, text: SUBSCRIPTION_STRINGS.backToProduct } : { url: input.cartUrl, text: CHECKOUT_STRINGS.backToCart },
    summaryTitle: subscription ? SUBSCRIPTION_STRINGS.summary : CHECKOUT_STRINGS.orderSummary,
    closedText: subscription ? CHECKOUT_ERROR_MESSAGES.SUBSCRIPTION_CHECKED_OUT : CART_ERROR_MESSAGES.CART_CLOSED,
    // A template's {.section} sees only the node it is in: the checkout form's fields sit in `page`.
    page: {
      ...page,
      // A subscription's line also reads as its plan: '$8.00 every month' (times the quantity).
      lines: checkout?.plan ? page.lines.map((line) => ({ ...line, plan: checkout.plan!.price })) : page.lines,
      checkout,
      placeLabel: subscription ? SUBSCRIPTION_STRINGS.place : CHECKOUT_STRINGS.placeOrder,
    },
    purchased: input.purchasedCartId !== null,
    continueUrl: input.continueUrl,
    checkoutUrl: input.checkoutUrl,
    cartUrl: input.cartUrl,
    recommendations: input.recommendations.map(decorateItem),
    islandJson: json(island),
  };
}
