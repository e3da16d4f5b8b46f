import { Controller, Get, Inject, NotFoundException, Param, Query, Res } from '@nestjs/common';
import type { ReportAnswers, ReportName } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { readAnalyticsSite, readReport } from '@storefront/projections';
import type { FastifyReply } from 'fastify';
import { DATABASE } from '../infrastructure/database/tokens';
import { RequiresPermission } from '../security';
import { reportCsv } from './report-csv';
import { parseReportQuery, reportOf } from './report-query';

/**
 * The analysts' reports (issue 16; domain/src/analytics/reports.ts has every answer's shape):
 * `GET /api/config/analytics/{report}` answers JSON, `GET /api/config/analytics/{report}.csv` the
 * report's main table as CSV, both for the same query string. Read from the analytics rollups
 * only; the reporting role (analytics.view) may read them.
 */
@Controller('api/config/analytics')
@RequiresPermission('analytics.view')
export class AnalyticsReportsController {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  @Get(':report')
  async report(@Param('report') raw: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<ReportAnswers[ReportName] | string> {
    const found = reportOf(raw);
    if (!found) throw new NotFoundException(`No analytics report ${raw.slice(0, 100)}.`);
    const site = await readAnalyticsSite(this.db);
    const parsed = parseReportQuery(query ?? {}, site.timeZone);
    const answer = await readReport(this.db, found.report, parsed);
    res.header('Cache-Control', 'no-store');
    if (!found.csv) return answer;
    res.header('Content-Type', 'text/csv; charset=utf-8');
    res.header('Content-Disposition', `attachment; filename="${found.report}-${parsed.from}-${parsed.to}.csv"`);
    return reportCsv(found.report, answer);
  }
}
