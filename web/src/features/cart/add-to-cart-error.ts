import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { STRINGS } from '@storefront/domain/shared/strings';

/** SPEC §8 "Cart": the alert title for a failed add. */
export const ADD_TO_CART_ERROR_TITLE = STRINGS.cartAlertTitles.addItem;

/** The text shown for a failed add: the server's message, the SPEC's 429 text, or a generic one. */
export function addToCartErrorMessage(error: FetchBaseQueryError | SerializedError): string {
  if ('status' in error) {
    if (error.status === 429) return ERROR_MESSAGES.RATE_LIMITED;
    const body = error.data as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return STRINGS.general.networkError;
  }
  return ERROR_MESSAGES.INTERNAL;
}
