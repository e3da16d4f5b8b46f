import { REPORT_NAMES } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { appendVisits, visits as v } from '../../../../projections/testing/analytics-visits';
import { ownerWithRoles } from '../../test/owner-accounts';
import type { OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { AnalyticsRetentionJob } from './analytics-retention.job';

const BASE = '/api/config/analytics';
const RANGE = 'from=2026-11-20&to=2026-11-21';

describeOnHttpDriver('analytics reports over HTTP (issue 16)', (driver) => {
  let t: TestApp;
  let analyst: OwnerSession;
  const get = (session: OwnerSession | null, url: string) => {
    const r = request(t.server).get(url);
    return session ? r.set('Cookie', session.cookie).set('X-XSRF-Token', session.xsrf) : r;
  };

  beforeAll(async () => {
    // The job's own timer is off (it would run against today's date 1 s after the start and race the
    // retention case); that case runs the job's round itself with the date it needs.
    t = await startTestApp(driver, { ANALYTICS_RAW_RETENTION_DAYS: '3', ANALYTICS_RETENTION_INTERVAL_MS: '0' }, { demo: false });
    analyst = await ownerWithRoles(t, 'analyst@example.com', ['reporting']);
    const store = t.app.get<EventStore>(EVENT_STORE);
    const hit = (visitId: string, at: string, path = '/') => ({ at, visitorId: `who-${visitId}`, visitId, path });
    await appendVisits(store, [
      v.view(hit('V1', '2026-11-20T15:00:00.000Z'), { referrerHost: 'google.com' }),
      v.product(hit('V1', '2026-11-20T15:01:00.000Z', '/shop/mug'), 'p1', { title: '=HYPERLINK("http://evil")' }),
      v.view(hit('V2', '2026-11-21T02:00:00.000Z')), // 21:00 on the 20th in New York
      v.view(hit('V3', '2026-11-21T16:00:00.000Z'), { referrerHost: '@evil.example' }),
    ]);
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  });
  afterAll(() => t?.close());

  it('answers every report to the reporting role, in the website time zone, with the previous period on compare=1', async () => {
    const traffic = await get(analyst, `${BASE}/traffic?${RANGE}&compare=1`).expect(200);
    expect(traffic.body).toEqual({
      report: 'traffic',
      query: { from: '2026-11-20', to: '2026-11-21', granularity: 'day', timeZone: 'America/New_York', compare: true },
      current: {
        from: '2026-11-20', to: '2026-11-21', totals: { visits: 3, visitors: 3, pageViews: 4 },
        series: [{ bucket: '2026-11-20', visits: 2, visitors: 2, pageViews: 3 }, { bucket: '2026-11-21', visits: 1, visitors: 1, pageViews: 1 }],
      },
      previous: {
        from: '2026-11-18', to: '2026-11-19', totals: { visits: 0, visitors: 0, pageViews: 0 },
        series: [{ bucket: '2026-11-18', visits: 0, visitors: 0, pageViews: 0 }, { bucket: '2026-11-19', visits: 0, visitors: 0, pageViews: 0 }],
      },
    });
    for (const report of REPORT_NAMES) {
      const res = await get(analyst, `${BASE}/${report}?${RANGE}&granularity=week`).expect(200);
      expect(res.body).toMatchObject({ report, previous: null, current: { from: '2026-11-20', to: '2026-11-21' } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('exports each report\'s main table as CSV, no cell a formula', async () => {
    const content = await get(analyst, `${BASE}/content.csv?${RANGE}`).expect(200);
    expect(content.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(content.headers['content-disposition']).toBe('attachment; filename="content-2026-11-20-2026-11-21.csv"');
    expect(content.text).toBe(
      '"path","title","page views","visitors"\r\n' +
      '"/","Title of /","3","3"\r\n' +
      '"/shop/mug","\'=HYPERLINK(""http://evil"")","1","1"\r\n',
    );
    const sources = await get(analyst, `${BASE}/sources.csv?${RANGE}`).expect(200);
    expect(sources.text).toContain('"\'@evil.example","1","1"');
    for (const report of REPORT_NAMES) {
      const res = await get(analyst, `${BASE}/${report}.csv?${RANGE}`).expect(200);
      expect(res.text.split('\r\n')[0]).toMatch(/^"[a-z]/);
    }
  });

  it.each([
    ['', 'from', 'from is required: a date YYYY-MM-DD.'],
    ['from=2026-11-20', 'to', 'to is required: a date YYYY-MM-DD.'],
    ['from=2026-02-30&to=2026-03-01', 'from', 'from must be a date YYYY-MM-DD.'],
    ['from=20261120&to=2026-11-21', 'from', 'from must be a date YYYY-MM-DD.'],
    ['from=2026-11-21&to=2026-11-20', 'to', 'to must not be before from.'],
    ['from=2025-01-01&to=2026-01-02', 'to', 'A report covers at most 366 days.'],
    [`${RANGE}&granularity=year`, 'granularity', 'granularity must be day, week or month.'],
    [`${RANGE}&timeZone=Mars/Olympus`, 'timeZone', 'timeZone must be an IANA time zone such as America/New_York.'],
    [`${RANGE}&timeZone=Europe/London`, 'timeZone', "Reports are rolled up per day in the website's time zone (America/New_York); timeZone must be that zone or left out."],
    [`${RANGE}&compare=yes`, 'compare', 'compare must be 1 or 0.'],
    [`${RANGE}&from=2026-11-19`, 'from', 'from must be given once.'],
  ])('refuses ?%s with a 400 naming %s', async (query, field, message) => {
    const res = await get(analyst, `${BASE}/traffic?${query}`).expect(400);
    expect(res.body).toMatchObject({ message });
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('accepts a full 366-day year and the website zone named explicitly', async () => {
    await get(analyst, `${BASE}/funnel?from=2024-01-01&to=2024-12-31&timeZone=America/New_York`).expect(200);
  });

  it('answers 404 for an unknown report', async () => {
    await get(analyst, `${BASE}/visitors?${RANGE}`).expect(404);
    await get(analyst, `${BASE}/traffic.json?${RANGE}`).expect(404);
  });

  it('is for the reporting role: the editor, the store manager and anonymous callers are refused', async () => {
    const editor = await ownerWithRoles(t, 'editor@example.com', ['editor']);
    const manager = await ownerWithRoles(t, 'manager@example.com', ['store manager']);
    await get(editor, `${BASE}/traffic?${RANGE}`).expect(403);
    await get(manager, `${BASE}/sales.csv?${RANGE}`).expect(403);
    expect([401, 403]).toContain((await get(null, `${BASE}/traffic?${RANGE}`)).status);
  });

  it('drops raw partitions past ANALYTICS_RAW_RETENTION_DAYS from the worker job, reports unchanged', async () => {
    const before = (await get(analyst, `${BASE}/traffic?${RANGE}`).expect(200)).body;
    const result = await t.app.get(AnalyticsRetentionJob).runOnce(new Date('2026-11-24T12:00:00Z'));
    expect(result.keptFrom).toBe('2026-11-21');
    expect(result.dropped).toEqual(['analytics_page_views__g1_p20261120']);
    expect((await get(analyst, `${BASE}/traffic?${RANGE}`).expect(200)).body).toEqual(before);
    expect((await t.db.query<{ n: number }>(`select count(*)::int as n from analytics.daily_traffic`)).rows[0].n).toBe(2);
  });
});
