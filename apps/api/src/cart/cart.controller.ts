import { Body, Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { domainError, type ShoppingCartView } from '@storefront/domain';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException } from '../infrastructure/http/domain-exception';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { cartIdFromRequest, ensureCartId } from './cart-cookie';
import { AddItemToCartCommand, type AddEntryPayload } from './commands/add-item-to-cart.command';
import type { AddItemToCartResult } from './commands/add-item-to-cart.handler';
import { GetShoppingCartQuery } from './queries/get-shopping-cart.query';

@Controller('api/commerce/shopping-cart')
export class CartController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('entries')
  @HttpCode(200)
  async addEntry(@Req() req: AppRequest, @Res({ passthrough: true }) res: Response, @Body() body: unknown): Promise<AddItemToCartResult> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new DomainException(domainError('INVALID_REQUEST', undefined, 'The request body must be a JSON object.'));
    }
    const cartId = ensureCartId(req, res, this.config.secureCookies);
    return this.commands.execute(new AddItemToCartCommand(commandContextFor(req, cartId), cartId, body as AddEntryPayload));
  }

  @Get()
  async getCart(@Req() req: AppRequest): Promise<ShoppingCartView> {
    const cartId = cartIdFromRequest(req);
    const cart = cartId ? await this.queries.execute<GetShoppingCartQuery, ShoppingCartView | null>(new GetShoppingCartQuery(cartId)) : null;
    if (!cart) throw new DomainException(domainError('CART_NOT_FOUND'));
    return cart;
  }
}
