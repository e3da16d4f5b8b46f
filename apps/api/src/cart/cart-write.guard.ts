import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { domainError } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { DomainException } from '../infrastructure/http/domain-exception';
import type { AppRequest } from '../infrastructure/http/request-context';
import { CartCookies } from './cart-cookie';
import { CartRateLimiter, ClientRateLimiter, type TakeResult } from './cart-rate-limiter';

function refuseIfLimited(taken: TakeResult, res: FastifyReply): void {
  if (taken.allowed) return;
  res.header('Retry-After', String(taken.retryAfterSeconds));
  throw new DomainException(domainError('RATE_LIMITED'));
}

/**
 * Rate limits for cart writes and checkouts: one token bucket per client address (so neither
 * leaving out the cookie nor sending a fresh cart each time escapes it) and one per cart. Over
 * either: 429 'Please try again in a few seconds.' with Retry-After.
 */
@Injectable()
export class CommerceRateLimits {
  constructor(
    private readonly carts: CartRateLimiter,
    private readonly clients: ClientRateLimiter,
  ) {}

  takeForClient(req: AppRequest, res: FastifyReply): void {
    refuseIfLimited(this.clients.take(req.ip), res);
  }

  takeForCart(cartId: string, res: FastifyReply): void {
    refuseIfLimited(this.carts.take(cartId), res);
  }
}

/**
 * Before any cart write: the client address's rate limit; then a cart cookie this server never
 * issued (or whose MAC is wrong) is an expired session (401, cookie reset); then the cart's rate
 * limit. A visitor without a cookie has no cart yet: its first write mints a cart with a full bucket.
 */
@Injectable()
export class CartWriteGuard implements CanActivate {
  constructor(
    private readonly limits: CommerceRateLimits,
    private readonly cookies: CartCookies,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const req = http.getRequest<AppRequest>();
    const res = http.getResponse<FastifyReply>();
    this.limits.takeForClient(req, res);
    const cookie = this.cookies.read(req);
    if (cookie.kind === 'malformed') {
      this.cookies.clear(res);
      throw new DomainException(domainError('SESSION_EXPIRED', { reason: 'CART_COOKIE_MALFORMED' }));
    }
    if (cookie.kind === 'valid') this.limits.takeForCart(cookie.cartId, res);
    return true;
  }
}
