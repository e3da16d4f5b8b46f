/**
 * The SPEC page-type numbers (section 2, 'Page-type numbers') of the pages this product serves:
 * every published path comes to one of these, and the page context carries it as `pageType`. The
 * SPEC's other page types (splash, popup overlay, paywall, donate, …) are not served here.
 */
export const PAGE_TYPES = {
  contentCollection: 1,
  page: 2,
  contentItem: 50,
  notFound: 100,
  error: 101,
  search: 102,
  lockScreen: 103,
  protectedContent: 105,
  memberAreaAccessDenied: 106,
  /** `/cart` (SPEC 2: the cart pill links to it). */
  cart: 200,
  /** `/checkout`: the SPEC does not show the route; express checkout navigates here. */
  checkout: 201,
  /** `/commerce/orders/{orderId}/confirmed?token=…`: where a successful checkout lands. */
  orderConfirmed: 202,
  /** A subscription order's confirmed page (the same route as 202): where a subscription checkout lands. */
  subscriptionConfirmed: 206,
  /** `/commerce/orders/{orderId}?token=…`: the order-status link a checkout answers with. */
  orderStatus: 211,
} as const;

export type PageTypeName = keyof typeof PAGE_TYPES;
/** One of the PAGE_TYPES numbers. */
export type PageType = (typeof PAGE_TYPES)[PageTypeName];
