import type { ImageFormat } from './image-rules';

/**
 * The media context's events: one stream per image asset (`image-<id>`). Type names are a stored
 * contract: never rename them. The file's bytes are not in the events: they are stored once per
 * content hash outside the log (`media_blobs`), and the events name that hash.
 */

/** SPEC 'Image asset' mediaFocalPoint: where the subject is, 0..1 from the left and the top. */
export type FocalPoint = { x: number; y: number };

export const DEFAULT_FOCAL_POINT: FocalPoint = { x: 0.5, y: 0.5 };

/**
 * SPEC 'Image asset' colorData: average colours of the image's four corner regions and its centre
 * (each region a third of the width and of the height), as six lowercase hex digits without '#'
 * (the template engine's `image-color` formatter adds the '#').
 */
export type ColorData = {
  topLeftAverage: string;
  topRightAverage: string;
  bottomLeftAverage: string;
  bottomRightAverage: string;
  centerAverage: string;
};

export type ImageUploaded = {
  type: 'ImageUploaded';
  data: {
    imageId: string;
    filename: string;
    /** The format the bytes are in (recognised from them) and its media type. */
    format: ImageFormat;
    contentType: string;
    /** 'WxH' as displayed (after the EXIF orientation is applied). */
    originalSize: string;
    mediaFocalPoint: FocalPoint;
    colorData: ColorData;
    altText: string;
    title: string;
    body: string;
    byteLength: number;
    /** SHA-256 of the bytes, hex: the key of the stored original. */
    contentHash: string;
    uploadedAt: string;
  };
};

/** Only the fields given changed. */
export type ImageDetailsChanges = { altText?: string; title?: string; body?: string; mediaFocalPoint?: FocalPoint };

export type ImageDetailsChanged = { type: 'ImageDetailsChanged'; data: { imageId: string; changes: ImageDetailsChanges; changedAt: string } };

export type ImageRemoved = { type: 'ImageRemoved'; data: { imageId: string; contentHash: string; removedAt: string } };

export type ImageEvent = ImageUploaded | ImageDetailsChanged | ImageRemoved;

export const IMAGE_EVENT_TYPES: ImageEvent['type'][] = ['ImageUploaded', 'ImageDetailsChanged', 'ImageRemoved'];

export const IMAGE_STREAM_TYPE = 'image';
export const IMAGE_STREAM_PREFIX = 'image-';
export const imageStreamId = (imageId: string) => `${IMAGE_STREAM_PREFIX}${imageId}`;
