import { CHECKOUT_ERROR_MESSAGES } from '../shared/error-catalogue';
import { formatMoney, isSupportedCurrency, multiplyMinor, sumMinor } from '../shared/money';
import { CART_PAGE_STRINGS, CHECKOUT_STRINGS } from '../shared/commerce-strings';
import { additionalFieldLines, type AdditionalFieldLine } from './additional-fields';
import type { CartEntryView, ShoppingCartView } from './shopping-cart-view';

/**
 * What the cart page shows (issue 13), from the cart and what the page knows of each product (its
 * link and thumbnail). Pure: the server renders the page from it and the cart page island renders
 * the same lines from it after every change, so both print the same words and amounts
 * (`formatMoney`, the same function on both sides).
 */

/** A thumbnail as the page prints it (the theme's image view, reduced to what an <img> needs). */
export type CartImage = { src: string; srcset: string; sizes: string; width: number | null; height: number | null; alt: string };

/**
 * What the page knows of a product beside the cart: where it lives, its thumbnail (the main image)
 * and, by SKU, the thumbnails of variants that have an image of their own (issue 13).
 */
export type CartItemMeta = { url: string | null; image: CartImage | null; optionOrder?: string[]; variantImages?: Record<string, CartImage> };

/** A line's thumbnail: its variant's own image, else the product's main image; null without either. */
export function lineImage(item: CartItemMeta | undefined, sku: string): CartImage | null {
  const own = item?.variantImages && Object.prototype.hasOwnProperty.call(item.variantImages, sku) ? item.variantImages[sku] : undefined;
  return own ?? item?.image ?? null;
}

export type CartPageLine = {
  id: string;
  itemId: string;
  title: string;
  url: string | null;
  image: CartImage | null;
  /** The chosen variant's options in the product's order: [{ name: 'Glaze', value: 'Moss' }]. */
  options: { name: string; value: string }[];
  /** The entry's additional fields (its form's answers) as 'label: value' lines, text to escape. */
  additionalFields: AdditionalFieldLine[];
  quantity: number;
  unitPriceCents: number;
  /** '$28.00' */
  unitPrice: string;
  /** '$28.00 each' */
  each: string;
  /** 'Qty 2' (the checkout summary) */
  quantityText: string;
  lineTotal: string;
  labels: { remove: string; decrease: string; increase: string; quantity: string };
};

export type CartPageView = {
  empty: boolean;
  lines: CartPageLine[];
  currency: string;
  totalQuantity: number;
  subtotalCents: number;
  subtotal: string;
  /** 'To check out, your order subtotal must be $50.00 or more.' while the cart is below the store's minimum. */
  minimumMessage: string | null;
  canCheckout: boolean;
};

export type CartPageSettings = { minimumSubtotalCents: number; locale?: string; currency?: string };

/** `{name}` placeholders filled from `values` (unknown names stay as they are). */
export function fillString(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The minimum-subtotal message for a store minimum, in the cart's currency. */
export function checkoutMinimumMessage(minimumSubtotalCents: number, currency: string, locale?: string): string {
  return fillString(CHECKOUT_ERROR_MESSAGES.CHECKOUT_MINIMUM_SUBTOTAL, { subtotal: formatMoney(minimumSubtotalCents, currency, locale) });
}

function optionsOf(entry: CartEntryView, order: string[] | undefined): { name: string; value: string }[] {
  const attributes = entry.chosenVariant.attributes ?? {};
  const names = Object.keys(attributes);
  const ordered = order ? [...order.filter((n) => names.includes(n)), ...names.filter((n) => !order.includes(n))] : names;
  return ordered.map((name) => ({ name, value: attributes[name]! }));
}

/**
 * The cart page for `cart` (null: no open cart). `quantities` overrides entries' quantities with
 * what the visitor has asked for and the server has not answered yet (the island's optimistic
 * edits), so line totals and the subtotal follow at once; an entry at 0 is left out.
 */
export function cartPageView(
  cart: ShoppingCartView | null,
  meta: Record<string, CartItemMeta | undefined>,
  settings: CartPageSettings,
  quantities: Record<string, number> = {},
): CartPageView {
  const currency = cart && isSupportedCurrency(cart.currency) ? cart.currency : settings.currency && isSupportedCurrency(settings.currency) ? settings.currency : 'USD';
  const money = (minor: number) => formatMoney(minor, currency, settings.locale);
  const lines: CartPageLine[] = [];
  for (const entry of cart?.entries ?? []) {
    const quantity = quantities[entry.id] ?? entry.quantity;
    if (quantity <= 0) continue;
    const item = meta[entry.itemId];
    const unitPrice = money(entry.purchasePriceCents);
    const title = entry.title;
    lines.push({
      id: entry.id,
      itemId: entry.itemId,
      title,
      url: item?.url ?? null,
      image: lineImage(item, entry.chosenVariant.sku),
      options: optionsOf(entry, item?.optionOrder),
      additionalFields: additionalFieldLines(entry.additionalFields),
      quantity,
      unitPriceCents: entry.purchasePriceCents,
      unitPrice,
      each: fillString(CART_PAGE_STRINGS.each, { price: unitPrice }),
      quantityText: fillString(CHECKOUT_STRINGS.quantity, { quantity }),
      lineTotal: money(multiplyMinor(entry.purchasePriceCents, quantity)),
      labels: {
        remove: fillString(CART_PAGE_STRINGS.removeItem, { title }),
        decrease: fillString(CART_PAGE_STRINGS.decrease, { title }),
        increase: fillString(CART_PAGE_STRINGS.increase, { title }),
        quantity: fillString(CART_PAGE_STRINGS.quantityOf, { title }),
      },
    });
  }
  const subtotalCents = sumMinor(lines.map((l) => multiplyMinor(l.unitPriceCents, l.quantity)));
  const below = lines.length > 0 && subtotalCents < settings.minimumSubtotalCents;
  return {
    empty: lines.length === 0,
    lines,
    currency,
    totalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents,
    subtotal: money(subtotalCents),
    minimumMessage: below ? checkoutMinimumMessage(settings.minimumSubtotalCents, currency, settings.locale) : null,
    canCheckout: lines.length > 0 && !below,
  };
}

/** What the cart and checkout pages hand their islands (a data attribute's JSON). */
export type CartPageIslandData = {
  /** The open cart the page was rendered from, or null. */
  cart: ShoppingCartView | null;
  meta: Record<string, CartItemMeta>;
  settings: CartPageSettings;
  /** Checkout: the cart the visitor's cookie names was bought (a reload after paying). */
  purchasedCartId: string | null;
  urls: { checkout: string; cart: string; continue: string };
  /**
   * The subscription checkout (/checkout/subscription): `cart` is the subscription cart, placed
   * with its token at POST /api/commerce/subscription-checkout; absent for a shopping checkout.
   */
  subscription?: { cartToken: string } | null;
};
