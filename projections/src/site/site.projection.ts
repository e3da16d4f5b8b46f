import {
  COLLECTION_EVENT_TYPES, COLLECTION_KINDS, collectionPath, collectionRecord, CONTENT_ITEM_EVENT_TYPES, contentItemRecord, evolveCollection,
  evolveContentItem, evolveProduct, evolveSiteLayout, evolveWebsite, htmlToText, initialSiteLayoutState, layoutText, NAVIGATION_NAMES,
  PRODUCT_EVENT_TYPES, SITE_LAYOUT_EVENT_TYPES, WEBSITE_EVENT_TYPES, websiteRecord, websiteSettingsRecord, type CollectionEvent, type CollectionKind,
  type CollectionState, type ContentItemEvent, type ContentItemState, type ProductEvent, type ProductState, type SiteLayoutEvent,
  type WebsiteEvent, type WebsiteState,
} from '@storefront/domain';
import { toDomainEvent, type RecordedEvent, type SqlExecutor } from '@storefront/eventstore';
import type { Projection, ProjectionContext } from '../runner/projection';
import { deleteRows, upsertRows } from '../runner/sql-batch';
import {
  SITE_COLLECTIONS, SITE_HEADER_FOOTER, SITE_ITEMS, SITE_LAYOUT, SITE_NAVIGATION, SITE_SEARCH, SITE_TABLES, SITE_WEBSITE, type CollectionRow,
  type HeaderFooterRow, type ItemRow, type LayoutRow, type NavigationRow, type SearchRow, type WebsiteRow,
} from './site-tables';

/**
 * Projection `site`: the website, header/footer, layout and navigations, collections (pages,
 * blogs, events, galleries, products, folders), content items, and the search index over pages,
 * items and the catalog's products.
 *
 * A batch loads the rows its events touch, folds the events into them in memory (the same `evolve`
 * functions the command side uses) and writes every changed row back once. Cascades stay inside the
 * batch: a collection's new URL id or deletion reaches its items, a new home page both collections,
 * a reorder every item's position.
 */
const WEBSITE_TYPES = new Set<string>(WEBSITE_EVENT_TYPES);
const LAYOUT_TYPES = new Set<string>(SITE_LAYOUT_EVENT_TYPES);
const COLLECTION_TYPES = new Set<string>(COLLECTION_EVENT_TYPES);
const ITEM_TYPES = new Set<string>(CONTENT_ITEM_EVENT_TYPES);
const PRODUCT_TYPES = new Set<string>(PRODUCT_EVENT_TYPES);

const COLLECTION_PREFIX = 'collection-';
const ITEM_PREFIX = 'content-item-';
const PRODUCT_PREFIX = 'product-';
/** Text beyond this is left out of the search index (to_tsvector has a 1 MB limit). */
const SEARCH_TEXT_MAX = 200_000;

class SiteBatch {
  private website: WebsiteRow | null | undefined;
  private headerFooter: HeaderFooterRow | undefined;
  private layout: LayoutRow | undefined;
  private layoutChanged = false;
  private websiteChanged = false;
  private readonly collections = new Map<string, CollectionRow | null>();
  private readonly items = new Map<string, ItemRow | null>();
  private readonly products = new Map<string, SearchRow | null>();
  private readonly itemsLoadedFor = new Set<string>();
  private readonly dirtyCollections = new Set<string>();
  private readonly dirtyItems = new Set<string>();
  private readonly dirtyProducts = new Set<string>();
  /** The latest event time per collection (its record's updatedOn). */
  private readonly touchedAt = new Map<string, string>();

  constructor(
    private readonly tx: SqlExecutor,
    private readonly table: ProjectionContext['table'],
  ) {}

  async preload(events: RecordedEvent[]): Promise<void> {
    const ids = (prefix: string, types: Set<string>) => [...new Set(events.filter((e) => types.has(e.type)).map((e) => e.streamId.slice(prefix.length)))];
    const itemIds = ids(ITEM_PREFIX, ITEM_TYPES);
    await this.loadItems('id = ANY($1::text[])', [itemIds], itemIds);
    const collectionIds = new Set(ids(COLLECTION_PREFIX, COLLECTION_TYPES));
    for (const row of this.items.values()) if (row) collectionIds.add(row.item.collectionId);
    for (const e of events) if (e.type === 'ContentItemCreated') collectionIds.add((e.data as { item: { collectionId: string } }).item.collectionId);
    await this.loadCollections([...collectionIds]);
    const productIds = ids(PRODUCT_PREFIX, PRODUCT_TYPES);
    if (productIds.length > 0) {
      const { rows } = await this.tx.query<SearchRow>(`SELECT * FROM ${this.table(SITE_SEARCH)} WHERE id = ANY($1::text[])`, [productIds.map((id) => `product:${id}`)]);
      for (const id of productIds) this.products.set(id, null);
      for (const row of rows) this.products.set(row.source_id, row);
    }
  }

  private async loadCollections(ids: string[]): Promise<void> {
    const missing = ids.filter((id) => !this.collections.has(id));
    if (missing.length === 0) return;
    const { rows } = await this.tx.query<CollectionRow>(`SELECT * FROM ${this.table(SITE_COLLECTIONS)} WHERE id = ANY($1::text[])`, [missing]);
    for (const id of missing) this.collections.set(id, null);
    for (const row of rows) this.collections.set(row.id, row);
  }

  private async loadItems(where: string, params: unknown[], expectedIds: string[] = []): Promise<void> {
    const { rows } = await this.tx.query<ItemRow>(`SELECT * FROM ${this.table(SITE_ITEMS)} WHERE ${where}`, params);
    // What this batch already holds (changed, or deleted: null) wins over the stored row.
    for (const row of rows) if (!this.items.has(row.id)) this.items.set(row.id, row);
    for (const id of expectedIds) if (!this.items.has(id)) this.items.set(id, null);
  }

  /** Every item of a collection in memory (for cascades), marked dirty. */
  private async touchItemsOf(collectionId: string): Promise<void> {
    if (!this.itemsLoadedFor.has(collectionId)) {
      await this.loadItems('collection_id = $1', [collectionId]);
      this.itemsLoadedFor.add(collectionId);
    }
    for (const [id, row] of this.items) if (row && row.item.collectionId === collectionId) this.dirtyItems.add(id);
  }

  private async loadLayout(): Promise<LayoutRow> {
    if (!this.layout) {
      const { rows } = await this.tx.query<LayoutRow>(`SELECT * FROM ${this.table(SITE_LAYOUT)} WHERE key = 'layout'`);
      this.layout = rows[0] ?? { key: 'layout', home_collection_id: null, state: initialSiteLayoutState(), version: 0 };
    }
    return this.layout!;
  }

  private async loadWebsite(): Promise<void> {
    if (this.website !== undefined) return;
    const [w, hf] = await Promise.all([
      this.tx.query<WebsiteRow>(`SELECT * FROM ${this.table(SITE_WEBSITE)} WHERE key = 'website'`),
      this.tx.query<HeaderFooterRow>(`SELECT * FROM ${this.table(SITE_HEADER_FOOTER)} WHERE key = 'website'`),
    ]);
    this.website = w.rows[0] ?? null;
    this.headerFooter = hf.rows[0];
  }

  async apply(event: RecordedEvent): Promise<void> {
    if (WEBSITE_TYPES.has(event.type)) return this.applyWebsite(event);
    if (LAYOUT_TYPES.has(event.type)) return this.applyLayout(event);
    if (COLLECTION_TYPES.has(event.type)) return this.applyCollection(event);
    if (ITEM_TYPES.has(event.type)) return this.applyItem(event);
    if (PRODUCT_TYPES.has(event.type)) return this.applyProduct(event);
  }

  private async applyWebsite(event: RecordedEvent): Promise<void> {
    await this.loadWebsite();
    const current = this.website;
    if (current && event.streamPosition <= current.version) return;
    const before: WebsiteState = current ? current.state : { status: 'none' };
    const state = evolveWebsite(before, toDomainEvent<WebsiteEvent>(event));
    if (state.status !== 'created') return;
    this.website = {
      key: 'website', website_id: state.websiteId, website: websiteRecord(state), website_settings: websiteSettingsRecord(state.settings), state,
      version: event.streamPosition,
    };
    this.headerFooter = {
      key: 'website', header: state.header, footer: state.footer, newsletter_form_id: state.newsletterFormId ?? null, version: event.streamPosition,
    };
    this.websiteChanged = true;
  }

  private async applyLayout(event: RecordedEvent): Promise<void> {
    const layout = await this.loadLayout();
    if (event.streamPosition <= layout.version) return;
    const previousHome = layout.state.homePageId;
    const state = evolveSiteLayout(layout.state, toDomainEvent<SiteLayoutEvent>(event));
    this.layout = { key: 'layout', home_collection_id: state.homePageId, state, version: event.streamPosition };
    this.layoutChanged = true;
    if (state.homePageId !== previousHome) {
      const ids = [previousHome, state.homePageId].filter((id): id is string => id !== null);
      await this.loadCollections(ids);
      for (const id of ids) if (this.collections.get(id)) this.markCollection(id, event);
    }
  }

  private markCollection(id: string, event: RecordedEvent): void {
    this.dirtyCollections.add(id);
    this.touchedAt.set(id, event.recordedAt.toISOString());
  }

  private async applyCollection(event: RecordedEvent): Promise<void> {
    const id = event.streamId.slice(COLLECTION_PREFIX.length);
    await this.loadCollections([id]);
    const row = this.collections.get(id) ?? null;
    if (row && event.streamPosition <= row.version) return;
    if (!row && event.type !== 'CollectionCreated') return;
    const before: CollectionState = row ? row.state : { status: 'none' };
    const domainEvent = toDomainEvent<CollectionEvent>(event);
    const state = evolveCollection(before, domainEvent);
    if (state.status === 'deleted') {
      this.collections.set(id, null);
      this.dirtyCollections.add(id);
      await this.touchItemsOf(id);
      for (const [itemId, item] of this.items) if (item && item.item.collectionId === id) this.items.set(itemId, null);
      return;
    }
    if (state.status !== 'active') return;
    const pathChanged = row !== null && row.state.collection.urlId !== state.collection.urlId;
    this.collections.set(id, { ...(row ?? ({} as CollectionRow)), id, state, version: event.streamPosition });
    this.markCollection(id, event);
    // Items' URLs follow the collection's; gallery positions follow its order.
    const orderChanged = (domainEvent.type === 'CollectionItemsReordered' || domainEvent.type === 'CollectionItemUnlisted') && isOrderable(state.collection.kind);
    if (pathChanged || orderChanged) await this.touchItemsOf(id);
  }

  private async applyItem(event: RecordedEvent): Promise<void> {
    const id = event.streamId.slice(ITEM_PREFIX.length);
    if (!this.items.has(id)) await this.loadItems('id = $1', [id], [id]);
    const row = this.items.get(id) ?? null;
    if (row && event.streamPosition <= row.version) return;
    if (!row && event.type !== 'ContentItemCreated') return;
    const before: ContentItemState = row ? { status: 'active', item: row.item } : { status: 'none' };
    const state = evolveContentItem(before, toDomainEvent<ContentItemEvent>(event));
    if (state.status === 'deleted') {
      this.items.set(id, null);
      this.dirtyItems.add(id);
      return;
    }
    if (state.status !== 'active') return;
    await this.loadCollections([state.item.collectionId]);
    if (!this.collections.get(state.item.collectionId)) return; // its collection is gone
    this.items.set(id, { ...(row ?? ({} as ItemRow)), id, item: state.item, version: event.streamPosition });
    this.dirtyItems.add(id);
  }

  private applyProduct(event: RecordedEvent): void {
    const id = event.streamId.slice(PRODUCT_PREFIX.length);
    const row = this.products.get(id) ?? null;
    if (row && event.streamPosition <= row.version) return;
    const before: ProductState = row?.product ? { status: 'active', product: row.product } : { status: 'none' };
    if (!row && event.type !== 'ProductCreated') return;
    const state = evolveProduct(before, toDomainEvent<ProductEvent>(event));
    this.dirtyProducts.add(id);
    if (state.status !== 'active') {
      this.products.set(id, null);
      return;
    }
    const p = state.product;
    this.products.set(id, {
      id: `product:${id}`, kind: 'product', source_id: id, collection_id: p.collectionId, title: p.title,
      tags: [...p.tags, ...p.categories].join(' '), excerpt: '', body: clip(htmlToText(p.description)), url: `/shop/p/${p.urlId}`,
      workflow_state: null, publish_on: null, product: p, version: event.streamPosition,
    });
  }

  async flush(): Promise<void> {
    const t = this.table;
    if (this.websiteChanged && this.website) {
      await upsertRows(this.tx, t(SITE_WEBSITE), [this.website], ['key']);
      if (this.headerFooter) await upsertRows(this.tx, t(SITE_HEADER_FOOTER), [this.headerFooter], ['key']);
    }
    if (this.layoutChanged && this.layout) {
      await upsertRows(this.tx, t(SITE_LAYOUT), [this.layout], ['key']);
      const navigations: NavigationRow[] = NAVIGATION_NAMES.map((name) => ({
        name, links: this.layout!.state.navigations[name], template_id: this.layout!.state.templateIds[name] ?? null, version: this.layout!.version,
      }));
      await upsertRows(this.tx, t(SITE_NAVIGATION), navigations, ['name']);
    }
    const homeId = (await this.loadLayout()).home_collection_id;

    const collectionUpserts: CollectionRow[] = [];
    const searchUpserts: SearchRow[] = [];
    const searchDeletes: { id: string }[] = [];
    const collectionDeletes: { id: string }[] = [];
    for (const id of this.dirtyCollections) {
      const row = this.collections.get(id);
      if (!row) {
        collectionDeletes.push({ id });
        searchDeletes.push({ id: `page:${id}` });
        continue;
      }
      const c = row.state.collection;
      const isHome = homeId === id;
      const record = collectionRecord(c, { itemCount: Object.keys(row.state.items).length, isHome, updatedAt: this.touchedAt.get(id) ?? c.createdAt });
      const next: CollectionRow = {
        id, url_path: collectionPath(c.urlId), kind: c.kind, type: COLLECTION_KINDS[c.kind].type, workflow_state: c.workflowState, publish_on: c.publishOn,
        members_only: c.membersOnly,
        password_hash: c.passwordHash, is_home: isHome, record, state: row.state, version: row.version,
      };
      this.collections.set(id, next);
      collectionUpserts.push(next);
      if (c.kind === 'page') searchUpserts.push(pageSearchRow(next));
    }

    const itemUpserts: ItemRow[] = [];
    const itemDeletes: { id: string }[] = [];
    for (const id of this.dirtyItems) {
      const row = this.items.get(id);
      const collection = row ? this.collections.get(row.item.collectionId) : null;
      if (!row || !collection) {
        itemDeletes.push({ id });
        searchDeletes.push({ id: `item:${id}` });
        continue;
      }
      const item = row.item;
      const record = contentItemRecord(item, collection.url_path);
      const next: ItemRow = {
        id, collection_id: item.collectionId, url_id: item.urlId, kind: item.kind, workflow_state: item.workflowState, publish_on: item.publishOn,
        start_date: item.startDate, position: isOrderable(collection.state.collection.kind) ? Math.max(0, collection.state.order.indexOf(id)) : 0,
        record, item, version: row.version,
      };
      itemUpserts.push(next);
      searchUpserts.push(itemSearchRow(next));
    }

    for (const id of this.dirtyProducts) {
      const row = this.products.get(id);
      if (row) searchUpserts.push(row);
      else searchDeletes.push({ id: `product:${id}` });
    }

    await deleteRows(this.tx, t(SITE_ITEMS), ['id'], itemDeletes);
    await deleteRows(this.tx, t(SITE_COLLECTIONS), ['id'], collectionDeletes);
    await deleteRows(this.tx, t(SITE_SEARCH), ['id'], searchDeletes);
    await upsertRows(this.tx, t(SITE_COLLECTIONS), collectionUpserts, ['id']);
    await upsertRows(this.tx, t(SITE_ITEMS), itemUpserts, ['id']);
    await upsertRows(this.tx, t(SITE_SEARCH), searchUpserts, ['id']);
  }
}

/** Only user-orderable collections (galleries) have item positions; the rest are ordered by date. */
const isOrderable = (kind: CollectionKind) => COLLECTION_KINDS[kind].userOrderable;

function clip(text: string): string {
  return text.length > SEARCH_TEXT_MAX ? text.slice(0, SEARCH_TEXT_MAX) : text;
}

function pageSearchRow(row: CollectionRow): SearchRow {
  const c = row.state.collection;
  return {
    id: `page:${row.id}`, kind: 'page', source_id: row.id, collection_id: row.id, title: c.title, tags: '', excerpt: clip(htmlToText(c.description)),
    body: clip(layoutText(c.layout)), url: row.record.fullUrl, workflow_state: c.workflowState, publish_on: c.publishOn, product: null, version: row.version,
  };
}

function itemSearchRow(row: ItemRow): SearchRow {
  const item = row.item;
  const place = item.location ? [item.location.addressTitle, item.location.addressLine1, item.location.addressLine2].join(' ') : '';
  return {
    id: `item:${row.id}`, kind: item.kind, source_id: row.id, collection_id: item.collectionId, title: item.title,
    tags: [...item.tags, ...item.categories, item.author?.displayName ?? ''].join(' ').trim(), excerpt: clip(htmlToText(item.excerpt)),
    body: clip(`${htmlToText(item.body)} ${place}`.trim()), url: row.record.fullUrl, workflow_state: item.workflowState, publish_on: item.publishOn,
    product: null, version: row.version,
  };
}

export const siteProjection: Projection = {
  name: 'site',
  // 2: the website's settings record carries the store's expressCheckout and multipleQuantityAllowedForServices.
  version: 2,
  tables: SITE_TABLES,
  eventTypes: [...WEBSITE_EVENT_TYPES, ...SITE_LAYOUT_EVENT_TYPES, ...COLLECTION_EVENT_TYPES, ...CONTENT_ITEM_EVENT_TYPES, ...PRODUCT_EVENT_TYPES],
  async apply(events, { tx, table }) {
    if (events.length === 0) return;
    const batch = new SiteBatch(tx, table);
    await batch.preload(events);
    for (const event of events) await batch.apply(event);
    await batch.flush();
  },
};
