import type { MerchandisingSettings } from '@storefront/domain/catalog/product-details';
import type { RestockSiteSettings, RestockSiteSettingsChanges } from '@storefront/domain/restock/settings';
import { ownerApi } from '../../app/api';
import { basedOn } from '../../app/if-match';

/**
 * The restock panel's calls (issue 15, SPEC 7 restock routes, behind `restock.manage`): the groups
 * of sign-ups per variant (paged by cursor), sends, erasing a person, the store's restock settings,
 * and a product's merchandising (the catalog's product details route, behind `products.manage`).
 */
export const RESTOCK_BASE = 'site-users/account/notifications/restock';

export type RestockGroup = {
  productId: string;
  variantId: string;
  waiting: number;
  queued: number;
  notified: number;
  productName: string | null;
  variantLabel: string;
  stock: { unlimited: boolean; qtyInStock: number } | null;
};
export type RestockGroupsPage = { signUpGroups: RestockGroup[]; hasNextPage: boolean; nextPageCursor: string | null };
export type RestockSettingsView = { settings: RestockSiteSettings; version: number };
export type SendRequest = { productId: string; variantId: string };

export const restockApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    listRestockGroups: build.query<RestockGroupsPage, string | null>({
      query: (cursor) => (cursor ? `${RESTOCK_BASE}/groups?cursor=${encodeURIComponent(cursor)}` : `${RESTOCK_BASE}/groups`),
      providesTags: ['Restock'],
    }),
    sendRestock: build.mutation<{ requestId: string }, SendRequest>({
      query: (body) => ({ url: `${RESTOCK_BASE}/send`, method: 'POST', body }),
      invalidatesTags: ['Restock'],
    }),
    sendAllRestock: build.mutation<{ requestIds: string[] }, SendRequest[]>({
      query: (sendRequests) => ({ url: `${RESTOCK_BASE}/send/all`, method: 'POST', body: { sendRequests } }),
      invalidatesTags: ['Restock'],
    }),
    eraseRestockPerson: build.mutation<{ erased: number }, string>({
      query: (email) => ({ url: `${RESTOCK_BASE}/erase`, method: 'POST', body: { email } }),
      invalidatesTags: ['Restock'],
    }),
    getRestockSettings: build.query<RestockSettingsView, void>({ query: () => `${RESTOCK_BASE}/settings`, providesTags: ['Restock'] }),
    saveRestockSettings: build.mutation<RestockSettingsView, RestockSiteSettingsChanges>({
      query: (body) => ({ url: `${RESTOCK_BASE}/settings`, method: 'PATCH', body }),
      invalidatesTags: ['Restock'],
    }),
    /** A product's merchandising (PUT the product's details with only `merchandising`), based on its version. */
    saveProductMerchandising: build.mutation<unknown, { websiteId: string; productId: string; version: number | null; merchandising: Partial<MerchandisingSettings> }>({
      query: ({ websiteId, productId, version, merchandising }) => ({
        url: `content-service/product/1.1/websites/${encodeURIComponent(websiteId)}/products/${encodeURIComponent(productId)}`,
        method: 'PUT', body: { merchandising }, headers: basedOn(version),
      }),
      invalidatesTags: (_r, _e, { productId }) => [{ type: 'Product', id: productId }, { type: 'Product', id: 'LIST' }, 'Restock'],
    }),
  }),
});

export const {
  useListRestockGroupsQuery, useSendRestockMutation, useSendAllRestockMutation, useEraseRestockPersonMutation, useGetRestockSettingsQuery,
  useSaveRestockSettingsMutation, useSaveProductMerchandisingMutation,
} = restockApi;

/** Where a variant's CSV export downloads from (a plain link: the browser sends the session cookie). */
export const restockCsvUrl = (g: SendRequest) =>
  `/api/${RESTOCK_BASE}/export.csv?productId=${encodeURIComponent(g.productId)}&variantId=${encodeURIComponent(g.variantId)}`;
