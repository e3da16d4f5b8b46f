/**
 * What the `image` partial prints for an SPEC 'Image asset': src, srcset over the SPEC widths the
 * asset can be served in (never beyond its original width), sizes, alt, intrinsic width and
 * height, and the loading attributes for its priority (SPEC 4 'Image priority').
 */
import { clip, textFromHtml } from './text';

/** SPEC 7/9: the widths assets are served in through `?format=<w>w`, smallest first. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
/** SPEC 9: alt text taken from the body is cut at 250 characters. */
export const ALT_TEXT_MAX = 250;
/** The width `src` asks for when the browser ignores srcset (or it is the largest available below it). */
const DEFAULT_SRC_WIDTH = 1000;

/** The fields of an SPEC 'Image asset' this module reads. */
export type ImageAsset = {
  assetUrl: string;
  /** 'WxH' */
  originalSize?: string | null;
  mediaFocalPoint?: { x?: number | null; y?: number | null } | null;
  altText?: string | null;
  title?: string | null;
  body?: string | null;
};

export type ImagePriority = 'high' | 'low' | null | undefined;

export type ImageViewOptions = {
  priority?: ImagePriority;
  /** The `sizes` attribute; defaults to the full viewport width. */
  sizes?: string;
  /** Alt text to use when the asset has no altText, body or title (a product's or post's title). */
  fallbackAlt?: string | null;
};

/** Every key is always present (empty when absent), so the template never resolves a parent's field by accident. */
export type ImageView = {
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  /** Intrinsic size from originalSize, 0 when unknown. */
  width: number;
  height: number;
  loading: 'eager' | 'lazy';
  fetchpriority: 'high' | 'low' | '';
  decoding: 'async';
  /** CSS object-position from the focal point, e.g. '30% 70%'. */
  objectPosition: string;
};

export function parseOriginalSize(originalSize: string | null | undefined): { width: number; height: number } | null {
  const match = /^\s*(\d+)\s*x\s*(\d+)\s*$/i.exec(originalSize ?? '');
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The SPEC widths an image of this original width can be served in without upscaling. */
export function servedWidths(originalWidth: number): number[] {
  return IMAGE_WIDTHS.filter((w) => w <= originalWidth);
}

/** altText; else the body as text cut at 250 characters; else the title; else the fallback; else ''. */
export function altTextOf(asset: Pick<ImageAsset, 'altText' | 'body' | 'title'>, fallback?: string | null): string {
  const alt = asset.altText?.trim();
  if (alt) return alt;
  const body = textFromHtml(asset.body);
  if (body) return clip(body, ALT_TEXT_MAX);
  const title = asset.title?.trim();
  if (title) return title;
  return fallback?.trim() ?? '';
}

function percent(n: number | null | undefined): string {
  const v = typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5;
  return `${Math.round(v * 1000) / 10}%`;
}

export function imageView(asset: ImageAsset, options: ImageViewOptions = {}): ImageView {
  const size = parseOriginalSize(asset.originalSize);
  const widths = size ? servedWidths(size.width) : [];
  const url = (w: number) => `${asset.assetUrl}?format=${w}w`;
  const srcWidth = [...widths].reverse().find((w) => w <= DEFAULT_SRC_WIDTH);
  const high = options.priority === 'high';
  return {
    // An image narrower than 100px has no served width: the file itself is the only source.
    src: srcWidth !== undefined ? url(srcWidth) : asset.assetUrl,
    srcset: widths.map((w) => `${url(w)} ${w}w`).join(', '),
    sizes: widths.length > 0 ? (options.sizes ?? '100vw') : '',
    alt: altTextOf(asset, options.fallbackAlt),
    width: size?.width ?? 0,
    height: size?.height ?? 0,
    loading: high ? 'eager' : 'lazy',
    fetchpriority: high ? 'high' : options.priority === 'low' ? 'low' : '',
    decoding: 'async',
    objectPosition: `${percent(asset.mediaFocalPoint?.x)} ${percent(asset.mediaFocalPoint?.y)}`,
  };
}
