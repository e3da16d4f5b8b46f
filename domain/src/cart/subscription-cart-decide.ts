import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import type { Parsed, SentText } from '../shared/requests';
import type { AdditionalFields } from './additional-fields';
import { checkAdditionalFields } from './additional-fields-check';
import { resolveVariant, type CartProduct, type SubscriptionPlanFacts } from './cart-product';
import type { CartStoreSettings } from './commands';
import { shoppingCartView, type ShoppingCartView } from './shopping-cart-view';
import type { CartState } from './state';
import {
  evolveSubscriptionCart, initialSubscriptionCartState, type SubscriptionCartEvent, type SubscriptionCartState,
} from './subscription-cart-events';

/**
 * Subscription payload (SPEC 3): itemId (looked up as `product`), sku, qty, additionalFields,
 * optional subscriptionOptionId, parsed at the edge (`cart/requests.ts`); decide reports the
 * problems of the parsed fields in its order.
 */
export type CreateSubscriptionCart = {
  type: 'CreateSubscriptionCart';
  data: {
    cartToken: string;
    websiteId: string;
    currency: string;
    entryId: string;
    product: CartProduct | null;
    sku: SentText;
    quantity: Parsed<number>;
    additionalFields: Parsed<AdditionalFields>;
    subscriptionOptionId: Parsed<string | null>;
    storeSettings: CartStoreSettings;
    now: string;
  };
};

/**
 * The subscription checkout's point of no return (recorded together with its order): the cart
 * becomes the order `orderId`, once. The same checkout recording it again is a no-op; any other
 * checkout is refused (SUBSCRIPTION_CHECKED_OUT, 409).
 */
export type CheckOutSubscriptionCart = { type: 'CheckOutSubscriptionCart'; data: { cartToken: string; orderId: string; now: string } };

export type SubscriptionCartCommand = CreateSubscriptionCart | CheckOutSubscriptionCart;

type SubscriptionCartDecision = Decision<SubscriptionCartEvent, DomainError>;

function checkOutSubscriptionCart(command: CheckOutSubscriptionCart, state: SubscriptionCartState): SubscriptionCartDecision {
  const { cartToken, orderId, now } = command.data;
  if (state.status !== 'created' || state.cartToken !== cartToken) return reject(domainError('CART_NOT_FOUND'));
  if (state.checkedOut) return state.checkedOut.orderId === orderId ? accept() : reject(domainError('SUBSCRIPTION_CHECKED_OUT', { orderId: state.checkedOut.orderId }));
  return accept({ type: 'SubscriptionCartCheckedOut', data: { cartToken, orderId, checkedOutAt: now } });
}

export function decideSubscriptionCart(command: SubscriptionCartCommand, state: SubscriptionCartState): SubscriptionCartDecision {
  if (command.type === 'CheckOutSubscriptionCart') return checkOutSubscriptionCart(command, state);
  const { cartToken, websiteId, currency, entryId, product, sku, storeSettings, now } = command.data;
  if (state.status !== 'empty') return reject(domainError('INVALID_REQUEST', { cartToken }, 'This subscription cart already exists.'));
  const { quantity, additionalFields: fields, subscriptionOptionId: optionId } = command.data;
  if (!quantity.ok) return reject(quantity.error);
  if (!fields.ok) return reject(fields.error);
  if (!optionId.ok) return reject(optionId.error);
  const resolved = resolveVariant(product, sku);
  if (!resolved.ok) return reject(resolved.error);
  const variant = resolved.value;
  const answers = checkAdditionalFields(product!.additionalFieldsForm, fields.value);
  if (!answers.ok) return reject(answers.error);
  if (!product!.isSubscribable) return reject(domainError('NOT_SUBSCRIBABLE', { itemId: product!.itemId }));
  if (variant.currency !== currency) return reject(domainError('VARIANT_UNAVAILABLE', { reason: 'CURRENCY_MISMATCH' }));
  if (variant.productType === 'SERVICE' && !storeSettings.multipleQuantityAllowedForServices && quantity.value > 1) {
    return reject(domainError('SERVICE_QUANTITY_LIMITED'));
  }
  if (!variant.stock.unlimited && quantity.value > variant.stock.qtyInStock) {
    return reject(domainError('INSUFFICIENT_STOCK', { available: Math.max(0, variant.stock.qtyInStock) }));
  }
  return accept({
    type: 'SubscriptionCartCreated',
    data: {
      cartToken, websiteId, currency, entryId,
      itemId: variant.itemId, sku: variant.sku, attributes: variant.attributes, title: variant.title, productType: variant.productType,
      quantity: quantity.value, unitPriceCents: variant.unitPriceCents, additionalFields: answers.value,
      subscriptionOptionId: optionId.value, subscriptionPlan: product!.subscriptionPlan, createdAt: now,
    },
  });
}

export const subscriptionCartDecider: Decider<SubscriptionCartCommand, SubscriptionCartState, SubscriptionCartEvent, DomainError> = {
  initialState: initialSubscriptionCartState,
  evolve: evolveSubscriptionCart,
  decide: decideSubscriptionCart,
};

/** The subscription cart as a Shopping cart document (its one entry), plus what checkout needs to bill it. */
export type SubscriptionCartView = ShoppingCartView & {
  cartToken: string;
  subscriptionOptionId: string | null;
  subscriptionPlan: SubscriptionPlanFacts | null;
  /** The order it became; null while it can be checked out. */
  orderId: string | null;
};

export function subscriptionCartView(state: SubscriptionCartState): SubscriptionCartView | null {
  if (state.status === 'empty') return null;
  const cart = shoppingCartView(subscriptionCartAsOpenCart(state))!;
  return {
    ...cart, isPurchased: state.checkedOut !== null, cartToken: state.cartToken, subscriptionOptionId: state.subscriptionOptionId,
    subscriptionPlan: state.subscriptionPlan, orderId: state.checkedOut?.orderId ?? null,
  };
}

/** The subscription cart as the open cart its order is priced from (the shopping cart's own rules and pricing). */
export function subscriptionCartAsOpenCart(state: Extract<SubscriptionCartState, { status: 'created' }>): Extract<CartState, { status: 'open' }> {
  return { status: 'open', cartId: state.cartToken, websiteId: state.websiteId, currency: state.currency, created: state.created, entries: [state.entry] };
}
