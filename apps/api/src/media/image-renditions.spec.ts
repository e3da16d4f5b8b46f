import sharp from 'sharp';
import { acceptsWebp, negotiatesFormat, renderRendition, renditionCacheFormat, renditionFormatFor } from './image-renditions';

/** What Chromium sends for an <img> and for a navigation, Firefox for an image, and Safari 13 (no WebP) for an image. */
const CHROMIUM_IMAGE = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const CHROMIUM_NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';
const FIREFOX_IMAGE = 'image/avif,image/webp,*/*';
const SAFARI_13_IMAGE = 'image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5';

describe('rendition encodings', () => {
  it('takes WebP only when the Accept header names it with a quality above 0', () => {
    for (const accept of [CHROMIUM_IMAGE, CHROMIUM_NAVIGATION, FIREFOX_IMAGE, 'image/webp', 'IMAGE/WEBP ; q=0.5', 'image/jpeg, image/webp;q=1.0']) expect([accept, acceptsWebp(accept)]).toEqual([accept, true]);
    for (const accept of [SAFARI_13_IMAGE, '*/*', 'image/*', 'image/webp;q=0', 'image/webp; q=0.0', 'image/webpx', '', undefined, null]) expect([accept, acceptsWebp(accept)]).toEqual([accept, false]);
  });

  it('converts JPEG, PNG and SVG for clients that accept WebP, and keeps GIF and WebP as they are', () => {
    expect(['jpeg', 'png', 'svg', 'gif', 'webp'].map((f) => renditionFormatFor(f as never, CHROMIUM_IMAGE))).toEqual(['webp', 'webp', 'webp', 'gif', 'webp']);
    expect(['jpeg', 'png', 'svg', 'gif', 'webp'].map((f) => renditionFormatFor(f as never, SAFARI_13_IMAGE))).toEqual(['jpeg', 'png', 'png', 'gif', 'webp']);
    expect(['jpeg', 'png', 'svg', 'gif', 'webp'].map((f) => renditionFormatFor(f as never))).toEqual(['jpeg', 'png', 'png', 'gif', 'webp']);
    expect(['jpeg', 'png', 'svg', 'gif', 'webp'].map((f) => negotiatesFormat(f as never))).toEqual([true, true, true, false, false]);
    expect(renditionCacheFormat('webp')).toMatch(/^webp-v\d+$/);
  });

  it('encodes a grainy PNG as a WebP a small fraction of its size, resized, transparency kept', async () => {
    const width = 600;
    const height = 400;
    // Noise is what made the demo's glaze-tiles PNG weigh 873 KB at 1500w.
    const raw = Buffer.alloc(width * height * 4);
    let seed = 7;
    const grain = () => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) >>> 0;
      let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) % 24;
    };
    for (let i = 0; i < raw.length; i += 4) {
      const x = (i / 4) % width;
      raw[i] = 150 + Math.round(x / 10) + grain();
      raw[i + 1] = 110 + grain();
      raw[i + 2] = 80 + grain();
      raw[i + 3] = i < raw.length / 2 ? 255 : 0;
    }
    const png = await sharp(raw, { raw: { width, height, channels: 4 } }).png().toBuffer();
    const asPng = await renderRendition(png, 'png', 300);
    const asWebp = await renderRendition(png, 'png', 300, 'webp');
    expect([asWebp.contentType, asWebp.format, asWebp.width]).toEqual(['image/webp', renditionCacheFormat('webp'), 300]);
    const meta = await sharp(asWebp.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 300, 200, true]);
    expect(asWebp.data.length).toBeLessThan(asPng.data.length / 3);
  });
});
