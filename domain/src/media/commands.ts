import type { ColorData, FocalPoint, ImageDetailsChanges } from './events';
import type { ImageDimensions, ImageFormat } from './image-rules';

/**
 * Owner commands on one image's stream. The handler looks at the file first (format from its
 * bytes, size, colours) and passes what it found on the command; ids and the time arrive here too.
 */
export type UploadImage = {
  type: 'UploadImage';
  data: {
    imageId: string;
    /** As the browser sent it; decide keeps its last path segment (see normaliseFileName). */
    filename: string;
    /** Every byte received, also past the limit (the handler counts what it did not keep). */
    byteLength: number;
    /** Recognised from the bytes; null when they are no supported image. */
    format: ImageFormat | null;
    /** Null when the bytes could not be decoded as an image (with the format above). */
    dimensions: ImageDimensions | null;
    colorData: ColorData | null;
    contentHash: string;
    altText?: string;
    title?: string;
    body?: string;
    mediaFocalPoint?: FocalPoint;
    now: string;
  };
};

export type ChangeImageDetails = { type: 'ChangeImageDetails'; data: { imageId: string; changes: ImageDetailsChanges; now: string } };

export type RemoveImage = { type: 'RemoveImage'; data: { imageId: string; now: string } };

export type ImageCommand = UploadImage | ChangeImageDetails | RemoveImage;
