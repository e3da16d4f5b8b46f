import type { CookieSerializeOptions } from '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AppRequest } from '../infrastructure/http/request-context';
import { SERVER_SECRETS, type ServerSecrets } from '../infrastructure/server-secrets';

/**
 * Whose subscription cart a token is: creating a subscription cart sets this cookie, naming the
 * cart's token with the server's MAC (`<cartToken>.<mac>`). The subscription checkout page and its
 * API open a cart only for the browser whose cookie names it; anyone else holding the token (a
 * shared link, a log) gets 404, as for a cart that does not exist. It names the visitor's latest
 * subscription cart: subscribing again (another product) replaces it.
 */
export const SUBSCRIPTION_CART_COOKIE = 'ss_subscription';
export const SUBSCRIPTION_CART_COOKIE_SECONDS = 24 * 60 * 60;
const MAC_PURPOSE = 'subscription-cart';
const VALUE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

@Injectable()
export class SubscriptionCartCookies {
  constructor(
    @Inject(SERVER_SECRETS) private readonly secrets: ServerSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(res: FastifyReply, cartToken: string): void {
    res.setCookie(SUBSCRIPTION_CART_COOKIE, `${cartToken}.${this.secrets.mac(MAC_PURPOSE, cartToken)}`, {
      httpOnly: true, sameSite: 'lax', path: '/', secure: this.config.secureCookies, maxAge: SUBSCRIPTION_CART_COOKIE_SECONDS,
    } satisfies CookieSerializeOptions);
  }

  /** The subscription cart token the request's cookie names, its MAC checked; else null. */
  cartToken(req: AppRequest): string | null {
    const value = req.cookies[SUBSCRIPTION_CART_COOKIE];
    const match = typeof value === 'string' ? VALUE.exec(value) : null;
    return match && this.secrets.verify(MAC_PURPOSE, match[1]!, match[2]!) ? match[1]! : null;
  }

  /** Whether this request's browser created the subscription cart `cartToken`. */
  owns(req: AppRequest, cartToken: string): boolean {
    return this.cartToken(req) === cartToken;
  }
}
