/**
 * The analysts' reports (issue 16): what `GET /api/config/analytics/{report}` takes and answers
 * (`analytics.view`), and what the owner app's Analytics panel draws. Each report also answers
 * `GET /api/config/analytics/{report}.csv` with the same query (one CSV per table, no cell ever a
 * formula). Days are calendar days in the query's time zone (default: the website's); money is in
 * integer minor units of the store's currency; rates are fractions (0.25 = 25 %), null when the
 * denominator is 0.
 */
import type { WebVital, WebVitalRating } from './wire';

export const REPORT_NAMES = [
  'traffic', 'sources', 'content', 'sales', 'products', 'funnel', 'abandoned-carts', 'conversions', 'web-vitals', 'errors',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export type Granularity = 'day' | 'week' | 'month';

/**
 * Query string: `from`, `to` (YYYY-MM-DD, both included, at most 366 days), `granularity`
 * (default day), `timeZone` (IANA, default the website's), `compare=1` (also the previous period
 * of the same length, just before `from`).
 */
export type ReportQuery = { from: string; to: string; granularity: Granularity; timeZone: string; compare: boolean };

/** `bucket`: the first day of the bucket (YYYY-MM-DD) in the query's time zone. */
export type Bucketed<T> = { bucket: string } & T;

export type Period<T> = T & { from: string; to: string };

/** Every report answers its own shape under `current`, and the previous period's under `previous` when `compare=1`. */
export type Report<T> = { report: ReportName; query: ReportQuery; current: Period<T>; previous: Period<T> | null };

export type TrafficReport = Report<{
  totals: { visits: number; visitors: number; pageViews: number };
  series: Bucketed<{ visits: number; visitors: number; pageViews: number }>[];
}>;

/** `source`: the referrer's host, or '(direct)'. */
export type SourcesReport = Report<{ rows: { source: string; visits: number; visitors: number }[] }>;

export type ContentReport = Report<{ rows: { path: string; title: string; pageViews: number; visitors: number }[] }>;

export type SalesReport = Report<{
  currency: string;
  totals: { revenue: number; orders: number; averageOrderValue: number | null };
  series: Bucketed<{ revenue: number; orders: number }>[];
}>;

/** conversion = orders that contain the product / visits that viewed it. */
export type ProductsReport = Report<{
  currency: string;
  rows: { productId: string; name: string; views: number; addsToCart: number; orders: number; units: number; revenue: number; conversion: number | null }[];
}>;

export const FUNNEL_STEPS = ['visits', 'viewedProduct', 'addedToCart', 'startedCheckout', 'purchased'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
/** Visits that reached each step (a visit counts at a step only if it reached every step before it). */
export type FunnelReport = Report<{ steps: { step: FunnelStep; visits: number; ofFirst: number | null; ofPrevious: number | null }[] }>;

/** A cart with entries, not purchased, without activity for `abandonedAfterHours` (default 1). */
export type AbandonedCartsReport = Report<{
  currency: string;
  abandonedAfterHours: number;
  totals: { carts: number; abandoned: number; abandonedValue: number; rate: number | null };
  rows: { cartId: string; lastActivity: string; quantity: number; value: number }[];
}>;

/** rate = submissions / renders (forms), clicks / renders (buttons). */
export type ConversionsReport = Report<{
  forms: { formId: string; name: string; renders: number; submissions: number; rate: number | null }[];
  buttons: { buttonId: string; label: string; renders: number; clicks: number; rate: number | null }[];
}>;

/** p75 of each metric per page, with its SPEC 9 rating. */
export type WebVitalsReport = Report<{
  rows: { path: string; samples: number; metrics: Partial<Record<WebVital, { p75: number; rating: WebVitalRating }>> }[];
}>;

export type ErrorsReport = Report<{
  totals: { reports: number };
  series: Bucketed<{ reports: number }>[];
  rows: { message: string; source: string; count: number; pages: number; lastSeen: string }[];
}>;

export type ReportAnswers = {
  traffic: TrafficReport;
  sources: SourcesReport;
  content: ContentReport;
  sales: SalesReport;
  products: ProductsReport;
  funnel: FunnelReport;
  'abandoned-carts': AbandonedCartsReport;
  conversions: ConversionsReport;
  'web-vitals': WebVitalsReport;
  errors: ErrorsReport;
};
