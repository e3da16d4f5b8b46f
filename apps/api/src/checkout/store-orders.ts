import { Inject, Injectable } from '@nestjs/common';
import { subscriptionCartView, type SubscriptionCartView } from '@storefront/domain';
import type { Database, EventStore } from '@storefront/eventstore';
import { readAlsoBought, readOwnerOrder } from '@storefront/projections';
import { DATABASE, EVENT_STORE } from '../infrastructure/database/tokens';
import { isOrderId, OrderAccess, publicOrderView, type PublicOrderView } from './order-access';
import { loadSubscriptionCart } from './subscription-carts';

/**
 * An order as its buyer's pages show it: the buyer's view, its number once the store has given one,
 * and its links. `purchasedCartId` (kept out of the view) is for the order confirmed page's
 * analytics data only (SPEC 3 'Order (analytics)'): the tracker links the order to the cart its
 * add-to-cart events named; a cart id alone opens nothing (the cart cookie is signed).
 */
export type BuyerOrder = { order: PublicOrderView; purchasedCartId: string; orderNumber: number | null; statusUrl: string; confirmedUrl: string };

/**
 * What the published site reads of orders (issue 13): an order for whoever holds its link (the
 * order confirmed and order status pages), and which products were bought together (the cart
 * page's 'Customers also bought', from the `also_bought` read model).
 */
@Injectable()
export class StoreOrders {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: OrderAccess,
  ) {}

  /**
   * The order `orderId` names when `token` is its access token, else null (no such order, a wrong
   * or missing token: the same answer, so a link reveals nothing about other orders). Read from its
   * stream while the read model has not caught up (right after paying).
   */
  async forBuyer(orderId: string, token: unknown): Promise<BuyerOrder | null> {
    if (!isOrderId(orderId) || !this.access.allows(orderId, token)) return null;
    const found = await readOwnerOrder(this.db, this.store, orderId);
    if (!found) return null;
    const { orderNumber, ...order } = found;
    return { order: publicOrderView(order), purchasedCartId: order.purchasedCartId, orderNumber, statusUrl: this.access.statusUrl(orderId), confirmedUrl: this.access.confirmedUrl(orderId) };
  }

  /**
   * The order confirmed page of an order a checkout receipt names (checkout-receipt.ts: its MAC
   * already checked), or null when there is no such order.
   */
  async confirmedUrlOf(orderId: string): Promise<string | null> {
    if (!isOrderId(orderId)) return null;
    return (await readOwnerOrder(this.db, this.store, orderId)) ? this.access.confirmedUrl(orderId) : null;
  }

  /** A subscription cart as its checkout page shows it (and the order it became, once checked out), or null. */
  async subscriptionCart(cartToken: string): Promise<SubscriptionCartView | null> {
    if (!isOrderId(cartToken)) return null;
    return subscriptionCartView((await loadSubscriptionCart(this.store, cartToken)).state);
  }

  /** Products bought in the same standing orders as `itemIds` (never those), most orders first. */
  async alsoBought(itemIds: string[], limit: number): Promise<string[]> {
    return (await readAlsoBought(this.db, itemIds, limit)).map((r) => r.itemId);
  }
}
