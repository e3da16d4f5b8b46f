/**
 * Writes every sample page as a standalone HTML file (plus placeholder JPEGs for the images) so
 * the theme can be looked at in a browser: `test-artifacts/theme/<name>.html`. Image URLs
 * (`/static/images/…`) are rewritten to the local `images/` folder; the `?format=` query is left
 * on (file URLs ignore it).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { Theme } from '../../src/theme/theme';
import { renderPage } from './render-page';
import { IMAGES, SAMPLE_NOW, samplePages, type SampleImage } from './sample-contexts';

const ASSET_PREFIX = '/static/images/';

/** A warm placeholder in the image's proportions: a gradient, a table edge and a pot silhouette. */
function placeholderSvg(img: SampleImage, width: number, height: number): string {
  const tone = `#${img.colorData.centerAverage ?? 'a4502f'}`;
  const cx = width / 2;
  const base = height * 0.78;
  const potW = Math.min(width, height) * 0.42;
  const potH = Math.min(width, height) * 0.46;
  const left = cx - potW / 2;
  const right = cx + potW / 2;
  const top = base - potH;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4ece1"/><stop offset="1" stop-color="#e3d4bf"/></linearGradient>
    <linearGradient id="pot" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${tone}" stop-opacity="0.8"/><stop offset="0.45" stop-color="${tone}"/><stop offset="1" stop-color="#2b2420" stop-opacity="0.55"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect y="${base}" width="${width}" height="${height - base}" fill="#c9b08f"/>
  <ellipse cx="${cx}" cy="${base}" rx="${potW * 0.62}" ry="${potH * 0.07}" fill="#2b2420" opacity="0.18"/>
  <path d="M ${left} ${top} Q ${left - potW * 0.08} ${base - potH * 0.25} ${left + potW * 0.14} ${base} L ${right - potW * 0.14} ${base} Q ${right + potW * 0.08} ${base - potH * 0.25} ${right} ${top} Z" fill="url(#pot)"/>
  <ellipse cx="${cx}" cy="${top}" rx="${potW / 2}" ry="${potH * 0.08}" fill="#2b2420" opacity="0.35"/>
</svg>`;
}

async function writePlaceholder(dir: string, img: SampleImage): Promise<void> {
  const file = join(dir, 'images', img.id, img.filename);
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  const [w, h] = img.originalSize.split('x').map(Number) as [number, number];
  const scale = Math.min(1, 900 / w);
  const width = Math.round(w * scale);
  const height = Math.round(h * scale);
  const svg = Buffer.from(placeholderSvg(img, width, height));
  const out = img.filename.endsWith('.png') ? sharp(svg).png() : sharp(svg).jpeg({ quality: 78 });
  await out.toFile(file);
}

export async function writeSamplePages(theme: Theme, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  await Promise.all(Object.values(IMAGES).map((img) => writePlaceholder(dir, img)));
  const written: string[] = [];
  for (const { name, context } of samplePages()) {
    const { html, errors } = renderPage(theme, context, SAMPLE_NOW);
    if (errors.length > 0) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
    const file = join(dir, `${name}.html`);
    writeFileSync(file, html.split(`"${ASSET_PREFIX}`).join('"images/').split(` ${ASSET_PREFIX}`).join(' images/'));
    written.push(file);
  }
  return written;
}
