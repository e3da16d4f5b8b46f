/**
 * Image sizing rules for templates, the theme and the server (pure, framework-free): the widths an
 * asset is served in, srcset, the thumbnail rule, loading attributes and alt text.
 *
 * SPEC 7: 'Image loading requests sized variants via a format query (widths 100, 300, 500, 750,
 * 1000, 1500, 2500)'; SPEC 9: the thumbnail rule and 'Alt text from body truncated to 250'.
 */
import { parseOriginalSize } from './image-rules';

/** SPEC 9 'Image widths', smallest first. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** A `?format=` value: one of the widths ('500w') or the file as uploaded ('original'). */
export type ImageFormatQuery = `${ImageWidth}w` | 'original';

export const MAX_ALT_TEXT_LENGTH = 250;

/** What the helpers read of an SPEC 'Image asset' record. */
export type SizedImage = { assetUrl: string; originalSize: string };

/** Parses a `?format=` value; null when it is not one of the SPEC's ('2500w', 'original', …). */
export function parseImageFormatQuery(raw: unknown): { kind: 'original' } | { kind: 'width'; width: ImageWidth } | null {
  if (raw === 'original') return { kind: 'original' };
  if (typeof raw !== 'string') return null;
  const match = /^([1-9]\d*)w$/.exec(raw);
  const width = match ? Number(match[1]) : NaN;
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? { kind: 'width', width: width as ImageWidth } : null;
}

/** The SPEC widths an image of this width can be served in without upscaling. */
export function availableWidths(originalWidth: number): ImageWidth[] {
  return IMAGE_WIDTHS.filter((w) => w <= originalWidth);
}

/** The width a rendition is actually made in: the requested width, never beyond the original. */
export const renditionWidth = (requested: number, originalWidth: number): number => Math.min(requested, originalWidth);

/**
 * SPEC 'Image asset' systemDataVariants: the original's 'WxH' followed by every width it is served
 * in without upscaling, e.g. '1200x800,100w,300w,500w,750w,1000w' (the template engine's
 * `image-srcset` formatter reads the 'w' entries and adds '?format=original' as the next size).
 */
export function systemDataVariants(originalSize: string): string {
  const size = parseOriginalSize(originalSize);
  if (!size) return '';
  return [originalSize, ...availableWidths(size.width).map((w) => `${w}w`)].join(',');
}

/** The URL of one served size of an asset. */
export function imageUrl(asset: Pick<SizedImage, 'assetUrl'>, format: ImageFormatQuery): string {
  return `${asset.assetUrl}?format=${format}`;
}

/**
 * A `srcset` value: `<url>?format=100w 100w, <url>?format=300w 300w, …` for each SPEC width up to the
 * original's width, then the original at its own width when that is not one of them and below
 * 2500, so the browser can reach full resolution up to 2500w. Empty when originalSize is unreadable.
 */
export function srcsetFor(asset: SizedImage): string {
  const size = parseOriginalSize(asset.originalSize);
  if (!size) return '';
  const candidates = availableWidths(size.width).map((w) => `${imageUrl(asset, `${w}w`)} ${w}w`);
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  if (size.width < largest && !(IMAGE_WIDTHS as readonly number[]).includes(size.width)) candidates.push(`${imageUrl(asset, 'original')} ${size.width}w`);
  return candidates.join(', ');
}

/**
 * SPEC 9 thumbnail rule: the width to request for a box `px` CSS pixels wide: 100w up to 100,
 * 300w up to 300, 500w up to 500, 750w up to 750, 1000w up to 1000, else 1500w.
 */
export function thumbnailWidthFor(px: number): `${ImageWidth}w` {
  if (px <= 100) return '100w';
  if (px <= 300) return '300w';
  if (px <= 500) return '500w';
  if (px <= 750) return '750w';
  if (px <= 1000) return '1000w';
  return '1500w';
}

/** SPEC 'Image component props' priority: high or low (or none). */
export type ImagePriority = 'high' | 'low' | null | undefined;

/**
 * HTML attributes for how an image loads: a high-priority image (the hero, the first product
 * photo) loads at once and first, everything else lazily.
 */
export function loadingAttributes(priority: ImagePriority): string {
  return priority === 'high' ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Text of an HTML fragment: tags become spaces, common entities are decoded, whitespace collapsed. */
export function textFromHtml(html: string): string {
  return html
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/**
 * The alt text of an image: its altText; else its body (HTML) as text, cut at 250 characters
 * (SPEC 9); else its title; else ''.
 */
export function altTextFor(asset: { altText?: string | null; body?: string | null; title?: string | null }): string {
  const alt = asset.altText?.trim();
  if (alt) return alt;
  const body = textFromHtml(asset.body ?? '');
  if (body) return [...body].slice(0, MAX_ALT_TEXT_LENGTH).join('');
  return asset.title?.trim() ?? '';
}
