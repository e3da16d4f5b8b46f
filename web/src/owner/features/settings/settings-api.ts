import type { ImageAssetRecord } from '@storefront/domain/media/image-record';
import type { StoreSettings, WebsiteSettings } from '@storefront/domain/site/website-settings';
import { ownerApi } from '../../app/api';

export type { ImageAssetRecord, StoreSettings, WebsiteSettings };

/**
 * GET /api/site/settings: the settings as stored (a store setting never set is null) and the store
 * settings in force (those fall back on the server's defaults).
 */
export type SettingsView = {
  website: { id: string; siteTitle: string; timeZone: string; logoImageId: string | null };
  settings: WebsiteSettings;
  storeSettings: StoreSettings;
};

/** PUT /api/site/settings: only what changed. */
export type SettingsChanges = Partial<
  Pick<WebsiteSettings, 'siteTitle' | 'logoImageId' | 'timeZone' | 'currency' | 'expressCheckout' | 'multipleQuantityAllowedForServices' | 'checkoutMinimumSubtotalCents'>
>;

export const settingsApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SettingsView, void>({ query: () => 'site/settings', providesTags: ['Site'] }),
    saveSettings: build.mutation<SettingsView, SettingsChanges>({
      query: (body) => ({ url: 'site/settings', method: 'PUT', body }),
      // The panel's site title and every screen reading the settings follow.
      invalidatesTags: ['Site'],
    }),
    settingsImages: build.query<ImageAssetRecord[], void>({
      query: () => 'media/images',
      transformResponse: (answer: { images: ImageAssetRecord[] }) => answer.images,
      providesTags: ['Image'],
    }),
    /** The file's bytes as the request body (the server recognises the format from them). */
    settingsUploadImage: build.mutation<ImageAssetRecord, File>({
      queryFn: async (file, _api, _extra, baseQuery) => {
        const bytes = await bytesOf(file);
        const answer = await baseQuery({
          url: `media/images?filename=${encodeURIComponent(file.name)}`,
          method: 'POST',
          body: bytes,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        });
        return answer.error ? { error: answer.error } : { data: answer.data as ImageAssetRecord };
      },
      invalidatesTags: ['Image'],
    }),
  }),
});

/** A file's bytes (FileReader: every browser has it, and so has jsdom, which lacks Blob.arrayBuffer). */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file);
  });
}

export const { useGetSettingsQuery, useSaveSettingsMutation, useSettingsImagesQuery, useSettingsUploadImageMutation } = settingsApi;
