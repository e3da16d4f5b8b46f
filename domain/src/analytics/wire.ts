/**
 * What the tracker script sends and the census endpoints accept (SPEC 3: analytics event data,
 * tracking context, session info, add-to-cart tracking event, Order for analytics; SPEC 7: the
 * census, performance and error-report calls; SPEC 9: limits). Types only: the tracker (plain
 * TypeScript, web/src/tracker) builds these, the server parses them with the parsers beside this
 * file and turns them into visit events. Field names are the SPEC's where it has them.
 */

/** Census cookie `ss_cvr`: `id|firstVisit|previousVisit|latestVisit|visitCount` (times in ms since the epoch). */
export type CensusCookie = { id: string; firstVisit: number; previousVisit: number; latestVisit: number; visitCount: number };

/** Page kinds detected for tracking (SPEC 2): a content item with a product, a products collection page outside the editor. */
export type TrackedPageKind = 'product-details' | 'product-listing' | null;

/** SPEC 3 'Analytics event data' + 'Tracking context' + 'Session info', as the `data` JSON of RecordHit. */
export type HitData = {
  websiteId: string;
  templateId: string;
  website_locale: string;
  userAgent: string;
  /** The visitor's clock when the hit was made (ms since the epoch). */
  clientDate: number;
  viewportInnerWidth: number;
  viewportInnerHeight: number;
  screenWidth: number;
  screenHeight: number;
  url: string;
  title: string;
  itemId?: string;
  recordType?: number;
  collectionId?: string;
  localStorageSupported: boolean;
  queryString: string;
  referrer: string;
  // Tracking context
  pagePath: string;
  pageHash?: string;
  variantId?: string;
  memberAccountId?: string;
  member_locale?: string;
  // Page
  pageType: number;
  pageKind: TrackedPageKind;
  /** SPEC 6: the page permission type is included in tracking (e.g. 'public', 'locked', 'members'). */
  pagePermissionTypeValue?: string;
  // Session info
  isFirstLanding: boolean;
  isFirstSession: boolean;
  sessionId: string;
};

/**
 * `POST /api/census/RecordHit`, form-encoded: `event` (one of these), `data` (JSON of the matching
 * data), `ss_cvr` (the census cookie's value). 'view' is a page view; the others are commerce
 * events (SPEC 1: add to cart, views of the cart, confirmed orders), each with the page's HitData.
 */
export type RecordHitEvent = 'view' | 'add-to-cart' | 'cart-view' | 'order-confirmed';

/** SPEC 3 'Add-to-cart tracking event'. */
export type AddToCartTracking = {
  website_id: string;
  page_id: string;
  cart_id: string;
  product_page: 'plp' | 'pdp' | 'add-on' | 'product_block';
  product: { item_id: string; item_type: string; item_title: string; item_collection_id: string; item_collection_name: string };
};

/** SPEC 3 'Order (analytics)': money as `{ value, currency }` with value in minor units as a decimal string. */
export type OrderTracking = {
  id: string;
  purchasedCartId: string;
  testMode: boolean;
  websiteId: string;
  items: { sku: string; productName: string; quantity: number; unitPrice: { value: string; currency: string } }[];
  grandTotal: { value: string; currency: string };
  shippingTotal: { value: string; currency: string };
  taxTotal: { value: string; currency: string };
};

export type RecordHitData =
  | ({ event: 'view' } & HitData)
  | ({ event: 'add-to-cart' } & HitData & { addToCart: AddToCartTracking })
  | ({ event: 'cart-view' } & HitData & { cartId: string })
  | ({ event: 'order-confirmed' } & HitData & { order: OrderTracking });

/** Page fields sent with button, form and overlay calls. */
export type CensusPageFields = { websiteId: string; pagePath: string; pageType: number; collectionId?: string; itemId?: string; sessionId: string };

/** `POST /api/census/button-click` and `/button-render` (JSON; timeout 2500 ms). */
export type ButtonCensus = CensusPageFields & { visitorCookie: string; buttonId: string; label: string; href?: string };
/** `POST /api/census/form-render` (JSON). */
export type FormRenderCensus = CensusPageFields & { visitorCookie: string; formId: string };
/** `POST /api/census/overlay` (JSON): a popup overlay shown, closed or submitted. */
export type OverlayCensus = CensusPageFields & { visitorCookie: string; action: 'show' | 'close' | 'submit' };
/** `POST /api/census/RecordQuickView/{itemId}`: no body. */

/** `POST /api/1/performance/records`: a text body holding a JSON array of these (sendBeacon). */
export type PerformanceRecord = {
  app: 'storefront';
  event: 'web-vitals';
  pageLoadId: string;
  /** ms since the epoch */
  ts: number;
  data: { websiteId: string; pagePath: string; pageType: number; fcp?: number; lcp?: number; cls?: number; inp?: number; fid?: number };
};

/**
 * `POST /api/events/RecordJavascriptErrors` (JSON). The CSRF header is the app's own `X-XSRF-Token`
 * (the `xsrf_token` cookie's value), sent when a signed-in session has one: the server refuses a
 * state-changing request of a session without it; a visitor has no session and no token.
 */
export type JavascriptErrorReport = {
  websiteId: string;
  pagePath: string;
  pageLoadId: string;
  errors: { message: string; stack: string; source?: string; line?: number; column?: number; ts: number }[];
};

/** SPEC 9 limits, one constant each (the tracker imports only the ones it uses: its bundle is 3 KB). */
export const TRACKING_TIMEOUT_MS = 2500;
export const BEACON_DELAY_MS = 30_000;
export const ERROR_REPORTS_PER_PAGE = 20;
export const ERROR_QUEUE = 10;
export const ERROR_STACK_CHARS = 5000;
export const ERROR_DEBOUNCE_MS = 1000;

/** SPEC 9 and issue 16's limits, shared by the tracker and the server. */
export const TRACKING_LIMITS = {
  censusCookieDays: 730,
  timingCookieMinutes: 30,
  analyticsCookieDays: 390,
  timeoutMs: TRACKING_TIMEOUT_MS,
  beaconDelayMs: BEACON_DELAY_MS,
  metricWaitMs: 60_000,
  errorReportsPerPage: ERROR_REPORTS_PER_PAGE,
  errorQueue: ERROR_QUEUE,
  errorStackChars: ERROR_STACK_CHARS,
  errorDebounceMs: ERROR_DEBOUNCE_MS,
  maxQueryKeys: 1000,
} as const;

/** SPEC 9: web vitals thresholds, good / poor. */
export const WEB_VITALS_THRESHOLDS = {
  fcp: { good: 1800, poor: 3000 },
  lcp: { good: 2500, poor: 4000 },
  cls: { good: 0.1, poor: 0.25 },
  fid: { good: 100, poor: 300 },
  inp: { good: 200, poor: 500 },
} as const;

export type WebVital = keyof typeof WEB_VITALS_THRESHOLDS;
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateWebVital(metric: WebVital, value: number): WebVitalRating {
  const t = WEB_VITALS_THRESHOLDS[metric];
  return value <= t.good ? 'good' : value > t.poor ? 'poor' : 'needs-improvement';
}

/**
 * What a published page tells the tracker (added by the tracker's work, issue 16): the JSON at
 * `siteContext.tracking` in the page's `<script id="site-context">`. The server says what only it
 * knows (the page type, a signed-in account's roles, the disabling flag and the cookie policy,
 * the cart and the order of commerce pages); the tracker adds what only the browser knows (the
 * visitor's consent, Global Privacy Control) and decides with `trackingDecision`.
 */
export type PageTrackingContext = {
  /** The page's own fields of HitData, sent as they are. */
  page: Pick<HitData, 'websiteId' | 'templateId' | 'website_locale' | 'pagePath' | 'pageType' | 'pageKind' | 'itemId' | 'recordType' | 'collectionId' | 'pagePermissionTypeValue'>;
  /** The page fields of the button, form and overlay calls (the tracker adds the session id). */
  census: Omit<CensusPageFields, 'sessionId'>;
  /** The page's collection title (add-to-cart's `item_collection_name` when the product belongs to it). */
  collectionTitle?: string;
  /** SPEC 6: the signed-in account's website roles; empty for a visitor. */
  roles: string[];
  /** The site's disabling flag (VISITOR_TRACKING=false). */
  disabled: boolean;
  cookiePolicy: 'permissive' | 'restrictive';
  /** The cart page: the visitor's open cart ('cart-view'). */
  cartId?: string;
  /** The order confirmed page: the order ('order-confirmed'). */
  order?: OrderTracking;
};

/** The DOM event the storefront's islands dispatch on `document` for the tracker (they never import it). */
export const TRACK_EVENT = 'storefront:track';
/** `detail` of a TRACK_EVENT after a successful add to the cart; the tracker completes SPEC 3's add-to-cart tracking event. */
export type AddToCartTrackDetail = {
  event: 'add-to-cart';
  cartId: string;
  productPage: AddToCartTracking['product_page'];
  itemId: string;
  itemTitle: string;
  /** SPEC ProductType as cart items name it: PHYSICAL, DIGITAL, SERVICE, GIFT_CARD, PAYWALL. */
  itemType: string;
  collectionId: string;
};
export type TrackDetail = AddToCartTrackDetail;
