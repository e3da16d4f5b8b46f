import { multiplyMinor, sumMinor, toDecimalString } from '../shared/money';
import type { CartState } from './state';

/** SPEC 3 'Money': minor units as a decimal string plus currency, and the decimal value for display. */
export type CartMoney = { value: string; currency: string; decimalValue: string };

function cartMoney(minor: number, currency: string): CartMoney {
  return { value: String(minor), currency, decimalValue: toDecimalString(minor, currency) };
}

/** The SPEC's Cart entry (section 3). */
export type CartEntryView = {
  id: string;
  itemId: string;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  quantity: number;
  title: string;
  productType: string;
  /** Line total in minor units. */
  subTotal: number;
  purchasePriceCents: number;
  additionalFields: Record<string, unknown> | null;
};

/** The SPEC's Shopping cart (section 3). All money in integer minor units of `currency`. */
export type ShoppingCartView = {
  id: string;
  websiteId: string;
  orderId: string | null;
  created: string;
  isPurchased: boolean;
  currency: string;
  entries: CartEntryView[];
  shippingOptions: unknown[];
  selectedShippingOption: unknown;
  shippingLocation: unknown;
  applicableTaxRules: unknown[];
  coupons: unknown[];
  validCoupons: unknown[];
  invalidCoupons: unknown[];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  /** subtotalCents and grandTotalCents as Money (decimal strings computed without floating point). */
  subtotal: CartMoney;
  grandTotal: CartMoney;
};

/**
 * A fresh cart with nothing in it: what the cart read answers a visitor who has no open cart (none
 * yet, or one already bought), so that reading the cart is never an error. Nothing is stored for it.
 */
export function emptyShoppingCartView(input: { cartId: string; websiteId: string; currency: string; created: string }): ShoppingCartView {
  return shoppingCartView({ status: 'open', ...input, entries: [] })!;
}

/** Derives the cart document from state; null for a cart that was never opened. */
export function shoppingCartView(state: CartState): ShoppingCartView | null {
  if (state.status === 'empty') return null;
  const entries: CartEntryView[] = state.entries.map((e) => ({
    id: e.id,
    itemId: e.itemId,
    chosenVariant: { sku: e.sku, attributes: e.attributes },
    quantity: e.quantity,
    title: e.title,
    productType: e.productType,
    subTotal: multiplyMinor(e.unitPriceCents, e.quantity),
    purchasePriceCents: e.unitPriceCents,
    additionalFields: e.additionalFields,
  }));
  const subtotalCents = sumMinor(entries.map((e) => e.subTotal));
  const isDigital = (type: string) => type === 'DIGITAL' || type === 'GIFT_CARD' || type === 'PAYWALL';
  const hasDigital = entries.some((e) => isDigital(e.productType));
  const requiresShipping = entries.some((e) => e.productType === 'PHYSICAL');
  const taxCents = 0;
  const shippingCostCents = 0;
  const discountCents = 0;
  const grandTotalCents = sumMinor([subtotalCents, taxCents, shippingCostCents, -discountCents]);
  return {
    id: state.cartId,
    websiteId: state.websiteId,
    orderId: state.status === 'purchased' ? state.orderId : null,
    created: state.created,
    isPurchased: state.status === 'purchased',
    currency: state.currency,
    entries,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    subtotalCents,
    taxCents,
    shippingCostCents,
    discountCents,
    grandTotalCents,
    totalQuantity: entries.reduce((n, e) => n + e.quantity, 0),
    hasDigital,
    purelyDigital: entries.length > 0 && entries.every((e) => isDigital(e.productType)),
    requiresShipping,
    subtotal: cartMoney(subtotalCents, state.currency),
    grandTotal: cartMoney(grandTotalCents, state.currency),
  };
}
