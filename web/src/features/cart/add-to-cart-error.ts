import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { CART_ERROR_MESSAGES, REQUEST_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { ADD_TO_CART_ALERT_TITLES, GENERAL_STRINGS } from '@storefront/domain/shared/strings';

/**
 * SPEC 8 'Cart' alert titles: 'Unable to Purchase Item' with express checkout, 'Unable to purchase
 * Gift Card' for a gift card, else 'Unable to Add Item'.
 */
export function addToCartAlertTitle({ express, giftCard }: { express: boolean; giftCard: boolean }): string {
  if (giftCard) return ADD_TO_CART_ALERT_TITLES.purchaseGiftCard;
  return express ? ADD_TO_CART_ALERT_TITLES.purchaseItem : ADD_TO_CART_ALERT_TITLES.addItem;
}

/** Codes the API answers when the visitor's session (their cart cookie, their XSRF token) is gone. */
const SESSION_CODES = new Set(['SESSION_EXPIRED', 'XSRF_TOKEN_INVALID']);

/**
 * The text shown for a failed add: with the expired-session flag, 'Your session has expired…', or
 * 'Please enable cookies…' when the browser keeps no cookies (SPEC 8); the SPEC's 429 text; the
 * server's message; 'Network error' without an answer; else 'Something went wrong'.
 */
export function addToCartErrorMessage(error: FetchBaseQueryError | SerializedError, cookiesEnabled = typeof navigator === 'undefined' || navigator.cookieEnabled): string {
  if ('status' in error) {
    const body = error.data as { error?: unknown; message?: unknown } | undefined;
    if (body && typeof body.error === 'string' && SESSION_CODES.has(body.error)) {
      return cookiesEnabled ? CART_ERROR_MESSAGES.SESSION_EXPIRED : CART_ERROR_MESSAGES.COOKIES_DISABLED;
    }
    if (error.status === 429) return CART_ERROR_MESSAGES.RATE_LIMITED;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return GENERAL_STRINGS.networkError;
  }
  return REQUEST_ERROR_MESSAGES.INTERNAL;
}
