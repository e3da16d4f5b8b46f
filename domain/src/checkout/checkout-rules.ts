import type { CartState } from '../cart/state';
import { tracksStock, type ProductTypeName } from '../catalog/product-record';
import { shoppingCartView } from '../cart/shopping-cart-view';
import type { DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { STRINGS } from '../shared/strings';
import { formatMoneyLabel, multiplyMinor } from '../shared/money';
import type { Parsed } from '../shared/requests';
import type { OrderLine, OrderPayment, OrderPlaced } from './events';
import { SHIPPING_ADDRESS_FIELDS, type ShippingAddress } from './shipping-address';

/** Store rules for checking out. `minimumSubtotalCents` 0 means no minimum. */
export type CheckoutSettings = { minimumSubtotalCents: number };

export type OpenCartState = Extract<CartState, { status: 'open' }>;

/** What the checkout request says beside the buyer's email (each as the request parsed it). */
export type CheckoutDetails = {
  /** Needed when the cart requires shipping; ignored otherwise. Absent counts as none sent. */
  shippingAddress?: Parsed<ShippingAddress | null>;
  /** Entry id → quantity the checkout page showed; null or absent: not checked. */
  expectedEntries?: Parsed<Record<string, number> | null>;
};

/**
 * Why this cart cannot be checked out, or null: the cart's own problems first (nothing in it, not
 * what the checkout page showed, under the checkout minimum), then the buyer's email and shipping
 * address as the request parsed them (`parseCustomerEmail`, `parseShippingAddress`). A purchased
 * cart is not a problem here: checkout answers with the order it already became.
 */
export function checkoutProblem(cart: CartState, settings: CheckoutSettings, customerEmail: Parsed<string>, details: CheckoutDetails = {}): DomainError | null {
  if (cart.status === 'empty' || cart.entries.length === 0) return domainError('CART_NOT_FOUND');
  if (cart.status === 'purchased') return null;
  const expected = details.expectedEntries;
  if (expected && !expected.ok) return expected.error;
  if (expected?.value && !holdsExactly(cart, expected.value)) return domainError('CART_CHANGED', { reason: 'NOT_AS_SHOWN' });
  const view = shoppingCartView(cart)!;
  if (view.subtotalCents < settings.minimumSubtotalCents) {
    const subtotal = formatMoneyLabel(settings.minimumSubtotalCents, cart.currency);
    return domainError('CHECKOUT_MINIMUM_SUBTOTAL', { subtotal }, `To check out, your order subtotal must be ${subtotal} or more.`);
  }
  if (!customerEmail.ok) return customerEmail.error;
  if (view.requiresShipping) {
    const address = details.shippingAddress ?? { ok: true, value: null };
    if (!address.ok) return address.error;
    if (address.value === null) {
      const fields = Object.fromEntries(SHIPPING_ADDRESS_FIELDS.filter((f) => f !== 'line2' && f !== 'region').map((f) => [f, STRINGS.shippingAddress.required]));
      return domainError('SHIPPING_ADDRESS_INVALID', { fields });
    }
  }
  return null;
}

/** The cart holds exactly these entries at these quantities. */
function holdsExactly(cart: OpenCartState, expected: Record<string, number>): boolean {
  const ids = Object.keys(expected);
  return ids.length === cart.entries.length && cart.entries.every((e) => expected[e.id] === e.quantity);
}

/** The shipping address an order records: the buyer's for a cart that requires shipping, else none. */
export function orderShippingAddress(cart: OpenCartState, address: Parsed<ShippingAddress | null> | undefined): ShippingAddress | null {
  return shoppingCartView(cart)!.requiresShipping && address?.ok ? address.value : null;
}

/** The cart as the order it prices: entry by entry, at the prices the cart holds. */
export function orderLinesFromCart(cart: OpenCartState | Extract<CartState, { status: 'purchased' }>): OrderLine[] {
  return cart.entries.map((e) => ({
    entryId: e.id,
    itemId: e.itemId,
    sku: e.sku,
    productName: e.title,
    productType: e.productType,
    attributes: e.attributes,
    quantity: e.quantity,
    unitPriceCents: e.unitPriceCents,
    lineTotalCents: multiplyMinor(e.unitPriceCents, e.quantity),
    ...(e.additionalFields ? { additionalFields: e.additionalFields } : {}),
  }));
}

export type StockClaim = { productId: string; sku: string; productType: ProductTypeName; quantity: number };

/**
 * What an order takes from inventory: one claim per variant of a type that carries stock
 * (`tracksStock`: digital goods, gift cards and paywalls are never reserved), entries of one variant
 * with different form answers adding up, in a fixed order so concurrent checkouts meet in the same order.
 */
export function stockClaims(lines: OrderLine[]): StockClaim[] {
  return claimsPerVariant(lines.filter((line) => tracksStock(line.productType)));
}

/**
 * What cancelling an order gives back: whatever it holds of any of its variants. Stockless lines
 * are included because orders placed before they were skipped may hold reservations of them;
 * releasing what an order does not hold changes nothing.
 */
export function releaseClaims(lines: OrderLine[]): StockClaim[] {
  return claimsPerVariant(lines);
}

function claimsPerVariant(lines: OrderLine[]): StockClaim[] {
  const byVariant = new Map<string, StockClaim>();
  for (const line of lines) {
    const key = JSON.stringify([line.itemId, line.sku]);
    const claim = byVariant.get(key) ?? { productId: line.itemId, sku: line.sku, productType: line.productType, quantity: 0 };
    claim.quantity += line.quantity;
    byVariant.set(key, claim);
  }
  return [...byVariant.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, claim]) => claim);
}

/** The entry quantities the order was priced from, for closing the cart only if it still holds them. */
export function expectedCartEntries(lines: OrderLine[]): Record<string, number> {
  return Object.fromEntries(lines.map((l) => [l.entryId, l.quantity]));
}

/** The PlaceOrder data for a cart: totals exactly as the visitor's cart showed them. */
export function orderFromCart(input: {
  cart: OpenCartState | Extract<CartState, { status: 'purchased' }>;
  orderId: string;
  customerEmail: string;
  payment: OrderPayment;
  now: string;
  shippingAddress?: ShippingAddress | null;
}): OrderPlaced['data'] {
  const { cart, orderId, customerEmail, payment, now } = input;
  const view = shoppingCartView(cart)!;
  return {
    orderId,
    cartId: cart.cartId,
    websiteId: cart.websiteId,
    customerEmail: customerEmail.trim(),
    currency: cart.currency,
    lines: orderLinesFromCart(cart),
    subtotalCents: view.subtotalCents,
    taxCents: view.taxCents,
    shippingCents: view.shippingCostCents,
    discountCents: view.discountCents,
    grandTotalCents: view.grandTotalCents,
    testMode: payment.testMode,
    payment,
    placedAt: now,
    ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
  };
}
