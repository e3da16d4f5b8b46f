/** @jest-environment ./web/test/dom-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportName } from '@storefront/domain/analytics/reports';
import { WEEK, WEEK_TRAFFIC_COMPARED } from '../../../../test/analytics-fixtures';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY, type FakeServer } from '../../../../test/owner-app';

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const SITE = { website: { ...SITE_SUMMARY.website, timeZone: 'America/New_York' } };
const WEEK_SEARCH = 'from=2026-11-01&to=2026-11-07&granularity=day&timeZone=America%2FNew_York';
const WEEK_PAGE = '?range=custom&from=2026-11-01&to=2026-11-07';
const api = (report: ReportName, search = WEEK_SEARCH) => `GET /api/config/analytics/${report}?${search}`;

/** The owner app at `path` for an account with `roles`, the report API answering `reports`. */
function open(path: string, reports: FakeServer = {}, roles = ['reporting']) {
  const session = { ...ADMIN_SESSION, owner: { ...ADMIN_SESSION.owner, email: 'analyst@example.com', roles } };
  const fake = fakeFetch({ 'GET /api/config/session': { body: session }, 'GET /api/site/settings': { body: SITE }, ...reports });
  const app = renderOwnerApp(path);
  return { ...fake, ...app };
}

/** Every report's week answer. */
const weekServer = (): FakeServer => Object.fromEntries((Object.keys(WEEK) as ReportName[]).map((r) => [api(r), { body: WEEK[r] }]));

/** Fakes the clock only (RTK Query and user-event keep their real timers). */
function todayIs(iso: string) {
  jest.useFakeTimers({
    now: new Date(iso),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}

const reportPaths = (calls: { path: string }[]) => calls.map((c) => c.path).filter((p) => p.startsWith('/api/config/analytics/'));
const rows = (table: HTMLElement) => within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('the Analytics section', () => {
  it('is in the panel for the reporting role, which opens it', async () => {
    open('/analytics' + WEEK_PAGE, weekServer());
    const panel = await screen.findByRole('navigation', { name: 'Editor' });
    expect(within(panel).getAllByRole('listitem').map((l) => l.textContent)).toEqual(['Analytics']);
    expect(await screen.findByRole('heading', { name: 'Traffic', level: 2 })).toBeTruthy();
  });

  it('is not in the panel for an editor, and its address is refused without asking for a report', async () => {
    const { calls } = open('/analytics', weekServer(), ['editor']);
    expect(await screen.findByRole('heading', { name: 'Analytics is not open to your account' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Editor' })).queryByRole('link', { name: 'Analytics' })).toBeNull();
    expect(reportPaths(calls)).toEqual([]);
  });

  it('is in the panel for the admin', async () => {
    open('/analytics' + WEEK_PAGE, weekServer(), ['admin']);
    expect(await within(await screen.findByRole('navigation', { name: 'Editor' })).findByRole('link', { name: 'Analytics' })).toBeTruthy();
  });
});

describe('the period picker', () => {
  it('asks for the last 30 days up to today in the website’s time zone, then for each preset; the address follows', async () => {
    // 03:00 UTC on Nov 28 is still Nov 27 in New York.
    todayIs('2026-11-28T03:00:00Z');
    const reports: FakeServer = {};
    for (const [from, to] of [['2026-10-29', '2026-11-27'], ['2026-11-21', '2026-11-27'], ['2026-08-30', '2026-11-27'], ['2026-11-01', '2026-11-27']]) {
      reports[api('traffic', `from=${from}&to=${to}&granularity=day&timeZone=America%2FNew_York`)] = { body: { ...WEEK.traffic, current: { ...WEEK.traffic.current, from, to } } };
    }
    const { calls, router } = open('/analytics', reports);
    expect(await screen.findByText('Oct 29 – Nov 27, 2026')).toBeTruthy();
    const period = () => screen.getByRole('combobox', { name: 'Period' });
    await userEvent.selectOptions(period(), 'Last 7 days');
    expect(await screen.findByText('Nov 21 – Nov 27, 2026')).toBeTruthy();
    expect(router.state.location.search).toBe('?range=last-7-days');
    await userEvent.selectOptions(period(), 'Last 90 days');
    expect(await screen.findByText('Aug 30 – Nov 27, 2026')).toBeTruthy();
    await userEvent.selectOptions(period(), 'This month');
    expect(await screen.findByText('Nov 1 – Nov 27, 2026')).toBeTruthy();
    expect(router.state.location.search).toBe('?range=this-month');
    expect(reportPaths(calls)).toEqual([
      '/api/config/analytics/traffic?from=2026-10-29&to=2026-11-27&granularity=day&timeZone=America%2FNew_York',
      '/api/config/analytics/traffic?from=2026-11-21&to=2026-11-27&granularity=day&timeZone=America%2FNew_York',
      '/api/config/analytics/traffic?from=2026-08-30&to=2026-11-27&granularity=day&timeZone=America%2FNew_York',
      '/api/config/analytics/traffic?from=2026-11-01&to=2026-11-27&granularity=day&timeZone=America%2FNew_York',
    ]);
  });

  it('takes custom dates only when they make a period: reversed and too long are refused in words', async () => {
    const { calls, router } = open('/analytics' + WEEK_PAGE, {
      ...weekServer(),
      [api('traffic', 'from=2025-11-28&to=2026-11-28&granularity=day&timeZone=America%2FNew_York')]: { body: WEEK.traffic },
    });
    await screen.findByRole('heading', { name: 'Traffic', level: 2 });
    const form = screen.getByRole('form', { name: 'Custom dates' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');
    expect((from as HTMLInputElement).value).toBe('2026-11-01');

    fireEvent.change(from, { target: { value: '2026-11-20' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert').textContent).toBe('The start date must be on or before the end date.');
    expect(from.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(from, { target: { value: '2025-11-01' } });
    fireEvent.change(to, { target: { value: '2026-11-28' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert').textContent).toBe('A period can be at most 366 days; this one is 393 days.');
    expect(router.state.location.search).toBe(WEEK_PAGE);

    // 366 days, both ends included: taken.
    fireEvent.change(from, { target: { value: '2025-11-28' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=custom&from=2025-11-28&to=2026-11-28'));
    expect(reportPaths(calls).at(-1)).toBe('/api/config/analytics/traffic?from=2025-11-28&to=2026-11-28&granularity=day&timeZone=America%2FNew_York');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a linked custom period cannot be shown, and asks for nothing', async () => {
    const { calls } = open('/analytics?range=custom&from=2026-11-09&to=2026-11-02');
    expect(await screen.findByRole('heading', { name: 'Choose a valid period to see this report' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The start date must be on or before the end date.');
    expect(reportPaths(calls)).toEqual([]);
  });

  it('groups by week or month, and compares with the previous period: compare=1, changes on the totals and a column per table', async () => {
    const { calls, router } = open('/analytics' + WEEK_PAGE, {
      ...weekServer(),
      [api('traffic', `${WEEK_SEARCH.replace('day', 'week')}`)]: { body: { ...WEEK.traffic, current: { ...WEEK.traffic.current, series: [{ bucket: '2026-11-01', visits: 2234, visitors: 1789, pageViews: 7076 }] } } },
      [api('traffic', `${WEEK_SEARCH.replace('day', 'week')}&compare=1`)]: { body: WEEK_TRAFFIC_COMPARED },
    });
    await screen.findByRole('heading', { name: 'Traffic', level: 2 });
    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    expect(await screen.findByRole('rowheader', { name: 'Week of Nov 1, 2026' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Week' })).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare with the previous period' }));
    expect(await screen.findByText('Nov 1 – Nov 7, 2026 compared with Oct 25 – Oct 31, 2026')).toBeTruthy();
    expect(router.state.location.search).toBe(`${WEEK_PAGE}&granularity=week&compare=1`);
    expect(reportPaths(calls).at(-1)).toBe(`/api/config/analytics/traffic?${WEEK_SEARCH.replace('day', 'week')}&compare=1`);
    expect(screen.getByText('Previous: Oct 25 – Oct 31, 2026')).toBeTruthy();

    // Totals: 2,234 visits against 1,490 is +49.9%; nothing before is '—'.
    const tiles = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(tiles).toEqual(expect.arrayContaining(['2,234', '▲ +49.9% vs previous period', '1,789', '0% vs previous period', '7,076', '— vs previous period']));
    // The table's previous period column, bucket by bucket: 120 against 200 is −40%.
    const table = screen.getByRole('region', { name: 'Traffic by week (scrolls sideways)' });
    expect(rows(table)[0]).toEqual(['Week', 'Visits', 'Unique visitors', 'Page views', 'Previous period', 'Change']);
    expect(rows(table)[1]).toEqual(['Week of Nov 1, 2026', '120', '100', '410', '200', '▼ −40%']);
  });

  it('keeps the period when moving from report to report', async () => {
    const { router } = open('/analytics' + WEEK_PAGE, weekServer());
    await screen.findByRole('heading', { name: 'Traffic', level: 2 });
    const tabs = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(tabs).getByRole('link', { name: 'Traffic' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(tabs).getByRole('link', { name: 'Sales' }));
    expect(await screen.findByRole('heading', { name: 'Sales', level: 2 })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(`/analytics/sales${WEEK_PAGE}`);
  });
});

describe('the reports', () => {
  const openReport = async (report: ReportName, title: string) => {
    const app = open(`/analytics/${report}${WEEK_PAGE}`, weekServer());
    await screen.findByRole('heading', { name: title, level: 2 });
    await screen.findAllByRole('link', { name: /as CSV$/ });
    return app;
  };
  const table = (title: string) => rows(screen.getByRole('region', { name: `${title} (scrolls sideways)` }));
  const csvLinks = () => screen.getAllByRole('link', { name: /as CSV$/ }).map((a) => a.getAttribute('href'));

  it('traffic: totals, a chart described in words, the table by day and its CSV export', async () => {
    await openReport('traffic', 'Traffic');
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['2,234', '1,789', '7,076']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Visits, unique visitors and page views by day, Nov 1 – Nov 7, 2026: 2,234 visits, 1,789 unique visitors, 7,076 page views.');
    expect(table('Traffic by day').slice(0, 2)).toEqual([['Day', 'Visits', 'Unique visitors', 'Page views'], ['Nov 1, 2026', '120', '100', '410']]);
    expect(table('Traffic by day')[7]).toEqual(['Nov 7, 2026', '1,560', '1,300', '4,821']);
    expect(csvLinks()).toEqual([`/api/config/analytics/traffic.csv?${WEEK_SEARCH}`]);
  });

  it('sources: visits by referrer, shown as text (a formula-looking name stays text)', async () => {
    await openReport('sources', 'Sources');
    expect(table('Visits by source')).toEqual([
      ['Source', 'Visits', 'Unique visitors'], ['(direct)', '1,200', '1,001'], ['www.google.com', '800', '700'], ['=cmd|x', '234', '200'],
    ]);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Visits by source, the top 3: (direct) 1,200, www.google.com 800, =cmd|x 234.');
    expect(csvLinks()).toEqual([`/api/config/analytics/sources.csv?${WEEK_SEARCH}`]);
  });

  it('popular content: title and path of each page', async () => {
    await openReport('content', 'Popular content');
    expect(table('Pages by views')).toEqual([['Page', 'Page views', 'Unique visitors'], ['Home/', '3,000', '1,500'], ['Stoneware mug/shop/p/stoneware-mug', '1,200', '640'], ['/about/about', '80', '75']]);
  });

  it('sales: money from minor units in the store’s currency', async () => {
    await openReport('sales', 'Sales');
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['$12,345.67', '42', '$293.94']);
    expect(table('Sales by day')[1]).toEqual(['Nov 1, 2026', '1', '$10.00']);
    expect(table('Sales by day')[7]).toEqual(['Nov 7, 2026', '36', '$12,285.67']);
  });

  it('products: conversion as a percentage, and — where nothing was viewed', async () => {
    await openReport('products', 'Products');
    expect(table('Sales by product')).toEqual([
      ['Product', 'Views', 'Added to cart', 'Orders', 'Units', 'Revenue', 'Conversion'],
      ['Stoneware mug', '400', '60', '30', '45', '€1,575.00', '7.5%'],
      ['Gift card', '0', '0', '2', '2', '€50.00', '—'],
    ]);
  });

  it('purchase funnel: each step with its rate of all visits and of the step before', async () => {
    await openReport('funnel', 'Purchase funnel');
    expect(table('Funnel steps')).toEqual([
      ['Step', 'Visits', 'Of all visits', 'From the step before'],
      ['Visits', '2,234', '100%', '—'],
      ['Viewed a product', '900', '40.3%', '40.3%'],
      ['Added to the cart', '200', '9%', '22.2%'],
      ['Started checkout', '80', '3.6%', '40%'],
      ['Purchased', '42', '1.9%', '52.5%'],
    ]);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['2,234', '42', '1.9%', 'Visits that purchased']);
  });

  it('abandoned carts: totals, the rule, and each cart in the website’s time zone', async () => {
    await openReport('abandoned-carts', 'Abandoned carts');
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['160', '118', '$4,567.00', '73.8%']);
    expect(screen.getByText('A cart counts as abandoned when it has items, was not bought, and saw no activity for 1 hour.')).toBeTruthy();
    expect(table('Abandoned carts')[1]).toEqual(['c0ffee00', 'Nov 6, 2026, 6:30 PM', '3', '$84.00']);
  });

  it('conversions: forms and buttons, each table with its export', async () => {
    await openReport('conversions', 'Conversions');
    expect(table('Forms')).toEqual([['Form', 'Shown', 'Submissions', 'Conversion'], ['Contact us', '400', '12', '3%'], ['Old survey', '0', '0', '—']]);
    expect(table('Buttons')).toEqual([['Button', 'Shown', 'Clicks', 'Click rate'], ['Shop now', '1,000', '250', '25%']]);
    expect(csvLinks()).toEqual([`/api/config/analytics/conversions.csv?${WEEK_SEARCH}`, `/api/config/analytics/conversions.csv?${WEEK_SEARCH}`]);
  });

  it('web vitals: p75 per page with its rating, and the SPEC’s thresholds', async () => {
    await openReport('web-vitals', 'Web vitals');
    expect(table('Web vitals by page (75th percentile)')).toEqual([
      ['Page', 'Page loads', 'LCP', 'INP', 'CLS'],
      ['/', '900', '2.1 s Good', '640 ms Poor', '0.18 Needs improvement'],
      ['/shop', '12', '4.3 s Poor', '—', '—'],
    ]);
    expect(within(screen.getByRole('list', { name: 'Thresholds' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'LCP Good ≤ 2.5 s · Poor > 4 s', 'INP Good ≤ 200 ms · Poor > 500 ms', 'CLS Good ≤ 0.10 · Poor > 0.25',
    ]);
  });

  it('JavaScript errors: reports over time and each error', async () => {
    await openReport('errors', 'JavaScript errors');
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['17', '2']);
    expect(table('Errors')[1]).toEqual(["TypeError: Cannot read properties of undefined (reading 'price')", '/assets/main-3f2a.js:1:2040', '15', '3', 'Nov 4, 2026, 10:04 AM']);
  });
});

describe('loading, empty and failing reports', () => {
  it('says so when a period has no visits', async () => {
    open('/analytics' + WEEK_PAGE, {
      [api('traffic')]: { body: { ...WEEK.traffic, current: { ...WEEK.traffic.current, totals: { visits: 0, visitors: 0, pageViews: 0 }, series: [] } } },
    });
    expect(await screen.findByRole('heading', { name: 'No visits in this period' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /as CSV$/ })).toBeNull();
  });

  it('shows loading, then “Unable to load results” with Retry, which asks again', async () => {
    let answers = 0;
    let release: () => void = () => undefined;
    const { calls } = open('/analytics' + WEEK_PAGE, {
      [api('traffic')]: async () => {
        answers += 1;
        if (answers === 1) return { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong' } };
        await new Promise<void>((resolve) => (release = resolve));
        return { body: WEEK.traffic };
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load results');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loading the report…')).toBeTruthy();
    act(() => release());
    expect(await screen.findByRole('region', { name: 'Traffic by day (scrolls sideways)' })).toBeTruthy();
    expect(reportPaths(calls)).toHaveLength(2);
  });

  it('tells an unknown report from a known one', async () => {
    open('/analytics/bounce-rate' + WEEK_PAGE, weekServer());
    expect(await screen.findByRole('heading', { name: 'There is no such report' })).toBeTruthy();
  });
});
