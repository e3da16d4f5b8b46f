import { Inject, Injectable } from '@nestjs/common';
import type { OrderView } from '@storefront/domain';
import { SERVER_SECRETS, type ServerSecrets } from '../infrastructure/server-secrets';

/**
 * What anyone holding an order's status link sees: the order without the cart it was bought from
 * and without the store's own note on why it cancelled it.
 */
export type PublicOrderView = Omit<OrderView, 'purchasedCartId' | 'cancelReason'>;

/** Order ids are UUIDs: anything else is not an order (and never reaches the database). */
export const isOrderId = (raw: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw);

export function publicOrderView(order: OrderView): PublicOrderView {
  const { purchasedCartId: _cartId, cancelReason: _reason, ...view } = order;
  return view;
}

/**
 * Access tokens of order status links: HMAC-SHA-256 of the order id under the server secret
 * (base64url, 43 characters). Given once, to the buyer, in the checkout answer; the public order
 * read needs it. Stateless: any API process on the database checks it without a lookup.
 */
@Injectable()
export class OrderAccess {
  constructor(@Inject(SERVER_SECRETS) private readonly secrets: ServerSecrets) {}

  tokenFor(orderId: string): string {
    return this.secrets.mac('order-access', orderId);
  }

  allows(orderId: string, token: unknown): boolean {
    return typeof token === 'string' && this.secrets.verify('order-access', orderId, token);
  }

  /** The buyer's order status page (page type 211). */
  statusUrl(orderId: string): string {
    return `/commerce/orders/${orderId}?token=${this.tokenFor(orderId)}`;
  }

  /** Where a successful checkout takes the buyer: the order confirmed page (page type 202). */
  confirmedUrl(orderId: string): string {
    return `/commerce/orders/${orderId}/confirmed?token=${this.tokenFor(orderId)}`;
  }
}
