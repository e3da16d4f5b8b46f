/**
 * Report answers for the Analytics panel's tests, typed as the report API's contract says
 * (domain/src/analytics/reports.ts ReportAnswers):
 *
 * - WEEK: hand-written answers for 2026-11-01 to 2026-11-07 by day in America/New_York, whose
 *   numbers the component tests check (money in minor units, null rates, every web vital rating).
 * - `generatedReport`: an answer for any query, made up deterministically from its dates (a store
 *   with a few hundred visits a day, busier at weekends), for the browser spec, which answers the
 *   panel's calls with it until the report API is merged.
 */
import type { FunnelStep, Granularity, ReportAnswers, ReportName, ReportQuery } from '@storefront/domain/analytics/reports';
import { rateWebVital, type WebVital } from '@storefront/domain/analytics/wire';

export const WEEK_QUERY: ReportQuery = { from: '2026-11-01', to: '2026-11-07', granularity: 'day', timeZone: 'America/New_York', compare: false };
const WEEK_DAYS = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07'];
const PREVIOUS_WEEK = { from: '2026-10-25', to: '2026-10-31' };
const week = { from: WEEK_QUERY.from, to: WEEK_QUERY.to };

const TRAFFIC_DAYS = [
  { visits: 120, visitors: 100, pageViews: 410 },
  { visits: 95, visitors: 80, pageViews: 300 },
  { visits: 101, visitors: 90, pageViews: 333 },
  { visits: 130, visitors: 111, pageViews: 450 },
  { visits: 88, visitors: 70, pageViews: 260 },
  { visits: 140, visitors: 120, pageViews: 502 },
  { visits: 1560, visitors: 1300, pageViews: 4821 },
];
const sum = (rows: { [k: string]: number }[], key: string) => rows.reduce((s, r) => s + r[key]!, 0);

export const WEEK: ReportAnswers = {
  traffic: {
    report: 'traffic', query: WEEK_QUERY, previous: null,
    current: {
      ...week,
      totals: { visits: sum(TRAFFIC_DAYS, 'visits'), visitors: 1789, pageViews: sum(TRAFFIC_DAYS, 'pageViews') },
      series: WEEK_DAYS.map((bucket, i) => ({ bucket, ...TRAFFIC_DAYS[i]! })),
    },
  },
  sources: {
    report: 'sources', query: WEEK_QUERY, previous: null,
    current: { ...week, rows: [{ source: '(direct)', visits: 1200, visitors: 1001 }, { source: 'www.google.com', visits: 800, visitors: 700 }, { source: '=cmd|x', visits: 234, visitors: 200 }] },
  },
  content: {
    report: 'content', query: WEEK_QUERY, previous: null,
    current: { ...week, rows: [{ path: '/', title: 'Home', pageViews: 3000, visitors: 1500 }, { path: '/shop/p/stoneware-mug', title: 'Stoneware mug', pageViews: 1200, visitors: 640 }, { path: '/about', title: '', pageViews: 80, visitors: 75 }] },
  },
  sales: {
    report: 'sales', query: WEEK_QUERY, previous: null,
    current: {
      ...week, currency: 'USD',
      totals: { revenue: 1234567, orders: 42, averageOrderValue: 29394 },
      series: WEEK_DAYS.map((bucket, i) => ({ bucket, revenue: i === 6 ? 1234567 - 6 * 1000 : 1000, orders: i === 6 ? 36 : 1 })),
    },
  },
  products: {
    report: 'products', query: WEEK_QUERY, previous: null,
    current: {
      ...week, currency: 'EUR',
      rows: [
        { productId: 'p-mug', name: 'Stoneware mug', views: 400, addsToCart: 60, orders: 30, units: 45, revenue: 157500, conversion: 0.075 },
        { productId: 'p-gift', name: 'Gift card', views: 0, addsToCart: 0, orders: 2, units: 2, revenue: 5000, conversion: null },
      ],
    },
  },
  funnel: {
    report: 'funnel', query: WEEK_QUERY, previous: null,
    current: {
      ...week,
      steps: [
        { step: 'visits', visits: 2234, ofFirst: 1, ofPrevious: null },
        { step: 'viewedProduct', visits: 900, ofFirst: 0.4029, ofPrevious: 0.4029 },
        { step: 'addedToCart', visits: 200, ofFirst: 0.0895, ofPrevious: 0.2222 },
        { step: 'startedCheckout', visits: 80, ofFirst: 0.0358, ofPrevious: 0.4 },
        { step: 'purchased', visits: 42, ofFirst: 0.0188, ofPrevious: 0.525 },
      ],
    },
  },
  'abandoned-carts': {
    report: 'abandoned-carts', query: WEEK_QUERY, previous: null,
    current: {
      ...week, currency: 'USD', abandonedAfterHours: 1,
      totals: { carts: 160, abandoned: 118, abandonedValue: 456700, rate: 0.7375 },
      rows: [{ cartId: 'c0ffee00-1111-4222-8333-444455556666', lastActivity: '2026-11-06T23:30:00.000Z', quantity: 3, value: 8400 }],
    },
  },
  conversions: {
    report: 'conversions', query: WEEK_QUERY, previous: null,
    current: {
      ...week,
      forms: [{ formId: 'contact', name: 'Contact us', renders: 400, submissions: 12, rate: 0.03 }, { formId: 'unused', name: 'Old survey', renders: 0, submissions: 0, rate: null }],
      buttons: [{ buttonId: 'b-shop', label: 'Shop now', renders: 1000, clicks: 250, rate: 0.25 }],
    },
  },
  'web-vitals': {
    report: 'web-vitals', query: WEEK_QUERY, previous: null,
    current: {
      ...week,
      rows: [
        { path: '/', samples: 900, metrics: { lcp: { p75: 2100, rating: 'good' }, cls: { p75: 0.18, rating: 'needs-improvement' }, inp: { p75: 640, rating: 'poor' } } },
        { path: '/shop', samples: 12, metrics: { lcp: { p75: 4300, rating: 'poor' } } },
      ],
    },
  },
  errors: {
    report: 'errors', query: WEEK_QUERY, previous: null,
    current: {
      ...week,
      totals: { reports: 17 },
      series: WEEK_DAYS.map((bucket, i) => ({ bucket, reports: i === 3 ? 11 : 1 })),
      rows: [{ message: "TypeError: Cannot read properties of undefined (reading 'price')", source: '/assets/main-3f2a.js:1:2040', count: 15, pages: 3, lastSeen: '2026-11-04T15:04:00.000Z' }, { message: 'ResizeObserver loop limit exceeded', source: '', count: 2, pages: 1, lastSeen: '2026-11-02T10:00:00.000Z' }],
    },
  },
};

/** WEEK's traffic with the week before it (compare=1). */
export const WEEK_TRAFFIC_COMPARED: ReportAnswers['traffic'] = {
  ...WEEK.traffic,
  query: { ...WEEK_QUERY, compare: true },
  previous: {
    ...PREVIOUS_WEEK,
    totals: { visits: 1490, visitors: 1789, pageViews: 0 },
    series: ['2026-10-25', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'].map((bucket) => ({ bucket, visits: 200, visitors: 150, pageViews: 700 })),
  },
};

// ---------------------------------------------------------------------------------------------
// Generated answers for any query (the browser spec).

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A number in [0, 1) from a day and a salt, the same every run. */
function noise(n: number, salt: number): number {
  const x = Math.sin(n * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** The first day of each bucket of [from, to]: days, weeks starting on Monday, calendar months (the first cut at `from`). */
function buckets(from: string, to: string, granularity: Granularity): { bucket: string; days: number[] }[] {
  const out: { bucket: string; days: number[] }[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const date = dateOf(n);
    const weekday = (new Date(n * DAY_MS).getUTCDay() + 6) % 7;
    const key = granularity === 'day' ? date : granularity === 'week' ? dateOf(n - weekday) : `${date.slice(0, 8)}01`;
    const bucket = key < from ? from : key;
    const last = out[out.length - 1];
    if (last?.bucket === bucket) last.days.push(n);
    else out.push({ bucket, days: [n] });
  }
  return out;
}

function dayTraffic(n: number) {
  const weekend = [0, 6].includes(new Date(n * DAY_MS).getUTCDay()) ? 1.35 : 1;
  const visits = Math.round((260 + 140 * noise(n, 1)) * weekend);
  const visitors = Math.round(visits * (0.78 + 0.1 * noise(n, 2)));
  return { visits, visitors, pageViews: Math.round(visits * (2.6 + noise(n, 3))) };
}

function daySales(n: number) {
  const orders = Math.round(dayTraffic(n).visits * (0.018 + 0.01 * noise(n, 4)));
  return { orders, revenue: orders * (3200 + Math.round(2400 * noise(n, 5))) };
}

const rate = (a: number, b: number) => (b === 0 ? null : a / b);

function period<T>(from: string, to: string, granularity: Granularity, make: (days: number[], series: { bucket: string; days: number[] }[]) => T) {
  return { from, to, ...make(buckets(from, to, granularity).flatMap((b) => b.days), buckets(from, to, granularity)) };
}

const SOURCES = ['(direct)', 'www.google.com', 'www.instagram.com', 'www.pinterest.com', 'duckduckgo.com', 'www.bing.com', 'newsletter.clay-and-co.example', 'www.facebook.com'];
const PAGES = [
  ['/', 'Home'], ['/shop', 'Shop'], ['/shop/p/stoneware-mug', 'Stoneware mug'], ['/shop/p/speckled-bowl', 'Speckled bowl'], ['/about', 'About the studio'],
  ['/journal/glazing-notes', 'Glazing notes'], ['/contact', 'Contact'], ['/workshops', 'Workshops'],
] as const;
const PRODUCTS = [
  ['p-stoneware-mug', 'Stoneware mug', 3200], ['p-speckled-bowl', 'Speckled bowl', 4800], ['p-serving-platter', 'Large serving platter with a long name', 9600],
  ['p-bud-vase', 'Bud vase', 2400], ['p-gift-card', 'Gift card', 5000],
] as const;

function answerFor(report: ReportName, from: string, to: string, granularity: Granularity) {
  switch (report) {
    case 'traffic':
      return period(from, to, granularity, (days, series) => {
        const total = (key: 'visits' | 'visitors' | 'pageViews', ds: number[]) => ds.reduce((s, n) => s + dayTraffic(n)[key], 0);
        return {
          totals: { visits: total('visits', days), visitors: Math.round(total('visitors', days) * 0.86), pageViews: total('pageViews', days) },
          series: series.map((b) => ({ bucket: b.bucket, visits: total('visits', b.days), visitors: total('visitors', b.days), pageViews: total('pageViews', b.days) })),
        };
      });
    case 'sources':
      return period(from, to, granularity, (days) => {
        const visits = days.reduce((s, n) => s + dayTraffic(n).visits, 0);
        const shares = [0.41, 0.27, 0.12, 0.07, 0.05, 0.04, 0.025, 0.015];
        return { rows: SOURCES.map((source, i) => ({ source, visits: Math.round(visits * shares[i]!), visitors: Math.round(visits * shares[i]! * 0.82) })) };
      });
    case 'content':
      return period(from, to, granularity, (days) => {
        const views = days.reduce((s, n) => s + dayTraffic(n).pageViews, 0);
        const shares = [0.3, 0.2, 0.14, 0.11, 0.08, 0.07, 0.05, 0.05];
        return { rows: PAGES.map(([path, title], i) => ({ path, title, pageViews: Math.round(views * shares[i]!), visitors: Math.round(views * shares[i]! * 0.55) })) };
      });
    case 'sales':
      return period(from, to, granularity, (days, series) => {
        const total = (key: 'orders' | 'revenue', ds: number[]) => ds.reduce((s, n) => s + daySales(n)[key], 0);
        const orders = total('orders', days);
        const revenue = total('revenue', days);
        return {
          currency: 'USD',
          totals: { revenue, orders, averageOrderValue: orders === 0 ? null : Math.round(revenue / orders) },
          series: series.map((b) => ({ bucket: b.bucket, revenue: total('revenue', b.days), orders: total('orders', b.days) })),
        };
      });
    case 'products':
      return period(from, to, granularity, (days) => {
        const visits = days.reduce((s, n) => s + dayTraffic(n).visits, 0);
        return {
          currency: 'USD',
          rows: PRODUCTS.map(([productId, name, price], i) => {
            const views = productId === 'p-gift-card' ? 0 : Math.round(visits * (0.3 - i * 0.05));
            const orders = productId === 'p-gift-card' ? Math.round(days.length / 3) : Math.round(views * (0.06 - i * 0.008));
            const units = Math.round(orders * 1.3);
            return { productId, name, views, addsToCart: Math.round(views * 0.16), orders, units, revenue: units * price, conversion: rate(orders, views) };
          }),
        };
      });
    case 'funnel':
      return period(from, to, granularity, (days) => {
        const visits = days.reduce((s, n) => s + dayTraffic(n).visits, 0);
        const counts = [visits, Math.round(visits * 0.42), Math.round(visits * 0.11), Math.round(visits * 0.045), Math.round(visits * 0.024)];
        const steps: FunnelStep[] = ['visits', 'viewedProduct', 'addedToCart', 'startedCheckout', 'purchased'];
        return { steps: steps.map((step, i) => ({ step, visits: counts[i]!, ofFirst: rate(counts[i]!, counts[0]!), ofPrevious: i === 0 ? null : rate(counts[i]!, counts[i - 1]!) })) };
      });
    case 'abandoned-carts':
      return period(from, to, granularity, (days) => {
        const carts = days.reduce((s, n) => s + Math.round(dayTraffic(n).visits * 0.11), 0);
        const abandoned = Math.round(carts * 0.68);
        const last = dayNumber(to);
        const rows = Array.from({ length: Math.min(8, abandoned) }, (_, i) => ({
          cartId: `c${String(last * 31 + i).padStart(7, '0')}-4a1b-4c2d-8e3f-${String(i).padStart(12, '0')}`,
          lastActivity: new Date((last - i * 0.7) * DAY_MS + 15 * 3_600_000).toISOString(),
          quantity: 1 + (i % 3),
          value: (1 + (i % 3)) * 3200 + i * 450,
        }));
        return { currency: 'USD', abandonedAfterHours: 1, totals: { carts, abandoned, abandonedValue: abandoned * 5150, rate: rate(abandoned, carts) }, rows };
      });
    case 'conversions':
      return period(from, to, granularity, (days) => {
        const visits = days.reduce((s, n) => s + dayTraffic(n).visits, 0);
        const form = (formId: string, name: string, share: number, conv: number) => {
          const renders = Math.round(visits * share);
          const submissions = Math.round(renders * conv);
          return { formId, name, renders, submissions, rate: rate(submissions, renders) };
        };
        const button = (buttonId: string, label: string, share: number, conv: number) => {
          const renders = Math.round(visits * share);
          const clicks = Math.round(renders * conv);
          return { buttonId, label, renders, clicks, rate: rate(clicks, renders) };
        };
        return {
          forms: [form('contact', 'Contact us', 0.08, 0.06), form('newsletter', 'Newsletter', 0.9, 0.012), form('workshop', 'Workshop booking', 0.04, 0.15), form('old-survey', 'Old survey', 0, 0)],
          buttons: [button('b-shop-now', 'Shop now', 0.6, 0.21), button('b-book', 'Book a workshop', 0.1, 0.08)],
        };
      });
    case 'web-vitals':
      return period(from, to, granularity, (days) => {
        const metric = (m: WebVital, p75: number) => ({ p75, rating: rateWebVital(m, p75) });
        const n = days.length;
        return {
          rows: PAGES.slice(0, 6).map(([path], i) => ({
            path,
            samples: Math.round(n * (120 - i * 17)),
            metrics: {
              lcp: metric('lcp', 1600 + i * 650), inp: metric('inp', 120 + i * 90), cls: metric('cls', [0.02, 0.05, 0.12, 0.3, 0.08, 0.01][i]!),
              fcp: metric('fcp', 900 + i * 420), ...(i < 2 ? { fid: metric('fid', 40 + i * 30) } : {}),
            },
          })),
        };
      });
    case 'errors':
      return period(from, to, granularity, (days, series) => {
        const per = (n: number) => Math.round(6 * noise(n, 9));
        const reports = days.reduce((s, n) => s + per(n), 0);
        return {
          totals: { reports },
          series: series.map((b) => ({ bucket: b.bucket, reports: b.days.reduce((s, n) => s + per(n), 0) })),
          rows: [
            { message: "TypeError: Cannot read properties of undefined (reading 'price')", source: '/assets/main-3f2a91.js:1:20410', count: Math.round(reports * 0.6), pages: 4, lastSeen: `${to}T14:12:00.000Z` },
            { message: 'ResizeObserver loop completed with undelivered notifications.', source: '', count: Math.round(reports * 0.3), pages: 7, lastSeen: `${to}T09:40:00.000Z` },
            { message: 'Script error.', source: 'https://widgets.example.net/embed.js', count: reports - Math.round(reports * 0.6) - Math.round(reports * 0.3), pages: 1, lastSeen: `${from}T18:02:00.000Z` },
          ],
        };
      });
  }
}

/** The answer the report API would give `query` for `report`, made up from the query's dates. */
export function generatedReport<R extends ReportName>(report: R, query: ReportQuery): ReportAnswers[R] {
  const length = dayNumber(query.to) - dayNumber(query.from) + 1;
  const previousFrom = dateOf(dayNumber(query.from) - length);
  const previousTo = dateOf(dayNumber(query.from) - 1);
  return {
    report,
    query,
    current: answerFor(report, query.from, query.to, query.granularity),
    previous: query.compare ? answerFor(report, previousFrom, previousTo, query.granularity) : null,
  } as unknown as ReportAnswers[R];
}
