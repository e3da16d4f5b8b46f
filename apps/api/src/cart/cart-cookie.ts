import type { CookieSerializeOptions } from '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AppRequest } from '../infrastructure/http/request-context';
import { SERVER_SECRETS, type ServerSecrets } from '../infrastructure/server-secrets';

/**
 * The visitor's cart is named by this cookie. Its value is a cart token, `<cartId>.<mac>`: the
 * cart id (a random UUID) and the HMAC-SHA-256 of it under a server secret shared by every process
 * (base64url). Only this server can make a token, so a cart id seen elsewhere (in a cart or order
 * view, a log, a planted cookie) reads or writes nothing without its MAC. Checked in constant time,
 * without a database round trip.
 */
export const CART_COOKIE = 'ss_cart';
const CART_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;
const MAC_PURPOSE = 'cart-cookie';
const FOURTEEN_DAYS_SECONDS = 14 * 24 * 60 * 60;

/** What the request's cart cookie says: nothing, a cart this server issued, or something it never issued. */
export type CartCookie = { kind: 'none' } | { kind: 'valid'; cartId: string } | { kind: 'malformed' };

/** The cart id named by a cart token, without checking its MAC (tests and tools). */
export function cartIdOfToken(token: string): string {
  return token.split('.', 1)[0]!;
}

/**
 * Whether the request carries something shaped like a cart token: a page render's hint that the
 * cart island should load the cart (SPEC: loaded only when a cart cookie exists). Grants nothing:
 * every cart read and write checks the MAC.
 */
export function hasCartCookie(req: AppRequest): boolean {
  const value = req.cookies[CART_COOKIE];
  return typeof value === 'string' && CART_TOKEN.test(value);
}

@Injectable()
export class CartCookies {
  constructor(
    @Inject(SERVER_SECRETS) private readonly secrets: ServerSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The cart token of a cart id: what the cookie carries. */
  tokenFor(cartId: string): string {
    return `${cartId}.${this.secrets.mac(MAC_PURPOSE, cartId)}`;
  }

  read(req: AppRequest): CartCookie {
    const value = req.cookies[CART_COOKIE];
    if (value === undefined) return { kind: 'none' };
    const match = typeof value === 'string' ? CART_TOKEN.exec(value) : null;
    return match && this.secrets.verify(MAC_PURPOSE, match[1]!, match[2]!) ? { kind: 'valid', cartId: match[1]! } : { kind: 'malformed' };
  }

  cartId(req: AppRequest): string | null {
    const cookie = this.read(req);
    return cookie.kind === 'valid' ? cookie.cartId : null;
  }

  /** A new cart id for a visitor's first add; the cookie is only set (`issue`) once the add succeeded. */
  newCartId(): string {
    return randomUUID();
  }

  issue(res: FastifyReply, cartId: string): void {
    res.setCookie(CART_COOKIE, this.tokenFor(cartId), {
      ...this.options(), maxAge: FOURTEEN_DAYS_SECONDS, expires: new Date(Date.now() + FOURTEEN_DAYS_SECONDS * 1000),
    });
  }

  /** Forgets the visitor's cart (malformed cookie, purchased cart): the next add starts a new one. */
  clear(res: FastifyReply): void {
    res.clearCookie(CART_COOKIE, this.options());
  }

  private options(): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'lax', path: '/', secure: this.config.secureCookies };
  }
}
