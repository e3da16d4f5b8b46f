import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { domainError, type OrderView } from '@storefront/domain';
import { cartIdFromRequest } from '../cart/cart-cookie';
import { DomainException } from '../infrastructure/http/domain-exception';
import { jsonObject } from '../infrastructure/http/json-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { OwnerRoles } from '../security';
import { ChangeOrderStatusCommand } from './commands/change-order-status.command';
import { CheckOutCartCommand, type CheckoutPayload } from './commands/check-out-cart.command';
import type { CheckoutResult } from './commands/check-out-cart.handler';
import { GetOrderQuery, ListOrdersQuery } from './queries/get-order.query';

/** Order ids are UUIDs: anything else is not an order (and never reaches the database). */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function orderId(raw: string): string {
  if (!ORDER_ID.test(raw)) throw new DomainException(domainError('ORDER_NOT_FOUND'));
  return raw;
}

/**
 * Checkout (the SPEC does not show its routes) and orders. The order status read is public by
 * order id, which is unguessable (derived from the cart's random id), like an order-status link
 * in a confirmation email; the order list and status changes are for store managers.
 */
@Controller('api/commerce')
export class CheckoutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('checkout')
  @HttpCode(200)
  async checkOut(@Req() req: AppRequest, @Body() body: unknown): Promise<CheckoutResult & { orderStatusUrl: string }> {
    const payload = jsonObject<CheckoutPayload>(body);
    const cartId = cartIdFromRequest(req);
    if (!cartId) throw new DomainException(domainError('CART_NOT_FOUND'));
    const result = await this.commands.execute<CheckOutCartCommand, CheckoutResult>(new CheckOutCartCommand(commandContextFor(req, cartId), cartId, payload));
    return { ...result, orderStatusUrl: `/commerce/orders/${result.order.id}` };
  }

  @Get('orders/:orderId')
  async order(@Param('orderId') id: string): Promise<OrderView> {
    const order = await this.queries.execute<GetOrderQuery, OrderView | null>(new GetOrderQuery(orderId(id)));
    if (!order) throw new DomainException(domainError('ORDER_NOT_FOUND'));
    return order;
  }

  @Get('orders')
  @OwnerRoles('store manager')
  async orders(@Query('status') status?: string, @Query('limit') limit?: string, @Query('before') before?: string): Promise<{ orders: OrderView[] }> {
    if (status !== undefined && !['PENDING', 'FULFILLED', 'CANCELED'].includes(status)) {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'status' }, 'status must be PENDING, FULFILLED or CANCELED.'));
    }
    const size = limit === undefined ? 50 : Number(limit);
    if (!Number.isInteger(size) || size < 1 || size > 200) {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'limit' }, 'limit must be a whole number from 1 to 200.'));
    }
    if (before !== undefined && Number.isNaN(Date.parse(before))) {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'before' }, 'before must be a date.'));
    }
    const orders = await this.queries.execute<ListOrdersQuery, OrderView[]>(
      new ListOrdersQuery({ status: status as 'PENDING' | undefined, limit: size, before }),
    );
    return { orders };
  }

  @Post('orders/:orderId/fulfilment')
  @HttpCode(200)
  @OwnerRoles('store manager')
  fulfil(@Req() req: AppRequest, @Param('orderId') id: string): Promise<OrderView> {
    return this.commands.execute(new ChangeOrderStatusCommand(commandContextFor(req), orderId(id), { type: 'fulfil' }));
  }

  @Post('orders/:orderId/cancellation')
  @HttpCode(200)
  @OwnerRoles('store manager')
  cancel(@Req() req: AppRequest, @Param('orderId') id: string, @Body() body: unknown): Promise<OrderView> {
    const { reason } = jsonObject<{ reason?: unknown }>(body ?? {});
    return this.commands.execute(new ChangeOrderStatusCommand(commandContextFor(req), orderId(id), { type: 'cancel', reason }));
  }
}
