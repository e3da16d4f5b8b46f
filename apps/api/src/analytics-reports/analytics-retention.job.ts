import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { dropExpiredRawPartitions, ensureAnalyticsSqlViews, type RetentionResult } from '@storefront/projections';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE } from '../infrastructure/database/tokens';

/**
 * Raw visit retention (issue 16 part 7), in every process that runs projections (ROLE=all and
 * ROLE=worker): every ANALYTICS_RETENTION_INTERVAL_MS, drops the raw visit day partitions older
 * than ANALYTICS_RAW_RETENTION_DAYS once the rollups cover them (projections/src/analytics/
 * analytics-retention.ts), and makes sure the analysts' SQL views and role exist. Two workers
 * running it at once are safe: each partition is dropped under the projection's advisory lock and
 * re-checked first.
 */
@Injectable()
export class AnalyticsRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AnalyticsRetention');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, @Inject(DATABASE) private readonly db: Database) {}

  onApplicationBootstrap() {
    if (this.config.role === 'api' || this.config.analyticsReports.retentionIntervalMs === 0) return;
    this.schedule(1000);
  }

  async onApplicationShutdown() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One round: retention, then the analysts' views (a rebuild that changed columns dropped them). */
  async runOnce(now = new Date()): Promise<RetentionResult> {
    const result = await dropExpiredRawPartitions(this.db, this.config.analyticsReports.rawRetentionDays, now);
    if (result.dropped.length > 0) this.logger.log(`dropped ${result.dropped.length} raw visit partition(s) before ${result.keptFrom}`);
    for (const kept of result.kept) this.logger.warn(`kept ${kept.partition}: ${kept.reason}`);
    const views = await ensureAnalyticsSqlViews(this.db);
    if (views.role === 'not-created') this.logger.warn(`analytics SQL views are ready, but the role analyst could not be created: ${views.problem}`);
    return result;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error) => this.logger.warn(`analytics retention round failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          this.running = null;
          this.schedule(this.config.analyticsReports.retentionIntervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
