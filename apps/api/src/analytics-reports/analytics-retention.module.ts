import { Module } from '@nestjs/common';
import { AnalyticsRetentionJob } from './analytics-retention.job';

/** Raw visit retention and the analysts' SQL views: in ROLE=all (through AnalyticsReportsModule) and ROLE=worker (WorkerModule). */
@Module({ providers: [AnalyticsRetentionJob], exports: [AnalyticsRetentionJob] })
export class AnalyticsRetentionModule {}
