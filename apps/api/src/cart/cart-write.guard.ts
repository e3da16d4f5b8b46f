import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { domainError } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException } from '../infrastructure/http/domain-exception';
import type { AppRequest } from '../infrastructure/http/request-context';
import { clearCartCookie, readCartCookie } from './cart-cookie';
import { CartRateLimiter } from './cart-rate-limiter';

/**
 * Before any cart write: a cart cookie we never issued is an expired session (401, cookie reset);
 * a cart over its write rate gets 429 'Please try again in a few seconds.' with Retry-After.
 * A visitor without a cookie has no cart yet: its first write mints a cart with a full bucket.
 */
@Injectable()
export class CartWriteGuard implements CanActivate {
  constructor(
    private readonly limiter: CartRateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const req = http.getRequest<AppRequest>();
    const res = http.getResponse<FastifyReply>();
    const cookie = readCartCookie(req);
    if (cookie.kind === 'malformed') {
      clearCartCookie(res, this.config.secureCookies);
      throw new DomainException(domainError('SESSION_EXPIRED', { reason: 'CART_COOKIE_MALFORMED' }));
    }
    if (cookie.kind === 'valid') {
      const taken = this.limiter.take(cookie.cartId);
      if (!taken.allowed) {
        res.header('Retry-After', String(taken.retryAfterSeconds));
        throw new DomainException(domainError('RATE_LIMITED'));
      }
    }
    return true;
  }
}
