import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { parseAdditionalFields } from './additional-fields';
import { resolveVariant, type CartProduct, type SubscriptionPlanFacts } from './cart-product';
import type { CartStoreSettings } from './commands';
import { parseQuantity } from './quantity';
import { shoppingCartView, type ShoppingCartView } from './shopping-cart-view';
import {
  evolveSubscriptionCart, initialSubscriptionCartState, type SubscriptionCartEvent, type SubscriptionCartState,
} from './subscription-cart-events';

/** Subscription payload (SPEC 3): itemId, sku, qty, additionalFields, optional subscriptionOptionId. */
export type CreateSubscriptionCart = {
  type: 'CreateSubscriptionCart';
  data: {
    cartToken: string;
    websiteId: string;
    currency: string;
    entryId: string;
    product: CartProduct | null;
    sku: unknown;
    quantity: unknown;
    additionalFields: unknown;
    subscriptionOptionId: unknown;
    storeSettings: CartStoreSettings;
    now: string;
  };
};

export const MAX_SUBSCRIPTION_OPTION_ID_LENGTH = 100;

function subscriptionOptionIdOf(raw: unknown): { ok: true; id: string | null } | { ok: false; error: DomainError } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, id: null };
  if (typeof raw === 'string' && raw.length <= MAX_SUBSCRIPTION_OPTION_ID_LENGTH) return { ok: true, id: raw };
  return { ok: false, error: domainError('INVALID_REQUEST', { field: 'subscriptionOptionId' }, 'subscriptionOptionId must be a short text.') };
}

export function decideSubscriptionCart(command: CreateSubscriptionCart, state: SubscriptionCartState): Decision<SubscriptionCartEvent, DomainError> {
  const { cartToken, websiteId, currency, entryId, product, sku, storeSettings, now } = command.data;
  if (state.status !== 'empty') return reject(domainError('INVALID_REQUEST', { cartToken }, 'This subscription cart already exists.'));
  const quantity = parseQuantity(command.data.quantity);
  if (!quantity.ok) return reject(quantity.error);
  const fields = parseAdditionalFields(command.data.additionalFields);
  if (!fields.ok) return reject(fields.error);
  const optionId = subscriptionOptionIdOf(command.data.subscriptionOptionId);
  if (!optionId.ok) return reject(optionId.error);
  const resolved = resolveVariant(product, sku);
  if (!resolved.ok) return reject(resolved.error);
  const variant = resolved.variant;
  if (!product!.isSubscribable) return reject(domainError('NOT_SUBSCRIBABLE', { itemId: product!.itemId }));
  if (variant.currency !== currency) return reject(domainError('VARIANT_UNAVAILABLE', { reason: 'CURRENCY_MISMATCH' }));
  if (variant.productType === 'SERVICE' && !storeSettings.multipleQuantityAllowedForServices && quantity.quantity > 1) {
    return reject(domainError('SERVICE_QUANTITY_LIMITED'));
  }
  if (!variant.stock.unlimited && quantity.quantity > variant.stock.qtyInStock) {
    return reject(domainError('INSUFFICIENT_STOCK', { available: Math.max(0, variant.stock.qtyInStock) }));
  }
  return accept({
    type: 'SubscriptionCartCreated',
    data: {
      cartToken, websiteId, currency, entryId,
      itemId: variant.itemId, sku: variant.sku, attributes: variant.attributes, title: variant.title, productType: variant.productType,
      quantity: quantity.quantity, unitPriceCents: variant.unitPriceCents, additionalFields: fields.fields,
      subscriptionOptionId: optionId.id, subscriptionPlan: product!.subscriptionPlan, createdAt: now,
    },
  });
}

export const subscriptionCartDecider: Decider<CreateSubscriptionCart, SubscriptionCartState, SubscriptionCartEvent, DomainError> = {
  initialState: initialSubscriptionCartState,
  evolve: evolveSubscriptionCart,
  decide: decideSubscriptionCart,
};

/** The subscription cart as a Shopping cart document (its one entry), plus what checkout needs to bill it. */
export type SubscriptionCartView = ShoppingCartView & {
  cartToken: string;
  subscriptionOptionId: string | null;
  subscriptionPlan: SubscriptionPlanFacts | null;
};

export function subscriptionCartView(state: SubscriptionCartState): SubscriptionCartView | null {
  if (state.status === 'empty') return null;
  const cart = shoppingCartView({
    status: 'open', cartId: state.cartToken, websiteId: state.websiteId, currency: state.currency, created: state.created, entries: [state.entry],
  })!;
  return { ...cart, cartToken: state.cartToken, subscriptionOptionId: state.subscriptionOptionId, subscriptionPlan: state.subscriptionPlan };
}
