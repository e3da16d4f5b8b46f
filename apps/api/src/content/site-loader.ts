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
 * from the environment).
 */
export type WebsiteSettingsView = { website: WebsiteRecord; websiteSettings: WebsiteSettingsRecord; settings: WebsiteSettings; storeSettings: StoreSettings };
export type CollectionView = { collection: CollectionRecord; items: { id: string; urlId: string }[] };
export type ContentItemView = { item: ContentItemRecord };
/** SPEC 7 GET /api/commondata/GetSiteLayout: the navigations with their Layout links. */
export type SiteLayoutView = {
  layout: { homePageId: string | null; navigations: { name: string; templateId: string | null; links: LayoutLink[] }[] };
};
export type HeaderFooterView = { header: string; footer: string };

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
    const events = await this.store.readStream(WEBSITE_STREAM_ID);
    const state = foldEvents<WebsiteState, WebsiteEvent>(websiteDecider, websiteDecider.initialState(), events);
    if (state.status !== 'created') throw new DomainException(domainError('NOT_FOUND', {}, 'The website has not been created yet.'));
    return state;
  }

  async layoutState(): Promise<SiteLayoutState> {
    const events = await this.store.readStream(SITE_LAYOUT_STREAM_ID);
    return foldEvents<SiteLayoutState, SiteLayoutEvent>(siteLayoutDecider, siteLayoutDecider.initialState(), events);
  }

  /** The collection's state and the time of its latest event. */
  async collectionState(collectionId: string): Promise<{ state: CollectionState; updatedAt: string | null }> {
    if (!isId(collectionId)) return { state: { status: 'none' }, updatedAt: null };
    const events = await this.store.readStream(collectionStreamId(collectionId));
    const state = foldEvents<CollectionState, CollectionEvent>(collectionDecider, collectionDecider.initialState(), events);
    return { state, updatedAt: events.at(-1)?.recordedAt.toISOString() ?? null };
  }

  async activeCollection(collectionId: string): Promise<ActiveCollection> {
    const { state } = await this.collectionState(collectionId);
    if (state.status !== 'active') throw new DomainException(domainError('COLLECTION_NOT_FOUND', { collectionId: String(collectionId).slice(0, 200) }));
    return state;
  }

  async itemState(itemId: string): Promise<ContentItemState> {
    if (!isId(itemId)) return { status: 'none' };
    const events = await this.store.readStream(contentItemStreamId(itemId));
    return foldEvents<ContentItemState, ContentItemEvent>(contentItemDecider, contentItemDecider.initialState(), events);
  }

  async activeItem(itemId: string): Promise<ActiveItem> {
    const state = await this.itemState(itemId);
    if (state.status !== 'active') throw new DomainException(domainError('ITEM_NOT_FOUND', { itemId: String(itemId).slice(0, 200) }));
    return state;
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
    const state = await this.websiteState();
    const defaults = {
      multipleQuantityAllowedForServices: this.config.cart.storeSettings.multipleQuantityAllowedForServices,
      checkoutMinimumSubtotalCents: this.config.checkout.minimumSubtotalCents,
    };
    return {
      website: websiteAt(websiteRecord(state), now),
      websiteSettings: websiteSettingsRecord(state.settings),
      settings: state.settings,
      storeSettings: storeSettingsOf(state.settings, defaults),
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
    const state = await this.websiteState();
    return { header: state.header, footer: state.footer };
  }

  async collectionView(collectionId: string): Promise<CollectionView> {
    const [{ state, updatedAt }, layout] = await Promise.all([this.collectionState(collectionId), this.layoutState()]);
    if (state.status !== 'active') throw new DomainException(domainError('COLLECTION_NOT_FOUND', { collectionId: String(collectionId).slice(0, 200) }));
    const collection = collectionRecord(state.collection, {
      itemCount: Object.keys(state.items).length, isHome: layout.homePageId === collectionId, updatedAt: updatedAt ?? state.collection.createdAt,
    });
    return { collection, items: state.order.map((id) => ({ id, urlId: state.items[id]! })) };
  }

  async itemView(itemId: string): Promise<ContentItemView> {
    const { item } = await this.activeItem(itemId);
    const { state } = await this.collectionState(item.collectionId);
    const urlId = state.status === 'active' ? state.collection.urlId : '';
    return { item: contentItemRecord(item, collectionPath(urlId)) };
  }

  async siteLayoutView(): Promise<SiteLayoutView> {
    const state = await this.layoutState();
    return {
      layout: {
        homePageId: state.homePageId,
        navigations: NAVIGATION_NAMES.map((name) => ({ name, templateId: state.templateIds[name] ?? null, links: state.navigations[name] })),
      },
    };
  }
}

/** Ids in paths: anything else cannot name a stream of ours. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 200;
}
