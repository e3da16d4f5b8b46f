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
 * Whether an `Accept` header names WebP explicitly with a quality above 0. `image/*` and `*\/*`
 * do not count: browsers that cannot decode WebP (Safari before 14) send those too, while every
 * browser that can names it (Chromium, Firefox, Safari ≥ 14 in image requests and navigations).
 */
export function acceptsWebp(accept: string | null | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== 'image/webp') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Whether a source's renditions depend on the client's `Accept` header (and are answered with
 * `Vary: Accept`): JPEG, PNG and SVG are sent as WebP to clients that accept it. GIF keeps its
 * frames as GIF and WebP is WebP already, whoever asks.
 */
export const negotiatesFormat = (source: ImageFormat): boolean => source === 'jpeg' || source === 'png' || source === 'svg';

/**
 * The encoding of a rendition: WebP for a client that accepts it (a WebP rendition of a photo is
 * about a quarter of the JPEG's bytes, and of a grainy PNG a thirtieth); otherwise the original's
 * own format. SVG is never served as SVG: a browser opening an uploaded SVG at our origin would run
 * any script in it. It is rasterised (transparency kept) at every width, 'original' included.
 */
export function renditionFormatFor(source: ImageFormat, accept?: string | null): RenditionFormat {
  if (negotiatesFormat(source) && acceptsWebp(accept)) return 'webp';
  return source === 'svg' ? 'png' : source;
}

/** The cache key's format: the encoding and the pipeline version. */
export function renditionCacheFormat(format: RenditionFormat): string {
  return `${format}-v${RENDITION_PIPELINE_VERSION}`;
}

/**
 * The original resized with sharp to `width` pixels wide (aspect kept; callers never ask for more
 * than the original's width, and sharp is told not to enlarge either), EXIF orientation applied,
 * metadata stripped, encoded as `format` (`renditionFormatFor`, the source's own by default).
 * Animated GIF and WebP keep their frames.
 */
export async function renderRendition(original: Buffer, source: ImageFormat, width: number, format: RenditionFormat = renditionFormatFor(source)): Promise<Rendition> {
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
  return { format: renditionCacheFormat(format), width: info.width, contentType: IMAGE_CONTENT_TYPES[format], data };
}
