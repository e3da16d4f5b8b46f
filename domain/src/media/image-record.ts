import type { ColorData, FocalPoint } from './events';
import { systemDataVariants } from './image-sizes';
import type { ImageDetails } from './state';

/**
 * The SPEC 'Image asset' record templates and the editor read (docs/SITE-CONTEXT.md), plus the
 * asset's id, media type, size in bytes and upload time. `componentKey` and
 * `licensedAssetPreview` are left out on purpose: the template engine emits data attributes when
 * they are present at all, and our assets have neither.
 */
export type ImageAssetRecord = {
  id: string;
  /** Where the file is served; append `?format=500w` (or another SPEC width) for a rendition. */
  assetUrl: string;
  /** 'WxH' */
  originalSize: string;
  mediaFocalPoint: FocalPoint;
  colorData: ColorData;
  altText: string;
  title: string;
  body: string;
  filename: string;
  /** 'WxH,100w,300w,…' (see image-sizes.ts) */
  systemDataVariants: string;
  contentType: string;
  byteLength: number;
  /** Epoch milliseconds. */
  addedOn: number;
};

export const IMAGE_ASSET_PATH_PREFIX = '/static/images';

/** `/static/images/<id>/<filename>`, each part URL-encoded. */
export function imageAssetUrl(imageId: string, filename: string): string {
  return `${IMAGE_ASSET_PATH_PREFIX}/${encodeURIComponent(imageId)}/${encodeURIComponent(filename)}`;
}

export function imageAssetRecord(image: ImageDetails): ImageAssetRecord {
  return {
    id: image.imageId,
    assetUrl: imageAssetUrl(image.imageId, image.filename),
    originalSize: image.originalSize,
    mediaFocalPoint: image.mediaFocalPoint,
    colorData: image.colorData,
    altText: image.altText,
    title: image.title,
    body: image.body,
    filename: image.filename,
    systemDataVariants: systemDataVariants(image.originalSize),
    contentType: image.contentType,
    byteLength: image.byteLength,
    addedOn: Date.parse(image.uploadedAt),
  };
}
