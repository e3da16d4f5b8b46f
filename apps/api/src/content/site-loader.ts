import { Inject, Injectable } from '@nestjs/common';
import {
  collectionDecider, collectionPath, DEFAULT_STORE_COLLECTION_ID, collectionRecord, collectionStreamId, contentItemDecider, contentItemRecord, contentItemStreamId,
  domainError, NAVIGATION_NAMES, storeDecider, storeStreamId, type StoreEvent, type StoreState, SITE_LAYOUT_STREAM_ID, siteLayoutDecider, WEBSITE_STREAM_ID, websiteAt, websiteDecider, websiteRecord,
  websiteSettingsRecord, type CollectionEvent, type CollectionRecord, type CollectionState, type ContentItemEvent, type ContentItemRecord,
  type ContentItemState, type LayoutLink, type SiteLayoutEvent, type SiteLayoutState, type WebsiteEvent, type WebsiteRecord,
  type WebsiteSettings, type WebsiteSettingsRecord, type WebsiteState, storeSettingsOf, type StoreSettings,
} from '@storefront/domain';
import { foldEvents, type EventStore } from '@storefront/eventstore';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';

/**
 * GET /api/site/settings: the Website record, the page context's websiteSettings, the settings as
 * stored (a store setting never set is null) and the store settings in force (null ones filled in
 * from the environment). Every owner view carries `version`: its stream's version (the website
 * stream for settings and header/footer, the site-layout stream for the layout, the collection's,
 * the item's), to send back in `If-Match` with the next save (concurrent editing, issue 12).
 */
export type WebsiteSettingsView = {
  website: WebsiteRecord; websiteSettings: WebsiteSettingsRecord; settings: WebsiteSettings; storeSettings: StoreSettings; version: number;
};
export type CollectionView = { collection: CollectionRecord; items: { id: string; urlId: string }[]; version: number };
export type ContentItemView = { item: ContentItemRecord; version: number };
/** SPEC 7 GET /api/commondata/GetSiteLayout: the navigations with their Layout links. */
export type SiteLayoutView = {
  layout: { homePageId: string | null; navigations: { name: string; templateId: string | null; links: LayoutLink[] }[] };
  version: number;
};
/** `newsletterFormId`: the footer's newsletter form (issue 14 part 8), null for none. */
export type HeaderFooterView = { header: string; footer: string; newsletterFormId: string | null; version: number };

type ActiveCollection = Extract<CollectionState, { status: 'active' }>;
type ActiveItem = Extract<ContentItemState, { status: 'active' }>;

/**
 * Read-your-writes for owner commands: states straight from the site's streams (never the lagging
 * projections), and the records built from them exactly as the projection builds them.
 */
@Injectable()
export class SiteLoader {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async websiteState(): Promise<Extract<WebsiteState, { status: 'created' }>> {
    return (await this.website()).state;
  }

  /** The website's state and its stream's version. */
  async website(): Promise<{ state: Extract<WebsiteState, { status: 'created' }>; version: number }> {
    const events = await this.store.readStream(WEBSITE_STREAM_ID);
    const state = foldEvents<WebsiteState, WebsiteEvent>(websiteDecider, websiteDecider.initialState(), events);
    if (state.status !== 'created') throw new DomainException(domainError('NOT_FOUND', {}, 'The website has not been created yet.'));
    return { state, version: versionOf(events) };
  }

  async layoutState(): Promise<SiteLayoutState> {
    return (await this.layout()).state;
  }

  /** The site layout's state and its stream's version. */
  async layout(): Promise<{ state: SiteLayoutState; version: number }> {
    const events = await this.store.readStream(SITE_LAYOUT_STREAM_ID);
    return { state: foldEvents<SiteLayoutState, SiteLayoutEvent>(siteLayoutDecider, siteLayoutDecider.initialState(), events), version: versionOf(events) };
  }

  /** The collection's state, the time of its latest event and its stream's version. */
  async collectionState(collectionId: string): Promise<{ state: CollectionState; updatedAt: string | null; version: number }> {
    if (!isId(collectionId)) return { state: { status: 'none' }, updatedAt: null, version: 0 };
    const events = await this.store.readStream(collectionStreamId(collectionId));
    const state = foldEvents<CollectionState, CollectionEvent>(collectionDecider, collectionDecider.initialState(), events);
    return { state, updatedAt: events.at(-1)?.recordedAt.toISOString() ?? null, version: versionOf(events) };
  }

  async activeCollection(collectionId: string): Promise<ActiveCollection> {
    return (await this.activeCollectionVersion(collectionId)).state;
  }

  /** An active collection's state and version, or COLLECTION_NOT_FOUND. */
  async activeCollectionVersion(collectionId: string): Promise<{ state: ActiveCollection; version: number }> {
    const { state, version } = await this.collectionState(collectionId);
    if (state.status !== 'active') throw new DomainException(domainError('COLLECTION_NOT_FOUND', { collectionId: String(collectionId).slice(0, 200) }));
    return { state, version };
  }

  async itemState(itemId: string): Promise<ContentItemState> {
    return (await this.item(itemId)).state;
  }

  /** The item's state and its stream's version. */
  async item(itemId: string): Promise<{ state: ContentItemState; version: number }> {
    if (!isId(itemId)) return { state: { status: 'none' }, version: 0 };
    const events = await this.store.readStream(contentItemStreamId(itemId));
    return { state: foldEvents<ContentItemState, ContentItemEvent>(contentItemDecider, contentItemDecider.initialState(), events), version: versionOf(events) };
  }

  async activeItem(itemId: string): Promise<ActiveItem> {
    return (await this.activeItemVersion(itemId)).state;
  }

  /** An active item's state and version, or ITEM_NOT_FOUND. */
  async activeItemVersion(itemId: string): Promise<{ state: ActiveItem; version: number }> {
    const { state, version } = await this.item(itemId);
    if (state.status !== 'active') throw new DomainException(domainError('ITEM_NOT_FOUND', { itemId: String(itemId).slice(0, 200) }));
    return { state, version };
  }

  /** The command id that started a stream (its first event), or null for a stream that does not exist. */
  async startedBy(streamId: string): Promise<string | null> {
    const [first] = await this.store.readStream(streamId, { toVersion: 1 });
    return first?.metadata.commandId ?? null;
  }

  /** A catalog store (products collection) a products page may show. */
  async storeState(storeCollectionId: string): Promise<StoreState> {
    if (!isId(storeCollectionId)) return { status: 'none' };
    const events = await this.store.readStream(storeStreamId(storeCollectionId));
    return foldEvents<StoreState, StoreEvent>(storeDecider, storeDecider.initialState(), events);
  }

  async websiteSettingsView(now = Date.now()): Promise<WebsiteSettingsView> {
    const { state, version } = await this.website();
    const defaults = {
      multipleQuantityAllowedForServices: this.config.cart.storeSettings.multipleQuantityAllowedForServices,
      checkoutMinimumSubtotalCents: this.config.checkout.minimumSubtotalCents,
    };
    return {
      website: websiteAt(websiteRecord(state), now),
      websiteSettings: websiteSettingsRecord(state.settings),
      settings: state.settings,
      storeSettings: storeSettingsOf(state.settings, defaults),
      version,
    };
  }

  /** How many products the site's stores (the first-start store and those its products pages show) list now. */
  async storeProductCount(): Promise<number> {
    const layout = await this.layoutState();
    const pages = Object.entries(layout.collections).filter(([, c]) => c.kind === 'products').map(([id]) => id);
    const stores = new Set<string>([DEFAULT_STORE_COLLECTION_ID]);
    for (const id of pages) {
      const { state } = await this.collectionState(id);
      if (state.status === 'active') stores.add(state.collection.storeCollectionId ?? id);
    }
    let count = 0;
    for (const id of stores) {
      const store = await this.storeState(id);
      if (store.status === 'open') count += Object.keys(store.products).length;
    }
    return count;
  }

  async headerFooterView(): Promise<HeaderFooterView> {
    const { state, version } = await this.website();
    return { header: state.header, footer: state.footer, newsletterFormId: state.newsletterFormId ?? null, version };
  }

  async collectionView(collectionId: string): Promise<CollectionView> {
    const [{ state, updatedAt, version }, layout] = await Promise.all([this.collectionState(collectionId), this.layoutState()]);
    if (state.status !== 'active') throw new DomainException(domainError('COLLECTION_NOT_FOUND', { collectionId: String(collectionId).slice(0, 200) }));
    const collection = collectionRecord(state.collection, {
      itemCount: Object.keys(state.items).length, isHome: layout.homePageId === collectionId, updatedAt: updatedAt ?? state.collection.createdAt,
      nowMs: Date.now(),
    });
    return { collection, items: state.order.map((id) => ({ id, urlId: state.items[id]! })), version };
  }

  async itemView(itemId: string): Promise<ContentItemView> {
    const { state: { item }, version } = await this.activeItemVersion(itemId);
    const { state } = await this.collectionState(item.collectionId);
    const urlId = state.status === 'active' ? state.collection.urlId : '';
    return { item: contentItemRecord(item, collectionPath(urlId)), version };
  }

  async siteLayoutView(): Promise<SiteLayoutView> {
    const { state, version } = await this.layout();
    return {
      layout: {
        homePageId: state.homePageId,
        navigations: NAVIGATION_NAMES.map((name) => ({ name, templateId: state.templateIds[name] ?? null, links: state.navigations[name] })),
      },
      version,
    };
  }
}

/** A stream's version: its last event's position (0 when it has none). */
function versionOf(events: readonly { streamPosition: number }[]): number {
  return events.at(-1)?.streamPosition ?? 0;
}

/** Ids in paths: anything else cannot name a stream of ours. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 200;
}
