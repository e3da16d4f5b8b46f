import type { CookieSerializeOptions } from '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AppRequest } from '../infrastructure/http/request-context';
import { SERVER_SECRETS, type ServerSecrets } from '../infrastructure/server-secrets';

/**
 * The checkout receipt: a short-lived cookie the checkout answer sets in the same response that
 * clears the cart cookie. A buyer whose page was reloaded (or left) while the checkout request was
 * in flight has lost the answer, and with it the cart cookie; the receipt lets the checkout page
 * send them to the order confirmed page instead of an empty checkout (issue 13). Its value is
 * `<orderId>.<expiresAt>.<mac>`: only this server makes one, it names one order, and it is worth
 * nothing after RECEIPT_SECONDS even if a browser kept it.
 */
export const RECEIPT_COOKIE = 'ss_checkout';
export const RECEIPT_SECONDS = 30 * 60;
const MAC_PURPOSE = 'checkout-receipt';
const RECEIPT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

@Injectable()
export class CheckoutReceipts {
  constructor(
    @Inject(SERVER_SECRETS) private readonly secrets: ServerSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The receipt's value for an order, good until `now + RECEIPT_SECONDS`. */
  valueFor(orderId: string, now = Date.now()): string {
    const expiresAt = Math.floor(now / 1000) + RECEIPT_SECONDS;
    return `${orderId}.${expiresAt}.${this.secrets.mac(MAC_PURPOSE, `${orderId}.${expiresAt}`)}`;
  }

  issue(res: FastifyReply, orderId: string): void {
    res.setCookie(RECEIPT_COOKIE, this.valueFor(orderId), { ...this.options(), maxAge: RECEIPT_SECONDS });
  }

  /** The order the request's receipt names, if this server made it and it has not expired; else null. */
  orderId(req: AppRequest, now = Date.now()): string | null {
    const value = req.cookies[RECEIPT_COOKIE];
    const match = typeof value === 'string' ? RECEIPT.exec(value) : null;
    if (!match) return null;
    const [, orderId, expiresAt, mac] = match as unknown as [string, string, string, string];
    if (Number(expiresAt) * 1000 <= now) return null;
    return this.secrets.verify(MAC_PURPOSE, `${orderId}.${expiresAt}`, mac) ? orderId : null;
  }

  private options(): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'lax', path: '/', secure: this.config.secureCookies };
  }
}
