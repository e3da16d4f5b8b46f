/**
 * Visit events (issue 16): what the census endpoints append for each accepted call. The stored
 * contract between ingestion (apps/api/src/analytics) and the analytics projections
 * (projections/src/analytics): type names and fields are never renamed.
 *
 * Identities, none of them a raw address or cookie:
 * - `visitorId`: a salted hash of (website, client address, user agent) whose salt changes every
 *   day (UTC), as privacy-first analytics tools count unique visitors; not linkable across days.
 * - `visitId`: a keyed hash of the census cookie's id and visit count (SPEC 3 `ss_cvr`), the same
 *   for every call of one visit (a visit ends when the 30-minute timing cookie expires).
 * `at` is the server's time of acceptance (ISO 8601, UTC); reports bucket it in the website's time zone.
 */
import type { TrackedPageKind, WebVital } from './wire';

type VisitBase = { hitId: string; at: string; websiteId: string; visitorId: string; visitId: string; path: string };

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** A page view (RecordHit 'view'). `newVisit`: the first hit of a visit; `newVisitor`: the census cookie was new. */
export type PageViewed = {
  type: 'PageViewed';
  data: VisitBase & {
    title: string;
    /** The referrer's host when it is another site, else null (direct or internal). */
    referrerHost: string | null;
    utmSource: string | null;
    pageType: number;
    pageKind: TrackedPageKind;
    itemId: string | null;
    collectionId: string | null;
    pagePermission: string | null;
    newVisit: boolean;
    newVisitor: boolean;
    device: DeviceClass;
    language: string | null;
  };
};

/** SPEC 3 add-to-cart tracking event. */
export type ProductAddedToCartTracked = {
  type: 'ProductAddedToCartTracked';
  data: VisitBase & { productPage: 'plp' | 'pdp' | 'add-on' | 'product_block'; itemId: string; itemTitle: string; collectionId: string; cartId: string };
};

export type CartViewedTracked = { type: 'CartViewedTracked'; data: VisitBase & { cartId: string } };

/** The order confirmed page's hit: links the visit to the order (sales figures come from the orders' own events). */
export type OrderConfirmedTracked = {
  type: 'OrderConfirmedTracked';
  data: VisitBase & { orderId: string; grandTotal: number; currency: string; testMode: boolean };
};

export type ButtonTracked = { type: 'ButtonTracked'; data: VisitBase & { action: 'render' | 'click'; buttonId: string; label: string } };
export type FormRenderTracked = { type: 'FormRenderTracked'; data: VisitBase & { formId: string } };
export type OverlayTracked = { type: 'OverlayTracked'; data: VisitBase & { action: 'show' | 'close' | 'submit' } };
export type QuickViewTracked = { type: 'QuickViewTracked'; data: VisitBase & { itemId: string } };

/** One page load's web vitals (performance records). */
export type WebVitalsRecorded = {
  type: 'WebVitalsRecorded';
  data: { pageLoadId: string; at: string; websiteId: string; path: string; pageType: number; metrics: Partial<Record<WebVital, number>> };
};

/** One page's batch of JavaScript error reports (stacks at most 5000 characters). */
export type JavascriptErrorsReported = {
  type: 'JavascriptErrorsReported';
  data: {
    pageLoadId: string;
    at: string;
    websiteId: string;
    path: string;
    errors: { message: string; stack: string; source: string | null; line: number | null; column: number | null }[];
  };
};

export type VisitEvent =
  | PageViewed | ProductAddedToCartTracked | CartViewedTracked | OrderConfirmedTracked
  | ButtonTracked | FormRenderTracked | OverlayTracked | QuickViewTracked
  | WebVitalsRecorded | JavascriptErrorsReported;

export const VISIT_EVENT_TYPES: VisitEvent['type'][] = [
  'PageViewed', 'ProductAddedToCartTracked', 'CartViewedTracked', 'OrderConfirmedTracked',
  'ButtonTracked', 'FormRenderTracked', 'OverlayTracked', 'QuickViewTracked',
  'WebVitalsRecorded', 'JavascriptErrorsReported',
];

/**
 * Visit events are appended in batches, one stream per batch (`visits-{batchId}`, stream type
 * `visits`): a batch is one commit, and no two batches contend for a stream.
 */
export const VISITS_STREAM_TYPE = 'visits';
export const visitsStreamId = (batchId: string) => `visits-${batchId}`;
