/**
 * Rules for image files, shared by the upload handler, `decide` and the browser (pure, no I/O):
 * supported formats (recognised from the bytes, never from the name or the declared type), the
 * size limits, the file name rule and the SPEC's file-size wording.
 */

/** Formats an owner may upload. SVG is kept as uploaded but always served rasterised (PNG). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'svg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** SPEC 9: 'Bytes per MB 1,000,000'. */
export const BYTES_PER_MB = 1_000_000;
/** Largest file accepted: 20 MB (20,000,000 bytes), enough for a full-resolution camera JPEG. */
export const MAX_IMAGE_BYTES = 20 * BYTES_PER_MB;
/**
 * Largest image accepted in pixels (60 megapixels, e.g. 9500x6300). Decoding costs memory in
 * proportion to pixels, not bytes: a small PNG can claim a huge canvas (a decompression bomb).
 */
export const MAX_IMAGE_PIXELS = 60_000_000;
export const MAX_FILE_NAME_LENGTH = 200;
export const IMAGE_TEXT_LIMITS = { altText: 1000, title: 200, body: 20_000 } as const;

const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/**
 * A byte count in the SPEC's units (Bytes to YB, 1,000,000 bytes per MB): 20000000 → '20 MB',
 * 1500000 → '1.5 MB', 999 → '999 Bytes'. At most two decimals, trailing zeros dropped.
 */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const rounded = Math.round(value * 100) / 100;
  return `${rounded} ${FILE_SIZE_UNITS[unit]}`;
}

/** Replaces `{name}` placeholders of a catalogue message. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The file name to keep, or null when there is none: browsers may send a path
 * ('C:\fakepath\mug.jpg'), so only the last segment counts; it is trimmed and must be 1 to 200
 * characters without control characters.
 */
export function normaliseFileName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const name = raw.split(/[\\/]/).pop()!.normalize('NFC').trim();
  if (name === '' || name === '.' || name === '..') return null;
  if ([...name].length > MAX_FILE_NAME_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return null;
  return name;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image format the bytes are in, from their signature (magic numbers); null when they are
 * none of the supported formats. SVG is text: an `<svg` root after an optional BOM, XML
 * declaration, comments and doctype.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return looksLikeSvg(bytes) ? 'svg' : null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  // The root element comes early; 4 KB leaves room for a long comment or doctype.
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const rest = head
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '');
  return /^\s*<svg[\s>]/.test(rest);
}

export type ImageDimensions = { width: number; height: number };

/** SPEC 'Image asset' originalSize: 'WxH'. */
export const originalSizeOf = ({ width, height }: ImageDimensions): string => `${width}x${height}`;

/** Width and height from an originalSize 'WxH'; null when it is not one. */
export function parseOriginalSize(originalSize: string): ImageDimensions | null {
  const match = /^(\d+)x(\d+)$/.exec(originalSize);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}
