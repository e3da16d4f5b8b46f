import type { LayoutLink, NavigationName } from '@storefront/domain/site/navigation';
import type { WorkflowState } from '@storefront/domain/site/content-item';
import type { AnnouncementBar, SocialAccount } from '@storefront/domain/site/website-settings';
import { ownerApi } from '../../app/api';
import { basedOn } from '../../app/if-match';

/**
 * The site's pages, collections, items, navigations, header/footer and the settings the Pages
 * screens edit, over the owner APIs of apps/api/src/content (`/api/site/...`, SPEC 7
 * `GetSiteLayout` / `UpdateNavigation`, `/api/site-header-footer`).
 */

/** The kinds of collection an owner creates here (the catalog's store pages are made with the store). */
export type CollectionKind = 'page' | 'blog' | 'events' | 'gallery' | 'products' | 'folder';

/** SPEC 3 'Collection' as the owner API answers it (the fields these screens read). */
export type Collection = {
  id: string;
  title: string;
  navigationTitle: string;
  description: string;
  urlId: string;
  fullUrl: string;
  type: number;
  typeName: CollectionKind;
  folder: boolean;
  /** SPEC FolderBehavior: 1 index, 2 redirect, 3 none. */
  folderBehavior: 1 | 2 | 3 | null;
  itemCount: number;
  passwordProtected: boolean;
  membersOnly: boolean;
  /** Visitors see it now. */
  published: boolean;
  workflowState: WorkflowState;
  publishOn: number | null;
  seoTitle: string;
  seoDescription: string;
  isHome: boolean;
  pageSize: number;
  updatedOn: number;
  /** The stream version this was read at, once the API tells it (optimistic concurrency). */
  version?: number;
};

/** SPEC 3 'Content item' (the fields these screens read). */
export type ContentItem = {
  id: string;
  collectionId: string;
  recordType: number;
  title: string;
  urlId: string;
  fullUrl: string;
  workflowState: WorkflowState;
  publishOn: number | null;
  addedOn: number;
  updatedOn: number;
  startDate?: number;
  endDate?: number;
  mainImageId: string | null;
  version?: number;
};

export type Navigation = { name: NavigationName; templateId: string | null; links: LayoutLink[] };
export type SiteLayout = { homePageId: string | null; navigations: Navigation[]; version?: number };

export type NewCollection = { kind: CollectionKind; title: string; workflowState?: WorkflowState };

/** PUT /api/site/collections/{id}: any subset; `workflowState` with `publishOn` sets the status. */
export type CollectionChanges = Partial<{
  title: string;
  navigationTitle: string;
  description: string;
  urlId: string;
  seoTitle: string;
  seoDescription: string;
  folderBehavior: 1 | 2 | 3;
  membersOnly: boolean;
  pageSize: number;
  workflowState: WorkflowState;
  publishOn: number | null;
}>;

export type NewItem = { title?: string; workflowState?: WorkflowState; startDate?: string; endDate?: string; mainImageId?: string };

export type HeaderFooter = {
  header: string;
  footer: string;
  /** The newsletter form the footer shows on every page; null for none. */
  newsletterFormId?: string | null;
  /** The website stream's version (shared with the settings). */
  version?: number;
};
/** A save based on `version` (If-Match): refused with 409 EDIT_CONFLICT when what it changes moved on since. */
type Versioned = { version?: number | null };

/** SPEC 3 'Image asset' of the media library (the fields the gallery picker reads). */
export type LibraryImage = { id: string; assetUrl: string; altText: string; title: string; filename: string; originalSize: string };

export type WebsiteSettings = {
  website: { id: string; siteTitle: string; socialAccounts: SocialAccount[]; announcementBar?: AnnouncementBar };
  /** The website stream's version (shared with the header and footer). */
  version?: number;
};
export type WebsiteSettingsChanges = { socialAccounts?: SocialAccount[]; announcementBar?: Partial<AnnouncementBar> };

const LIST = 'LIST' as const;

/** A page as an owner read or write answers it, with the version of its stream when the API gives one (the `version` beside it). */
const withVersion = (body: { collection: Collection; version?: number }): Collection =>
  body.version === undefined ? body.collection : { ...body.collection, version: body.version };
const layoutWithVersion = (body: { layout: SiteLayout; version?: number }): SiteLayout =>
  body.version === undefined ? body.layout : { ...body.layout, version: body.version };

/**
 * The page list and a collection's items are read models, which may lag a moment behind a write;
 * every write answers with what it wrote (read-your-writes), so the screens put that answer in the
 * cache instead of reading the list again and perhaps getting the page as it was.
 */
type Dispatch = (action: unknown) => unknown;

function putCollection(dispatch: Dispatch, saved: Collection) {
  dispatch(pagesApi.util.updateQueryData('listCollections', undefined, (list) => {
    const at = list.findIndex((c) => c.id === saved.id);
    if (at >= 0) list[at] = saved;
    else list.push(saved);
  }));
  dispatch(pagesApi.util.upsertQueryData('getCollection', saved.id, saved));
}

function changeItems(dispatch: Dispatch, collectionId: string, change: (items: ContentItem[]) => ContentItem[], countDelta = 0) {
  dispatch(pagesApi.util.updateQueryData('listItems', collectionId, (items) => change(items)));
  if (countDelta === 0) return;
  dispatch(pagesApi.util.updateQueryData('listCollections', undefined, (list) => {
    const c = list.find((x) => x.id === collectionId);
    if (c) c.itemCount = Math.max(0, c.itemCount + countDelta);
  }));
}

export const pagesApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    listCollections: build.query<Collection[], void>({
      query: () => 'site/collections',
      transformResponse: (body: { collections: Collection[] }) => body.collections,
      providesTags: [{ type: 'Page', id: LIST }],
    }),
    getCollection: build.query<Collection, string>({
      query: (id) => `site/collections/${encodeURIComponent(id)}`,
      transformResponse: withVersion,
      providesTags: (_c, _e, id) => [{ type: 'Page', id }],
    }),
    createCollection: build.mutation<Collection, NewCollection>({
      query: (body) => ({ url: 'site/collections', method: 'POST', body }),
      transformResponse: withVersion,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) putCollection(dispatch, data);
      },
      invalidatesTags: ['Layout'],
    }),
    editCollection: build.mutation<Collection, { id: string; changes: CollectionChanges; version?: number }>({
      query: ({ id, changes, version }) => ({ url: `site/collections/${encodeURIComponent(id)}`, method: 'PUT', body: changes, headers: basedOn(version) }),
      transformResponse: withVersion,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) putCollection(dispatch, data);
      },
      invalidatesTags: ['History'],
    }),
    setCollectionPassword: build.mutation<Collection, { id: string; password: string | null; version?: number }>({
      query: ({ id, password, version }) => ({ url: `site/collections/${encodeURIComponent(id)}/password`, method: 'PUT', body: { password }, headers: basedOn(version) }),
      transformResponse: withVersion,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) putCollection(dispatch, data);
      },
    }),
    /** A page id, or the page id and the site layout's version the change is based on. */
    setHomePage: build.mutation<SiteLayout, string | ({ collectionId: string } & Versioned)>({
      query: (arg) => {
        const { collectionId, version } = typeof arg === 'string' ? { collectionId: arg, version: undefined } : arg;
        return { url: 'site/home', method: 'PUT', body: { collectionId }, headers: basedOn(version) };
      },
      transformResponse: layoutWithVersion,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(pagesApi.util.updateQueryData('getSiteLayout', undefined, () => data));
        markHome(dispatch, data.homePageId);
      },
    }),
    /** A page id, or the page id and the version the delete is based on. */
    deleteCollection: build.mutation<void, string | ({ id: string } & Versioned)>({
      query: (arg) => {
        const { id, version } = typeof arg === 'string' ? { id: arg, version: undefined } : arg;
        return { url: `site/collections/${encodeURIComponent(id)}`, method: 'DELETE', headers: basedOn(version) };
      },
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const id = typeof arg === 'string' ? arg : arg.id;
        const ok = await queryFulfilled.then(() => true, () => false);
        if (!ok) return;
        dispatch(pagesApi.util.updateQueryData('listCollections', undefined, (list) => list.filter((c) => c.id !== id)));
        // The server took its links out (a folder's pages move up) and may have named another home page.
        const layout = await dispatch(pagesApi.endpoints.getSiteLayout.initiate(undefined, { forceRefetch: true, subscribe: false }));
        if (layout.data) markHome(dispatch, layout.data.homePageId);
      },
    }),
    listItems: build.query<ContentItem[], string>({
      query: (collectionId) => `site/collections/${encodeURIComponent(collectionId)}/items`,
      transformResponse: (body: { items: ContentItem[] }) => body.items,
      providesTags: (_items, _e, collectionId) => [{ type: 'Page', id: `items:${collectionId}` }],
    }),
    createItem: build.mutation<ContentItem, { collectionId: string; item: NewItem }>({
      query: ({ collectionId, item }) => ({ url: `site/collections/${encodeURIComponent(collectionId)}/items`, method: 'POST', body: item }),
      transformResponse: (body: { item: ContentItem }) => body.item,
      async onQueryStarted({ collectionId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) changeItems(dispatch, collectionId, (items) => [data, ...items.filter((i) => i.id !== data.id)], 1);
      },
    }),
    publishItem: build.mutation<ContentItem, { item: ContentItem; publish: boolean }>({
      query: ({ item, publish }) => ({ url: `site/items/${encodeURIComponent(item.id)}/${publish ? 'publish' : 'unpublish'}`, method: 'POST', body: {} }),
      transformResponse: (body: { item: ContentItem }) => body.item,
      async onQueryStarted({ item }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) changeItems(dispatch, item.collectionId, (items) => items.map((i) => (i.id === data.id ? data : i)));
      },
      invalidatesTags: ['History'],
    }),
    deleteItem: build.mutation<void, ContentItem>({
      query: (item) => ({ url: `site/items/${encodeURIComponent(item.id)}`, method: 'DELETE' }),
      async onQueryStarted(item, { dispatch, queryFulfilled }) {
        const ok = await queryFulfilled.then(() => true, () => false);
        if (ok) changeItems(dispatch, item.collectionId, (items) => items.filter((i) => i.id !== item.id), -1);
      },
    }),
    reorderItems: build.mutation<void, { collectionId: string; itemIds: string[] }>({
      query: ({ collectionId, itemIds }) => ({ url: `site/collections/${encodeURIComponent(collectionId)}/order`, method: 'PUT', body: { itemIds } }),
      // The new order shows at once; a refusal puts the old one back.
      async onQueryStarted({ collectionId, itemIds }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          pagesApi.util.updateQueryData('listItems', collectionId, (items) => {
            const byId = new Map(items.map((i) => [i.id, i]));
            return itemIds.map((id) => byId.get(id)).filter((i): i is ContentItem => i !== undefined);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    getSiteLayout: build.query<SiteLayout, void>({
      query: () => 'commondata/GetSiteLayout',
      transformResponse: layoutWithVersion,
      providesTags: ['Layout'],
    }),
    /** SPEC 7 UpdateNavigation. The navigation changes on screen at once; a refusal puts it back. */
    updateNavigation: build.mutation<SiteLayout, { name: NavigationName; templateId: string | null; links: LayoutLink[] } & Versioned>({
      query: ({ name, templateId, links, version }) => ({
        url: 'widget/UpdateNavigation', method: 'POST', body: { fieldName: name, templateId, navigation: { items: links } }, headers: basedOn(version),
      }),
      transformResponse: layoutWithVersion,
      async onQueryStarted({ name, links }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          pagesApi.util.updateQueryData('getSiteLayout', undefined, (layout) => {
            const nav = layout.navigations.find((n) => n.name === name);
            if (nav) nav.links = links;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(pagesApi.util.updateQueryData('getSiteLayout', undefined, () => data));
        } catch {
          patch.undo();
        }
      },
    }),
    getHeaderFooter: build.query<HeaderFooter, void>({
      query: () => 'site-header-footer',
      providesTags: [{ type: 'Site', id: 'header-footer' }],
    }),
    // A part left out (undefined) stays as it is.
    setHeaderFooter: build.mutation<HeaderFooter, Partial<Pick<HeaderFooter, 'header' | 'footer' | 'newsletterFormId'>> & Versioned>({
      query: ({ version, ...parts }) => ({ url: 'site-header-footer', method: 'PUT', body: parts, headers: basedOn(version) }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(pagesApi.util.upsertQueryData('getHeaderFooter', undefined, data));
      },
      invalidatesTags: ['History'],
    }),
    getWebsiteSettings: build.query<WebsiteSettings, void>({
      query: () => 'site/settings',
      providesTags: ['Site'],
    }),
    changeWebsiteSettings: build.mutation<WebsiteSettings, WebsiteSettingsChanges & Versioned>({
      query: ({ version, ...body }) => ({ url: 'site/settings', method: 'PUT', body, headers: basedOn(version) }),
      invalidatesTags: ['Site', 'History'],
    }),
  }),
});

/** The home page flag of every listed page, after the home page changed. */
function markHome(dispatch: Dispatch, homePageId: string | null) {
  dispatch(pagesApi.util.updateQueryData('listCollections', undefined, (list) => {
    for (const c of list) {
      const isHome = c.id === homePageId;
      if (c.isHome === isHome) continue;
      c.isHome = isHome;
      c.fullUrl = isHome ? '/' : `/${c.urlId}`;
    }
  }));
}

export const {
  useListCollectionsQuery,
  useGetCollectionQuery,
  useCreateCollectionMutation,
  useEditCollectionMutation,
  useSetCollectionPasswordMutation,
  useSetHomePageMutation,
  useDeleteCollectionMutation,
  useListItemsQuery,
  useCreateItemMutation,
  usePublishItemMutation,
  useDeleteItemMutation,
  useReorderItemsMutation,
  useGetSiteLayoutQuery,
  useUpdateNavigationMutation,
  useGetHeaderFooterQuery,
  useSetHeaderFooterMutation,
  useGetWebsiteSettingsQuery,
  useChangeWebsiteSettingsMutation,
} = pagesApi;
