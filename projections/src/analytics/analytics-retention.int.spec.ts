import { describeEachDriver } from '@storefront/eventstore/testing';
import { appendVisits, visits as v } from '../../testing/analytics-visits';
import { useProjectionHarness } from '../../testing/projection-harness';
import { analyticsProjection } from './analytics.projection';
import { readReport } from './analytics-reports';
import { dropExpiredRawPartitions } from './analytics-retention';
import { ANALYST_ROLE, ensureAnalyticsSqlViews } from './analytics-sql-views';
import { listDayPartitions } from './partitions';

const q = { from: '2026-11-01', to: '2026-11-30', granularity: 'day' as const, timeZone: 'America/New_York', compare: false };

describeEachDriver('analytics retention and SQL views', (driver) => {
  const h = useProjectionHarness(driver, () => [analyticsProjection]);
  const hit = (day: string, n: number) => ({ at: `${day}T15:00:00.000Z`, visitorId: `visitor-${day}-${n}`, visitId: `visit-${day}-${n}`, path: '/' });

  beforeAll(async () => {
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-10', '2026-11-27']) {
      await appendVisits(h.store, [v.view(hit(day, 1)), v.view(hit(day, 2)), v.errors(`${day}T15:01:00.000Z`, '/', [{ message: 'boom' }])]);
    }
    await h.runner.catchUp();
  });

  it('drops the raw partitions older than the retention (DROP, not DELETE), keeps the reports, and verify still passes', async () => {
    const before = await readReport(h.db, 'traffic', q);
    const result = await dropExpiredRawPartitions(h.db, 20, new Date('2026-11-28T12:00:00Z'));
    expect(result.keptFrom).toBe('2026-11-08');
    expect(result.dropped.sort()).toEqual([
      'analytics_js_errors__g1_p20261101', 'analytics_js_errors__g1_p20261102',
      'analytics_page_views__g1_p20261101', 'analytics_page_views__g1_p20261102',
    ]);
    expect(result.kept).toEqual([]);
    expect((await listDayPartitions(h.db, 'analytics_page_views__g1')).map((p) => p.day)).toEqual(['2026-11-10', '2026-11-27']);
    expect((await h.db.query(`select count(*)::int as n from analytics_page_views`)).rows).toEqual([{ n: 4 }]);
    expect(await readReport(h.db, 'traffic', q)).toEqual(before);
    expect(before.current.totals).toEqual({ visits: 8, visitors: 8, pageViews: 8 });
    // A rebuild refills the old days from the log; verify compares raw rows from the horizon on only.
    const [verified] = await h.runner.verify(['analytics']);
    expect(verified.problems).toEqual([]);
    // Running again drops nothing more.
    expect((await dropExpiredRawPartitions(h.db, 20, new Date('2026-11-28T12:00:00Z'))).dropped).toEqual([]);
  });

  it('keeps a partition whose rows the rollups did not all count', async () => {
    await h.db.query(`insert into analytics_page_views__g1 (day, hit_id, at, visitor_id, visit_id, path, title, page_type, new_visit, new_visitor, device)
      values ('2026-11-10', 'stray', '2026-11-10T10:00:00Z', 'x', 'y', '/', 't', 2, false, false, 'desktop')`);
    const result = await dropExpiredRawPartitions(h.db, 5, new Date('2026-11-28T12:00:00Z'));
    expect(result.kept).toEqual([{ partition: 'analytics_page_views__g1_p20261110', reason: '3 raw rows but the rollups counted 2' }]);
    expect(result.dropped).toEqual(['analytics_js_errors__g1_p20261110']);
    await h.db.query(`delete from analytics_page_views__g1 where hit_id = 'stray'`);
  });

  it('stores no raw rows for a dropped day again (a late hit still counts in the rollups)', async () => {
    await appendVisits(h.store, [v.view(hit('2026-11-01', 3))]);
    await h.runner.catchUp();
    expect((await listDayPartitions(h.db, 'analytics_page_views__g1')).map((p) => p.day)).toEqual(['2026-11-10', '2026-11-27']);
    expect((await readReport(h.db, 'traffic', { ...q, to: '2026-11-01' })).current.totals).toEqual({ visits: 3, visitors: 3, pageViews: 3 });
    const [verified] = await h.runner.verify(['analytics']);
    expect(verified.problems).toEqual([]);
  });

  it('refuses a retention of less than a day', async () => {
    await expect(dropExpiredRawPartitions(h.db, 0)).rejects.toThrow('keepDays must be a whole number of days, 1 or more (got 0)');
  });

  it('creates the analysts\' views, which survive a rebuild', async () => {
    const made = await ensureAnalyticsSqlViews(h.db);
    expect(made.views).toContain('analytics.daily_traffic');
    const { rows } = await h.db.query<{ day: string; visits: number }>(`select day, visits::int as visits from analytics.daily_traffic order by day`);
    expect(rows.map((r) => [r.day, r.visits])).toEqual([['2026-11-01', 3], ['2026-11-02', 2], ['2026-11-10', 2], ['2026-11-27', 2]]);
    await h.runner.rebuild('analytics');
    expect((await h.db.query(`select count(*)::int as n from analytics.daily_traffic`)).rows).toEqual([{ n: 4 }]);
  });

  if (driver === 'postgres') {
    it('lets the analyst role select the views and nothing else, and never write', async () => {
      const made = await ensureAnalyticsSqlViews(h.db);
      expect(made.role).toBe('ready');
      await h.db.transaction(async (tx) => {
        await tx.query(`set local role ${ANALYST_ROLE}`);
        const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from analytics.page_views_daily`);
        expect(rows[0].n).toBeGreaterThan(0);
      });
      for (const sql of [
        `insert into analytics.daily_traffic (day, visits, visitors, page_views) values ('2020-01-01', 1, 1, 1)`,
        `delete from analytics.daily_traffic`,
        `select * from analytics_traffic_daily`,
        `select * from events limit 1`,
        `create table analytics.mine (x int)`,
      ]) {
        await expect(h.db.transaction(async (tx) => {
          await tx.query(`set local role ${ANALYST_ROLE}`);
          await tx.query(sql);
        })).rejects.toThrow(/permission denied/);
      }
    });
  }
});
