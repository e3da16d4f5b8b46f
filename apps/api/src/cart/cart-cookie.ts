import type { CookieOptions, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { AppRequest } from '../infrastructure/http/request-context';

/** The visitor's cart is identified by this cookie; its value is the cart id. */
export const CART_COOKIE = 'ss_cart';
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FOURTEEN_DAYS_MS = 14 * 24 * 60 * 60 * 1000;

export function cartIdFromRequest(req: AppRequest): string | null {
  const value = req.cookies?.[CART_COOKIE];
  return typeof value === 'string' && CART_ID.test(value) ? value : null;
}

/** The request's cart id, minting one (and setting the cookie) for a visitor's first add. */
export function ensureCartId(req: AppRequest, res: Response, secure: boolean): string {
  const existing = cartIdFromRequest(req);
  if (existing) return existing;
  const cartId = randomUUID();
  const options: CookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', maxAge: FOURTEEN_DAYS_MS, secure };
  res.cookie(CART_COOKIE, cartId, options);
  return cartId;
}
