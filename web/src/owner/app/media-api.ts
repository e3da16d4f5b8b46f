import type { ImageAssetRecord } from '@storefront/domain/media/image-record';
import { ownerApi } from './api';

export type { ImageAssetRecord };

/**
 * The media library every screen picks images from (image blocks, galleries, product images, the
 * logo): one list and one upload, so an image uploaded anywhere shows everywhere at once.
 */
export const mediaApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/media/images: the library, newest first. */
    libraryImages: build.query<ImageAssetRecord[], void>({
      query: () => 'media/images',
      transformResponse: (answer: { images: ImageAssetRecord[] }) => answer.images,
      providesTags: [{ type: 'Image', id: 'LIST' }],
    }),
    /** POST /api/media/images: the file's bytes as the body (the server recognises the format from them). */
    uploadLibraryImage: build.mutation<ImageAssetRecord, File>({
      queryFn: async (file, _api, _extra, baseQuery) => {
        const answer = await baseQuery({
          url: `media/images?filename=${encodeURIComponent(file.name)}`,
          method: 'POST',
          body: await bytesOf(file),
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        });
        return answer.error ? { error: answer.error } : { data: answer.data as ImageAssetRecord };
      },
      // The list is a read model that may not have the upload yet, so reading it again could answer
      // without it (and stay so): the upload's answer (read-your-writes) goes into the cached list.
      async onQueryStarted(_file, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(mediaApi.util.updateQueryData('libraryImages', undefined, (list) => [data, ...list.filter((image) => image.id !== data.id)]));
      },
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

export const { useLibraryImagesQuery, useUploadLibraryImageMutation } = mediaApi;
