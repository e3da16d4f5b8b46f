import type { ProductRecord } from '@storefront/domain/catalog/product-record';
import type { CollectionRecord, ContentItemRecord } from '@storefront/domain/site/site-records';
import { ownerApi } from '../../app/api';
import { basedOn } from '../../app/if-match';
import type { EditorBlock } from './block-types';
import type { ItemDraft } from './editor-slice';

/** GET /api/site/collections/{id}: the page (with its layout) and its items' URL ids. */
export type CollectionView = { collection: CollectionRecord; items: { id: string; urlId: string }[]; version?: number };
/** GET /api/site/items/{id}. */
export type ItemView = { item: ContentItemRecord; version?: number };

/** The version a read answered with, once the API gives one (concurrent editing); null until then. */
export function versionOf(view: CollectionView | ItemView): number | null {
  const record = ('collection' in view ? view.collection : view.item) as { version?: unknown };
  const version = view.version ?? record.version;
  return typeof version === 'number' ? version : null;
}

/**
 * The page editor's requests: pages and items of the content API (saves are commands that append
 * events: SetCollectionLayout, EditContentItem, ChangeItemWorkflow…), the image library, and the
 * catalog's products for product blocks.
 */
export const pageEditorApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    editorCollections: build.query<{ collections: CollectionRecord[] }, void>({
      query: () => 'site/collections',
      providesTags: (result) => [{ type: 'Page', id: 'LIST' }, ...(result?.collections ?? []).map((c) => ({ type: 'Page' as const, id: c.id }))],
    }),
    editorPage: build.query<CollectionView, string>({
      query: (id) => `site/collections/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Page', id }, { type: 'Layout', id }],
    }),
    saveLayout: build.mutation<CollectionView, { id: string; blocks: EditorBlock[]; version?: number | null }>({
      query: ({ id, blocks, version }) => ({ url: `site/collections/${encodeURIComponent(id)}/layout`, method: 'PUT', body: { blocks }, headers: basedOn(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Page', id }, { type: 'Layout', id }, { type: 'Page', id: 'LIST' }, 'History']),
    }),
    setPagePublished: build.mutation<CollectionView, { id: string; published: boolean; version?: number | null }>({
      query: ({ id, published, version }) => ({ url: `site/collections/${encodeURIComponent(id)}`, method: 'PUT', body: { published }, headers: basedOn(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Page', id }, { type: 'Page', id: 'LIST' }, 'History']),
    }),
    editorCollectionItems: build.query<{ items: ContentItemRecord[] }, string>({
      query: (id) => `site/collections/${encodeURIComponent(id)}/items`,
      providesTags: (_r, _e, id) => [{ type: 'Page', id }, { type: 'Page', id: 'LIST' }],
    }),
    editorItem: build.query<ItemView, string>({
      query: (id) => `site/items/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Page', id }],
    }),
    saveItem: build.mutation<ItemView, { id: string; item: ItemDraft; version?: number | null }>({
      query: ({ id, item, version }) => ({ url: `site/items/${encodeURIComponent(id)}`, method: 'PUT', body: itemBody(item), headers: basedOn(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Page', id }, { type: 'Page', id: 'LIST' }, 'History']),
    }),
    publishEditedItem: build.mutation<ItemView, { id: string; version?: number | null }>({
      query: ({ id, version }) => ({ url: `site/items/${encodeURIComponent(id)}/publish`, method: 'POST', body: {}, headers: basedOn(version) }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Page', id }, { type: 'Page', id: 'LIST' }, 'History']),
    }),
    editorProducts: build.query<{ products: ProductRecord[] }, string>({
      query: (websiteId) => `content-service/product/1.1/websites/${encodeURIComponent(websiteId)}/products`,
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

/** The item fields a save sends (only those of its kind: an event's dates and location). */
function itemBody(item: ItemDraft): Record<string, unknown> {
  const { startDate, endDate, location, ...rest } = item;
  return startDate === null ? rest : { ...rest, startDate, endDate: endDate ?? startDate, location };
}

export const {
  useEditorCollectionsQuery, useEditorCollectionItemsQuery, useEditorPageQuery, useSaveLayoutMutation, useSetPagePublishedMutation, useEditorItemQuery, useSaveItemMutation,
  usePublishEditedItemMutation, useEditorProductsQuery,
} = pageEditorApi;
