import type { ReportAnswers, ReportName, WebVital } from '@storefront/domain';
import { csvCell } from '@storefront/projections';

/**
 * Each report's main table as CSV (the current period; cells quoted and never a formula, with the
 * forms' `csvCell`). Money columns are integer minor units of `currency`; rates are fractions.
 */
type Table = { header: string[]; rows: (string | number | null)[][] };

const VITALS: WebVital[] = ['fcp', 'lcp', 'cls', 'inp', 'fid'];

const tables: { [R in ReportName]: (a: ReportAnswers[R]) => Table } = {
  traffic: (a) => ({ header: ['bucket', 'visits', 'visitors', 'page views'], rows: a.current.series.map((b) => [b.bucket, b.visits, b.visitors, b.pageViews]) }),
  sources: (a) => ({ header: ['source', 'visits', 'visitors'], rows: a.current.rows.map((r) => [r.source, r.visits, r.visitors]) }),
  content: (a) => ({ header: ['path', 'title', 'page views', 'visitors'], rows: a.current.rows.map((r) => [r.path, r.title, r.pageViews, r.visitors]) }),
  sales: (a) => ({
    header: ['bucket', `revenue (${a.current.currency} minor units)`, 'orders'], rows: a.current.series.map((b) => [b.bucket, b.revenue, b.orders]),
  }),
  products: (a) => ({
    header: ['product id', 'name', 'views', 'adds to cart', 'orders', 'units', `revenue (${a.current.currency} minor units)`, 'conversion'],
    rows: a.current.rows.map((r) => [r.productId, r.name, r.views, r.addsToCart, r.orders, r.units, r.revenue, r.conversion]),
  }),
  funnel: (a) => ({ header: ['step', 'visits', 'of first', 'of previous'], rows: a.current.steps.map((s) => [s.step, s.visits, s.ofFirst, s.ofPrevious]) }),
  'abandoned-carts': (a) => ({
    header: ['cart id', 'last activity', 'quantity', `value (${a.current.currency} minor units)`],
    rows: a.current.rows.map((r) => [r.cartId, r.lastActivity, r.quantity, r.value]),
  }),
  conversions: (a) => ({
    header: ['kind', 'id', 'name', 'renders', 'submissions or clicks', 'rate'],
    rows: [
      ...a.current.forms.map((f) => ['form', f.formId, f.name, f.renders, f.submissions, f.rate]),
      ...a.current.buttons.map((b) => ['button', b.buttonId, b.label, b.renders, b.clicks, b.rate]),
    ],
  }),
  'web-vitals': (a) => ({
    header: ['path', 'samples', ...VITALS.flatMap((m) => [`${m} p75`, `${m} rating`])],
    rows: a.current.rows.map((r) => [r.path, r.samples, ...VITALS.flatMap((m) => [r.metrics[m]?.p75 ?? null, r.metrics[m]?.rating ?? null])]),
  }),
  errors: (a) => ({
    header: ['message', 'source', 'count', 'pages', 'last seen'], rows: a.current.rows.map((r) => [r.message, r.source, r.count, r.pages, r.lastSeen]),
  }),
};

export function reportCsv<R extends ReportName>(report: R, answer: ReportAnswers[R]): string {
  const table = (tables[report] as (a: ReportAnswers[R]) => Table)(answer);
  const cell = (v: string | number | null) => csvCell(v === null ? '' : String(v));
  return [table.header, ...table.rows].map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}
