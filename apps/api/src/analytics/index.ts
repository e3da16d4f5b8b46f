/** Visitor tracking's ingestion: the census calls' module. */
export { AnalyticsModule } from './analytics.module';
export { CENSUS_COOKIE, CSRF_HEADER } from './census-ingestion';
