import { Inject, Injectable } from '@nestjs/common';
import type { Database, EventStore, RecordedEvent, SqlExecutor } from '@storefront/eventstore';
import { START } from '@storefront/eventstore';
import { catalogProductsProjection, imageAssetsProjection, siteProjection, type Projection } from '@storefront/projections';
import { CART_SETTINGS, type CartSettings } from '../cart';
import { ProductCatalog } from '../catalog';
import { SitePreview, SiteReadModel, SiteSearch } from '../content';
import { DATABASE, EVENT_STORE } from '../infrastructure/database/tokens';
import { ReadModelChanges } from '../infrastructure/read-model-changes';
import { ContentAccess } from '../security/content-access';
import { ImageAssets } from './image-assets';
import { PageContextBuilder, type PageOutcome, type Visitor } from './page-context-builder';

/** The read models a published page is built from: the site's, the catalog's and the media's. */
const PAGE_PROJECTIONS: readonly Projection[] = [siteProjection, catalogProductsProjection, imageAssetsProjection];
const EVENT_TYPES = [...new Set(PAGE_PROJECTIONS.flatMap((p) => p.eventTypes))];
const READ_BATCH = 1000;
/** Events applied per projection batch (the site projection holds a batch's rows in memory). */
const APPLY_BATCH = 500;

/** How long each part of a preview took (ms), for the README's measurements and the log. */
export type PastSiteTimings = { events: number; read: number; project: number; build: number };

/**
 * "View the site as it was at a moment" (issue 12, item 8): a published page rendered from the log
 * as it stood at `at`, by the same projections, read models, page context builder and theme as the
 * live site, without touching the live read models.
 *
 * How: the events the page read models are built from, recorded up to `at`, are read from the log;
 * then, in one transaction, temporary tables named like the read models' views are created (first
 * on the search path, so every unqualified `site_collections`, `catalog_products`, `image_assets`
 * of the readers finds them), the projections' own `apply` fills them, a PageContextBuilder over
 * readers on that transaction builds the page context, and the transaction is rolled back. The live
 * views, their tables and the projections' checkpoints are never written; other sessions never see
 * the temporary tables. docs/HISTORY.md compares this with folding in memory and gives timings.
 */
@Injectable()
export class PastSite {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CART_SETTINGS) private readonly cartSettings: CartSettings,
    private readonly changes: ReadModelChanges,
  ) {}

  /** The page at `path` as it was at `at`, built from the log; `timings` says where the time went. */
  async pageAt(
    at: Date,
    path: string,
    query: Record<string, unknown>,
    visitor: Visitor,
    options: { json: boolean },
  ): Promise<{ outcome: PageOutcome; timings: PastSiteTimings }> {
    const started = performance.now();
    // Read before the transaction: on PGlite a transaction holds the one session, so it stays short.
    const events = await this.eventsUpTo(at);
    const read = performance.now();
    let projected = read;
    const outcome = await rolledBack(this.db, async (tx) => {
      await shadowReadModels(tx);
      for (const projection of PAGE_PROJECTIONS) {
        const own = events.filter((e) => projection.eventTypes.includes(e.type));
        for (let i = 0; i < own.length; i += APPLY_BATCH) {
          await projection.apply(own.slice(i, i + APPLY_BATCH), {
            tx, table: (name) => name, replaying: true, memory: new Map(), // rolled back: nothing to remember
          });
        }
      }
      projected = performance.now();
      return this.builderOver(scopedDatabase(tx, this.db.driver)).forPath(path, query, visitor, { json: options.json, now: at.getTime() });
    });
    const built = performance.now();
    return { outcome, timings: { events: events.length, read: read - started, project: projected - read, build: built - projected } };
  }

  /** The page read models' events recorded at or before `at`, in log order. */
  private async eventsUpTo(at: Date): Promise<RecordedEvent[]> {
    const head = await this.store.headCheckpoint();
    const events: RecordedEvent[] = [];
    let after = START;
    for (;;) {
      const batch = await this.store.readAll({ after, limit: READ_BATCH, eventTypes: EVENT_TYPES, upTo: head, toTime: at });
      events.push(...batch.events);
      if (batch.scanned < READ_BATCH) return events;
      after = batch.checkpoint;
    }
  }

  /** The live site's page context builder, reading through `db` (the preview's transaction). */
  private builderOver(db: Database): PageContextBuilder {
    const access = new ContentAccess(db, this.changes);
    const site = new SiteReadModel(db);
    return new PageContextBuilder(site, new SitePreview(db, site), new SiteSearch(db), new ProductCatalog(db), new ImageAssets(db), access, this.cartSettings);
  }
}

/**
 * Temporary tables shaped like the page read models, named like their views, dropped at the end of
 * the transaction; the search path puts the temporary schema first for this transaction only.
 */
async function shadowReadModels(tx: SqlExecutor): Promise<void> {
  await tx.query(`SELECT set_config('search_path', 'pg_temp, ' || current_setting('search_path'), true)`);
  for (const table of PAGE_PROJECTIONS.flatMap((p) => p.tables)) {
    await tx.query(`CREATE TEMPORARY TABLE ${table.name} (${table.columns}) ON COMMIT DROP`);
  }
}

/** A rollback that carries the transaction's result out. */
class RolledBack<T> {
  constructor(readonly value: T) {}
}

/** Runs `fn` in a transaction that is always rolled back, and answers what `fn` returned. */
async function rolledBack<T>(db: Database, fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await fn(tx));
    });
  } catch (outcome) {
    if (outcome instanceof RolledBack) return outcome.value as T;
    throw outcome;
  }
  throw new Error('unreachable: the preview transaction always rolls back');
}

/**
 * The readers' Database on one open transaction: every query runs in it, never as a prepared
 * statement (a name prepared earlier on the connection was planned against the live views).
 */
function scopedDatabase(tx: SqlExecutor, driver: Database['driver']): Database {
  const scoped: Database = {
    driver,
    query: (sql, params) => tx.query(sql, params),
    copyRows: (table, columns, rows) => tx.copyRows(table, columns, rows),
    transaction: (fn) => fn(tx),
    listen: () => Promise.reject(new Error('A past-site preview does not listen')),
    close: async () => undefined,
  };
  return scoped;
}
