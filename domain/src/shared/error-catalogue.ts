/**
 * Every error code the domain can return, with the SPEC's wording where it has one
 * (SPEC sections 5 and 8). HTTP statuses for these codes live in one place in apps/api.
 */
export const ERROR_MESSAGES = {
  // Cart (SPEC 5 'Add to cart', 8 'Cart')
  QUANTITY_NOT_A_NUMBER: 'Quantity must be a number.',
  QUANTITY_NOT_WHOLE: 'Quantity must be a whole number',
  QUANTITY_OUT_OF_RANGE: 'Quantity must be between 1 and 9999.',
  VARIANT_UNAVAILABLE: 'Sorry, that item variant is unavailable. Please select another variant.',
  INSUFFICIENT_STOCK: 'Sorry, we do not have enough of that item available.',
  CART_NOT_FOUND: 'You have nothing in your shopping cart.',
  CART_CLOSED: 'This cart has already been checked out.',
  SESSION_EXPIRED: 'Your session has expired. Please reload the page and try again.',
  RATE_LIMITED: 'Please try again in a few seconds.',
  // Requests
  MALFORMED_JSON: 'The request body is not valid JSON.',
  INVALID_REQUEST: 'The request is invalid.',
  NOT_FOUND: 'Not found.',
  INTERNAL: 'Something went wrong',
  // Accounts and request security
  INVALID_CREDENTIALS: 'Invalid email or password.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have permission to do that.',
  XSRF_TOKEN_INVALID: 'Your session has expired. Please reload the page and try again.',
  TOO_MANY_SIGN_IN_ATTEMPTS: 'Please try again in a few seconds.',
  // Owner accounts
  INVALID_EMAIL: 'Please enter a valid email',
  PASSWORD_TOO_SHORT: 'Passwords must be at least 12 characters long.',
  PASSWORD_TOO_LONG: 'Passwords must be at most 1024 characters long.',
  INVALID_ROLES: 'Please choose at least one valid role.',
  OWNER_ALREADY_EXISTS: 'An owner account with this email already exists.',
  OWNER_NOT_FOUND: 'There is no owner account with this email.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function domainError(code: ErrorCode, details?: Record<string, unknown>, message?: string) {
  return { code, message: message ?? ERROR_MESSAGES[code], ...(details ? { details } : {}) };
}
