/** The analysts' reports: the module (JSON and CSV report routes) and the retention worker. */
export { AnalyticsReportsModule } from './analytics-reports.module';
export { AnalyticsRetentionModule } from './analytics-retention.module';
export { AnalyticsRetentionJob } from './analytics-retention.job';
