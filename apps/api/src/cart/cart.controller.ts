import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res, UseFilters, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RouteSchema } from '@nestjs/platform-fastify';
import { AddToCartRequest, ChangeCartQuantityRequest, domainError, emptyShoppingCartView, UpdateCartEntryFieldsRequest, type ShoppingCartView } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { WebsiteDirectory } from '../catalog';
import { DomainException } from '../infrastructure/http/domain-exception';
import { parseBody } from '../infrastructure/http/parse-body';
import { ReadableProductGuard } from '../security/content-access';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { CartCookies } from './cart-cookie';
import { CART_ROUTE_SCHEMAS } from './cart-response-schemas';
import { CartSessionFilter } from './cart-session.filter';
import { CartWriteGuard } from './cart-write.guard';
import { AddItemToCartCommand } from './commands/add-item-to-cart.command';
import type { AddItemToCartResult } from './commands/add-item-to-cart.handler';
import { ChangeCartEntryQuantityCommand } from './commands/change-cart-entry-quantity.command';
import type { ChangeCartEntryQuantityResult } from './commands/change-cart-entry-quantity.handler';
import { RemoveCartEntryCommand } from './commands/remove-cart-entry.command';
import type { RemoveCartEntryResult } from './commands/remove-cart-entry.handler';
import { UpdateCartEntryAdditionalFieldsCommand } from './commands/update-cart-entry-additional-fields.command';
import type { UpdateCartEntryAdditionalFieldsResult } from './commands/update-cart-entry-additional-fields.handler';
import { GetShoppingCartQuery } from './queries/get-shopping-cart.query';

/**
 * SPEC 7 shopping-cart routes. Writes pass the cart write guard (cookie sanity, rate limit), and
 * parse their body with its request schema (`domain/src/cart/requests.ts`): a body that is not an
 * object is refused here, the fields' own problems by the cart's decide, after the cart's state.
 */
@Controller('api/commerce/shopping-cart')
@UseFilters(CartSessionFilter)
export class CartController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly cookies: CartCookies,
    private readonly websites: WebsiteDirectory,
  ) {}

  /** Entry edits need the cart the page showed: without a cart cookie the session has expired. */
  private existingCartId(req: AppRequest): string {
    const cartId = this.cookies.cartId(req);
    if (!cartId) throw new DomainException(domainError('SESSION_EXPIRED', { reason: 'NO_CART_COOKIE' }));
    return cartId;
  }

  @Post('entries')
  @HttpCode(200)
  @RouteSchema(CART_ROUTE_SCHEMAS.addEntry)
  @UseGuards(CartWriteGuard, ReadableProductGuard)
  async addEntry(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply, @Body() body: unknown): Promise<AddItemToCartResult> {
    const request = parseBody(AddToCartRequest, body);
    const existing = this.cookies.cartId(req);
    const cartId = existing ?? this.cookies.newCartId();
    const result = await this.commands.execute<AddItemToCartCommand, AddItemToCartResult>(
      new AddItemToCartCommand(commandContextFor(req, cartId), cartId, request, existing === null),
    );
    // A cart exists once something is in it: a refused first add leaves no stream and no cookie.
    if (existing === null) this.cookies.issue(res, cartId);
    return result;
  }

  @Put('entries/:entryId/quantity')
  @RouteSchema(CART_ROUTE_SCHEMAS.changeQuantity)
  @UseGuards(CartWriteGuard)
  async changeQuantity(@Req() req: AppRequest, @Param('entryId') entryId: string, @Body() body: unknown): Promise<ChangeCartEntryQuantityResult> {
    const quantity = parseBody(ChangeCartQuantityRequest, body);
    const cartId = this.existingCartId(req);
    return this.commands.execute(new ChangeCartEntryQuantityCommand(commandContextFor(req, cartId), cartId, entryId, quantity));
  }

  @Delete('entries/:entryId')
  @RouteSchema(CART_ROUTE_SCHEMAS.removeEntry)
  @UseGuards(CartWriteGuard)
  async removeEntry(@Req() req: AppRequest, @Param('entryId') entryId: string): Promise<RemoveCartEntryResult> {
    const cartId = this.existingCartId(req);
    return this.commands.execute(new RemoveCartEntryCommand(commandContextFor(req, cartId), cartId, entryId));
  }

  @Put('entries/:entryId/additionalFields')
  @RouteSchema(CART_ROUTE_SCHEMAS.updateAdditionalFields)
  @UseGuards(CartWriteGuard)
  async updateAdditionalFields(
    @Req() req: AppRequest,
    @Param('entryId') entryId: string,
    @Body() body: unknown,
  ): Promise<UpdateCartEntryAdditionalFieldsResult> {
    const request = parseBody(UpdateCartEntryFieldsRequest, body);
    const cartId = this.existingCartId(req);
    return this.commands.execute(new UpdateCartEntryAdditionalFieldsCommand(commandContextFor(req, cartId), cartId, entryId, request));
  }

  /**
   * The visitor's cart (SPEC 6: loaded only when a cart cookie exists or a site user is signed in).
   * The SPEC's query parameters (mock, timecode, calculateSubtotal) are accepted and change nothing:
   * totals are always computed. Reading the cart is never an error: a visitor without an open cart
   * (no cookie, one this server never issued, a cart that was bought or that has no entry yet) gets
   * a fresh empty cart, whose id the cookie then names (nothing is stored until the first add). A
   * bought cart's cookie is replaced, so the next add starts a new cart.
   */
  @Get()
  @RouteSchema(CART_ROUTE_SCHEMAS.getCart)
  async getCart(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<ShoppingCartView> {
    const cookie = this.cookies.read(req);
    const cart = cookie.kind === 'valid'
      ? await this.queries.execute<GetShoppingCartQuery, ShoppingCartView | null>(new GetShoppingCartQuery(cookie.cartId))
      : null;
    if (cart && !cart.isPurchased) return cart;
    // A cart id nothing was stored under yet is kept; anything else gets a new one.
    const cartId = cookie.kind === 'valid' && cart === null ? cookie.cartId : this.cookies.newCartId();
    if (cartId !== (cookie.kind === 'valid' ? cookie.cartId : null)) this.cookies.issue(res, cartId);
    const [{ websiteId }, { selectedCurrency }] = await Promise.all([this.websites.current(), this.websites.storeSettings()]);
    return emptyShoppingCartView({ cartId, websiteId, currency: selectedCurrency, created: new Date().toISOString() });
  }
}
