import { IMAGE_WIDTHS } from '@storefront/domain';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';

/** What Chromium sends with an <img>'s request. */
const BROWSER_IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
/** The demo's pages with images: content blocks, a product grid and page, a gallery, posts and events. */
const PAGES = ['/', '/shop', '/shop/p/stoneware-mug', '/gallery', '/journal', '/about', '/events'];

type Img = Record<string, string>;

/** The attributes of every <img> inside <main>, in document order. */
function imagesInMain(html: string): Img[] {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return [...main.matchAll(/<img\b([^>]*)>/g)].map((m) => Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!.replace(/&amp;/g, '&')])));
}

/**
 * SPEC 4 'Image priority' and the page-weight rules on the demo site as served: every image has
 * its intrinsic size (no layout shift while it loads), a srcset over the SPEC widths with sizes,
 * and loads lazily, except the page's first image (its largest paint), which loads eagerly with
 * high fetch priority. The renditions the srcsets name are WebP for a browser.
 */
describeOnHttpDriver('demo pages: image attributes', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(PAGES)('%s: width and height on every image, srcset and sizes, only the first image eager and high priority', async (path) => {
    const res = await request(t.server).get(path);
    expect(res.status).toBe(200);
    const images = imagesInMain(res.text);
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) {
      expect([img.src, Number(img.width) > 0, Number(img.height) > 0]).toEqual([img.src, true, true]);
      expect(img.src).toMatch(/\?format=\d+w$/);
      expect(img.sizes).toBeTruthy();
      const candidates = img.srcset!.split(', ').map((c) => c.split(' '));
      expect(candidates.length).toBeGreaterThan(1);
      for (const [url, w] of candidates) {
        expect(url).toMatch(new RegExp(`\\?format=${w!.slice(0, -1)}w$`));
        expect(IMAGE_WIDTHS as readonly number[]).toContain(Number(w!.slice(0, -1)));
        // Never wider than the image itself.
        expect(Number(w!.slice(0, -1))).toBeLessThanOrEqual(Number(img.width));
      }
      expect(img.decoding).toBe('async');
    }
    const [first, ...rest] = images;
    expect([first!.loading, first!.fetchpriority]).toEqual(['eager', 'high']);
    for (const img of rest) expect([img.src, img.loading, img.fetchpriority]).toEqual([img.src, 'lazy', undefined]);
  });

  it('serves the srcset candidates of the home page as WebP, cached for a year', async () => {
    const [hero] = imagesInMain((await request(t.server).get('/')).text);
    for (const [url] of hero!.srcset!.split(', ').map((c) => c.split(' '))) {
      const res = await request(t.server).get(url!).set('Accept', BROWSER_IMAGE_ACCEPT);
      expect([url, res.status, res.headers['content-type'], res.headers['cache-control'], res.headers.vary]).toEqual([url, 200, 'image/webp', 'public, max-age=31536000, immutable', 'Accept']);
    }
  });
});
