import { MAX_IMAGE_PIXELS, type ColorData, type ImageDimensions, type ImageFormat } from '@storefront/domain';
import sharp from 'sharp';

export type ImageAnalysis = {
  /** As displayed (EXIF orientation applied); null when the bytes do not decode as `format`. */
  dimensions: ImageDimensions | null;
  /** Null when the image could not be read, or has more pixels than are decoded (MAX_IMAGE_PIXELS). */
  colorData: ColorData | null;
};

/** Colours are averaged on the image scaled to fit this square (not enlarged): exact below it. */
const ANALYSIS_SIZE = 512;

/**
 * What an upload needs to know about its bytes, found with sharp: the displayed size and the
 * average colours of the four corner regions and the centre. The header is read first, so an image
 * claiming too many pixels is refused without being decoded. `format` is the one recognised from the
 * bytes; a decoder that disagrees (a PNG signature on something else) makes the file unsupported.
 */
export async function analyseImage(bytes: Buffer, format: ImageFormat): Promise<ImageAnalysis> {
  let dimensions: ImageDimensions;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== format) return { dimensions: null, colorData: null };
    dimensions = { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
    if (!(dimensions.width > 0 && dimensions.height > 0)) return { dimensions: null, colorData: null };
  } catch {
    return { dimensions: null, colorData: null };
  }
  if (dimensions.width * dimensions.height > MAX_IMAGE_PIXELS) return { dimensions, colorData: null };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize({ width: ANALYSIS_SIZE, height: ANALYSIS_SIZE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { dimensions, colorData: regionAverages(data, info.width, info.height, info.channels) };
  } catch {
    return { dimensions: null, colorData: null };
  }
}

/**
 * Average colours of a raw RGB image's regions: the image is divided into thirds across and down;
 * the corners are the four corner cells and the centre the middle one (each at least one pixel).
 */
export function regionAverages(pixels: Uint8Array, width: number, height: number, channels: number): ColorData {
  const cols = thirds(width);
  const rows = thirds(height);
  const average = (x: [number, number], y: [number, number]) => {
    const sum = [0, 0, 0];
    for (let row = y[0]; row < y[1]; row++) {
      for (let col = x[0]; col < x[1]; col++) {
        const i = (row * width + col) * channels;
        sum[0] += pixels[i];
        sum[1] += pixels[i + 1];
        sum[2] += pixels[i + 2];
      }
    }
    const count = (x[1] - x[0]) * (y[1] - y[0]);
    return sum.map((s) => Math.round(s / count).toString(16).padStart(2, '0')).join('');
  };
  return {
    topLeftAverage: average(cols.first, rows.first),
    topRightAverage: average(cols.last, rows.first),
    bottomLeftAverage: average(cols.first, rows.last),
    bottomRightAverage: average(cols.last, rows.last),
    centerAverage: average(cols.middle, rows.middle),
  };
}

/** Pixel ranges [from, to) of the first, middle and last third of a length (each at least one pixel). */
function thirds(length: number): { first: [number, number]; middle: [number, number]; last: [number, number] } {
  const cell = Math.max(1, Math.floor(length / 3));
  const middleStart = Math.min(length - 1, Math.floor((length - cell) / 2));
  return {
    first: [0, cell],
    middle: [middleStart, Math.min(length, middleStart + cell)],
    last: [Math.max(0, length - cell), length],
  };
}
