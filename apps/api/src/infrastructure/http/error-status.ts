import type { ErrorCode } from '@storefront/domain';

/** The one table from domain error codes to HTTP status codes. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  QUANTITY_NOT_A_NUMBER: 400,
  QUANTITY_NOT_WHOLE: 400,
  QUANTITY_OUT_OF_RANGE: 400,
  VARIANT_UNAVAILABLE: 404,
  INSUFFICIENT_STOCK: 409,
  CART_NOT_FOUND: 404,
  CART_CLOSED: 409,
  SESSION_EXPIRED: 401,
  RATE_LIMITED: 429,
  MALFORMED_JSON: 400,
  INVALID_REQUEST: 400,
  NOT_FOUND: 404,
  INTERNAL: 500,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  XSRF_TOKEN_INVALID: 403,
  TOO_MANY_SIGN_IN_ATTEMPTS: 429,
};

export function statusForCode(code: string): number {
  return (ERROR_STATUS as Record<string, number>)[code] ?? 400;
}
