import {
  FUNNEL_STEPS,
  type AbandonedCartsReport,
  type ContentReport,
  type ConversionsReport,
  type ErrorsReport,
  type FunnelReport,
  type FunnelStep,
  type Granularity,
  type ProductsReport,
  type ReportAnswers,
  type ReportName,
  type SalesReport,
  type SourcesReport,
  type TrafficReport,
  type WebVitalsReport,
} from '@storefront/domain/analytics/reports';
import { WEB_VITALS_THRESHOLDS, type WebVital, type WebVitalRating } from '@storefront/domain/analytics/wire';
import { useMemo, type ReactNode } from 'react';
import { bucketLabel, count, day, moment, money, NO_VALUE, percent, period, vitalValue } from './analytics-format';
import { Chart } from './chart';
import { CHART_COLORS, type ChartSeries, type TimeChartSpec } from './chart-spec';
import { Change, ChartCard, TableCard, Tiles, type Tile } from './report-parts';

/** What each report is called in the panel's tabs and headings. */
export const REPORT_TITLES: Record<ReportName, string> = {
  traffic: 'Traffic',
  sources: 'Sources',
  content: 'Popular content',
  sales: 'Sales',
  products: 'Products',
  funnel: 'Purchase funnel',
  'abandoned-carts': 'Abandoned carts',
  conversions: 'Conversions',
  'web-vitals': 'Web vitals',
  errors: 'JavaScript errors',
};

/** The report tabs' shorter names (one row at 1280 px). */
export const REPORT_TABS: Record<ReportName, string> = {
  ...REPORT_TITLES,
  content: 'Content',
  funnel: 'Funnel',
  errors: 'Errors',
};

/** What a report says about itself under its heading. */
export const REPORT_DESCRIPTIONS: Record<ReportName, string> = {
  traffic: 'Visits, unique visitors and page views.',
  sources: 'Where visits came from: the referring site, or direct.',
  content: 'The pages visitors viewed most.',
  sales: 'Revenue, orders and the average order value.',
  products: 'Views, carts and orders of each product; conversion is orders per product view.',
  funnel: 'How far visits went on the way to a purchase. A visit counts at a step only if it reached every step before it.',
  'abandoned-carts': 'Carts with items that were not bought.',
  conversions: 'Form submissions and button clicks per time shown.',
  'web-vitals': 'How fast pages felt to visitors: the 75th percentile of each measure, per page.',
  errors: 'JavaScript errors visitors’ browsers reported.',
};

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  visits: 'Visits',
  viewedProduct: 'Viewed a product',
  addedToCart: 'Added to the cart',
  startedCheckout: 'Started checkout',
  purchased: 'Purchased',
};

export const VITAL_LABELS: Record<WebVital, { short: string; name: string }> = {
  lcp: { short: 'LCP', name: 'Largest contentful paint' },
  inp: { short: 'INP', name: 'Interaction to next paint' },
  cls: { short: 'CLS', name: 'Cumulative layout shift' },
  fcp: { short: 'FCP', name: 'First contentful paint' },
  fid: { short: 'FID', name: 'First input delay' },
};
const VITALS_SHOWN: WebVital[] = ['lcp', 'inp', 'cls', 'fcp', 'fid'];

export const RATING_LABELS: Record<WebVitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

/** What every report view is given besides its answer. */
export type ReportViewProps<R extends ReportName> = { data: ReportAnswers[R]; csvUrl: string; granularity: Granularity };

/** Why a report has nothing to show, or null when it has. */
export function emptyMessage<R extends ReportName>(report: R, data: ReportAnswers[R]): string | null {
  const d = data as ReportAnswers[ReportName];
  switch (report) {
    case 'traffic':
      return (d as TrafficReport).current.totals.visits === 0 ? 'No visits in this period' : null;
    case 'sources':
      return (d as SourcesReport).current.rows.length === 0 ? 'No visits in this period' : null;
    case 'content':
      return (d as ContentReport).current.rows.length === 0 ? 'No page views in this period' : null;
    case 'sales':
      return (d as SalesReport).current.totals.orders === 0 ? 'No orders in this period' : null;
    case 'products':
      return (d as ProductsReport).current.rows.length === 0 ? 'No product views or orders in this period' : null;
    case 'funnel':
      return ((d as FunnelReport).current.steps[0]?.visits ?? 0) === 0 ? 'No visits in this period' : null;
    case 'abandoned-carts':
      return (d as AbandonedCartsReport).current.totals.carts === 0 ? 'No carts in this period' : null;
    case 'conversions': {
      const c = (d as ConversionsReport).current;
      return c.forms.length === 0 && c.buttons.length === 0 ? 'No forms or buttons were shown in this period' : null;
    }
    case 'web-vitals':
      return (d as WebVitalsReport).current.rows.length === 0 ? 'No performance records in this period' : null;
    case 'errors':
      return (d as ErrorsReport).current.totals.reports === 0 ? 'No JavaScript errors in this period' : null;
    default:
      return null;
  }
}

/** A time chart of `series` over the current period's buckets (a previous period's series is among them, dashed). */
function timeSpec(
  buckets: string[],
  series: ChartSeries[],
  format: (n: number) => string,
  granularity: Granularity,
  xIdle: string,
  axisFormat?: (n: number) => string,
): TimeChartSpec {
  return {
    kind: 'time',
    xLabel: granularity === 'day' ? 'Day' : granularity === 'week' ? 'Week' : 'Month',
    xIdle,
    axisFormat,
    buckets,
    series,
    format,
    bucketLabel: (b) => bucketLabel(b, granularity),
    // 'Nov 3' under the axis; a month as 'Nov ’26'.
    tickLabel: (b) => (granularity === 'month' ? `${day(b, false).split(' ')[0]} ’${b.slice(2, 4)}` : day(b, false)),
  };
}

/** The previous period's values aligned bucket by bucket with the current one's (nothing where it has fewer). */
const aligned = <T,>(current: T[], previous: T[] | undefined, value: (row: T) => number) => current.map((_, i) => (previous?.[i] === undefined ? null : value(previous[i]!)));

const compactCount = (n: number) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);

function PreviousHeader() {
  return (
    <>
      <th scope="col" className="ow-num">
        Previous period
      </th>
      <th scope="col" className="ow-num">
        Change
      </th>
    </>
  );
}

function PreviousCells({ current, previous, format = count, riseIsBad }: { current: number; previous: number | null; format?: (n: number) => string; riseIsBad?: boolean }) {
  return (
    <>
      <td className="ow-num an-muted">{previous === null ? NO_VALUE : format(previous)}</td>
      <td className="ow-num">
        <Change current={current} previous={previous} riseIsBad={riseIsBad} />
      </td>
    </>
  );
}

// ---------------------------------------------------------------------------------------------

export function TrafficView({ data, csvUrl, granularity }: ReportViewProps<'traffic'>) {
  const { current, previous } = data;
  const spec = useMemo(() => {
    const buckets = current.series.map((s) => s.bucket);
    const series: ChartSeries[] = [
      { label: 'Visits', values: current.series.map((s) => s.visits), color: CHART_COLORS.primary, fill: true, idle: count(current.totals.visits) },
      { label: 'Unique visitors', values: current.series.map((s) => s.visitors), color: CHART_COLORS.second, idle: count(current.totals.visitors) },
      { label: 'Page views', values: current.series.map((s) => s.pageViews), color: CHART_COLORS.third, idle: count(current.totals.pageViews) },
    ];
    if (previous) {
      series.push({ label: 'Visits, previous period', values: aligned(current.series, previous.series, (s) => s.visits), color: CHART_COLORS.previous, dashed: true, idle: count(previous.totals.visits) });
    }
    return timeSpec(buckets, series, count, granularity, period(current.from, current.to), compactCount);
  }, [current, previous, granularity]);
  const t = current.totals;
  const p = previous?.totals;
  const tiles: Tile[] = [
    { label: 'Visits', value: count(t.visits), current: t.visits, previous: p?.visits },
    { label: 'Unique visitors', value: count(t.visitors), current: t.visitors, previous: p?.visitors },
    { label: 'Page views', value: count(t.pageViews), current: t.pageViews, previous: p?.pageViews },
  ];
  const summary = `Visits, unique visitors and page views by ${granularity}, ${period(current.from, current.to)}: ${count(t.visits)} visits, ${count(t.visitors)} unique visitors, ${count(t.pageViews)} page views${p ? `; previous period ${count(p.visits)} visits` : ''}.`;
  return (
    <>
      <Tiles tiles={tiles} comparing={previous !== null} />
      <ChartCard title="Visits over time">
        <Chart summary={summary} spec={spec} />
      </ChartCard>
      <TableCard title={`Traffic by ${granularity}`} csvUrl={csvUrl}>
        <table className="ow-table an-table">
          <thead>
            <tr>
              <th scope="col">{granularity === 'day' ? 'Day' : granularity === 'week' ? 'Week' : 'Month'}</th>
              <th scope="col" className="ow-num">Visits</th>
              <th scope="col" className="ow-num">Unique visitors</th>
              <th scope="col" className="ow-num">Page views</th>
              {previous && <PreviousHeader />}
            </tr>
          </thead>
          <tbody>
            {current.series.map((row, i) => (
              <tr key={row.bucket}>
                <th scope="row">{bucketLabel(row.bucket, granularity)}</th>
                <td className="ow-num">{count(row.visits)}</td>
                <td className="ow-num">{count(row.visitors)}</td>
                <td className="ow-num">{count(row.pageViews)}</td>
                {previous && <PreviousCells current={row.visits} previous={previous.series[i]?.visits ?? null} />}
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </>
  );
}

export function SourcesView({ data, csvUrl }: ReportViewProps<'sources'>) {
  const { current, previous } = data;
  const before = new Map(previous?.rows.map((r) => [r.source, r.visits]));
  const top = current.rows.slice().sort((a, b) => b.visits - a.visits).slice(0, 10);
  const spec = useMemo(
    () => ({ kind: 'bars' as const, label: 'Visits', categories: top.map((r) => r.source), values: top.map((r) => r.visits), valueLabels: top.map((r) => count(r.visits)), color: CHART_COLORS.primary, format: compactCount }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `top` is derived from `current` alone
    [current],
  );
  const summary = `Visits by source, the top ${top.length}: ${top.map((r) => `${r.source} ${count(r.visits)}`).join(', ')}.`;
  return (
    <>
      <ChartCard title="Top sources by visits">
        <Chart summary={summary} spec={spec} />
      </ChartCard>
      <TableCard title="Visits by source" csvUrl={csvUrl}>
        <table className="ow-table an-table">
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col" className="ow-num">Visits</th>
              <th scope="col" className="ow-num">Unique visitors</th>
              {previous && <PreviousHeader />}
            </tr>
          </thead>
          <tbody>
            {current.rows.map((row) => (
              <tr key={row.source}>
                <th scope="row" className="an-wrap">{row.source}</th>
                <td className="ow-num">{count(row.visits)}</td>
                <td className="ow-num">{count(row.visitors)}</td>
                {previous && <PreviousCells current={row.visits} previous={before.get(row.source) ?? null} />}
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </>
  );
}

export function ContentView({ data, csvUrl }: ReportViewProps<'content'>) {
  const { current, previous } = data;
  const before = new Map(previous?.rows.map((r) => [r.path, r.pageViews]));
  return (
    <TableCard title="Pages by views" csvUrl={csvUrl}>
      <table className="ow-table an-table">
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col" className="ow-num">Page views</th>
            <th scope="col" className="ow-num">Unique visitors</th>
            {previous && <PreviousHeader />}
          </tr>
        </thead>
        <tbody>
          {current.rows.map((row) => (
            <tr key={row.path}>
              <th scope="row" className="an-wrap">
                <span className="an-page-title">{row.title || row.path}</span>
                <span className="an-page-path">{row.path}</span>
              </th>
              <td className="ow-num">{count(row.pageViews)}</td>
              <td className="ow-num">{count(row.visitors)}</td>
              {previous && <PreviousCells current={row.pageViews} previous={before.get(row.path) ?? null} />}
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

export function SalesView({ data, csvUrl, granularity }: ReportViewProps<'sales'>) {
  const { current, previous } = data;
  const { currency } = current;
  const cash = (minor: number) => money(minor, currency);
  const spec = useMemo(() => {
    const series: ChartSeries[] = [{ label: 'Revenue', values: current.series.map((s) => s.revenue), color: CHART_COLORS.primary, fill: true, idle: money(current.totals.revenue, currency) }];
    if (previous) {
      series.push({
        label: 'Revenue, previous period', values: aligned(current.series, previous.series, (s) => s.revenue), color: CHART_COLORS.previous, dashed: true,
        idle: money(previous.totals.revenue, currency),
      });
    }
    return timeSpec(current.series.map((s) => s.bucket), series, (n) => money(Math.round(n), currency), granularity, period(current.from, current.to));
  }, [current, previous, currency, granularity]);
  const t = current.totals;
  const p = previous?.totals;
  const tiles: Tile[] = [
    { label: 'Revenue', value: cash(t.revenue), current: t.revenue, previous: p?.revenue },
    { label: 'Orders', value: count(t.orders), current: t.orders, previous: p?.orders },
    {
      label: 'Average order value',
      value: t.averageOrderValue === null ? NO_VALUE : cash(t.averageOrderValue),
      current: t.averageOrderValue ?? undefined,
      previous: p?.averageOrderValue,
    },
  ];
  const summary = `Revenue by ${granularity}, ${period(current.from, current.to)}: ${cash(t.revenue)} from ${count(t.orders)} orders${p ? `; previous period ${cash(p.revenue)}` : ''}.`;
  return (
    <>
      <Tiles tiles={tiles} comparing={previous !== null} />
      <ChartCard title="Revenue over time">
        <Chart summary={summary} spec={spec} />
      </ChartCard>
      <TableCard title={`Sales by ${granularity}`} csvUrl={csvUrl}>
        <table className="ow-table an-table">
          <thead>
            <tr>
              <th scope="col">{granularity === 'day' ? 'Day' : granularity === 'week' ? 'Week' : 'Month'}</th>
              <th scope="col" className="ow-num">Orders</th>
              <th scope="col" className="ow-num">Revenue</th>
              {previous && <PreviousHeader />}
            </tr>
          </thead>
          <tbody>
            {current.series.map((row, i) => (
              <tr key={row.bucket}>
                <th scope="row">{bucketLabel(row.bucket, granularity)}</th>
                <td className="ow-num">{count(row.orders)}</td>
                <td className="ow-num">{cash(row.revenue)}</td>
                {previous && <PreviousCells current={row.revenue} previous={previous.series[i]?.revenue ?? null} format={cash} />}
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </>
  );
}

export function ProductsView({ data, csvUrl }: ReportViewProps<'products'>) {
  const { current, previous } = data;
  const { currency } = current;
  const before = new Map(previous?.rows.map((r) => [r.productId, r.revenue]));
  const top = current.rows.filter((r) => r.revenue > 0).sort((a, b) => b.revenue - a.revenue).slice(0, 10);
  const spec = useMemo(
    () => ({
      kind: 'bars' as const, label: 'Revenue', categories: top.map((r) => r.name), values: top.map((r) => r.revenue),
      valueLabels: top.map((r) => money(r.revenue, currency)), color: CHART_COLORS.second, format: (n: number) => money(Math.round(n), currency),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `top` is derived from `current` alone
    [current, currency],
  );
  const summary = `Revenue by product, the top ${top.length}: ${top.map((r) => `${r.name} ${money(r.revenue, currency)}`).join(', ')}.`;
  return (
    <>
      {top.length > 0 && (
        <ChartCard title="Top products by revenue">
          <Chart summary={summary} spec={spec} />
        </ChartCard>
      )}
      <TableCard title="Sales by product" csvUrl={csvUrl}>
        <table className="ow-table an-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="ow-num">Views</th>
              <th scope="col" className="ow-num">Added to cart</th>
              <th scope="col" className="ow-num">Orders</th>
              <th scope="col" className="ow-num">Units</th>
              <th scope="col" className="ow-num">Revenue</th>
              <th scope="col" className="ow-num">Conversion</th>
              {previous && <PreviousHeader />}
            </tr>
          </thead>
          <tbody>
            {current.rows.map((row) => (
              <tr key={row.productId}>
                <th scope="row" className="an-wrap">{row.name}</th>
                <td className="ow-num">{count(row.views)}</td>
                <td className="ow-num">{count(row.addsToCart)}</td>
                <td className="ow-num">{count(row.orders)}</td>
                <td className="ow-num">{count(row.units)}</td>
                <td className="ow-num">{money(row.revenue, currency)}</td>
                <td className="ow-num">{percent(row.conversion)}</td>
                {previous && <PreviousCells current={row.revenue} previous={before.get(row.productId) ?? null} format={(n) => money(n, currency)} />}
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </>
  );
}

export function FunnelView({ data, csvUrl }: ReportViewProps<'funnel'>) {
  const { current, previous } = data;
  const steps = FUNNEL_STEPS.map((step) => current.steps.find((s) => s.step === step) ?? { step, visits: 0, ofFirst: null, ofPrevious: null });
  const before = new Map(previous?.steps.map((s) => [s.step, s.visits]));
  const spec = useMemo(
    () => ({
      kind: 'bars' as const, label: 'Visits', categories: steps.map((s) => FUNNEL_STEP_LABELS[s.step]), values: steps.map((s) => s.visits),
      valueLabels: steps.map((s, i) => (i === 0 ? count(s.visits) : `${count(s.visits)} · ${percent(s.ofFirst)}`)), color: CHART_COLORS.primary, format: compactCount,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `steps` is derived from `current` alone
    [current],
  );
  const last = steps[steps.length - 1]!;
  const summary = `Purchase funnel, ${period(current.from, current.to)}: ${steps.map((s) => `${FUNNEL_STEP_LABELS[s.step]} ${count(s.visits)}`).join(', ')}; ${percent(last.ofFirst)} of visits purchased.`;
  return (
    <>
      <Tiles
        comparing={false}
        tiles={[
          { label: 'Visits', value: count(steps[0]!.visits) },
          { label: 'Purchased', value: count(last.visits) },
          { label: 'Conversion rate', value: percent(last.ofFirst), hint: 'Visits that purchased' },
        ]}
      />
      <ChartCard title="Visits at each step">
        <Chart summary={summary} spec={spec} />
      </ChartCard>
      <TableCard title="Funnel steps" csvUrl={csvUrl}>
        <table className="ow-table an-table">
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className="ow-num">Visits</th>
              <th scope="col" className="ow-num">Of all visits</th>
              <th scope="col" className="ow-num">From the step before</th>
              {previous && <PreviousHeader />}
            </tr>
          </thead>
          <tbody>
            {steps.map((s) => (
              <tr key={s.step}>
                <th scope="row">{FUNNEL_STEP_LABELS[s.step]}</th>
                <td className="ow-num">{count(s.visits)}</td>
                <td className="ow-num">{percent(s.ofFirst)}</td>
                <td className="ow-num">{percent(s.ofPrevious)}</td>
                {previous && <PreviousCells current={s.visits} previous={before.get(s.step) ?? null} />}
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </>
  );
}

export function AbandonedCartsView({ data, csvUrl, timeZone }: ReportViewProps<'abandoned-carts'> & { timeZone?: string }) {
  const { current, previous } = data;
  const { currency } = current;
  const t = current.totals;
  const p = previous?.totals;
  const hours = current.abandonedAfterHours;
  const tiles: Tile[] = [
    { label: 'Carts', value: count(t.carts), current: t.carts, previous: p?.carts },
    { label: 'Abandoned', value: count(t.abandoned), current: t.abandoned, previous: p?.abandoned, riseIsBad: true },
    { label: 'Abandoned value', value: money(t.abandonedValue, currency), current: t.abandonedValue, previous: p?.abandonedValue, riseIsBad: true },
    { label: 'Abandonment rate', value: percent(t.rate), current: t.rate ?? undefined, previous: p?.rate, riseIsBad: true, points: true },
  ];
  const spec = useMemo(
    () => ({
      kind: 'bars' as const, label: 'Carts', categories: ['Carts', 'Bought', 'Abandoned'], values: [t.carts, t.carts - t.abandoned, t.abandoned],
      valueLabels: [count(t.carts), count(t.carts - t.abandoned), `${count(t.abandoned)} · ${percent(t.rate)}`], color: CHART_COLORS.third, format: compactCount,
    }),
    [t],
  );
  return (
    <>
      <Tiles tiles={tiles} comparing={previous !== null} />
      <ChartCard title="Carts and what became of them">
        <Chart summary={`${count(t.carts)} carts, ${count(t.abandoned)} abandoned (${percent(t.rate)}), worth ${money(t.abandonedValue, currency)}.`} spec={spec} />
      </ChartCard>
      <TableCard
        title="Abandoned carts"
        csvUrl={csvUrl}
        note={`A cart counts as abandoned when it has items, was not bought, and saw no activity for ${hours === 1 ? '1 hour' : `${hours} hours`}.`}
      >
        {current.rows.length === 0 ? (
          <p className="an-table-empty">No abandoned carts in this period</p>
        ) : (
          <table className="ow-table an-table">
            <thead>
              <tr>
                <th scope="col">Cart</th>
                <th scope="col">Last activity</th>
                <th scope="col" className="ow-num">Items</th>
                <th scope="col" className="ow-num">Value</th>
              </tr>
            </thead>
            <tbody>
              {current.rows.map((row) => (
                <tr key={row.cartId}>
                  <th scope="row" className="an-code">{row.cartId.slice(0, 8)}</th>
                  <td>{moment(row.lastActivity, timeZone)}</td>
                  <td className="ow-num">{count(row.quantity)}</td>
                  <td className="ow-num">{money(row.value, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TableCard>
    </>
  );
}

export function ConversionsView({ data, csvUrl }: ReportViewProps<'conversions'>) {
  const { current, previous } = data;
  const formsBefore = new Map(previous?.forms.map((f) => [f.formId, f.rate]));
  const buttonsBefore = new Map(previous?.buttons.map((b) => [b.buttonId, b.rate]));
  const spec = useMemo(() => {
    const items = [
      ...current.forms.map((f) => ({ name: `Form: ${f.name}`, rate: f.rate })),
      ...current.buttons.map((b) => ({ name: `Button: ${b.label}`, rate: b.rate })),
    ].slice(0, 12);
    return {
      kind: 'bars' as const, label: 'Conversion', categories: items.map((i) => i.name), values: items.map((i) => (i.rate ?? 0) * 100),
      valueLabels: items.map((i) => percent(i.rate)), color: CHART_COLORS.second, format: (n: number) => `${Math.round(n)}%`,
    };
  }, [current]);
  return (
    <>
      <ChartCard title="Conversion of each form and button">
        <Chart summary={`Conversion: ${spec.categories.map((c, i) => `${c} ${spec.valueLabels[i]}`).join(', ')}.`} spec={spec} />
      </ChartCard>
      <ConversionTable
        title="Forms" empty="No forms were shown in this period" csvUrl={csvUrl} nameHeader="Form" actionsHeader="Submissions" rateHeader="Conversion"
        rows={current.forms.map((f) => ({ id: f.formId, name: f.name, renders: f.renders, actions: f.submissions, rate: f.rate }))}
        before={previous ? formsBefore : null}
      />
      <ConversionTable
        title="Buttons" empty="No buttons were shown in this period" csvUrl={csvUrl} nameHeader="Button" actionsHeader="Clicks" rateHeader="Click rate"
        rows={current.buttons.map((b) => ({ id: b.buttonId, name: b.label, renders: b.renders, actions: b.clicks, rate: b.rate }))}
        before={previous ? buttonsBefore : null}
      />
    </>
  );
}

type ConversionRow = { id: string; name: string; renders: number; actions: number; rate: number | null };

/** One conversions table (forms: submissions / renders; buttons: clicks / renders), with the change of each rate when compared. */
function ConversionTable(props: {
  title: string; empty: string; csvUrl: string; nameHeader: string; actionsHeader: string; rateHeader: string;
  rows: ConversionRow[]; before: Map<string, number | null> | null;
}) {
  const { title, empty, csvUrl, nameHeader, actionsHeader, rateHeader, rows, before } = props;
  return (
    <TableCard title={title} csvUrl={csvUrl}>
      {rows.length === 0 ? (
        <p className="an-table-empty">{empty}</p>
      ) : (
        <table className="ow-table an-table">
          <thead>
            <tr>
              <th scope="col">{nameHeader}</th>
              <th scope="col" className="ow-num">Shown</th>
              <th scope="col" className="ow-num">{actionsHeader}</th>
              <th scope="col" className="ow-num">{rateHeader}</th>
              {before && <th scope="col" className="ow-num">Change</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row" className="an-wrap">{r.name}</th>
                <td className="ow-num">{count(r.renders)}</td>
                <td className="ow-num">{count(r.actions)}</td>
                <td className="ow-num">{percent(r.rate)}</td>
                {before && (
                  <td className="ow-num">
                    <Change current={r.rate} previous={before.get(r.id) ?? null} points />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TableCard>
  );
}

/** 'Good ≤ 2.5 s · Poor > 4 s' for a measure, from SPEC 9's thresholds. */
export function thresholdText(metric: WebVital): string {
  const { good, poor } = WEB_VITALS_THRESHOLDS[metric];
  return `Good ≤ ${vitalValue(metric, good)} · Poor > ${vitalValue(metric, poor)}`;
}

function RatingBadge({ rating }: { rating: WebVitalRating }) {
  return <span className={`an-rating an-rating--${rating}`}>{RATING_LABELS[rating]}</span>;
}

export function WebVitalsView({ data, csvUrl }: ReportViewProps<'web-vitals'>) {
  const { current } = data;
  const shown = VITALS_SHOWN.filter((m) => current.rows.some((r) => r.metrics[m]));
  return (
    <>
      <ul className="an-thresholds" aria-label="Thresholds">
        {shown.map((m) => (
          <li key={m}>
            <abbr title={VITAL_LABELS[m].name}>{VITAL_LABELS[m].short}</abbr> {thresholdText(m)}
          </li>
        ))}
      </ul>
      <TableCard title="Web vitals by page (75th percentile)" csvUrl={csvUrl}>
        <table className="ow-table an-table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col" className="ow-num">Page loads</th>
              {shown.map((m) => (
                <th key={m} scope="col">
                  <abbr title={VITAL_LABELS[m].name}>{VITAL_LABELS[m].short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {current.rows.map((row) => (
              <tr key={row.path}>
                <th scope="row" className="an-wrap">{row.path}</th>
                <td className="ow-num">{count(row.samples)}</td>
                {shown.map((m) => {
                  const value = row.metrics[m];
                  return (
                    <td key={m} className="an-vital">
                      {value ? (
                        <>
                          <span className="an-vital-value">{vitalValue(m, value.p75)}</span> <RatingBadge rating={value.rating} />
                        </>
                      ) : (
                        NO_VALUE
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </>
  );
}

export function ErrorsView({ data, csvUrl, granularity, timeZone }: ReportViewProps<'errors'> & { timeZone?: string }) {
  const { current, previous } = data;
  const spec = useMemo(() => {
    const series: ChartSeries[] = [{ label: 'Error reports', values: current.series.map((s) => s.reports), color: CHART_COLORS.third, fill: true, idle: count(current.totals.reports) }];
    if (previous) {
      series.push({
        label: 'Error reports, previous period', values: aligned(current.series, previous.series, (s) => s.reports), color: CHART_COLORS.previous, dashed: true,
        idle: count(previous.totals.reports),
      });
    }
    return timeSpec(current.series.map((s) => s.bucket), series, count, granularity, period(current.from, current.to), compactCount);
  }, [current, previous, granularity]);
  return (
    <>
      <Tiles
        comparing={previous !== null}
        tiles={[
          { label: 'Error reports', value: count(current.totals.reports), current: current.totals.reports, previous: previous?.totals.reports, riseIsBad: true },
          { label: 'Distinct errors', value: count(current.rows.length) },
        ]}
      />
      <ChartCard title="Error reports over time">
        <Chart summary={`JavaScript error reports by ${granularity}, ${period(current.from, current.to)}: ${count(current.totals.reports)} in all.`} spec={spec} />
      </ChartCard>
      <TableCard title="Errors" csvUrl={csvUrl}>
        <table className="ow-table an-table">
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Source</th>
              <th scope="col" className="ow-num">Reports</th>
              <th scope="col" className="ow-num">Pages</th>
              <th scope="col">Last seen</th>
            </tr>
          </thead>
          <tbody>
            {current.rows.map((row) => (
              <tr key={`${row.message}\u0000${row.source}`}>
                <th scope="row" className="an-wrap an-code">{row.message}</th>
                <td className="an-wrap an-code an-muted">{row.source}</td>
                <td className="ow-num">{count(row.count)}</td>
                <td className="ow-num">{count(row.pages)}</td>
                <td>{moment(row.lastSeen, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </>
  );
}

/** The previous period's dates, for the line under a report's heading. */
export const comparedWith = (previous: { from: string; to: string } | null): ReactNode => (previous ? ` compared with ${period(previous.from, previous.to)}` : '');
