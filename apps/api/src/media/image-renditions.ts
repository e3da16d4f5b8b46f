import { IMAGE_CONTENT_TYPES, MAX_IMAGE_PIXELS, type ImageFormat } from '@storefront/domain';
import sharp from 'sharp';

/** The encodings renditions are served in: the original's, except SVG, which is rasterised. */
export type RenditionFormat = Exclude<ImageFormat, 'svg'>;

export type Rendition = { format: string; width: number; contentType: string; data: Buffer };

/**
 * Bumped whenever the rendition pipeline below changes its output, so strong ETags change with
 * the bytes (cached renditions are keyed by it too).
 */
export const RENDITION_PIPELINE_VERSION = 1;

/**
 * SVG is never served as SVG: a browser opening an uploaded SVG at our origin would run any script
 * in it. It is rasterised to PNG (transparency kept) at every width, 'original' included.
 */
export function renditionFormatFor(source: ImageFormat): RenditionFormat {
  return source === 'svg' ? 'png' : source;
}

/** The cache key's format: the encoding and the pipeline version. */
export function renditionCacheFormat(source: ImageFormat): string {
  return `${renditionFormatFor(source)}-v${RENDITION_PIPELINE_VERSION}`;
}

/**
 * The original resized with sharp to `width` pixels wide (aspect kept; callers never ask for more
 * than the original's width, and sharp is told not to enlarge either), EXIF orientation applied
 * and metadata stripped. Animated GIF and WebP keep their frames.
 */
export async function renderRendition(original: Buffer, source: ImageFormat, width: number): Promise<Rendition> {
  const format = renditionFormatFor(source);
  const animated = source === 'gif' || source === 'webp';
  let pipeline = sharp(original, { animated, limitInputPixels: MAX_IMAGE_PIXELS })
    .autoOrient()
    .resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'jpeg':
      pipeline = pipeline.jpeg({ quality: 82, progressive: true });
      break;
    case 'png':
      pipeline = pipeline.png({ compressionLevel: 8 });
      break;
    case 'webp':
      pipeline = pipeline.webp({ quality: 80 });
      break;
    case 'gif':
      pipeline = pipeline.gif();
      break;
    default: {
      const unhandled: never = format;
      throw new Error(`Unhandled rendition format ${String(unhandled)}`);
    }
  }
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { format: renditionCacheFormat(source), width: info.width, contentType: IMAGE_CONTENT_TYPES[format], data };
}
