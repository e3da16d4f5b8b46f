import { Module } from '@nestjs/common';
import { AnalyticsReportsController } from './analytics-reports.controller';
import { AnalyticsRetentionModule } from './analytics-retention.module';

/** The analysts' reports (JSON and CSV over the analytics rollups) and, in projection-running processes, raw visit retention. */
@Module({
  imports: [AnalyticsRetentionModule],
  controllers: [AnalyticsReportsController],
})
export class AnalyticsReportsModule {}
