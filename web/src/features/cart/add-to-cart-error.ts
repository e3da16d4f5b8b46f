import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** SPEC §8 "Cart": the alert title for a failed add. */
export const ADD_TO_CART_ERROR_TITLE = 'Unable to Add Item';

/** The text shown for a failed add: the server's message, the SPEC's 429 text, or a generic one. */
export function addToCartErrorMessage(error: FetchBaseQueryError | SerializedError): string {
  if ('status' in error) {
    if (error.status === 429) return 'Please try again in a few seconds.';
    const body = error.data as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return 'Network error';
  }
  return 'Something went wrong';
}
