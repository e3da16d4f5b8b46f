import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AppRequest } from '../infrastructure/http/request-context';

/** The visitor's cart is identified by this cookie; its value is the cart id. */
export const CART_COOKIE = 'ss_cart';
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FOURTEEN_DAYS_SECONDS = 14 * 24 * 60 * 60;

/** What the request's cart cookie says: nothing, a cart id, or something we never issued. */
export type CartCookie = { kind: 'none' } | { kind: 'valid'; cartId: string } | { kind: 'malformed' };

export function readCartCookie(req: AppRequest): CartCookie {
  const value = req.cookies[CART_COOKIE];
  if (value === undefined) return { kind: 'none' };
  return typeof value === 'string' && CART_ID.test(value) ? { kind: 'valid', cartId: value } : { kind: 'malformed' };
}

export function cartIdFromRequest(req: AppRequest): string | null {
  const cookie = readCartCookie(req);
  return cookie.kind === 'valid' ? cookie.cartId : null;
}

function cookieOptions(secure: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure };
}

/** The request's cart id, minting one (and setting the cookie) for a visitor's first add. */
export function ensureCartId(req: AppRequest, res: FastifyReply, secure: boolean): string {
  const existing = cartIdFromRequest(req);
  if (existing) return existing;
  const cartId = randomUUID();
  res.setCookie(CART_COOKIE, cartId, { ...cookieOptions(secure), maxAge: FOURTEEN_DAYS_SECONDS, expires: new Date(Date.now() + FOURTEEN_DAYS_SECONDS * 1000) });
  return cartId;
}

/** Forgets the visitor's cart (malformed cookie, purchased cart): the next add starts a new one. */
export function clearCartCookie(res: FastifyReply, secure: boolean): void {
  res.clearCookie(CART_COOKIE, cookieOptions(secure));
}
