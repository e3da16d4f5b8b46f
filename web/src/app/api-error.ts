import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { CART_ERROR_MESSAGES, REQUEST_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { GENERAL_STRINGS } from '@storefront/domain/shared/strings';

/** An API answer's error: its code (e.g. 'INSUFFICIENT_STOCK'), its words, and whether the request never got an answer. */
export type ApiProblem = { code: string | null; message: string; status: number | null; network: boolean; details?: Record<string, unknown> };

/**
 * What went wrong with a request, in words: the server's message (the SPEC's), the SPEC's 429 text,
 * 'Network error' when no answer came, else 'Something went wrong'.
 */
export function apiProblem(error: FetchBaseQueryError | SerializedError | undefined): ApiProblem {
  if (error && 'status' in error) {
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
      return { code: null, message: GENERAL_STRINGS.networkError, status: null, network: true };
    }
    const body = typeof error.data === 'object' && error.data !== null ? (error.data as { error?: unknown; message?: unknown } & Record<string, unknown>) : undefined;
    const status = typeof error.status === 'number' ? error.status : null;
    const code = body && typeof body.error === 'string' ? body.error : null;
    // The API sends an error's details beside its code and message (`{ error, message, itemId, sku }`).
    const { error: _code, message: _message, ...details } = body ?? {};
    if (status === 429) return { code, message: CART_ERROR_MESSAGES.RATE_LIMITED, status, network: false, details };
    if (body && typeof body.message === 'string' && body.message) return { code, message: body.message, status, network: false, details };
    return { code, message: REQUEST_ERROR_MESSAGES.INTERNAL, status, network: false, details };
  }
  return { code: null, message: REQUEST_ERROR_MESSAGES.INTERNAL, status: null, network: false };
}
