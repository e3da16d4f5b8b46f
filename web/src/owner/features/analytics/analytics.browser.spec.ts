/**
 * The Analytics panel in Debian's Chromium against the built demo server: an account with the
 * reporting role signs in, sees Analytics (and nothing it may not open), reads every report with
 * its chart and table, changes the period by keyboard, compares with the previous period, and
 * finds each table's CSV export. Screenshots of every report at 1280 px and 390 px
 * (test-artifacts/analytics/).
 *
 * The cases that check the drawing of every report answer the report calls in the browser
 * (page.route) with web/test/analytics-fixtures.ts answers for the query the panel sent: a new demo
 * store has no visits, orders or vitals to draw. The last case reads the server's own report API:
 * a visitor's page views, recorded by the tracker and projected, show in the traffic report.
 *
 * Run: npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.browser.config.js web/src/owner/features/analytics
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPORT_NAMES, type Granularity, type ReportName, type ReportQuery } from '../../../../../domain/src/analytics/reports';
import { launchChromium, openTab } from '../../../../../apps/api/test/browser/chromium';
import { BUILT_OWNER, signInOwner } from '../../../../../apps/api/test/browser/owner';
import { REPO_ROOT, startBuiltServer, type RunningServer } from '../../../../../apps/api/test/built-app';
import { generatedReport } from '../../../../test/analytics-fixtures';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'analytics');
const ANALYST = { email: 'analyst@example.com', password: 'a long enough password', roles: ['reporting'] };

/** What the panel asked of the report API (path and query), in order. */
type Asked = { report: string; csv: boolean; query: URLSearchParams };

/** Answers the panel's report calls in the browser with generated answers (see the note above). */
async function answerReports(page: Page, asked: Asked[]): Promise<void> {
  await page.route('**/api/config/analytics/**', async (route) => {
    const url = new URL(route.request().url());
    const name = url.pathname.slice('/api/config/analytics/'.length);
    const csv = name.endsWith('.csv');
    const report = csv ? name.slice(0, -4) : name;
    asked.push({ report, csv, query: url.searchParams });
    if (!(REPORT_NAMES as readonly string[]).includes(report)) return route.fulfill({ status: 404, json: { code: 'NOT_FOUND', message: 'Not found' } });
    const query: ReportQuery = {
      from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '', granularity: (url.searchParams.get('granularity') ?? 'day') as Granularity,
      timeZone: url.searchParams.get('timeZone') ?? 'America/New_York', compare: url.searchParams.get('compare') === '1',
    };
    if (csv) return route.fulfill({ status: 200, contentType: 'text/csv', headers: { 'Content-Disposition': `attachment; filename="${report}.csv"` }, body: 'bucket,visits\n' });
    return route.fulfill({ status: 200, json: generatedReport(report as ReportName, query) });
  });
}

describe('Analytics panel (browser)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // Headless Chromium counts as a visitor here (ANALYTICS_COUNT_HEADLESS) for the case that reads the server's own reports.
    [server, browser] = await Promise.all([startBuiltServer({ ANALYTICS_COUNT_HEADLESS: 'true' }), launchChromium()]);
    await mkdir(ARTIFACTS, { recursive: true });
    const admin = await openTab(browser, { baseURL: server.url });
    const session = await admin.context.request.post('/api/config/session', { data: BUILT_OWNER });
    const created = await admin.context.request.post('/api/config/owners', {
      data: { ...ANALYST, currentPassword: BUILT_OWNER.password },
      headers: { 'X-XSRF-Token': (await session.json()).xsrfToken },
    });
    expect(created.status()).toBe(201);
    await admin.context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Waits until the open report's chart (if it has one) is drawn. */
  async function chartsDrawn(page: Page) {
    const figures = page.locator('figure.an-chart');
    const n = await figures.count();
    for (let i = 0; i < n; i++) await figures.nth(i).locator('canvas').waitFor();
  }

  it('at 1280 px: the reporting role opens Analytics, reads every report, picks periods by keyboard and compares', async () => {
    const { page, errors } = await openTab(browser, { width: 1280, height: 900, baseURL: server.url });
    const asked: Asked[] = [];
    await answerReports(page, asked);
    await signInOwner(page, server, ANALYST);
    const panel = page.getByRole('navigation', { name: 'Editor' });
    expect(await panel.getByRole('listitem').allTextContents()).toEqual(['Analytics']);
    await panel.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Traffic', level: 2 }).waitFor();
    await chartsDrawn(page);
    expect(await page.getByText('America/New_York').first().isVisible()).toBe(true);
    // The default period: the last 30 days in the website's time zone, by day.
    const first = asked.find((a) => a.report === 'traffic' && !a.csv)!;
    expect(first.query.get('granularity')).toBe('day');
    expect(first.query.get('timeZone')).toBe('America/New_York');
    expect((Date.parse(first.query.get('to')!) - Date.parse(first.query.get('from')!)) / 86_400_000).toBe(29);
    await page.screenshot({ path: join(ARTIFACTS, 'traffic-1280.png'), fullPage: true });

    // Compare with the previous period: the address says so, the totals show their change.
    await page.getByRole('checkbox', { name: 'Compare with the previous period' }).check();
    await page.waitForURL(/compare=1/);
    await page.getByText('vs previous period').first().waitFor();
    await chartsDrawn(page);
    expect(asked.at(-1)!.query.get('compare')).toBe('1');
    await page.screenshot({ path: join(ARTIFACTS, 'traffic-compare-1280.png'), fullPage: true });

    // Custom dates by keyboard: a reversed period is refused in words, a good one is shown.
    const periodSelect = page.getByRole('combobox', { name: 'Period' });
    const fromDate = page.getByLabel('From', { exact: true });
    const toDate = page.getByLabel('To', { exact: true });
    await periodSelect.focus();
    await periodSelect.selectOption('custom');
    await fromDate.fill('2026-11-20');
    await toDate.fill('2026-11-01');
    await toDate.press('Enter');
    expect(await page.getByRole('alert').textContent()).toBe('The start date must be on or before the end date.');
    await fromDate.fill('2026-10-01');
    await toDate.press('Enter');
    await page.waitForURL(/range=custom&from=2026-10-01&to=2026-11-01/);
    await page.getByText('Oct 1 – Nov 1, 2026').first().waitFor();
    await page.getByText('Week', { exact: true }).click();
    await page.waitForURL(/granularity=week/);
    await page.getByRole('rowheader', { name: 'Week of Oct 1, 2026' }).waitFor();

    // By keyboard from the period picker: the controls, then the report tabs, then the report's CSV export.
    await periodSelect.focus();
    const reached: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return `${el?.tagName.toLowerCase()}:${el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? ''}`;
      }));
    }
    expect(reached).toEqual(expect.arrayContaining(['input:', 'button:Apply', 'a:Sources', 'a:Errors', 'a:Export Traffic by week as CSV']));
    await page.getByRole('link', { name: 'Sales', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sales', level: 2 }).waitFor();

    // Every report, from its tab; each table has its CSV export with the same query.
    for (const report of REPORT_NAMES) {
      await page.getByRole('navigation', { name: 'Reports' }).getByRole('link').nth(REPORT_NAMES.indexOf(report)).click();
      await page.waitForURL(new RegExp(`/config/analytics/${report}\\?`));
      await page.locator('.an-report-body').waitFor();
      await chartsDrawn(page);
      const csv = await page.getByRole('link', { name: /as CSV$/ }).first().getAttribute('href');
      expect(csv).toBe(`/api/config/analytics/${report}.csv?from=2026-10-01&to=2026-11-01&granularity=week&timeZone=America%2FNew_York&compare=1`);
      await page.screenshot({ path: join(ARTIFACTS, `${report}-1280.png`), fullPage: true });
    }
    // The CSV link downloads what the API answers.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /as CSV$/ }).first().click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    // A linked report opens as it was shared.
    await page.goto('/config/analytics/sales?range=last-7-days&granularity=day&compare=1');
    await page.getByRole('heading', { name: 'Sales', level: 2 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('last-7-days');
    expect(await page.getByRole('checkbox', { name: 'Compare with the previous period' }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 390 px: the reports fit a phone; tables scroll sideways inside their card, the page does not', async () => {
    const { page, errors } = await openTab(browser, { width: 390, height: 844, baseURL: server.url });
    await answerReports(page, []);
    await signInOwner(page, server, ANALYST);
    for (const report of REPORT_NAMES) {
      await page.goto(`/config/analytics/${report}?compare=1`);
      await page.locator('.an-report-body').waitFor();
      await chartsDrawn(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ report, overflow }).toEqual({ report, overflow: 0 });
      await page.screenshot({ path: join(ARTIFACTS, `${report}-390.png`), fullPage: true });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an editor has no Analytics and is refused it when typing its address', async () => {
    const { page } = await openTab(browser, { width: 1280, baseURL: server.url });
    const editor = { email: 'editor-analytics@example.com', password: 'a long enough password', roles: ['editor'] };
    const session = await page.context().request.post('/api/config/session', { data: BUILT_OWNER });
    const created = await page.context().request.post('/api/config/owners', {
      data: { ...editor, currentPassword: BUILT_OWNER.password },
      headers: { 'X-XSRF-Token': (await session.json()).xsrfToken },
    });
    expect(created.status()).toBe(201);
    await page.context().clearCookies();
    await signInOwner(page, server, editor);
    expect(await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Analytics' }).count()).toBe(0);
    await page.goto('/config/analytics');
    await page.getByRole('heading', { name: 'Analytics is not open to your account' }).waitFor();
    await page.context().close();
  });
  it("against the server's own report API: a visitor's page views, recorded by the tracker, show in the traffic report", async () => {
    const visitor = await openTab(browser, { width: 1280, height: 900, baseURL: server.url });
    for (const path of ['/about', '/shop']) {
      const hit = visitor.page.waitForResponse((r) => r.url().endsWith('/api/census/RecordHit'));
      await visitor.page.goto(path);
      expect((await hit).status()).toBe(204);
    }
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    const { page, errors } = await openTab(browser, { width: 1280, height: 900, baseURL: server.url });
    await signInOwner(page, server, ANALYST);
    const figure = page.locator('figure.an-chart').first();
    const deadline = Date.now() + 30_000;
    // The projection applies the hits within a moment; the report reads its rollups.
    for (;;) {
      await page.goto('/config/analytics');
      await page.getByRole('heading', { name: 'Traffic', level: 2 }).waitFor();
      await chartsDrawn(page);
      // Before the hits are projected the report is empty ('No visits in this period'): no chart yet.
      const label = (await figure.count()) > 0 ? ((await figure.getAttribute('aria-label')) ?? '') : '';
      if (/: 1 visits?, 1 unique visitors?, 2 page views/.test(label)) break;
      if (Date.now() > deadline) throw new Error(`traffic never showed the visit: ${label}`);
      await page.waitForTimeout(500);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'traffic-real-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
