export * from './runner/projection';
export {
  ProjectionRunner,
  ProjectionStoppedError,
  CatchUpTimeoutError,
  type ProjectionRunnerOptions,
  type ProjectionStatus,
  type RunnerLogger,
  type CatchUpOptions,
} from './runner/projection-runner';
export { RebuildFailedError, type RebuildResult } from './runner/projection-rebuild';
export type { VerifyResult, VerifyRow, VerifyDifference } from './runner/projection-verify';
export { projectionMigrations } from './runner/projection-migrations';
export { listDeadLetters, type DeadLetter } from './runner/dead-letters';
export { classifyError, isTransientError, type ErrorKind } from './runner/error-kinds';
export { UnprocessableEventError, nestsDeeperThan, refuseDeepEventData } from './runner/event-guards';
export { RowBatch, upsertRows, insertRows, selectRows, deleteRows, rowKey, type Row } from './runner/sql-batch';
export { compareCheckpoints, checkpointsEqual, formatCheckpoint } from './runner/checkpoint-order';
export { generationTable } from './runner/read-model-tables';
export { allProjections } from './registry';
export { CATALOG_PRODUCTS, catalogProductsProjection } from './catalog/catalog-products.projection';
export {
  streamRowProjection, streamRowReader, type StreamRowModel, type StreamRowProjection, type StreamRowProjectionOptions,
} from './stream-row/stream-row';
export { CART_DETAILS, MAX_CART_EVENT_DEPTH, cartDetailsModel, cartDetailsProjection, readCartDetails } from './cart/cart-details.projection';
export { ORDERS, ordersModel, ordersProjection, readOrder, readOwnerOrder } from './checkout/orders.projection';
export { CHECKOUTS, checkoutsModel, checkoutsProjection } from './checkout/checkouts.projection';
export { ALSO_BOUGHT, ALSO_BOUGHT_LIMIT, alsoBoughtProjection, readAlsoBought } from './also-bought/also-bought.projection';
export { IMAGE_ASSETS, imageAssetsProjection } from './media/image-assets.projection';
export { siteProjection } from './site/site.projection';
export * from './site/site-tables';
export {
  FORMS, FORM_SUBMISSIONS, MAILING_LIST, RESTOCK_MAILING_LIST_SOURCE, formsProjection, readFormList, readFormDefinitions, readSubmissions, readAllSubmissions, readMailingList,
  csvCell, submissionsCsv, type FormListRow, type SubmissionRow, type MailingListRow,
} from './forms/forms.projection';
export {
  RESTOCK_SIGN_UPS, RESTOCK_SENDS, RESTOCK_SETTINGS_TABLE, restockProjection, readRestockGroups, readRestockSignUps, readRestockSiteSettings,
  type RestockSignUpGroup, type RestockSignUpRow, type RestockPage,
} from './restock/restock.projection';
export { ANALYTICS_PROJECTION, analyticsProjection, funnelLevel } from './analytics/analytics.projection';
export { ANALYTICS_TABLES, RAW_TABLES, T as ANALYTICS_TABLE_NAMES } from './analytics/analytics-tables';
export { readReport, readAnalyticsSite, previousPeriod, bucketOf, bucketsOf, REPORT_ROW_LIMIT, ABANDONED_AFTER_HOURS } from './analytics/analytics-reports';
export { dayMs, addDays, daysBetween, LocalDays } from './analytics/local-day';
export { vitalBucket, p75OfHistogram, VITAL_EDGES } from './analytics/vitals-buckets';
export { dropExpiredRawPartitions, type RetentionResult } from './analytics/analytics-retention';
export { ensureAnalyticsSqlViews, ANALYTICS_SQL_VIEWS, ANALYST_ROLE, type AnalystViewsResult } from './analytics/analytics-sql-views';
export { listDayPartitions } from './analytics/partitions';
