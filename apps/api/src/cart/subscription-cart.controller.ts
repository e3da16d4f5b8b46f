import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SubscriptionCartRequest } from '@storefront/domain';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import type { FastifyReply } from 'fastify';
import { CartCookies } from './cart-cookie';
import { SubscriptionCartCookies } from './subscription-cart-cookie';
import { CartWriteGuard } from './cart-write.guard';
import { CreateSubscriptionCartCommand } from './commands/create-subscription-cart.command';
import type { CreateSubscriptionCartResult } from './commands/create-subscription-cart.handler';
import { ReadableProductGuard } from '../security/content-access';

/**
 * SPEC 7: POST /api/3/commerce/cart/subscription → { cartToken }. The visitor's shopping cart is
 * untouched; the answer sets the subscription cart cookie, which ties the token to this browser.
 */
@Controller('api/3/commerce/cart')
export class SubscriptionCartController {
  constructor(
    private readonly commands: CommandBus,
    private readonly cookies: CartCookies,
    private readonly subscriptionCookies: SubscriptionCartCookies,
  ) {}

  @Post('subscription')
  @HttpCode(200)
  @UseGuards(CartWriteGuard, ReadableProductGuard)
  async create(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply, @Body() body: unknown): Promise<CreateSubscriptionCartResult> {
    const request = parseBody(SubscriptionCartRequest, body);
    const visitorId = this.cookies.cartId(req) ?? undefined;
    const result = await this.commands.execute<CreateSubscriptionCartCommand, CreateSubscriptionCartResult>(
      new CreateSubscriptionCartCommand(commandContextFor(req, visitorId), request),
    );
    // The cart is this browser's: only it may open the subscription checkout for the token.
    this.subscriptionCookies.issue(res, result.cartToken);
    return result;
  }
}
