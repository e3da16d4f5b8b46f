import {
  DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, FUNNEL_STEPS,
  type AbandonedCartsReport, type ConversionsReport, type ContentReport, type ErrorsReport, type FunnelReport, type Granularity,
  type ProductsReport, type ReportAnswers, type ReportName, type ReportQuery, type SalesReport, type SourcesReport, type TrafficReport,
  type WebVitalsReport,
} from '@storefront/domain';
import type { SqlExecutor } from '@storefront/eventstore';
import { T } from './analytics-tables';
import { addDays, daysBetween, monthOf } from './local-day';
import { p75OfHistogram, VITAL_COLUMNS, VITAL_EDGES, VITAL_METRICS, vitalColumn } from './vitals-buckets';

/**
 * The analysts' reports over the analytics rollups and dimension tables (never the raw visit
 * tables): one or a few grouped reads of per-day rows per report, through the read models' views.
 * Row lists (sources, pages, products, carts, forms, buttons, web vitals, errors) hold at most
 * REPORT_ROW_LIMIT rows, the largest first.
 */
export const REPORT_ROW_LIMIT = 1000;
export const ABANDONED_AFTER_HOURS = 1;

type Range = { from: string; to: string };

/** The rollups' time zone and the store's currency (the defaults before the website exists). */
export async function readAnalyticsSite(db: SqlExecutor): Promise<{ timeZone: string; currency: string }> {
  const { rows } = await db.query<{ time_zone: string; currency: string }>(`select time_zone, currency from ${T.site} where id = 1`);
  return { timeZone: rows[0]?.time_zone ?? DEFAULT_TIME_ZONE, currency: rows[0]?.currency ?? DEFAULT_CURRENCY };
}

/** The period of the same length just before `from`. */
export function previousPeriod(range: Range): Range {
  const n = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** First day of the bucket holding `day` (ISO weeks start on Monday), never before the period's `from`. */
export function bucketOf(day: string, granularity: Granularity, from: string): string {
  let start = day;
  if (granularity === 'month') start = monthOf(day);
  else if (granularity === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    start = addDays(day, -weekday);
  }
  return start < from ? from : start;
}

/** Every bucket of the period in order (the series has one entry per bucket, zero when empty). */
export function bucketsOf(range: Range, granularity: Granularity): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) {
    const b = bucketOf(d, granularity, range.from);
    if (out[out.length - 1] !== b) out.push(b);
  }
  return out;
}

function series<K extends string>(rows: ({ day: string } & Record<K, number>)[], range: Range, granularity: Granularity, keys: K[]): ({ bucket: string } & Record<K, number>)[] {
  const byBucket = new Map<string, { bucket: string } & Record<K, number>>();
  for (const bucket of bucketsOf(range, granularity)) {
    const zero = { bucket } as { bucket: string } & Record<K, number>;
    for (const k of keys) (zero as Record<K, number>)[k] = 0;
    byBucket.set(bucket, zero);
  }
  for (const row of rows) {
    const target = byBucket.get(bucketOf(row.day, granularity, range.from));
    if (!target) continue;
    for (const k of keys) (target as Record<K, number>)[k] += Number(row[k]);
  }
  return [...byBucket.values()];
}

const rate = (n: number, d: number): number | null => (d === 0 ? null : n / d);
const num = (v: unknown): number => Number(v ?? 0);

type PeriodReader<R extends keyof ReportAnswers> = (db: SqlExecutor, range: Range, q: ReportQuery, site: { currency: string }) => Promise<
  Omit<NonNullable<ReportAnswers[R]['previous']>, 'from' | 'to'>
>;

const readers: { [R in ReportName]: PeriodReader<R> } = {
  async traffic(db, range, q) {
    const { rows } = await db.query<{ day: string; visits: number; visitors: number; page_views: number }>(
      `select day, visits, visitors, page_views from ${T.traffic} where day between $1 and $2 order by day`, [range.from, range.to],
    );
    const s = series(rows.map((r) => ({ day: r.day, visits: num(r.visits), visitors: num(r.visitors), pageViews: num(r.page_views) })), range, q.granularity, ['visits', 'visitors', 'pageViews']);
    const totals = { visits: 0, visitors: 0, pageViews: 0 };
    for (const b of s) {
      totals.visits += b.visits;
      totals.visitors += b.visitors;
      totals.pageViews += b.pageViews;
    }
    return { totals, series: s } satisfies Omit<TrafficReport['current'], 'from' | 'to'>;
  },

  async sources(db, range) {
    const { rows } = await db.query<{ source: string; visits: number; visitors: number }>(
      `select source, sum(visits)::bigint as visits, sum(visitors)::bigint as visitors from ${T.sources}
       where day between $1 and $2 group by source order by visits desc, source limit ${REPORT_ROW_LIMIT}`, [range.from, range.to],
    );
    return { rows: rows.map((r) => ({ source: r.source, visits: num(r.visits), visitors: num(r.visitors) })) } satisfies Omit<SourcesReport['current'], 'from' | 'to'>;
  },

  async content(db, range) {
    const { rows } = await db.query<{ path: string; title: string | null; page_views: number; visitors: number }>(
      `select p.path, t.title, p.page_views, p.visitors from (
         select path, sum(page_views)::bigint as page_views, sum(visitors)::bigint as visitors from ${T.pages}
         where day between $1 and $2 group by path order by page_views desc, path limit ${REPORT_ROW_LIMIT}
       ) p left join ${T.pageTitles} t using (path) order by p.page_views desc, p.path`, [range.from, range.to],
    );
    return { rows: rows.map((r) => ({ path: r.path, title: r.title ?? '', pageViews: num(r.page_views), visitors: num(r.visitors) })) } satisfies Omit<ContentReport['current'], 'from' | 'to'>;
  },

  async sales(db, range, q, site) {
    const { rows } = await db.query<{ day: string; revenue: number; orders: number }>(
      `select day, revenue, orders from ${T.sales} where day between $1 and $2 order by day`, [range.from, range.to],
    );
    const s = series(rows.map((r) => ({ day: r.day, revenue: num(r.revenue), orders: num(r.orders) })), range, q.granularity, ['revenue', 'orders']);
    const revenue = s.reduce((n, b) => n + b.revenue, 0);
    const orders = s.reduce((n, b) => n + b.orders, 0);
    return {
      currency: site.currency,
      totals: { revenue, orders, averageOrderValue: orders === 0 ? null : Math.round(revenue / orders) },
      series: s,
    } satisfies Omit<SalesReport['current'], 'from' | 'to'>;
  },

  async products(db, range, _q, site) {
    const { rows } = await db.query<{ product_id: string; name: string | null; views: number; adds_to_cart: number; orders: number; units: number; revenue: number }>(
      `select p.*, n.name from (
         select product_id, sum(views)::bigint as views, sum(adds_to_cart)::bigint as adds_to_cart, sum(orders)::bigint as orders,
                sum(units)::bigint as units, sum(revenue)::bigint as revenue
         from ${T.products} where day between $1 and $2 group by product_id
         order by revenue desc, views desc, product_id limit ${REPORT_ROW_LIMIT}
       ) p left join ${T.productNames} n using (product_id) order by p.revenue desc, p.views desc, p.product_id`, [range.from, range.to],
    );
    return {
      currency: site.currency,
      rows: rows.map((r) => ({
        productId: r.product_id, name: r.name ?? r.product_id, views: num(r.views), addsToCart: num(r.adds_to_cart), orders: num(r.orders),
        units: num(r.units), revenue: num(r.revenue), conversion: rate(num(r.orders), num(r.views)),
      })),
    } satisfies Omit<ProductsReport['current'], 'from' | 'to'>;
  },

  async funnel(db, range) {
    const { rows } = await db.query<Record<string, number>>(
      `select coalesce(sum(visits), 0)::bigint as visits, coalesce(sum(viewed_product), 0)::bigint as viewed_product,
              coalesce(sum(added_to_cart), 0)::bigint as added_to_cart, coalesce(sum(started_checkout), 0)::bigint as started_checkout,
              coalesce(sum(purchased), 0)::bigint as purchased
       from ${T.funnel} where day between $1 and $2`, [range.from, range.to],
    );
    const columns = ['visits', 'viewed_product', 'added_to_cart', 'started_checkout', 'purchased'];
    const counts = columns.map((c) => num(rows[0]?.[c]));
    return {
      steps: FUNNEL_STEPS.map((step, i) => ({ step, visits: counts[i], ofFirst: rate(counts[i], counts[0]), ofPrevious: i === 0 ? null : rate(counts[i], counts[i - 1]) })),
    } satisfies Omit<FunnelReport['current'], 'from' | 'to'>;
  },

  async 'abandoned-carts'(db, range, _q, site) {
    const abandoned = `not purchased and last_activity < now() - interval '${ABANDONED_AFTER_HOURS} hours'`;
    const { rows: totals } = await db.query<{ carts: number; abandoned: number; value: number }>(
      `select count(*)::bigint as carts, count(*) filter (where ${abandoned})::bigint as abandoned,
              coalesce(sum(value) filter (where ${abandoned}), 0)::bigint as value
       from ${T.carts} where day between $1 and $2 and quantity > 0`, [range.from, range.to],
    );
    const { rows } = await db.query<{ cart_id: string; last_activity: Date; quantity: number; value: number }>(
      `select cart_id, last_activity, quantity, value from ${T.carts} where day between $1 and $2 and quantity > 0 and ${abandoned}
       order by last_activity desc, cart_id limit ${REPORT_ROW_LIMIT}`, [range.from, range.to],
    );
    const carts = num(totals[0]?.carts);
    const abandonedCount = num(totals[0]?.abandoned);
    return {
      currency: site.currency,
      abandonedAfterHours: ABANDONED_AFTER_HOURS,
      totals: { carts, abandoned: abandonedCount, abandonedValue: num(totals[0]?.value), rate: rate(abandonedCount, carts) },
      rows: rows.map((r) => ({ cartId: r.cart_id, lastActivity: new Date(r.last_activity).toISOString(), quantity: num(r.quantity), value: num(r.value) })),
    } satisfies Omit<AbandonedCartsReport['current'], 'from' | 'to'>;
  },

  async conversions(db, range) {
    const { rows: forms } = await db.query<{ form_id: string; name: string | null; renders: number; submissions: number }>(
      `select f.*, n.name from (
         select form_id, sum(renders)::bigint as renders, sum(submissions)::bigint as submissions from ${T.forms}
         where day between $1 and $2 group by form_id order by renders desc, form_id limit ${REPORT_ROW_LIMIT}
       ) f left join ${T.formNames} n using (form_id) order by f.renders desc, f.form_id`, [range.from, range.to],
    );
    const { rows: buttons } = await db.query<{ button_id: string; label: string | null; renders: number; clicks: number }>(
      `select b.*, l.label from (
         select button_id, sum(renders)::bigint as renders, sum(clicks)::bigint as clicks from ${T.buttons}
         where day between $1 and $2 group by button_id order by renders desc, button_id limit ${REPORT_ROW_LIMIT}
       ) b left join ${T.buttonLabels} l using (button_id) order by b.renders desc, b.button_id`, [range.from, range.to],
    );
    return {
      forms: forms.map((f) => ({ formId: f.form_id, name: f.name ?? f.form_id, renders: num(f.renders), submissions: num(f.submissions), rate: rate(num(f.submissions), num(f.renders)) })),
      buttons: buttons.map((b) => ({ buttonId: b.button_id, label: b.label ?? b.button_id, renders: num(b.renders), clicks: num(b.clicks), rate: rate(num(b.clicks), num(b.renders)) })),
    } satisfies Omit<ConversionsReport['current'], 'from' | 'to'>;
  },

  async 'web-vitals'(db, range) {
    // One row per day and page: sum the bucket columns over the period, p75 from the sums.
    const { rows } = await db.query<Record<string, unknown> & { path: string; samples: number }>(
      `select path, sum(samples)::bigint as samples, ${VITAL_COLUMNS.map((c) => `sum(${c})::bigint as ${c}`).join(', ')}
       from ${T.vitals} where day between $1 and $2 group by path order by samples desc, path limit ${REPORT_ROW_LIMIT}`,
      [range.from, range.to],
    );
    return {
      rows: rows.map((r) => {
        const metrics: WebVitalsReport['current']['rows'][number]['metrics'] = {};
        for (const metric of VITAL_METRICS) {
          const p75 = p75OfHistogram(metric, VITAL_EDGES[metric].map((_e, i) => num(r[vitalColumn(metric, i)])));
          if (p75) metrics[metric] = p75;
        }
        return { path: r.path, samples: num(r.samples), metrics };
      }),
    } satisfies Omit<WebVitalsReport['current'], 'from' | 'to'>;
  },

  async errors(db, range, q) {
    const { rows: perDay } = await db.query<{ day: string; reports: number }>(
      `select day, sum(reports)::bigint as reports from ${T.errors} where day between $1 and $2 group by day order by day`, [range.from, range.to],
    );
    const { rows } = await db.query<{ message: string; source: string; count: number; pages: number; last_seen: Date }>(
      `select message, source, sum(reports)::bigint as count, count(distinct path)::bigint as pages, max(last_seen) as last_seen
       from ${T.errors} where day between $1 and $2 group by message, source order by count desc, message, source limit ${REPORT_ROW_LIMIT}`,
      [range.from, range.to],
    );
    const s = series(perDay.map((r) => ({ day: r.day, reports: num(r.reports) })), range, q.granularity, ['reports']);
    return {
      totals: { reports: s.reduce((n, b) => n + b.reports, 0) },
      series: s,
      rows: rows.map((r) => ({ message: r.message, source: r.source, count: num(r.count), pages: num(r.pages), lastSeen: new Date(r.last_seen).toISOString() })),
    } satisfies Omit<ErrorsReport['current'], 'from' | 'to'>;
  },
};

/**
 * One report for a parsed query (dates checked, time zone the rollups'): the current period and,
 * with `compare`, the previous one of the same length.
 */
export async function readReport<R extends ReportName>(db: SqlExecutor, report: R, query: ReportQuery): Promise<ReportAnswers[R]> {
  const site = await readAnalyticsSite(db);
  const reader = readers[report] as PeriodReader<R>;
  const current = { from: query.from, to: query.to };
  const previous = query.compare ? previousPeriod(current) : null;
  const answer = {
    report,
    query,
    current: { ...(await reader(db, current, query, site)), ...current },
    previous: previous ? { ...(await reader(db, previous, query, site)), ...previous } : null,
  };
  return answer as unknown as ReportAnswers[R];
}
