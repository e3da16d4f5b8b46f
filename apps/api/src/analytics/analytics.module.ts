import { Module } from '@nestjs/common';
import type { EventStore } from '@storefront/eventstore';
import { CatalogModule } from '../catalog';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { ANALYTICS_SETTINGS, type AnalyticsSettings } from './analytics-settings';
import { CensusController } from './census.controller';
import { CensusIngestion } from './census-ingestion';
import { VisitAppends } from './visit-appends';
import { VisitorIdentities } from './visitor-identities';

/**
 * Visitor tracking's ingestion (issue 16 part 4): the census calls of SPEC 7 (hits, button, form
 * and overlay calls, quick views, performance records, JavaScript error reports), validated and
 * size-limited, bots dropped, identities hashed, and appended as visit events in group commits
 * (`visits-{batchId}` streams) that the analytics projections read.
 */
@Module({
  imports: [CatalogModule],
  controllers: [CensusController],
  providers: [
    { provide: ANALYTICS_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.analytics },
    { provide: VisitAppends, inject: [EVENT_STORE, ANALYTICS_SETTINGS], useFactory: (store: EventStore, settings: AnalyticsSettings) => new VisitAppends(store, settings.appendRetryMs) },
    VisitorIdentities,
    CensusIngestion,
  ],
})
export class AnalyticsModule {}
