import {
  CART_EVENT_TYPES, DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, PAGE_TYPES, VISIT_EVENT_TYPES,
  type ButtonTracked, type CartEntryAdded, type CartEntryQuantityChanged, type CartEntryQuantityIncreased, type CartEntryRemoved,
  type CartViewedTracked, type FormChanged, type FormCreated, type FormRenderTracked, type FormSubmitted, type JavascriptErrorsReported,
  type OrderCancelled, type OrderConfirmedTracked, type OrderPlaced, type OverlayTracked, type PageViewed, type ProductAddedToCartTracked,
  type QuickViewTracked, type ShoppingCartOpened, type ShoppingCartPurchased, type WebsiteCreated, type WebsiteRestored,
  type WebsiteSettingsChanged, type WebVitalsRecorded,
} from '@storefront/domain';
import type { RecordedEvent, SqlExecutor } from '@storefront/eventstore';
import type { Projection, ProjectionContext } from '../runner/projection';
import { RowBatch, upsertRows, type Row } from '../runner/sql-batch';
import { ANALYTICS_TABLES, RAW_COLUMNS, RAW_TABLES, T, type RawTable } from './analytics-tables';
import { LocalDays, utcDay } from './local-day';
import { ensurePartitions, type PartitionNeed } from './partitions';
import { addCounts, addCountsCopied, Counters, insertRaw } from './rollup-writes';
import { addToSeenSet } from './seen-sets';
import { VITAL_COLUMNS, VITAL_METRICS, vitalBucket, vitalColumnIndex } from './vitals-buckets';

/**
 * The analytics projection (issue 16): raw visit tables, rollups and dimensions (see
 * analytics-tables.ts) from the visit events, the orders, the carts, the forms and the website's
 * settings. Each batch is folded in memory and written with a fixed number of set-based statements
 * (about 30, whatever the batch size), which is why it reads larger batches than the runner's default.
 *
 * Days: a rollup's `day` is the calendar day of the event in the website's time zone AS OF THAT
 * EVENT in the log (WebsiteCreated / WebsiteSettingsChanged / WebsiteRestored carry it; the default
 * is America/New_York). When the owner changes the zone, rollups already written keep their days
 * and later events are bucketed in the new zone (as Google Analytics does): history is not
 * re-bucketed, and a replay gives the same rows because the zone changes at the same place in the
 * log. Raw rows carry the UTC day of `at` (their partition key) and the exact time.
 *
 * Decisions:
 * - Visits and visitors are counted per day: a visit that spans midnight counts on both days;
 *   visitor ids rotate daily (ingestion salts them per UTC day), so visitors over a period are the
 *   sum of the days' visitors.
 * - A visit's source is the referrer of its first page view of the day ('(direct)' without one).
 * - Sales: OrderPlaced of a live payment (testMode false) counts on its day at its grand total
 *   (what the customer paid: lines, shipping and tax, less discounts); an OrderCancelled takes it
 *   out again (the payment is refunded). Test-mode orders never count. Product revenue is the sum
 *   of the product's line totals.
 * - Funnel flags per (day, visit): viewed a product (PageViewed with pageKind product-details),
 *   added to cart (ProductAddedToCartTracked), started checkout (PageViewed of page type 201),
 *   purchased (OrderConfirmedTracked of a live order). A visit counts at a step only when it has
 *   every flag before it; the per-day step counters move when a visit's level rises.
 * - Carts: one row per cart from the cart events (entries, value, last activity, purchased).
 */
export const ANALYTICS_PROJECTION = 'analytics';
export const ANALYTICS_BATCH_SIZE = 5000;
/**
 * Its live rounds start at least this far apart: a round writes about thirty statements whatever
 * its size, so under a stream of hits it takes them a few hundred at a time instead of a handful
 * per 25 ms (reports are then at most about this much behind the hits).
 */
export const ANALYTICS_ROUND_INTERVAL_MS = 250;

const SITE_EVENTS = ['WebsiteCreated', 'WebsiteSettingsChanged', 'WebsiteRestored'];
const ORDER_EVENTS = ['OrderPlaced', 'OrderCancelled'];
const FORM_EVENTS = ['FormCreated', 'FormChanged', 'FormSubmitted'];

/** Funnel flags of a (day, visit). */
export const FLAG = { viewedProduct: 1, addedToCart: 2, startedCheckout: 4, purchased: 8 } as const;
const FUNNEL_COLUMNS = ['visits', 'viewed_product', 'added_to_cart', 'started_checkout', 'purchased'] as const;

/** Steps reached in order: 1 (a visit) + the flags held without a gap from the first. */
export function funnelLevel(flags: number): number {
  let level = 1;
  for (const bit of [FLAG.viewedProduct, FLAG.addedToCart, FLAG.startedCheckout, FLAG.purchased]) {
    if ((flags & bit) === 0) break;
    level++;
  }
  return level;
}

/** Longest message / source / path kept in the errors rollup key (raw rows keep them whole). */
const ERROR_KEY_CHARS = 500;

type VisitTouch = { day: string; visit_id: string; flags: number; source?: string; sourceVisitor?: string };
type CartEntries = Record<string, { quantity: number; unitPrice: number }>;
type CartRow = { cart_id: string; day: string; last_activity: string; currency: string; entries: CartEntries; quantity: number; value: number; purchased: boolean };
type OrderRow = { order_id: string; day: string; grand_total: number; currency: string; lines: { productId: string; quantity: number; total: number }[]; cancelled: boolean };

export const analyticsProjection: Projection = {
  name: ANALYTICS_PROJECTION,
  version: 1,
  batchSize: ANALYTICS_BATCH_SIZE,
  minRoundIntervalMs: ANALYTICS_ROUND_INTERVAL_MS,
  readAhead: true,
  tables: ANALYTICS_TABLES,
  eventTypes: [...VISIT_EVENT_TYPES, ...SITE_EVENTS, ...ORDER_EVENTS, ...CART_EVENT_TYPES.filter((t) => t !== 'CartEntryAdditionalFieldsUpdated'), ...FORM_EVENTS],
  apply: applyAnalytics,
};

const days = new LocalDays();

async function applyAnalytics(events: RecordedEvent[], ctx: ProjectionContext): Promise<void> {
  const { tx, table, memory } = ctx;
  // Commit without waiting for the WAL flush: a batch and its checkpoint commit together, so a
  // crash that loses the last commits loses both, and the runner applies those events again.
  await tx.query(`set local synchronous_commit = off`);
  const site = await loadSite(tx, table(T.site));
  let siteChanged = false;
  const day = (at: string) => days.day(at, site.time_zone);

  const raw = new Map<RawTable, Row[]>(RAW_TABLES.map((t) => [t, []]));
  const visits = new Map<string, VisitTouch>();
  const visitors = new Map<string, Row>();
  const pageVisitors = new Map<string, Row>();
  const productVisits = new Map<string, Row>();
  const traffic = new Counters(['day'], () => ({ visits: 0, visitors: 0, page_views: 0 }));
  const funnel = new Counters(['day'], () => ({ visits: 0, viewed_product: 0, added_to_cart: 0, started_checkout: 0, purchased: 0 }));
  const sources = new Counters(['day', 'source'], () => ({ visits: 0, visitors: 0 }));
  const pages = new Counters(['day', 'path'], () => ({ page_views: 0, visitors: 0 }));
  const products = new Counters(['day', 'product_id'], () => ({ views: 0, adds_to_cart: 0, orders: 0, units: 0, revenue: 0 }));
  const sales = new Counters(['day'], () => ({ revenue: 0, orders: 0 }));
  const forms = new Counters(['day', 'form_id'], () => ({ renders: 0, submissions: 0 }));
  const buttons = new Counters(['day', 'button_id'], () => ({ renders: 0, clicks: 0 }));
  // Web vitals histogram per (day, path): samples, then one counter per VITAL_COLUMNS column.
  const vitals = new Map<string, { day: string; path: string; counts: number[] }>();
  const errors = new Map<string, Row & { reports: number; last_seen: string }>();
  const productNames = new Map<string, Row>();
  const formNames = new Map<string, Row>();
  const buttonLabels = new Map<string, Row>();
  const pageTitles = new Map<string, Row>();

  const cartIds = new Set<string>();
  const orderIds = new Set<string>();
  for (const e of events) {
    if (CART_EVENT_TYPES.includes(e.type as never)) cartIds.add((e.data as { cartId: string }).cartId);
    if (ORDER_EVENTS.includes(e.type)) orderIds.add((e.data as { orderId: string }).orderId);
  }
  const carts = await RowBatch.load<CartRow>(tx, table(T.carts), ['cart_id'], [...cartIds].map((cart_id) => ({ cart_id })));
  const orders = await RowBatch.load<OrderRow>(tx, table(T.orders), ['order_id'], [...orderIds].map((order_id) => ({ order_id })));

  const touchVisit = (d: { visitId: string; visitorId: string }, dayOf: string, flags: number, source?: string) => {
    const key = `${dayOf}|${d.visitId}`;
    let touch = visits.get(key);
    if (!touch) {
      touch = { day: dayOf, visit_id: d.visitId, flags: 0 };
      visits.set(key, touch);
    }
    touch.flags |= flags;
    if (source !== undefined && touch.source === undefined) {
      touch.source = source;
      touch.sourceVisitor = d.visitorId;
    }
    const visitor = `${dayOf}|${d.visitorId}`;
    if (!visitors.has(visitor)) visitors.set(visitor, { day: dayOf, visitor_id: d.visitorId });
  };

  for (const e of events) {
    switch (e.type) {
      case 'WebsiteCreated': {
        const d = (e as RecordedEvent<WebsiteCreated['data']>).data;
        site.time_zone = d.timeZone || DEFAULT_TIME_ZONE;
        site.currency = d.currency || DEFAULT_CURRENCY;
        siteChanged = true;
        break;
      }
      case 'WebsiteSettingsChanged':
      case 'WebsiteRestored': {
        const changes = (e as RecordedEvent<(WebsiteSettingsChanged | WebsiteRestored)['data']>).data.changes ?? {};
        if (typeof changes.timeZone === 'string' && changes.timeZone) site.time_zone = changes.timeZone;
        if (typeof changes.currency === 'string' && changes.currency) site.currency = changes.currency;
        siteChanged = true;
        break;
      }
      case 'PageViewed': {
        const d = (e as RecordedEvent<PageViewed['data']>).data;
        const dd = day(d.at);
        raw.get(T.pageViews)!.push({
          day: utcDay(d.at), hit_id: d.hitId, at: d.at, visitor_id: d.visitorId, visit_id: d.visitId, path: d.path, title: d.title,
          referrer_host: d.referrerHost, utm_source: d.utmSource, page_type: d.pageType, page_kind: d.pageKind, item_id: d.itemId,
          collection_id: d.collectionId, page_permission: d.pagePermission, new_visit: d.newVisit, new_visitor: d.newVisitor, device: d.device,
          language: d.language,
        });
        const product = d.pageKind === 'product-details' && d.itemId ? d.itemId : null;
        const flags = (product ? FLAG.viewedProduct : 0) | (d.pageType === PAGE_TYPES.checkout ? FLAG.startedCheckout : 0);
        touchVisit(d, dd, flags, d.referrerHost || '(direct)');
        traffic.bump('page_views', 1, dd);
        pages.bump('page_views', 1, dd, d.path);
        const pageVisitor = `${dd}|${d.path}|${d.visitorId}`;
        if (!pageVisitors.has(pageVisitor)) pageVisitors.set(pageVisitor, { day: dd, path: d.path, visitor_id: d.visitorId });
        if (d.title && pageTitles.get(d.path)?.title !== d.title) pageTitles.set(d.path, { path: d.path, title: d.title });
        if (product) {
          const productVisit = `${dd}|${product}|${d.visitId}`;
          if (!productVisits.has(productVisit)) productVisits.set(productVisit, { day: dd, product_id: product, visit_id: d.visitId });
          products.bump('views', 0, dd, product);
        }
        break;
      }
      case 'ProductAddedToCartTracked': {
        const d = (e as RecordedEvent<ProductAddedToCartTracked['data']>).data;
        const dd = day(d.at);
        raw.get(T.commerceEvents)!.push({
          day: utcDay(d.at), type: e.type, hit_id: d.hitId, at: d.at, visitor_id: d.visitorId, visit_id: d.visitId, path: d.path,
          cart_id: d.cartId, item_id: d.itemId, item_title: d.itemTitle, collection_id: d.collectionId, product_page: d.productPage,
        });
        touchVisit(d, dd, FLAG.addedToCart);
        products.bump('adds_to_cart', 1, dd, d.itemId);
        if (d.itemTitle) productNames.set(d.itemId, { product_id: d.itemId, name: d.itemTitle });
        break;
      }
      case 'CartViewedTracked': {
        const d = (e as RecordedEvent<CartViewedTracked['data']>).data;
        raw.get(T.commerceEvents)!.push({
          day: utcDay(d.at), type: e.type, hit_id: d.hitId, at: d.at, visitor_id: d.visitorId, visit_id: d.visitId, path: d.path, cart_id: d.cartId,
        });
        touchVisit(d, day(d.at), 0);
        break;
      }
      case 'OrderConfirmedTracked': {
        const d = (e as RecordedEvent<OrderConfirmedTracked['data']>).data;
        raw.get(T.commerceEvents)!.push({
          day: utcDay(d.at), type: e.type, hit_id: d.hitId, at: d.at, visitor_id: d.visitorId, visit_id: d.visitId, path: d.path,
          order_id: d.orderId, grand_total: d.grandTotal, currency: d.currency, test_mode: d.testMode,
        });
        touchVisit(d, day(d.at), d.testMode ? 0 : FLAG.purchased);
        break;
      }
      case 'ButtonTracked': {
        const d = (e as RecordedEvent<ButtonTracked['data']>).data;
        const dd = day(d.at);
        raw.get(T.interactionEvents)!.push(interaction(e.type, d, d.action, d.buttonId, d.label));
        touchVisit(d, dd, 0);
        buttons.bump(d.action === 'click' ? 'clicks' : 'renders', 1, dd, d.buttonId);
        if (d.label) buttonLabels.set(d.buttonId, { button_id: d.buttonId, label: d.label });
        break;
      }
      case 'FormRenderTracked': {
        const d = (e as RecordedEvent<FormRenderTracked['data']>).data;
        const dd = day(d.at);
        raw.get(T.interactionEvents)!.push(interaction(e.type, d, 'render', d.formId, null));
        touchVisit(d, dd, 0);
        forms.bump('renders', 1, dd, d.formId);
        break;
      }
      case 'OverlayTracked': {
        const d = (e as RecordedEvent<OverlayTracked['data']>).data;
        raw.get(T.interactionEvents)!.push(interaction(e.type, d, d.action, null, null));
        touchVisit(d, day(d.at), 0);
        break;
      }
      case 'QuickViewTracked': {
        const d = (e as RecordedEvent<QuickViewTracked['data']>).data;
        raw.get(T.interactionEvents)!.push(interaction(e.type, d, 'show', d.itemId, null));
        touchVisit(d, day(d.at), 0);
        break;
      }
      case 'WebVitalsRecorded': {
        const d = (e as RecordedEvent<WebVitalsRecorded['data']>).data;
        const dd = day(d.at);
        const m = d.metrics ?? {};
        raw.get(T.webVitals)!.push({
          day: utcDay(d.at), event_id: e.eventId, page_load_id: d.pageLoadId, at: d.at, path: d.path, page_type: d.pageType,
          fcp: m.fcp ?? null, lcp: m.lcp ?? null, cls: m.cls ?? null, inp: m.inp ?? null, fid: m.fid ?? null,
        });
        const k = `${dd}|${d.path}`;
        let histogram = vitals.get(k);
        if (!histogram) vitals.set(k, (histogram = { day: dd, path: d.path, counts: new Array<number>(1 + VITAL_COLUMNS.length).fill(0) }));
        histogram.counts[0]++;
        for (const metric of VITAL_METRICS) {
          const value = m[metric];
          const bucket = typeof value === 'number' ? vitalBucket(metric, value) : null;
          if (bucket !== null) histogram.counts[1 + vitalColumnIndex(metric, bucket)]++;
        }
        break;
      }
      case 'JavascriptErrorsReported': {
        const d = (e as RecordedEvent<JavascriptErrorsReported['data']>).data;
        const dd = day(d.at);
        d.errors.forEach((err, n) => {
          raw.get(T.jsErrors)!.push({
            day: utcDay(d.at), event_id: e.eventId, n, page_load_id: d.pageLoadId, at: d.at, path: d.path, message: err.message, stack: err.stack,
            source: err.source, line: err.line, col: err.column,
          });
          const key = { day: dd, message: err.message.slice(0, ERROR_KEY_CHARS), source: (err.source ?? '').slice(0, ERROR_KEY_CHARS), path: d.path.slice(0, ERROR_KEY_CHARS) };
          const k = JSON.stringify(key);
          const row = errors.get(k);
          if (row) {
            row.reports++;
            if (d.at > row.last_seen) row.last_seen = d.at;
          } else errors.set(k, { ...key, reports: 1, last_seen: d.at });
        });
        break;
      }
      case 'OrderPlaced': {
        const d = (e as RecordedEvent<OrderPlaced['data']>).data;
        if (d.testMode || orders.get({ order_id: d.orderId })) break;
        const dd = day(d.placedAt);
        const lines = new Map<string, { productId: string; quantity: number; total: number }>();
        for (const line of d.lines) {
          const l = lines.get(line.itemId) ?? { productId: line.itemId, quantity: 0, total: 0 };
          l.quantity += line.quantity;
          l.total += line.lineTotalCents;
          lines.set(line.itemId, l);
          if (line.productName) productNames.set(line.itemId, { product_id: line.itemId, name: line.productName });
        }
        const row: OrderRow = { order_id: d.orderId, day: dd, grand_total: d.grandTotalCents, currency: d.currency, lines: [...lines.values()], cancelled: false };
        orders.set(row);
        countOrder(row, 1, sales, products);
        break;
      }
      case 'OrderCancelled': {
        const d = (e as RecordedEvent<OrderCancelled['data']>).data;
        const row = orders.get({ order_id: d.orderId });
        if (!row || row.cancelled) break;
        const normalized = normalizeOrder(row);
        orders.set({ ...normalized, cancelled: true });
        countOrder(normalized, -1, sales, products);
        break;
      }
      case 'ShoppingCartOpened':
      case 'CartEntryAdded':
      case 'CartEntryQuantityIncreased':
      case 'CartEntryQuantityChanged':
      case 'CartEntryRemoved':
      case 'ShoppingCartPurchased':
        foldCart(carts, e, site.currency, day);
        break;
      case 'FormCreated':
      case 'FormChanged': {
        const { definition } = (e as RecordedEvent<(FormCreated | FormChanged)['data']>).data;
        formNames.set(definition.id, { form_id: definition.id, name: definition.name });
        break;
      }
      case 'FormSubmitted': {
        const d = (e as RecordedEvent<FormSubmitted['data']>).data;
        forms.bump('submissions', 1, day(d.at), d.formId);
        break;
      }
    }
  }

  // Partitions first (one catalog query), then raw rows: one COPY per table (see insertRaw: a
  // repeated hit id is ignored) and the rows each received per UTC day.
  // Days retention has dropped get no raw rows again (a late or replayed hit): they would make a
  // partition retention had removed, whose rows the day's counts no longer match.
  const keptFrom = await rawKeptFrom(tx);
  if (keptFrom !== null) for (const [name, rows] of raw) raw.set(name, rows.filter((r) => (r.day as string) >= keptFrom));
  const needs: PartitionNeed[] = [];
  for (const [name, rows] of raw) for (const d of daysOf(rows)) needs.push({ parent: table(name), day: d, unit: 'day' });
  const seenSets: [string, Iterable<Row>][] = [
    [T.dayVisits, visits.values()], [T.dayVisitors, visitors.values()], [T.dayPageVisitors, pageVisitors.values()], [T.dayProductVisits, productVisits.values()],
    [T.daySourceVisitors, [...visits.values()].filter((v) => v.source !== undefined)],
  ];
  for (const [name, rows] of seenSets) for (const d of daysOf(rows)) needs.push({ parent: table(name), day: d, unit: 'month' });
  await ensurePartitions(tx, needs);
  const perDay = new Counters(['day', 'raw_table'], () => ({ rows: 0 }));
  for (const [name, rows] of raw) {
    for (const r of await insertRaw(tx, table(name), RAW_COLUMNS[name], rows as (Row & { day: string })[])) perDay.add({ day: r.day, raw_table: name }, { rows: 1 });
  }
  await addCounts(tx, table(T.ingested), perDay.list(), ['day', 'raw_table'], ['rows']);

  // Visits: new (day, visit) pairs count as visits; a rising funnel level moves the step counters.
  if (visits.size > 0) {
    const stored = await RowBatch.load<{ day: string; visit_id: string; flags: number; source: string | null }>(
      tx, table(T.dayVisits), ['day', 'visit_id'], [...visits.values()].map((v) => ({ day: v.day, visit_id: v.visit_id })),
    );
    const sourceVisitors = new Map<string, Row>();
    for (const touch of visits.values()) {
      const key = { day: touch.day, visit_id: touch.visit_id };
      const old = stored.get(key);
      const oldFlags = old ? Number(old.flags) : 0;
      const flags = oldFlags | touch.flags;
      const oldLevel = old ? funnelLevel(oldFlags) : 0;
      const level = funnelLevel(flags);
      if (!old) traffic.bump('visits', 1, touch.day);
      for (let step = oldLevel; step < level; step++) funnel.add({ day: touch.day }, { [FUNNEL_COLUMNS[step]]: 1 });
      let source = old?.source ?? null;
      if (source === null && touch.source !== undefined) {
        source = touch.source;
        sources.add({ day: touch.day, source }, { visits: 1 });
        sourceVisitors.set(`${touch.day}|${source}|${touch.sourceVisitor}`, { day: touch.day, source, visitor_id: touch.sourceVisitor });
      }
      if (!old || flags !== oldFlags || source !== (old.source ?? null)) stored.set({ day: touch.day, visit_id: touch.visit_id, flags, source });
    }
    await stored.flush();
    for (const r of await addToSeenSet(tx, memory, table(T.daySourceVisitors), ['day', 'source', 'visitor_id'], [...sourceVisitors.values()])) sources.bump('visitors', 1, r.day as string, r.source as string);
  }
  for (const r of await addToSeenSet(tx, memory, table(T.dayVisitors), ['day', 'visitor_id'], [...visitors.values()])) traffic.bump('visitors', 1, r.day as string);
  for (const r of await addToSeenSet(tx, memory, table(T.dayPageVisitors), ['day', 'path', 'visitor_id'], [...pageVisitors.values()])) pages.bump('visitors', 1, r.day as string, r.path as string);
  for (const r of await addToSeenSet(tx, memory, table(T.dayProductVisits), ['day', 'product_id', 'visit_id'], [...productVisits.values()])) products.bump('views', 1, r.day as string, r.product_id as string);

  await addCounts(tx, table(T.traffic), traffic.list(), ['day'], ['visits', 'visitors', 'page_views']);
  await addCounts(tx, table(T.funnel), funnel.list(), ['day'], [...FUNNEL_COLUMNS]);
  await addCounts(tx, table(T.sources), sources.list(), ['day', 'source'], ['visits', 'visitors']);
  await addCounts(tx, table(T.pages), pages.list(), ['day', 'path'], ['page_views', 'visitors']);
  await addCounts(tx, table(T.products), products.list(), ['day', 'product_id'], ['views', 'adds_to_cart', 'orders', 'units', 'revenue']);
  await addCounts(tx, table(T.sales), sales.list(), ['day'], ['revenue', 'orders']);
  await addCounts(tx, table(T.forms), forms.list(), ['day', 'form_id'], ['renders', 'submissions']);
  await addCounts(tx, table(T.buttons), buttons.list(), ['day', 'button_id'], ['renders', 'clicks']);
  await addCountsCopied(tx, table(T.vitals), ['day', 'path'], ['samples', ...VITAL_COLUMNS], [...vitals.values()].map((v) => [v.day, v.path, ...v.counts]));
  await addCounts(tx, table(T.errors), [...errors.values()], ['day', 'message', 'source', 'path'], ['reports'], ['last_seen']);

  await upsertRows(tx, table(T.productNames), [...productNames.values()], ['product_id']);
  await upsertRows(tx, table(T.formNames), [...formNames.values()], ['form_id']);
  await upsertRows(tx, table(T.buttonLabels), [...buttonLabels.values()], ['button_id']);
  await upsertRows(tx, table(T.pageTitles), [...pageTitles.values()], ['path']);
  await carts.flush();
  await orders.flush();
  if (siteChanged) await upsertRows(tx, table(T.site), [{ id: 1, time_zone: site.time_zone, currency: site.currency }], ['id']);
}

async function loadSite(tx: SqlExecutor, name: string): Promise<{ time_zone: string; currency: string }> {
  const { rows } = await tx.query<{ time_zone: string; currency: string }>(`select time_zone, currency from ${name} where id = 1`);
  return rows[0] ?? { time_zone: DEFAULT_TIME_ZONE, currency: DEFAULT_CURRENCY };
}

async function rawKeptFrom(tx: SqlExecutor): Promise<string | null> {
  const { rows } = await tx.query<{ kept_from: string }>(`select kept_from from analytics_raw_retention`);
  return rows[0]?.kept_from ?? null;
}

/** The distinct days of rows. */
function daysOf(rows: Iterable<Row>): Set<string> {
  const days = new Set<string>();
  for (const r of rows) days.add(r.day as string);
  return days;
}

function interaction(type: string, d: { hitId: string; at: string; visitorId: string; visitId: string; path: string }, action: string | null, targetId: string | null, label: string | null): Row {
  return {
    day: utcDay(d.at), type, hit_id: d.hitId, at: d.at, visitor_id: d.visitorId, visit_id: d.visitId, path: d.path, action, target_id: targetId, label,
  };
}

function normalizeOrder(row: OrderRow): OrderRow {
  const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as OrderRow['lines']) : row.lines;
  return { ...row, day: String(row.day).slice(0, 10), grand_total: Number(row.grand_total), lines };
}

function countOrder(order: OrderRow, sign: 1 | -1, sales: Counters<{ revenue: number; orders: number }>, products: Counters<{ views: number; adds_to_cart: number; orders: number; units: number; revenue: number }>): void {
  sales.add({ day: order.day }, { revenue: sign * order.grand_total, orders: sign });
  for (const line of order.lines) {
    products.add({ day: order.day, product_id: line.productId }, { orders: sign, units: sign * line.quantity, revenue: sign * line.total });
  }
}

function foldCart(carts: RowBatch<CartRow>, e: RecordedEvent, currency: string, day: (at: string) => string): void {
  const d = e.data as { cartId: string };
  const stored = carts.get({ cart_id: d.cartId });
  const cart: CartRow = stored
    ? { ...stored, entries: typeof stored.entries === 'string' ? (JSON.parse(stored.entries) as CartEntries) : { ...stored.entries }, purchased: Boolean(stored.purchased) }
    : { cart_id: d.cartId, day: '', last_activity: '', currency, entries: {}, quantity: 0, value: 0, purchased: false };
  let at: string;
  switch (e.type) {
    case 'ShoppingCartOpened': {
      const o = (e as RecordedEvent<ShoppingCartOpened['data']>).data;
      cart.currency = o.currency;
      at = o.openedAt;
      break;
    }
    case 'CartEntryAdded': {
      const a = (e as RecordedEvent<CartEntryAdded['data']>).data;
      cart.entries[a.entryId] = { quantity: a.quantity, unitPrice: a.unitPriceCents };
      at = a.addedAt;
      break;
    }
    case 'CartEntryQuantityIncreased': {
      const a = (e as RecordedEvent<CartEntryQuantityIncreased['data']>).data;
      const entry = cart.entries[a.entryId];
      if (entry) entry.quantity += a.quantity;
      at = a.addedAt;
      break;
    }
    case 'CartEntryQuantityChanged': {
      const a = (e as RecordedEvent<CartEntryQuantityChanged['data']>).data;
      const entry = cart.entries[a.entryId];
      if (entry) entry.quantity = a.quantity;
      at = a.changedAt;
      break;
    }
    case 'CartEntryRemoved': {
      const a = (e as RecordedEvent<CartEntryRemoved['data']>).data;
      delete cart.entries[a.entryId];
      at = a.removedAt;
      break;
    }
    default: {
      const a = (e as RecordedEvent<ShoppingCartPurchased['data']>).data;
      cart.purchased = true;
      at = a.purchasedAt;
    }
  }
  const entries = Object.values(cart.entries);
  cart.quantity = entries.reduce((n, x) => n + x.quantity, 0);
  cart.value = entries.reduce((n, x) => n + x.quantity * x.unitPrice, 0);
  cart.last_activity = new Date(at).toISOString();
  cart.day = day(at);
  carts.set(cart);
}

