/**
 * Every error code the domain can return, with the SPEC's wording where it has one
 * (SPEC sections 5 and 8). HTTP statuses for these codes live in one place in apps/api.
 *
 * The cart's and the requests' messages are their own exports, so the published pages' islands
 * bundle only those, not every owner message.
 */
import { BOT_CHECK_MESSAGES } from '../bot-check';

/** Cart (SPEC 5 'Add to cart', 8 'Cart'). */
export const CART_ERROR_MESSAGES = {
  QUANTITY_NOT_A_NUMBER: 'Quantity must be a number.',
  QUANTITY_NOT_WHOLE: 'Quantity must be a whole number',
  QUANTITY_OUT_OF_RANGE: 'Quantity must be between 1 and 9999.',
  VARIANT_UNAVAILABLE: 'Sorry, that item variant is unavailable. Please select another variant.',
  INSUFFICIENT_STOCK: 'Sorry, we do not have enough of that item available.',
  CART_NOT_FOUND: 'You have nothing in your shopping cart.',
  CART_CLOSED: 'This cart has already been checked out.',
  SESSION_EXPIRED: 'Your session has expired. Please reload the page and try again.',
  /**
   * SPEC 8: what a failed add says in place of SESSION_EXPIRED when the browser keeps no cookies
   * (the cart lives in a cookie). The browser words it; the API never answers it.
   */
  COOKIES_DISABLED: 'Please enable cookies in your browser, reload the page, and try again.',
  RATE_LIMITED: 'Please try again in a few seconds.',
  OPTIONS_NOT_CHOSEN: 'Please select the {option} option.',
  GIFT_CARD_DENOMINATION_REQUIRED: 'Select a denomination for the Gift Card',
  SERVICE_QUANTITY_LIMITED: 'Only one of this service can be added to your cart.',
  CART_ENTRY_NOT_FOUND: 'This item is no longer in your cart. Please reload the page and try again.',
  NOT_SUBSCRIBABLE: 'This product is not available as a subscription.',
} as const;

/** Requests. */
export const REQUEST_ERROR_MESSAGES = {
  MALFORMED_JSON: 'The request body is not valid JSON.',
  INVALID_REQUEST: 'The request is invalid.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported here.',
  NOT_FOUND: 'Not found.',
  INTERNAL: 'Something went wrong',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
} as const;

/**
 * Checkout and orders (the checkout page's island takes these). INVALID_EMAIL is also the owner
 * accounts' message for a bad email.
 */
export const CHECKOUT_ERROR_MESSAGES = {
  INVALID_EMAIL: 'Please enter a valid email',
  CHECKOUT_MINIMUM_SUBTOTAL: 'To check out, your order subtotal must be {subtotal} or more.',
  CART_CHANGED: 'Your cart changed during checkout. Please review it and try again.',
  PAYMENT_TOKEN_REQUIRED: 'Please enter your payment details.',
  PAYMENT_DECLINED: 'Your card was declined.',
  SHIPPING_ADDRESS_INVALID: 'Please check your shipping address.',
  SUBSCRIPTION_CHECKED_OUT: 'This subscription has already been checked out.',
} as const;

/**
 * Forms (SPEC 5 'Forms', 8 'Forms'). The form island bundles these and no other owner message.
 * FORM_INVALID is the 400 of SaveFormSubmission and validate (with per-field errors beside it).
 */
export const FORM_ERROR_MESSAGES = {
  FORM_INVALID: 'One or more fields is invalid, please check your entries.',
  FORM_SUBMISSION_FAILED: 'Error processing form submission. Please reload and try again.',
  FORM_UNKNOWN_ERROR: 'Unknown error, please try again later.',
  /** Written once, with the bot check's messages (domain/src/bot-check). */
  CAPTCHA_REQUIRED: BOT_CHECK_MESSAGES.incomplete,
  FORM_KEY_UNAVAILABLE: 'Could not get a form submission key, please try again later.',
  FORM_FIELDS_UNPARSABLE: 'Could not parse the form fields, please check your entries.',
  FORM_PROBLEM_ABOVE: 'Your form has encountered a problem. Please scroll down to review.',
  FORM_PROBLEM_BELOW: 'Your form has encountered a problem. Please scroll up to review.',
  /** 401: a submission key that is missing, expired, used or another visitor's. */
  FORM_KEY_INVALID: 'Unable to submit form. Please try again later.',
  /** 404. */
  FORM_NOT_CONFIGURED: 'This form has not been configured yet.',
  /** 429. */
  FORM_RATE_LIMITED: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  /** 500. */
  FORM_SEND_FAILED: 'Unable to send form. Please try again later.',
  RECAPTCHA_SITE_KEY_MISSING: BOT_CHECK_MESSAGES.siteKeyMissing,
  // Owner editor (SPEC 8 'Editor'); the owner app shows these over the API's detail.
  FORM_UPDATE_FAILED: 'Unable to update form',
  FORM_OPEN_FAILED: 'Unable to open form',
} as const;

/**
 * Back-in-stock sign-up (SPEC 5 'Restock', 8 'Restock'): the restock island bundles these.
 * RESTOCK_SUBMIT_FAILED is what it shows when the server sends no message of its own.
 */
export const RESTOCK_ERROR_MESSAGES = {
  RESTOCK_EMAIL_BLANK: 'Email cannot be blank',
  RESTOCK_EMAIL_INVALID: 'Email is invalid',
  RESTOCK_SUBMIT_FAILED: 'Unable to submit form. Please try again later.',
  RESTOCK_NOT_OFFERED: 'Back-in-stock notifications are not offered for this item.',
} as const;

export const ERROR_MESSAGES = {
  ...FORM_ERROR_MESSAGES,
  ...RESTOCK_ERROR_MESSAGES,
  ...CART_ERROR_MESSAGES,
  ...REQUEST_ERROR_MESSAGES,
  ...CHECKOUT_ERROR_MESSAGES,
  // Accounts and request security
  INVALID_CREDENTIALS: 'Invalid email or password.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have permission to do that.',
  XSRF_TOKEN_INVALID: 'Your session has expired. Please reload the page and try again.',
  // The API names the wait ('… in 15 minutes.'); 'Please try again in a few seconds.' is the cart's 429 (SPEC 8).
  TOO_MANY_SIGN_IN_ATTEMPTS: 'Too many sign-in attempts. Please try again later.',
  PASSWORD_CONFIRMATION_FAILED: 'Please enter your current password to confirm this change.',
  // Owner accounts (INVALID_EMAIL is with checkout's)
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
  INVALID_WEIGHT: 'A weight must be a whole number of grams from 0 to 1000000, and only physical products have one.',
  INVALID_VARIANT_IMAGE: "A variant's image must be one of the product's own images.",
  INVALID_SUBSCRIPTION_PLAN: 'A subscription plan needs a billing period of 1 to 52 WEEK, MONTH or YEAR units and 0 (indefinite) to 1000 billing cycles.',
  SUBSCRIPTION_NOT_ALLOWED: 'Gift cards cannot be sold as subscriptions.',
  TAG_TOO_LONG: 'Tags can be at most 50 characters long.',
  CATEGORY_TOO_LONG: 'Categories can be at most 25 characters long.',
  INVALID_TEXT_FIELD: 'This text is too long or not text.',
  INVALID_STOCK: 'Stock must be a whole number from 0 to 1000000000.',
  STOCK_BELOW_ZERO: 'Stock cannot go below zero.',
  INVALID_RESERVATION: 'A reservation needs an order id and a whole quantity of 1 or more.',
  RESERVATION_CONFLICT: 'This order already holds a different reservation of this variant.',
  // Checkout and orders (with CHECKOUT_ERROR_MESSAGES)
  ORDER_NOT_FOUND: 'There is no order with this id.',
  ORDER_ALREADY_EXISTS: 'An order with this id already exists.',
  ORDER_CANCELLED: 'This order was cancelled.',
  ORDER_ALREADY_FULFILLED: 'This order was already fulfilled.',
  // The checkout process (domain/src/checkout/process.ts). SPEC 8 has no checkout wording; these
  // follow its 'Please try again in a few seconds.' (HTTP 429).
  CHECKOUT_BUSY: 'Many people are checking out right now. Please try again in a few seconds.',
  CHECKOUT_EXPIRED: 'Your checkout took too long and was cancelled. You were not charged. Please try again.',
  CHECKOUT_ENDED: 'This checkout has already ended.',
  CHECKOUT_IN_PROGRESS: 'This checkout is still in progress.',
  CHECKOUT_NOT_FOUND: 'There is no checkout with this id.',
  // Media (SPEC 5 'Editor messages'; placeholders are filled in by domain/src/media)
  UNSUPPORTED_FILE: 'The file {fileName} does not appear to be a supported file.',
  FILE_TOO_LARGE: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  IMAGE_TOO_MANY_PIXELS: 'The file {fileName} is too large. The maximum allowed image size is {maxPixels}.',
  MISSING_FILE_NAME: 'Please enter a file name',
  INVALID_FOCAL_POINT: 'A focal point needs x and y between 0 and 1.',
  IMAGE_NOT_FOUND: 'There is no image with this id.',
  IMAGE_ALREADY_EXISTS: 'An image with this id already exists.',
  // A product's additional-fields form (issue 14) must be one of the site's forms.
  ADDITIONAL_FIELDS_FORM_NOT_FOUND: 'There is no form with this id. Choose one of the site\'s forms, or none.',
  INVALID_IMAGE_FORMAT: 'The format must be original or one of 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w.',
  // Site content (owner commands; SPEC sections 3, 5 'Editor messages', 8 'General'/'Other' and 9 limits)
  INVALID_TIME_ZONE: 'Failed to load timezone {timeZone}',
  INVALID_LANGUAGE: 'The language must be a locale such as en-US.',
  NOT_AN_EXPECTED_OPTION: '{val} is not one of the expected options',
  INVALID_LINK: '{val} is not a valid page URL',
  INVALID_SOCIAL_ACCOUNT: 'Each social account needs a service name, a user name of at most 100 characters and a profile link.',
  STORE_CURRENCY_LOCKED: 'The store currency cannot be changed while the store has products priced in {currency}.',
  INVALID_SITE_STATUS: 'A trial or expiring site needs an expiration date (epoch milliseconds).',
  COLLECTION_NOT_FOUND: 'There is no page or collection with this id.',
  COLLECTION_ALREADY_EXISTS: 'A page or collection with this id already exists.',
  WRONG_COLLECTION_KIND: 'This page or collection does not support that.',
  INVALID_HOME_PAGE: 'The home page must be a page or collection of this site, not a folder.',
  COLLECTION_ITEM_LIMIT: 'A collection can hold at most {limit} items.',
  INVALID_ITEM_ORDER: 'The new order must list every item of the collection exactly once.',
  TOO_MANY_BLOCKS: 'A layout can hold at most 60 blocks.',
  INVALID_BLOCK: 'Each block needs a unique id, a known block type and a value of the right shape.',
  PAGE_PASSWORD_INVALID: 'A page password must be 1 to 1024 characters long.',
  ITEM_NOT_FOUND: 'There is no content item with this id.',
  ITEM_ALREADY_EXISTS: 'A content item with this id already exists.',
  INVALID_DATE: 'Invalid date.',
  INVALID_EVENT_DATES: 'An event cannot end before it starts.',
  INVALID_LOCATION: 'A location needs a latitude from -90 to 90 and a longitude from -180 to 180.',
  INVALID_WORKFLOW_STATE: 'The publish state must be Draft, Scheduled, Needs Review, Private or Published.',
  SCHEDULE_IN_PAST: 'A scheduled item needs a publish date in the future.',
  IMAGE_REQUIRED: 'A gallery image needs an image id.',
  NAVIGATION_NOT_FOUND: 'Unable to find site main navigation',
  INVALID_NAVIGATION: 'Each link needs a page of this site or an external link with a title; only folders have links beneath them, one level deep, and a page appears once.',
  // Owner edits: history, restore and concurrent editing (issue 12; SPEC 8 has no wording for these)
  EDIT_CONFLICT: 'Someone else changed this since you opened it. Reload to see their changes, or apply yours on top of them.',
  VERSION_NOT_FOUND: 'There is no version {version} of this to restore.',
  // Form definitions (owner commands; SPEC 3 'Form', 'Form builder field types')
  FORM_ALREADY_EXISTS: 'A form with this id already exists.',
  INVALID_FORM_DEFINITION: 'This form cannot be saved: {reason}',
  FORM_SUBMISSION_NOT_FOUND: 'There is no submission with this id.',
  // The footer's newsletter (issue 14 part 8): a form of the site, of the newsletter kind
  FOOTER_NEWSLETTER_FORM_UNKNOWN: 'There is no newsletter form with id {formId} on this site.',
  FOOTER_NEWSLETTER_NOT_NEWSLETTER: 'The form {formId} is not a newsletter form; the footer shows newsletter forms only.',
  // The mail outbox (owner app)
  MAIL_MESSAGE_NOT_FOUND: 'There is no message with this id in the outbox.',
  MAIL_MESSAGE_NOT_FAILED: 'Only a failed message can be retried; this one is {status}.',
  // Back-in-stock lists (owner commands)
  RESTOCK_SIGN_UP_NOT_FOUND: 'There is no back-in-stock sign-up with this id.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export type CartErrorCode = keyof typeof CART_ERROR_MESSAGES;
export type FormErrorCode = keyof typeof FORM_ERROR_MESSAGES;
export type RestockErrorCode = keyof typeof RESTOCK_ERROR_MESSAGES;

/** A back-in-stock sign-up error worded by RESTOCK_ERROR_MESSAGES (the island's words, without the whole catalogue). */
export function restockError(code: RestockErrorCode, details?: Record<string, unknown>) {
  return errorOf(code, RESTOCK_ERROR_MESSAGES[code], details);
}

/** A form error worded by FORM_ERROR_MESSAGES (the islands' counterpart of `domainError`). */
export function formError(code: FormErrorCode, details?: Record<string, unknown>) {
  return errorOf(code, FORM_ERROR_MESSAGES[code], details);
}

/** A domain error worded by the catalogue (`message`, when given, words it instead). */
export function domainError(code: ErrorCode, details?: Record<string, unknown>, message?: string) {
  return errorOf(code, message ?? ERROR_MESSAGES[code], details);
}

/**
 * A domain error whose words are given. The cart's request checks, which the islands run in the
 * browser, use this and `cartError` only, so the islands bundle the cart's and the requests'
 * messages and not the whole catalogue that `domainError` looks codes up in.
 */
export function errorOf(code: ErrorCode, message: string, details?: Record<string, unknown>) {
  return { code, message, ...(details ? { details } : {}) };
}

/** A cart error worded by CART_ERROR_MESSAGES. */
export function cartError(code: CartErrorCode, details?: Record<string, unknown>) {
  return errorOf(code, CART_ERROR_MESSAGES[code], details);
}

