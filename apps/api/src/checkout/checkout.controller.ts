import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CancelOrderRequest, cartDecider, cartStreamId, CheckoutRequest, checkoutStreamId, domainError, hasPermission, type CartEvent, type CartState, type OrderStatus, type OrderView,
  type OwnerOrderView,
} from '@storefront/domain';
import { foldEvents, IdempotencyKeyReusedError, type CommandContext, type EventStore, type RecordedEvent } from '@storefront/eventstore';
import type { FastifyReply } from 'fastify';
import { CartCookies, CommerceRateLimits } from '../cart';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { ContentAccess, productNotReadable } from '../security/content-access';
import { CheckoutReceipts } from './checkout-receipt';
import { isOrderId, OrderAccess, publicOrderView, type PublicOrderView } from './order-access';
import { ChangeOrderStatusCommand } from './commands/change-order-status.command';
import { CheckOutCartCommand } from './commands/check-out-cart.command';
import type { CheckoutResult } from './commands/check-out-cart.handler';
import { encodeCursor, orderListOptions, type OrderListParams } from './order-list-params';
import { CountOrdersQuery, GetOrderQuery, GetOwnerOrderQuery, ListOrdersQuery } from './queries/get-order.query';

function orderId(raw: string): string {
  if (!isOrderId(raw)) throw new DomainException(domainError('ORDER_NOT_FOUND'));
  return raw;
}

/** The order, its access token, its status page and the order confirmed page the checkout page goes on to. */
export type CheckoutAnswer = { order: PublicOrderView; orderToken: string; orderStatusUrl: string; orderConfirmedUrl: string };
/** A page of the owner's order list; `nextPageCursor` asks for the next one (SPEC 3's paging fields). */
export type OrderListAnswer = { orders: OwnerOrderView[]; hasNextPage: boolean; nextPageCursor: string | null };

/**
 * Checkout (the SPEC does not show its routes) and orders. Order ids are unguessable (a keyed hash),
 * and the public order read also needs the order's access token, given only to the buyer in the
 * checkout answer (like an order-status link in a confirmation email); without it: 404. Store
 * managers read every order without one; the order list and status changes are theirs only.
 *
 * A checkout replaces the cart cookie (clears it: the next add starts a new cart), and the
 * purchased cart's token reads nothing afterwards: checking it out again answers 404, except for a
 * retry of the very checkout that bought it (the same Idempotency-Key, hence the same scoped
 * command id, which caused the cart's closing), which answers with its order as before. The
 * answer also sets a short-lived checkout receipt (checkout-receipt.ts) naming the order.
 */
@Controller('api/commerce')
export class CheckoutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly cookies: CartCookies,
    private readonly limits: CommerceRateLimits,
    private readonly access: OrderAccess,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly content: ContentAccess,
    private readonly receipts: CheckoutReceipts,
  ) {}

  @Post('checkout')
  @HttpCode(200)
  async checkOut(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply, @Body() body: unknown): Promise<CheckoutAnswer> {
    this.limits.takeForClient(req, res);
    const request = parseBody(CheckoutRequest, body);
    const cartId = this.cookies.cartId(req);
    if (!cartId) throw new DomainException(domainError('CART_NOT_FOUND'));
    this.limits.takeForCart(cartId, res);
    const context = commandContextFor(req, cartId);
    const events = await this.store.readStream(cartStreamId(cartId));
    await this.refuseUnlessBoughtBy(events, context, res);
    await this.refuseUnreadableProducts(foldEvents<CartState, CartEvent>(cartDecider, cartDecider.initialState(), events), req);
    const result = await this.commands.execute<CheckOutCartCommand, CheckoutResult>(new CheckOutCartCommand(context, cartId, request));
    // Another request may have bought the cart while this one waited for it: its order is not ours to show.
    await this.refuseUnlessBoughtBy(await this.store.readStream(cartStreamId(cartId)), context, res);
    this.cookies.clear(res);
    const id = result.order.id;
    // A page reloaded while this answer was on its way lost it (and the cart cookie): the receipt
    // takes the buyer from the checkout page to this order (CommercePages).
    this.receipts.issue(res, id);
    return {
      order: publicOrderView(result.order), orderToken: this.access.tokenFor(id), orderStatusUrl: this.access.statusUrl(id), orderConfirmedUrl: this.access.confirmedUrl(id),
    };
  }

  /**
   * A cart filled while its store was open cannot be bought once the store is locked (or made
   * members-only) for this visitor: the same check as adding to the cart (ContentAccess).
   */
  private async refuseUnreadableProducts(cart: CartState, req: AppRequest): Promise<void> {
    if (cart.status !== 'open') return;
    const reader = this.content.readerFor(req);
    for (const itemId of new Set(cart.entries.map((e) => e.itemId))) {
      if (!(await this.content.canReadProduct(itemId, reader))) {
        throw new DomainException(productNotReadable(itemId));
      }
    }
  }

  /**
   * A purchased cart answers only a retry of the checkout that bought it: the request whose command
   * id caused the cart's closing, or, when the recovery worker finished a checkout after a crash,
   * the request that started that checkout. A retry with another body is refused (422); anyone
   * else gets 404.
   */
  private async refuseUnlessBoughtBy(cartEvents: RecordedEvent[], context: CommandContext, res: FastifyReply): Promise<void> {
    const purchase = [...cartEvents].reverse().find((e) => e.type === 'ShoppingCartPurchased');
    if (!purchase) return;
    const origin = purchase.metadata.causationId === context.commandId
      ? purchase.metadata
      : (await this.store.readStream(checkoutStreamId((purchase.data as { orderId: string }).orderId)))[0]?.metadata;
    if (origin?.causationId === context.commandId) {
      const stored = origin.requestHash;
      if (stored !== undefined && context.requestHash !== undefined && stored !== context.requestHash) throw new IdempotencyKeyReusedError(context.commandId);
      return;
    }
    this.cookies.clear(res);
    throw new DomainException(domainError('CART_NOT_FOUND'));
  }

  /**
   * One order: for its buyer with the access token (`?token=`), without the cart id; for owners
   * with `orders.manage` (store managers, admins) without one, in full and with its order number.
   * Anything else: 404, as for an order that does not exist.
   */
  @Get('orders/:orderId')
  async order(@Req() req: AppRequest, @Param('orderId') id: string, @Query('token') token?: unknown): Promise<OwnerOrderView | PublicOrderView> {
    const owner = req.state.owner;
    const manager = owner !== undefined && hasPermission(owner.roles, 'orders.manage');
    if (!manager && !this.access.allows(orderId(id), token)) throw new DomainException(domainError('ORDER_NOT_FOUND'));
    if (manager) {
      const order = await this.queries.execute<GetOwnerOrderQuery, OwnerOrderView | null>(new GetOwnerOrderQuery(orderId(id)));
      if (!order) throw new DomainException(domainError('ORDER_NOT_FOUND'));
      return order;
    }
    const order = await this.queries.execute<GetOrderQuery, OrderView | null>(new GetOrderQuery(orderId(id)));
    if (!order) throw new DomainException(domainError('ORDER_NOT_FOUND'));
    return publicOrderView(order);
  }

  /**
   * The store's orders, newest first: `status` (PENDING, FULFILLED, CANCELED), `q` (part of the
   * buyer's email, an order number, or the start of an order id), `limit` (1 to 200, 50 unless
   * said) and `cursor` (the `nextPageCursor` of the page before).
   */
  @Get('orders')
  @RequiresPermission('orders.manage')
  async orders(@Query() query: OrderListParams): Promise<OrderListAnswer> {
    const options = orderListOptions(query);
    const found = await this.queries.execute<ListOrdersQuery, OwnerOrderView[]>(new ListOrdersQuery({ ...options, limit: options.limit + 1 }));
    const orders = found.slice(0, options.limit);
    const hasNextPage = found.length > options.limit;
    return { orders, hasNextPage, nextPageCursor: hasNextPage ? encodeCursor(orders[orders.length - 1]!) : null };
  }

  /** How many orders are in each status: `PENDING` is the panel's count of orders still to fulfil. */
  @Get('order-counts')
  @RequiresPermission('orders.manage')
  async orderCounts(): Promise<{ counts: Record<OrderStatus, number> }> {
    return { counts: await this.queries.execute<CountOrdersQuery, Record<OrderStatus, number>>(new CountOrdersQuery()) };
  }

  @Post('orders/:orderId/fulfilment')
  @HttpCode(200)
  @RequiresPermission('orders.manage')
  async fulfil(@Req() req: AppRequest, @Param('orderId') id: string): Promise<OwnerOrderView> {
    await this.commands.execute(new ChangeOrderStatusCommand(commandContextFor(req), orderId(id), { type: 'fulfil' }));
    return this.ownerOrder(id);
  }

  /** Cancels the order (an optional `reason`, at most 500 characters): its stock goes back and its payment is refunded. */
  @Post('orders/:orderId/cancellation')
  @HttpCode(200)
  @RequiresPermission('orders.manage')
  async cancel(@Req() req: AppRequest, @Param('orderId') id: string, @Body() body: unknown): Promise<OwnerOrderView> {
    const reason = parseBody(CancelOrderRequest, body ?? {});
    await this.commands.execute(new ChangeOrderStatusCommand(commandContextFor(req), orderId(id), { type: 'cancel', reason }));
    return this.ownerOrder(id);
  }

  /** The order as the command left it (read from its stream when the read model lags), with its number. */
  private async ownerOrder(id: string): Promise<OwnerOrderView> {
    const order = await this.queries.execute<GetOwnerOrderQuery, OwnerOrderView | null>(new GetOwnerOrderQuery(orderId(id)));
    if (!order) throw new DomainException(domainError('ORDER_NOT_FOUND'));
    return order;
  }
}
