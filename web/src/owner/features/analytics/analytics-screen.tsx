import { REPORT_NAMES, type ReportAnswers, type ReportName } from '@storefront/domain/analytics/reports';
import { GENERAL_STRINGS } from '@storefront/domain/shared/strings';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { useGetSiteSummaryQuery } from '../../shell/session-api';
import { Loading, PageHeader } from '../../ui/page-header';
import { useAnalyticsReport } from './analytics-api';
import { period } from './analytics-format';
import { RangePicker } from './range-picker';
import { EmptyReport } from './report-parts';
import { isReportName, parsePanelState, reportCsvUrl, resolveRange, todayIn, type ReportRequest } from './report-query';
import {
  AbandonedCartsView,
  comparedWith,
  ContentView,
  ConversionsView,
  emptyMessage,
  ErrorsView,
  FunnelView,
  ProductsView,
  REPORT_DESCRIPTIONS,
  REPORT_TABS,
  REPORT_TITLES,
  SalesView,
  SourcesView,
  TrafficView,
  WebVitalsView,
} from './reports';
import './analytics.css';

/**
 * /config/analytics[/:report] (permission analytics.view): the analysts' reports. The period,
 * granularity and comparison live in the address (report-query.ts), so a report can be linked;
 * tabs keep them from report to report. Each report is asked of the report API for the period in
 * the website's time zone, and shows its totals, a chart and its table(s), each with a CSV export.
 */
export function AnalyticsScreen() {
  const { report: reportParam } = useParams();
  const [params] = useSearchParams();
  const site = useGetSiteSummaryQuery();
  const timeZone = site.data?.website.timeZone;
  const state = useMemo(() => parsePanelState(params), [params]);
  const today = todayIn(timeZone);
  const range = resolveRange(state, today);
  const request: ReportRequest | null = useMemo(
    () => (range.ok ? { from: range.from, to: range.to, granularity: state.granularity, timeZone, compare: state.compare } : null),
    // The range's dates, not the object, decide whether the request changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [range.ok, range.ok && range.from, range.ok && range.to, state.granularity, state.compare, timeZone],
  );
  const report = reportParam === undefined ? 'traffic' : reportParam;
  const search = params.toString() === '' ? '' : `?${params.toString()}`;
  // On a phone the tabs scroll sideways: keep the open report's tab in view.
  const tabs = useRef<HTMLElement>(null);
  useEffect(() => {
    tabs.current?.querySelector<HTMLElement>('[aria-current=page]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [report]);

  // Days are the website's: nothing is asked before its time zone is known (when the site cannot
  // be read, the report API's default, the website's zone, applies).
  if (site.isLoading) return <Loading what="analytics" />;

  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle={
          <>
            Visits, sales and site health. Days are counted in the website’s time zone: <strong>{timeZone ?? 'the server’s default'}</strong>.
          </>
        }
      />
      <RangePicker key={state.range === 'custom' ? `custom/${state.from}/${state.to}` : state.range} state={state} range={range} />
      <nav className="an-tabs" aria-label="Reports" ref={tabs}>
        <ul>
          {REPORT_NAMES.map((name) => (
            <li key={name}>
              <Link to={`/analytics/${name}${search}`} aria-current={name === report ? 'page' : undefined} className={name === report ? 'active' : undefined}>
                {REPORT_TABS[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!isReportName(report) ? (
        <EmptyReport title="There is no such report">
          <Link to={`/analytics${search}`}>Back to traffic</Link>
        </EmptyReport>
      ) : request === null ? (
        <EmptyReport title="Choose a valid period to see this report" />
      ) : (
        <ReportPanel key={report} report={report} request={request} timeZone={timeZone} />
      )}
    </>
  );
}

/** One report: its heading and dates, then loading, the error with Retry, the empty state, or the report. */
function ReportPanel<R extends ReportName>({ report, request, timeZone }: { report: R; request: ReportRequest; timeZone?: string }) {
  const answer = useAnalyticsReport(report, request);
  const csvUrl = reportCsvUrl(report, request);
  const data = answer.data;
  // The answer for another period stays on screen, dimmed, while the new one comes.
  const stale = answer.isFetching && !answer.isLoading;
  let body: ReactNode;
  if (answer.isLoading || (answer.isFetching && answer.isError)) {
    body = <Loading what="the report" />;
  } else if (answer.isError || !data) {
    const detail = errorMessage(answer.error, '');
    body = (
      <div className="an-error ow-alert ow-alert-error" role="alert">
        <p>
          <strong>{GENERAL_STRINGS.unableToLoadResults}</strong>
          {detail && detail !== GENERAL_STRINGS.unableToLoadResults ? ` ${detail}` : ''}
        </p>
        <button type="button" className="ow-button" onClick={() => void answer.refetch()}>
          Retry
        </button>
      </div>
    );
  } else {
    const empty = emptyMessage(report, data);
    body = empty ? (
      <EmptyReport title={empty}>Try a longer period, or check back once visitors have been to the site.</EmptyReport>
    ) : (
      <div className={stale ? 'an-report-body an-stale' : 'an-report-body'} aria-busy={stale}>
        <ReportView report={report} data={data} csvUrl={csvUrl} granularity={request.granularity} timeZone={timeZone} />
      </div>
    );
  }
  const shown = data ?? null;
  return (
    <section className="an-report" aria-labelledby="an-report-title">
      <header className="an-report-head">
        <h2 id="an-report-title">{REPORT_TITLES[report]}</h2>
        <p className="an-report-dates">
          {period(request.from, request.to)}
          {shown ? comparedWith(shown.previous) : ''}
          {stale ? ' · updating…' : ''}
        </p>
        <p className="ow-hint">{REPORT_DESCRIPTIONS[report]}</p>
      </header>
      {body}
    </section>
  );
}

function ReportView<R extends ReportName>({ report, data, csvUrl, granularity, timeZone }: { report: R; data: ReportAnswers[R]; csvUrl: string; granularity: ReportRequest['granularity']; timeZone?: string }) {
  const common = { csvUrl, granularity };
  const d = data as ReportAnswers[ReportName];
  switch (report) {
    case 'traffic':
      return <TrafficView data={d as ReportAnswers['traffic']} {...common} />;
    case 'sources':
      return <SourcesView data={d as ReportAnswers['sources']} {...common} />;
    case 'content':
      return <ContentView data={d as ReportAnswers['content']} {...common} />;
    case 'sales':
      return <SalesView data={d as ReportAnswers['sales']} {...common} />;
    case 'products':
      return <ProductsView data={d as ReportAnswers['products']} {...common} />;
    case 'funnel':
      return <FunnelView data={d as ReportAnswers['funnel']} {...common} />;
    case 'abandoned-carts':
      return <AbandonedCartsView data={d as ReportAnswers['abandoned-carts']} {...common} timeZone={timeZone} />;
    case 'conversions':
      return <ConversionsView data={d as ReportAnswers['conversions']} {...common} />;
    case 'web-vitals':
      return <WebVitalsView data={d as ReportAnswers['web-vitals']} {...common} />;
    case 'errors':
      return <ErrorsView data={d as ReportAnswers['errors']} {...common} timeZone={timeZone} />;
    default:
      return null;
  }
}

export default AnalyticsScreen;
