import { sniffImageFormat } from '@storefront/domain';
import sharp from 'sharp';
import { analyseImage, regionAverages } from './image-analysis';
import { renderRendition } from './image-renditions';

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

describe('image analysis and renditions (sharp)', () => {
  it('averages the corner thirds and the centre, down to a single pixel', () => {
    const pixels = Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]); // 2x2: red green / blue white
    expect(regionAverages(pixels, 2, 2, 3)).toEqual({
      topLeftAverage: 'ff0000', topRightAverage: '00ff00', bottomLeftAverage: '0000ff', bottomRightAverage: 'ffffff', centerAverage: 'ff0000',
    });
    expect(regionAverages(Uint8Array.from([1, 2, 3]), 1, 1, 3)).toEqual({
      topLeftAverage: '010203', topRightAverage: '010203', bottomLeftAverage: '010203', bottomRightAverage: '010203', centerAverage: '010203',
    });
  });

  it.each([
    ['webp', () => solid(400, 200, '#3f5f9e').webp({ lossless: true }).toBuffer()],
    ['gif', () => solid(400, 200, '#3f5f9e').gif().toBuffer()],
    ['png', () => solid(400, 200, '#3f5f9e').png().toBuffer()],
  ] as const)('reads %s: size and colours', async (format, make) => {
    const bytes = await make();
    expect(sniffImageFormat(bytes)).toBe(format);
    const analysis = await analyseImage(bytes, format);
    expect(analysis.dimensions).toEqual({ width: 400, height: 200 });
    expect(analysis.colorData?.centerAverage).toBe('3f5f9e');
  });

  it('flattens transparency onto white', async () => {
    const bytes = await sharp({ create: { width: 30, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    expect((await analyseImage(bytes, 'png')).colorData?.topLeftAverage).toBe('ffffff');
  });

  it('reports the displayed size of a JPEG turned by its EXIF orientation', async () => {
    const bytes = await solid(300, 100, '#a8522c').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await analyseImage(bytes, 'jpeg')).dimensions).toEqual({ width: 100, height: 300 });
    const rendition = await renderRendition(bytes, 'jpeg', 100);
    expect(await sharp(rendition.data).metadata()).toMatchObject({ width: 100, height: 300 });
  });

  it('refuses bytes a decoder of the claimed format cannot read, and does not decode huge canvases', async () => {
    const png = await solid(10, 10, '#000').png().toBuffer();
    expect(await analyseImage(Buffer.concat([png.subarray(0, 30), Buffer.alloc(50)]), 'png')).toEqual({ dimensions: null, colorData: null });
    expect(await analyseImage(png, 'jpeg')).toEqual({ dimensions: null, colorData: null });
    const bomb = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="10" height="10"/></svg>');
    expect(await analyseImage(bomb, 'svg')).toEqual({ dimensions: { width: 20000, height: 20000 }, colorData: null });
  });

  it('keeps the frames of an animated GIF when resizing it', async () => {
    const frame = (colour: string) => solid(200, 400, colour).png().toBuffer();
    const gif = await sharp([await frame('#c98a36'), await frame('#3f5f9e')], { join: { animated: true } }).gif().toBuffer();
    const rendition = await renderRendition(gif, 'gif', 100);
    const meta = await sharp(rendition.data, { animated: true }).metadata();
    expect([rendition.contentType, meta.width, meta.pageHeight, meta.pages]).toEqual(['image/gif', 100, 200, 2]);
  });
});
