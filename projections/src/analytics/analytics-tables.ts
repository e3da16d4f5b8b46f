import type { ReadModelTable } from '../runner/projection';
import { VITAL_COLUMNS } from './vitals-buckets';

/**
 * The analytics read models (issue 16). Three kinds of table:
 *
 * - RAW visit tables, one row per tracked event, partitioned by the UTC day of `at` (one
 *   partition per day, made on demand). Kept for analysts' SQL and dropped by retention after
 *   `ANALYTICS_RAW_RETENTION_DAYS`; reports never read them.
 * - ROLLUPS, per day (in the website's time zone) and per page / source / product / form / …:
 *   additive counters written with one multi-row `insert … on conflict do update` per batch.
 *   Exact distinct counts come from "seen" tables keyed by (day, visit) or (day, visitor) (monthly
 *   partitions): a batch inserts its pairs with `on conflict do nothing returning`, and only the
 *   pairs that were new bump the counters, so reports sum small per-day rows and never count
 *   distinct values over raw rows.
 * - DIMENSIONS: the website's time zone and currency, names of products, forms, buttons and
 *   pages, one row per order and per cart.
 */
export const T = {
  site: 'analytics_site',
  // raw
  pageViews: 'analytics_page_views',
  commerceEvents: 'analytics_commerce_events',
  interactionEvents: 'analytics_interaction_events',
  webVitals: 'analytics_web_vitals',
  jsErrors: 'analytics_js_errors',
  ingested: 'analytics_raw_days',
  // seen sets
  dayVisits: 'analytics_day_visits',
  dayVisitors: 'analytics_day_visitors',
  daySourceVisitors: 'analytics_day_source_visitors',
  dayPageVisitors: 'analytics_day_page_visitors',
  dayProductVisits: 'analytics_day_product_visits',
  // rollups
  traffic: 'analytics_traffic_daily',
  funnel: 'analytics_funnel_daily',
  sources: 'analytics_sources_daily',
  pages: 'analytics_pages_daily',
  products: 'analytics_products_daily',
  sales: 'analytics_sales_daily',
  forms: 'analytics_forms_daily',
  buttons: 'analytics_buttons_daily',
  vitals: 'analytics_vitals_daily',
  errors: 'analytics_errors_daily',
  // dimensions
  orders: 'analytics_orders',
  carts: 'analytics_carts',
  productNames: 'analytics_product_names',
  formNames: 'analytics_form_names',
  buttonLabels: 'analytics_button_labels',
  pageTitles: 'analytics_page_titles',
} as const;

/** Raw tables: partitioned by day, compared by verify only from the retention horizon on. */
export const RAW_TABLES = [T.pageViews, T.commerceEvents, T.interactionEvents, T.webVitals, T.jsErrors] as const;
export type RawTable = (typeof RAW_TABLES)[number];

const RAW_KEPT = `day >= coalesce((select kept_from from analytics_raw_retention), '-infinity'::date)`;

/** A raw table's columns, in the order its rows are copied (`day` first: the partition key). */
const VISIT_COLUMNS = ['hit_id text not null', 'at timestamptz not null', 'visitor_id text not null', 'visit_id text not null', 'path text not null'];
const RAW_DEFINITIONS: Record<RawTable, { columns: string[]; key: string[] }> = {
  [T.pageViews]: {
    columns: [
      ...VISIT_COLUMNS, 'title text not null', 'referrer_host text', 'utm_source text', 'page_type integer not null', 'page_kind text', 'item_id text',
      'collection_id text', 'page_permission text', 'new_visit boolean not null', 'new_visitor boolean not null', 'device text not null', 'language text',
    ],
    key: ['day', 'hit_id'],
  },
  [T.commerceEvents]: {
    columns: [
      'type text not null', ...VISIT_COLUMNS, 'cart_id text', 'item_id text', 'item_title text', 'collection_id text', 'product_page text',
      'order_id text', 'grand_total bigint', 'currency text', 'test_mode boolean',
    ],
    key: ['day', 'hit_id'],
  },
  [T.interactionEvents]: { columns: ['type text not null', ...VISIT_COLUMNS, 'action text', 'target_id text', 'label text'], key: ['day', 'hit_id'] },
  [T.webVitals]: {
    columns: [
      'event_id text not null', 'page_load_id text not null', 'at timestamptz not null', 'path text not null', 'page_type integer not null',
      'fcp double precision', 'lcp double precision', 'cls double precision', 'inp double precision', 'fid double precision',
    ],
    key: ['day', 'event_id'],
  },
  [T.jsErrors]: {
    columns: [
      'event_id text not null', 'n integer not null', 'page_load_id text not null', 'at timestamptz not null', 'path text not null',
      'message text not null', 'stack text not null', 'source text', 'line integer', 'col integer',
    ],
    key: ['day', 'event_id', 'n'],
  },
};

/** The columns of a raw table's rows, `day` first, in table order. */
export const RAW_COLUMNS = Object.fromEntries(
  RAW_TABLES.map((t) => [t, ['day', ...RAW_DEFINITIONS[t].columns.map((c) => c.split(' ')[0])]]),
) as Record<RawTable, string[]>;

const raw = (name: RawTable): ReadModelTable => {
  const { columns, key } = RAW_DEFINITIONS[name];
  return { name, columns: `day date not null, ${columns.join(', ')}, primary key (${key.join(', ')})`, orderBy: key, partitionBy: 'range (day)', verifyWhere: RAW_KEPT };
};
const seen = (name: string, columns: string, key: string[]): ReadModelTable => ({
  name, columns: `${columns}, primary key (${key.join(', ')})`, orderBy: key, partitionBy: 'range (day)',
});
const plain = (name: string, columns: string, key: string[]): ReadModelTable => ({ name, columns: `${columns}, primary key (${key.join(', ')})`, orderBy: key });

export const ANALYTICS_TABLES: ReadModelTable[] = [
  plain(T.site, 'id integer not null check (id = 1), time_zone text not null, currency text not null', ['id']),

  ...RAW_TABLES.map(raw),
  // Rows each raw table received per UTC day, written with the rollups in the same transaction:
  // retention drops a day's partition only when its row count matches (the rollups saw every row).
  // Verify compares it from the retention horizon on, as the raw tables (days before it get no raw rows).
  { ...plain(T.ingested, 'day date not null, raw_table text not null, rows bigint not null', ['day', 'raw_table']), verifyWhere: RAW_KEPT },

  seen(T.dayVisits, 'day date not null, visit_id text not null, flags smallint not null, source text', ['day', 'visit_id']),
  seen(T.dayVisitors, 'day date not null, visitor_id text not null', ['day', 'visitor_id']),
  seen(T.daySourceVisitors, 'day date not null, source text not null, visitor_id text not null', ['day', 'source', 'visitor_id']),
  seen(T.dayPageVisitors, 'day date not null, path text not null, visitor_id text not null', ['day', 'path', 'visitor_id']),
  seen(T.dayProductVisits, 'day date not null, product_id text not null, visit_id text not null', ['day', 'product_id', 'visit_id']),

  plain(T.traffic, 'day date not null, visits bigint not null, visitors bigint not null, page_views bigint not null', ['day']),
  plain(T.funnel,
    'day date not null, visits bigint not null, viewed_product bigint not null, added_to_cart bigint not null, started_checkout bigint not null, purchased bigint not null',
    ['day']),
  plain(T.sources, 'day date not null, source text not null, visits bigint not null, visitors bigint not null', ['day', 'source']),
  plain(T.pages, 'day date not null, path text not null, page_views bigint not null, visitors bigint not null', ['day', 'path']),
  plain(T.products,
    'day date not null, product_id text not null, views bigint not null, adds_to_cart bigint not null, orders bigint not null, units bigint not null, revenue bigint not null',
    ['day', 'product_id']),
  plain(T.sales, 'day date not null, revenue bigint not null, orders bigint not null', ['day']),
  plain(T.forms, 'day date not null, form_id text not null, renders bigint not null, submissions bigint not null', ['day', 'form_id']),
  plain(T.buttons, 'day date not null, button_id text not null, renders bigint not null, clicks bigint not null', ['day', 'button_id']),
  // Web vitals histogram: one counter column per metric and bucket (vitals-buckets.ts).
  plain(T.vitals, `day date not null, path text not null, samples bigint not null, ${VITAL_COLUMNS.map((c) => `${c} integer not null`).join(', ')}`, ['day', 'path']),
  plain(T.errors,
    'day date not null, message text not null, source text not null, path text not null, reports bigint not null, last_seen timestamptz not null',
    ['day', 'message', 'source', 'path']),

  plain(T.orders,
    'order_id text not null, day date not null, grand_total bigint not null, currency text not null, lines jsonb not null, cancelled boolean not null',
    ['order_id']),
  plain(T.carts,
    'cart_id text not null, day date not null, last_activity timestamptz not null, currency text not null, entries jsonb not null, ' +
    'quantity integer not null, value bigint not null, purchased boolean not null',
    ['cart_id']),
  plain(T.productNames, 'product_id text not null, name text not null', ['product_id']),
  plain(T.formNames, 'form_id text not null, name text not null', ['form_id']),
  plain(T.buttonLabels, 'button_id text not null, label text not null', ['button_id']),
  plain(T.pageTitles, 'path text not null, title text not null', ['path']),
];
