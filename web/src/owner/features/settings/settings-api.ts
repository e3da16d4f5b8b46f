import type { ImageAssetRecord } from '@storefront/domain/media/image-record';
import type { StoreSettings, WebsiteSettings } from '@storefront/domain/site/website-settings';
import { ownerApi } from '../../app/api';
import { basedOn } from '../../app/if-match';

export type { ImageAssetRecord, StoreSettings, WebsiteSettings };

/**
 * GET /api/site/settings: the settings as stored (a store setting never set is null) and the store
 * settings in force (those fall back on the server's defaults).
 */
export type SettingsView = {
  website: { id: string; siteTitle: string; timeZone: string; logoImageId: string | null };
  settings: WebsiteSettings;
  storeSettings: StoreSettings;
  /** The website stream's version (shared with the header and footer): what a save is based on. */
  version?: number;
};

/** PUT /api/site/settings: only what changed. */
export type SettingsChanges = Partial<
  Pick<WebsiteSettings, 'siteTitle' | 'logoImageId' | 'timeZone' | 'currency' | 'expressCheckout' | 'multipleQuantityAllowedForServices' | 'checkoutMinimumSubtotalCents'>
>;

export const settingsApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SettingsView, void>({ query: () => 'site/settings', providesTags: ['Site'] }),
    /** Based on `version` (If-Match): refused with 409 EDIT_CONFLICT when the settings, header or footer changed since. */
    saveSettings: build.mutation<SettingsView, { changes: SettingsChanges; version?: number | null }>({
      query: ({ changes, version }) => ({ url: 'site/settings', method: 'PUT', body: changes, headers: basedOn(version) }),
      // The panel's site title and every screen reading the settings follow.
      invalidatesTags: ['Site'],
    }),
  }),
});


export const { useGetSettingsQuery, useSaveSettingsMutation } = settingsApi;
