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
  OPTIONS_NOT_CHOSEN: 'Please select the {option} option.',
  GIFT_CARD_DENOMINATION_REQUIRED: 'Select a denomination for the Gift Card',
  SERVICE_QUANTITY_LIMITED: 'Only one of this service can be added to your cart.',
  CART_ENTRY_NOT_FOUND: 'This item is no longer in your cart. Please reload the page and try again.',
  NOT_SUBSCRIBABLE: 'This product is not available as a subscription.',
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
  // Catalog (owner commands; SPEC sections 3, 5 'Store URL id' and 9 limits)
  STORE_NOT_FOUND: 'There is no store with this id.',
  STORE_ALREADY_EXISTS: 'This store already exists.',
  STORE_PRODUCT_LIMIT: 'A store can hold at most 200 products.',
  PRODUCT_NOT_FOUND: 'There is no product with this id.',
  PRODUCT_ALREADY_EXISTS: 'A product with this id already exists.',
  INVALID_PRODUCT_TYPE: 'Product type must be one of PHYSICAL, DIGITAL, SERVICE, GIFT_CARD or PAYWALL (1-5).',
  INVALID_TITLE: 'Please enter a title of at most 200 characters.',
  INVALID_URL_ID: 'URL ids may only contain letters, digits and dashes, at most 200 characters.',
  INVALID_PRICE: 'Prices must be whole numbers of minor units, 0 or more.',
  UNSUPPORTED_CURRENCY: 'This currency is not supported.',
  INVALID_SKU: 'A SKU must be 1 to 100 characters without spaces at either end.',
  DUPLICATE_SKU: 'Another variant of this product already has this SKU.',
  INVALID_VARIANT_OPTIONS: 'Every variant must have one non-empty value for each option of the product, and nothing else.',
  DUPLICATE_VARIANT_OPTIONS: 'Another variant of this product already has these option values.',
  TOO_MANY_OPTIONS: 'A product can have at most 6 options.',
  TOO_MANY_VARIANTS: 'A product can have at most 100 variants.',
  NO_VARIANTS: 'A product needs at least one variant.',
  SINGLE_VARIANT_ONLY: 'Digital products have exactly one variant.',
  VARIANT_NOT_FOUND: 'This product has no variant with this SKU.',
  INVALID_SALE_PRICE: 'A sale price must be below the regular price.',
  INVALID_SUBSCRIPTION_PLAN: 'A subscription plan needs a billing period of 1 to 52 WEEK, MONTH or YEAR units and 0 (indefinite) to 1000 billing cycles.',
  SUBSCRIPTION_NOT_ALLOWED: 'Gift cards cannot be sold as subscriptions.',
  TAG_TOO_LONG: 'Tags can be at most 50 characters long.',
  CATEGORY_TOO_LONG: 'Categories can be at most 25 characters long.',
  INVALID_TEXT_FIELD: 'This text is too long or not text.',
  INVALID_STOCK: 'Stock must be a whole number from 0 to 1000000000.',
  STOCK_BELOW_ZERO: 'Stock cannot go below zero.',
  INVALID_RESERVATION: 'A reservation needs an order id and a whole quantity of 1 or more.',
  RESERVATION_CONFLICT: 'This order already holds a different reservation of this variant.',
  // Checkout and orders
  CHECKOUT_MINIMUM_SUBTOTAL: 'To check out, your order subtotal must be {subtotal} or more.',
  CART_CHANGED: 'Your cart changed during checkout. Please review it and try again.',
  PAYMENT_TOKEN_REQUIRED: 'Please enter your payment details.',
  PAYMENT_DECLINED: 'Your card was declined.',
  ORDER_NOT_FOUND: 'There is no order with this id.',
  ORDER_ALREADY_EXISTS: 'An order with this id already exists.',
  ORDER_CANCELLED: 'This order was cancelled.',
  ORDER_ALREADY_FULFILLED: 'This order was already fulfilled.',
  // Media (SPEC 5 'Editor messages'; placeholders are filled in by domain/src/media)
  UNSUPPORTED_FILE: 'The file {fileName} does not appear to be a supported file.',
  FILE_TOO_LARGE: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  IMAGE_TOO_MANY_PIXELS: 'The file {fileName} is too large. The maximum allowed image size is {maxPixels}.',
  MISSING_FILE_NAME: 'Please enter a file name',
  INVALID_FOCAL_POINT: 'A focal point needs x and y between 0 and 1.',
  IMAGE_NOT_FOUND: 'There is no image with this id.',
  IMAGE_ALREADY_EXISTS: 'An image with this id already exists.',
  INVALID_IMAGE_FORMAT: 'The format must be original or one of 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function domainError(code: ErrorCode, details?: Record<string, unknown>, message?: string) {
  return { code, message: message ?? ERROR_MESSAGES[code], ...(details ? { details } : {}) };
}
