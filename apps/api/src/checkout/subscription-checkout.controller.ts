import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { domainError, SubscriptionCheckoutRequest } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import type { FastifyReply } from 'fastify';
import { CommerceRateLimits, SubscriptionCartCookies } from '../cart';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';
import { parseBody, valueOrThrow } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { ContentAccess, productNotReadable } from '../security/content-access';
import type { CheckoutAnswer } from './checkout.controller';
import { CheckOutSubscriptionCartCommand } from './commands/check-out-subscription-cart.command';
import type { CheckoutResult } from './commands/check-out-cart.handler';
import { OrderAccess, publicOrderView } from './order-access';
import { loadSubscriptionCart } from './subscription-carts';

/**
 * The subscription checkout (the SPEC does not show its route): POST
 * /api/commerce/subscription-checkout { cartToken, email, paymentToken, shippingAddress? } checks
 * out the subscription cart `POST /api/3/commerce/cart/subscription` made, answering as a
 * shopping checkout does (the order, its token, status and confirmed pages). Only the browser that
 * created the cart (its subscription cart cookie names the token) may check it out: anyone else,
 * like a token that names no cart, gets 404. The Idempotency-Key is scoped to the cart, so a
 * retried submit answers with the one order it made; the visitor's shopping cart is untouched.
 */
@Controller('api/commerce')
export class SubscriptionCheckoutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly cookies: SubscriptionCartCookies,
    private readonly limits: CommerceRateLimits,
    private readonly access: OrderAccess,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly content: ContentAccess,
  ) {}

  @Post('subscription-checkout')
  @HttpCode(200)
  async checkOut(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply, @Body() body: unknown): Promise<CheckoutAnswer> {
    this.limits.takeForClient(req, res);
    const request = parseBody(SubscriptionCheckoutRequest, body);
    const cartToken = valueOrThrow(request.cartToken);
    if (!this.cookies.owns(req, cartToken)) throw new DomainException(domainError('CART_NOT_FOUND'));
    this.limits.takeForCart(cartToken, res);
    // A product locked (or made members-only) since the visitor subscribed cannot be bought now.
    const { state: cart } = await loadSubscriptionCart(this.store, cartToken);
    if (cart.status === 'created' && !cart.checkedOut && !(await this.content.canReadProduct(cart.entry.itemId, this.content.readerFor(req)))) {
      throw new DomainException(productNotReadable(cart.entry.itemId));
    }
    const context = commandContextFor(req, cartToken);
    const result = await this.commands.execute<CheckOutSubscriptionCartCommand, CheckoutResult>(new CheckOutSubscriptionCartCommand(context, cartToken, request));
    const id = result.order.id;
    // No checkout receipt: that is /checkout's way to a shopping order after a lost answer; the
    // subscription checkout page itself goes on to its order once the cart is checked out.
    return {
      order: publicOrderView(result.order), orderToken: this.access.tokenFor(id), orderStatusUrl: this.access.statusUrl(id), orderConfirmedUrl: this.access.confirmedUrl(id),
    };
  }
}
