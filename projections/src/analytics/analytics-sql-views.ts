import type { SqlExecutor } from '@storefront/eventstore';
import { T } from './analytics-tables';

/**
 * Read-only SQL views for analysts (docs/ANALYTICS.md 'SQL views'), in the schema `analytics`,
 * over the read models' views (so they follow a rebuild's switch to a new generation), and the role
 * `analyst` with USAGE on that schema and SELECT on its views only (no access to the rest of the
 * database: a view reads with its owner's rights). Idempotent: run at every start of a process that
 * runs projections, and after each retention round (a rebuild that changes a read model's columns
 * drops the dependent views; this puts them back).
 */
export const ANALYST_ROLE = 'analyst';

export const ANALYTICS_SQL_VIEWS: { name: string; comment: string; sql: string }[] = [
  {
    name: 'daily_traffic', comment: 'Visits, unique visitors (visitor ids rotate daily) and page views per day in the website time zone.',
    sql: `select day, visits, visitors, page_views from public.${T.traffic}`,
  },
  {
    name: 'page_views_daily', comment: 'Page views and unique visitors per page per day, with the page title last seen.',
    sql: `select p.day, p.path, t.title, p.page_views, p.visitors from public.${T.pages} p left join public.${T.pageTitles} t using (path)`,
  },
  {
    name: 'sources_daily', comment: 'Visits and visitors per traffic source (referrer host or (direct)) per day.',
    sql: `select day, source, visits, visitors from public.${T.sources}`,
  },
  {
    name: 'funnel_daily', comment: 'Visits that reached each purchase funnel step per day (each step needs every step before it).',
    sql: `select day, visits, viewed_product, added_to_cart, started_checkout, purchased from public.${T.funnel}`,
  },
  {
    name: 'sales_daily', comment: 'Revenue (minor units, live orders less cancellations) and orders per day.',
    sql: `select s.day, s.revenue, s.orders, (select currency from public.${T.site} where id = 1) as currency from public.${T.sales} s`,
  },
  {
    name: 'products_daily', comment: 'Per product per day: visits that viewed it, adds to cart, orders containing it, units and revenue (minor units).',
    sql: `select p.day, p.product_id, n.name, p.views, p.adds_to_cart, p.orders, p.units, p.revenue from public.${T.products} p left join public.${T.productNames} n using (product_id)`,
  },
  {
    name: 'form_conversions_daily', comment: 'Form renders and submissions per form per day.',
    sql: `select f.day, f.form_id, n.name, f.renders, f.submissions from public.${T.forms} f left join public.${T.formNames} n using (form_id)`,
  },
  {
    name: 'button_conversions_daily', comment: 'Button renders and clicks per button per day.',
    sql: `select b.day, b.button_id, l.label, b.renders, b.clicks from public.${T.buttons} b left join public.${T.buttonLabels} l using (button_id)`,
  },
  {
    name: 'web_vitals_histogram_daily',
    comment: 'Web vitals per page per day: samples, and one count column per metric and bucket (<metric>_bNN; bucket upper edges in projections/src/analytics/vitals-buckets.ts).',
    sql: `select * from public.${T.vitals}`,
  },
  {
    name: 'js_errors_daily', comment: 'JavaScript error reports per message, source and page per day.',
    sql: `select day, message, source, path, reports, last_seen from public.${T.errors}`,
  },
  {
    name: 'carts', comment: 'One row per cart: last activity (and its day), items, value (minor units), purchased.',
    sql: `select cart_id, day, last_activity, currency, quantity, value, purchased from public.${T.carts}`,
  },
  {
    name: 'page_views', comment: 'Raw page views (UTC day partitions; kept ANALYTICS_RAW_RETENTION_DAYS days). No addresses: visitor ids are daily salted hashes.',
    sql: `select day as utc_day, at, visitor_id, visit_id, path, title, referrer_host, utm_source, page_type, page_kind, item_id, new_visit, new_visitor, device, language from public.${T.pageViews}`,
  },
];

export type AnalystViewsResult = { views: string[]; role: 'ready' | 'not-created'; problem?: string };

export async function ensureAnalyticsSqlViews(db: SqlExecutor): Promise<AnalystViewsResult> {
  await db.query(`create schema if not exists analytics`);
  for (const view of ANALYTICS_SQL_VIEWS) {
    await db.query(`drop view if exists analytics.${view.name}`);
    await db.query(`create view analytics.${view.name} as ${view.sql}`);
    await db.query(`comment on view analytics.${view.name} is '${view.comment.replace(/'/g, "''")}'`);
  }
  try {
    await db.query(`do $$ begin
      if not exists (select from pg_roles where rolname = '${ANALYST_ROLE}') then create role ${ANALYST_ROLE} nologin; end if;
    exception when duplicate_object or unique_violation then null; end $$`);
    await db.query(`grant usage on schema analytics to ${ANALYST_ROLE}`);
    await db.query(`grant select on all tables in schema analytics to ${ANALYST_ROLE}`);
    await db.query(`alter default privileges in schema analytics grant select on tables to ${ANALYST_ROLE}`);
    return { views: ANALYTICS_SQL_VIEWS.map((v) => `analytics.${v.name}`), role: 'ready' };
  } catch (err) {
    // The database user may not create roles: the views are there, the role is the DBA's to make.
    return { views: ANALYTICS_SQL_VIEWS.map((v) => `analytics.${v.name}`), role: 'not-created', problem: err instanceof Error ? err.message : String(err) };
  }
}
