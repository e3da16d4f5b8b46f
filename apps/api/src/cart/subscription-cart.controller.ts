import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SubscriptionCartRequest } from '@storefront/domain';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { CartCookies } from './cart-cookie';
import { CartWriteGuard } from './cart-write.guard';
import { CreateSubscriptionCartCommand } from './commands/create-subscription-cart.command';
import type { CreateSubscriptionCartResult } from './commands/create-subscription-cart.handler';
import { ReadableProductGuard } from '../security/content-access';

/** SPEC 7: POST /api/3/commerce/cart/subscription → { cartToken }. */
@Controller('api/3/commerce/cart')
export class SubscriptionCartController {
  constructor(
    private readonly commands: CommandBus,
    private readonly cookies: CartCookies,
  ) {}

  @Post('subscription')
  @HttpCode(200)
  @UseGuards(CartWriteGuard, ReadableProductGuard)
  async create(@Req() req: AppRequest, @Body() body: unknown): Promise<CreateSubscriptionCartResult> {
    const request = parseBody(SubscriptionCartRequest, body);
    const visitorId = this.cookies.cartId(req) ?? undefined;
    return this.commands.execute(new CreateSubscriptionCartCommand(commandContextFor(req, visitorId), request));
  }
}
