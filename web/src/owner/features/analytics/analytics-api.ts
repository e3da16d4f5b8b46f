import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReportAnswers, ReportName } from '@storefront/domain/analytics/reports';
import { ownerApi } from '../../app/api';
import { reportPath, type ReportRequest } from './report-query';

type AnyReport = ReportAnswers[ReportName];

/**
 * The analysts' reports (`GET /api/config/analytics/{report}`, permission analytics.view). Answers
 * are read-only and change only as visits come in, so nothing invalidates them: a new period or
 * Retry asks again.
 */
export const analyticsApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    getAnalyticsReport: build.query<AnyReport, { report: ReportName; request: ReportRequest }>({
      query: ({ report, request }) => reportPath(report, request),
      keepUnusedDataFor: 300,
    }),
  }),
});

/** One report's answer, typed as the contract says for that report. */
export function useAnalyticsReport<R extends ReportName>(report: R, request: ReportRequest | null) {
  const result = analyticsApi.useGetAnalyticsReportQuery(request ? { report, request } : skipToken);
  return { ...result, data: result.data as ReportAnswers[R] | undefined };
}
