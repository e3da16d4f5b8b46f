import { IMAGE_WIDTHS, type ImageAssetRecord } from '@storefront/domain';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { signIn as signInOwner } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { DEMO_IMAGE_LIST, DEMO_IMAGES, DemoMediaSeeder } from '../demo';

/** What Chromium sends with an <img>'s request. */
const BROWSER_IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
const EDITOR = { email: 'editor@example.com', password: 'a long enough password', roles: ['editor'] };
const BILLING = { email: 'billing@example.com', password: 'a long enough password', roles: ['billing'] };

type Session = { cookie: string; xsrf: string };
type Rgb = [number, number, number];

const hex = ([r, g, b]: Rgb) => [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('');

/** A picture in a 3x3 grid of flat colours: corners and centre are what colorData must report. */
async function gridImage(width: number, height: number, cells: Rgb[][], format: 'png' | 'jpeg'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = cells[Math.min(2, Math.floor((y * 3) / height))][Math.min(2, Math.floor((x * 3) / width))];
      raw.set(colour, (y * width + x) * 3);
    }
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
}

const CELLS: Rgb[][] = [
  [[192, 57, 43], [240, 230, 210], [39, 96, 146]],
  [[240, 230, 210], [201, 138, 54], [240, 230, 210]],
  [[63, 79, 47], [240, 230, 210], [94, 40, 20]],
];
const EXPECTED_COLORS = {
  topLeftAverage: hex(CELLS[0][0]),
  topRightAverage: hex(CELLS[0][2]),
  bottomLeftAverage: hex(CELLS[2][0]),
  bottomRightAverage: hex(CELLS[2][2]),
  centerAverage: hex(CELLS[1][1]),
};

/** Collects a binary response body whatever its Content-Type. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describeOnHttpDriver('media over HTTP', (driver) => {
  let t: TestApp;
  let admin: Session;
  let editor: Session;
  let billing: Session;
  let png: Buffer;
  let jpeg: Buffer;

  const signIn = (credentials: { email: string; password: string }) => signInOwner(t.server, credentials);
  const as = (who: Session, method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  const uploadRaw = (bytes: Buffer, filename: string, who: Session = editor, contentType = 'application/octet-stream') =>
    as(who, 'post', `/api/media/images?filename=${encodeURIComponent(filename)}`).set('Content-Type', contentType).send(bytes);
  const file = (path: string) => request(t.server).get(path).buffer(true).parse(binary);
  const count = async (table: string) => Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();

  async function expectNothingStored(send: () => request.Test, status: number, error: string, message: string) {
    const before = [await count('events'), await count('media_blobs')];
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error, message });
    expect([await count('events'), await count('media_blobs')]).toEqual(before);
  }

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await signIn(ADMIN);
    for (const owner of [EDITOR, BILLING]) expect((await as(admin, 'post', '/api/config/owners').send({ ...owner, currentPassword: ADMIN.password })).status).toBe(201);
    editor = await signIn(EDITOR);
    billing = await signIn(BILLING);
    png = await gridImage(300, 300, CELLS, 'png');
    jpeg = await gridImage(1200, 800, CELLS, 'jpeg');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('upload', () => {
    it('takes a PNG as the raw body and answers its Image asset record; the file is served at once', async () => {
      const res = await uploadRaw(png, 'grid tile.png');
      expect(res.status).toBe(201);
      const record = res.body as ImageAssetRecord;
      expect(record).toEqual({
        id: expect.any(String),
        assetUrl: `/static/images/${record.id}/grid%20tile.png`,
        originalSize: '300x300',
        mediaFocalPoint: { x: 0.5, y: 0.5 },
        colorData: EXPECTED_COLORS,
        altText: '',
        title: '',
        body: '',
        filename: 'grid tile.png',
        systemDataVariants: '300x300,100w,300w',
        contentType: 'image/png',
        byteLength: png.length,
        addedOn: expect.any(Number),
      });

      // Before the projection has caught up: read from the image's stream.
      const served = await file(record.assetUrl);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers.etag).toBe(`"${createHash('sha256').update(png).digest('hex')}"`);
      expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    });

    it('takes a JPEG as multipart/form-data with its details, colours averaged per region', async () => {
      const res = await as(editor, 'post', '/api/media/images')
        .attach('file', jpeg, { filename: 'Kiln – Ofen.jpg', contentType: 'image/jpeg' })
        .field('altText', 'Glaze grid')
        .field('title', 'Grid')
        .field('mediaFocalPoint', '0.25,0.75');
      expect(res.status).toBe(201);
      const record = res.body as ImageAssetRecord;
      expect(record).toMatchObject({
        originalSize: '1200x800', filename: 'Kiln – Ofen.jpg', contentType: 'image/jpeg', altText: 'Glaze grid', title: 'Grid',
        mediaFocalPoint: { x: 0.25, y: 0.75 }, systemDataVariants: '1200x800,100w,300w,500w,750w,1000w',
      });
      for (const [key, expected] of Object.entries(EXPECTED_COLORS)) {
        const actual = (record.colorData as Record<string, string>)[key];
        const channels = (h: string) => [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
        channels(actual).forEach((c, i) => expect(Math.abs(c - channels(expected)[i])).toBeLessThanOrEqual(4));
      }
    });

    it('makes a retried request with the same Idempotency-Key land on the same image, once', async () => {
      const key = randomUUID();
      const first = await uploadRaw(png, 'again.png').set('Idempotency-Key', key);
      const events = await count('events');
      const second = await uploadRaw(png, 'again.png').set('Idempotency-Key', key);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.body.id).toBe(first.body.id);
      expect(await count('events')).toBe(events);
    });

    it('refuses an unsupported file with the SPEC message and stores nothing', async () => {
      const message = 'The file notes.txt does not appear to be a supported file.';
      await expectNothingStored(() => uploadRaw(Buffer.from('just some notes'), 'notes.txt'), 415, 'UNSUPPORTED_FILE', message);
      const fakePng = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
      await expectNothingStored(
        () => as(editor, 'post', '/api/media/images').attach('file', fakePng, 'broken.png'),
        415, 'UNSUPPORTED_FILE', 'The file broken.png does not appear to be a supported file.',
      );
      await expectNothingStored(() => uploadRaw(Buffer.alloc(0), 'empty.gif'), 415, 'UNSUPPORTED_FILE', 'The file empty.gif does not appear to be a supported file.');
    });

    it('refuses a multipart text field holding a NUL character (400) and stores nothing; other control characters are kept', async () => {
      const message = 'The request body contains a NUL character (\\u0000), which is not allowed.';
      await expectNothingStored(
        () => as(editor, 'post', '/api/media/images').attach('file', jpeg, { filename: 'nul.jpg', contentType: 'image/jpeg' }).field('altText', 'Glaze\u0000grid'),
        400, 'INVALID_REQUEST', message,
      );
      await expectNothingStored(
        () => as(editor, 'post', '/api/media/images').field('title\u0000', 'x').attach('file', jpeg, { filename: 'nul.jpg', contentType: 'image/jpeg' }),
        400, 'INVALID_REQUEST', message,
      );
      const kept = await as(editor, 'post', '/api/media/images').attach('file', jpeg, { filename: 'tab.jpg', contentType: 'image/jpeg' }).field('title', 'Glaze\tgrid').expect(201);
      expect(kept.body.title).toBe('Glaze\tgrid');
    });

    it('refuses a file over 20 MB with the SPEC message and stores nothing', async () => {
      const huge = Buffer.concat([png, Buffer.alloc(20_000_001 - png.length)]);
      const message = 'The file huge.png is too large. The maximum allowed file size is 20 MB.';
      await expectNothingStored(() => uploadRaw(huge, 'huge.png'), 413, 'FILE_TOO_LARGE', message);
      await expectNothingStored(() => as(editor, 'post', '/api/media/images').attach('file', huge, 'huge.png'), 413, 'FILE_TOO_LARGE', message);
    });

    it('asks for a file name and refuses bad details', async () => {
      await expectNothingStored(() => as(editor, 'post', '/api/media/images').set('Content-Type', 'image/png').send(png), 400, 'MISSING_FILE_NAME', 'Please enter a file name');
      await expectNothingStored(
        () => as(editor, 'post', '/api/media/images?filename=a.png&mediaFocalPoint=2,0.5').set('Content-Type', 'image/png').send(png),
        400, 'INVALID_FOCAL_POINT', 'A focal point needs x and y between 0 and 1.',
      );
      const json = await as(editor, 'post', '/api/media/images?filename=a.png').send({ file: 'nope' });
      expect(json.status).toBe(400);
      expect(json.body.error).toBe('INVALID_REQUEST');
    });

    it('rasterises an SVG: served as PNG at its own size and below', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"><rect width="640" height="320" fill="#a8522c"/></svg>');
      const res = await uploadRaw(svg, 'swatch.svg', editor, 'image/svg+xml');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ originalSize: '640x320', contentType: 'image/svg+xml', colorData: { centerAverage: 'a8522c' } });
      for (const [format, width] of [['original', 640], ['500w', 500], ['750w', 640]] as const) {
        const served = await file(`${res.body.assetUrl}?format=${format}`);
        expect(served.status).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        expect((await sharp(served.body as Buffer).metadata()).width).toBe(width);
      }
    });
  });

  describe('serving', () => {
    let jpegAsset: ImageAssetRecord;

    beforeAll(async () => {
      jpegAsset = (await uploadRaw(jpeg, 'grid.jpg')).body;
      await catchUp();
    });

    it('serves each SPEC width resized, never wider than the original, with the right type', async () => {
      for (const width of IMAGE_WIDTHS) {
        const res = await file(`${jpegAsset.assetUrl}?format=${width}w`);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(res.body as Buffer).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', Math.min(width, 1200), Math.round((Math.min(width, 1200) * 800) / 1200)]);
      }
      const original = await file(`${jpegAsset.assetUrl}?format=original`);
      expect(Buffer.compare(original.body as Buffer, jpeg)).toBe(0);
    });

    it('keeps each rendition once, and answers If-None-Match with 304', async () => {
      const first = await file(`${jpegAsset.assetUrl}?format=500w`);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{64}-500w-jpeg-v\d+"$/);
      const again = await file(`${jpegAsset.assetUrl}?format=500w`);
      expect([again.headers.etag, Buffer.compare(again.body as Buffer, first.body as Buffer)]).toEqual([etag, 0]);
      expect(await count(`media_renditions WHERE content_hash = '${etag.slice(1, 65)}' AND width = 500`)).toBe(1);

      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await request(t.server).get(`${jpegAsset.assetUrl}?format=500w`).set('If-None-Match', header);
        expect(res.status).toBe(304);
        expect(res.headers.etag).toBe(etag);
        expect(res.text ?? '').toBe('');
      }
      const other = await request(t.server).get(`${jpegAsset.assetUrl}?format=300w`).set('If-None-Match', etag);
      expect(other.status).toBe(200);
      // 1500w and 2500w of a 1200 px original are the same 1200 px rendition.
      const big = [await file(`${jpegAsset.assetUrl}?format=1500w`), await file(`${jpegAsset.assetUrl}?format=2500w`)];
      expect(big[0].headers.etag).toBe(big[1].headers.etag);
    });

    it('serves each width as WebP to a browser that accepts it, cached immutable and varying by Accept', async () => {
      const webpFile = (path: string, accept = BROWSER_IMAGE_ACCEPT) => request(t.server).get(path).set('Accept', accept).buffer(true).parse(binary);
      for (const width of IMAGE_WIDTHS) {
        const [webp, jpegRendition] = [await webpFile(`${jpegAsset.assetUrl}?format=${width}w`), await file(`${jpegAsset.assetUrl}?format=${width}w`)];
        expect(webp.status).toBe(200);
        expect(webp.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept' });
        expect(webp.headers.etag).toMatch(new RegExp(`^"[0-9a-f]{64}-${Math.min(width, 1200)}w-webp-v\\d+"$`));
        expect(jpegRendition.headers).toMatchObject({ 'content-type': 'image/jpeg', vary: 'Accept' });
        expect(jpegRendition.headers.etag).not.toBe(webp.headers.etag);
        const meta = await sharp(webp.body as Buffer).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', Math.min(width, 1200), Math.round((Math.min(width, 1200) * 800) / 1200)]);
        expect((webp.body as Buffer).length).toBeLessThan((jpegRendition.body as Buffer).length);
      }
      // A browser without WebP (it sends only image/*) and a refusal of it get the original's format.
      for (const accept of ['image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5', 'image/webp;q=0, */*']) {
        expect((await webpFile(`${jpegAsset.assetUrl}?format=500w`, accept)).headers['content-type']).toBe('image/jpeg');
      }
      // The original is the file as uploaded, whoever asks: nothing to vary.
      const original = await webpFile(`${jpegAsset.assetUrl}?format=original`);
      expect([original.headers['content-type'], original.headers.vary, Buffer.compare(original.body as Buffer, jpeg)]).toEqual(['image/jpeg', undefined, 0]);
    });

    it('answers a WebP ETag with 304 only for the WebP rendition, and keeps one row per encoding', async () => {
      const webp = await request(t.server).get(`${jpegAsset.assetUrl}?format=300w`).set('Accept', BROWSER_IMAGE_ACCEPT);
      const etag = webp.headers.etag as string;
      const revalidated = await request(t.server).get(`${jpegAsset.assetUrl}?format=300w`).set('Accept', BROWSER_IMAGE_ACCEPT).set('If-None-Match', etag);
      expect([revalidated.status, revalidated.headers.etag, revalidated.headers.vary]).toEqual([304, etag, 'Accept']);
      expect((await request(t.server).get(`${jpegAsset.assetUrl}?format=300w`).set('If-None-Match', etag)).status).toBe(200);
      const formats = await t.db.query<{ format: string }>('SELECT format FROM media_renditions WHERE content_hash = $1 AND width = 300 ORDER BY format', [etag.slice(1, 65)]);
      expect(formats.rows.map((r) => r.format.replace(/-v\d+$/, ''))).toEqual(['jpeg', 'webp']);
    });

    it('serves PNG (transparency kept) and rasterised SVG as WebP too, and GIF as GIF', async () => {
      const clear = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 168, g: 82, b: 44, alpha: 0.5 } } }).png().toBuffer();
      const pngAsset = (await uploadRaw(clear, 'clear.png')).body as ImageAssetRecord;
      const svgAsset = (await uploadRaw(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><circle cx="80" cy="80" r="60" fill="#3f5f9e"/></svg>'), 'dot.svg', editor, 'image/svg+xml')).body as ImageAssetRecord;
      const gif = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#c98a36' } }).gif().toBuffer();
      const gifAsset = (await uploadRaw(gif, 'flat.gif')).body as ImageAssetRecord;
      await catchUp();
      const get = (path: string) => request(t.server).get(path).set('Accept', BROWSER_IMAGE_ACCEPT).buffer(true).parse(binary);
      for (const [asset, format, alpha] of [[pngAsset, '300w', true], [svgAsset, 'original', true], [svgAsset, '100w', true]] as const) {
        const res = await get(`${asset.assetUrl}?format=${format}`);
        expect([res.status, res.headers['content-type'], res.headers.vary]).toEqual([200, 'image/webp', 'Accept']);
        expect((await sharp(res.body as Buffer).metadata()).hasAlpha).toBe(alpha);
      }
      const animated = await get(`${gifAsset.assetUrl}?format=100w`);
      expect([animated.headers['content-type'], animated.headers.vary]).toEqual(['image/gif', undefined]);
    });

    it('answers 400 for a format that is not a SPEC width and 404 for unknown images or names', async () => {
      for (const format of ['200w', 'big', '0500w']) {
        const res = await request(t.server).get(`${jpegAsset.assetUrl}?format=${format}`);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('INVALID_IMAGE_FORMAT');
      }
      expect((await request(t.server).get(`${jpegAsset.assetUrl}?format=100w&format=300w`)).status).toBe(400);
      expect((await request(t.server).get(`/static/images/${randomUUID()}/grid.jpg`)).status).toBe(404);
      expect((await request(t.server).get(`/static/images/${jpegAsset.id}/other.jpg`)).status).toBe(404);
      expect((await request(t.server).get(`/static/images/..%2F..%2Fetc/passwd`)).status).toBe(404);
    });

    it('lists images for owners from the read model', async () => {
      const res = await as(editor, 'get', '/api/media/images');
      expect(res.status).toBe(200);
      expect((res.body.images as ImageAssetRecord[]).map((i) => i.id)).toContain(jpegAsset.id);
    });
  });

  describe('details and removal', () => {
    it('changes alt text, title, body and focal point, validating the focal point', async () => {
      const { id } = (await uploadRaw(png, 'edit.png')).body as ImageAssetRecord;
      const res = await as(editor, 'put', `/api/media/images/${id}`).send({ altText: 'A tile', title: 'Tile', body: '<p>Test</p>', mediaFocalPoint: { x: 0.1, y: 0.9 } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ altText: 'A tile', title: 'Tile', body: '<p>Test</p>', mediaFocalPoint: { x: 0.1, y: 0.9 } });
      const before = await count('events');
      const bad = await as(editor, 'put', `/api/media/images/${id}`).send({ mediaFocalPoint: { x: 0.5, y: 1.5 } });
      expect([bad.status, bad.body.error]).toEqual([400, 'INVALID_FOCAL_POINT']);
      expect(await count('events')).toBe(before);
      expect((await as(editor, 'get', `/api/media/images/${id}`)).body.title).toBe('Tile');
      expect((await as(editor, 'put', `/api/media/images/${randomUUID()}`).send({ title: 'x' })).status).toBe(404);
    });

    it('removes an image: its URL answers 404 once the read model has caught up', async () => {
      const { id, assetUrl } = (await uploadRaw(png, 'gone.png')).body as ImageAssetRecord;
      await catchUp();
      expect((await file(assetUrl)).status).toBe(200);
      expect((await as(editor, 'delete', `/api/media/images/${id}`)).status).toBe(204);
      // Public files read the read model: removal shows once the projection has caught up.
      await catchUp();
      expect((await file(assetUrl)).status).toBe(404);
      expect((await as(editor, 'delete', `/api/media/images/${id}`)).status).toBe(404);
      expect((await as(editor, 'get', `/api/media/images/${id}`)).status).toBe(404);
    });
  });

  describe('security', () => {
    it('answers 401 to anonymous owners, 403 without the XSRF header or an editor/store manager role, and stores nothing', async () => {
      await expectNothingStored(() => request(t.server).post('/api/media/images?filename=a.png').send(png), 401, 'UNAUTHENTICATED', 'Please sign in to continue.');
      await expectNothingStored(
        () => request(t.server).post('/api/media/images?filename=a.png').set('Cookie', editor.cookie).set('Content-Type', 'image/png').send(png),
        403, 'XSRF_TOKEN_INVALID', 'Your session has expired. Please reload the page and try again.',
      );
      await expectNothingStored(() => uploadRaw(png, 'a.png', billing), 403, 'FORBIDDEN', 'You do not have permission to do that.');
      expect((await request(t.server).get('/api/media/images')).status).toBe(401);
      expect((await as(billing, 'delete', `/api/media/images/${DEMO_IMAGES.kiln}`)).status).toBe(403);
      expect((await uploadRaw(png, 'admin.png', admin)).status).toBe(201);
    });
  });

  describe('demo images', () => {
    it('are seeded with the demo store, under their fixed ids, and served', async () => {
      const { rows } = await t.db.query<{ id: string; record: ImageAssetRecord }>('SELECT id, record FROM image_assets WHERE id LIKE $1', ['img-%']);
      const byId = new Map(rows.map((r) => [r.id, r.record]));
      for (const image of DEMO_IMAGE_LIST) {
        expect(byId.get(image.id)).toMatchObject({ filename: image.filename, title: image.title, originalSize: `${image.width}x${image.height}` });
      }
      expect(Object.keys(DEMO_IMAGES)).toHaveLength(DEMO_IMAGE_LIST.length);
      const hero = byId.get(DEMO_IMAGES.heroStudio)!;
      const res = await file(`${hero.assetUrl}?format=750w`);
      expect([res.status, (await sharp(res.body as Buffer).metadata()).width]).toEqual([200, 750]);
    });

    it('weigh at most 60 KB in WebP at every width a page asks for (the glaze tiles PNG was 873 KB at 1500w)', async () => {
      for (const image of DEMO_IMAGE_LIST) {
        for (const width of [500, 1500]) {
          const res = await request(t.server).get(`/static/images/${image.id}/${image.filename}?format=${width}w`).set('Accept', BROWSER_IMAGE_ACCEPT).buffer(true).parse(binary);
          expect([image.name, width, res.status, res.headers['content-type']]).toEqual([image.name, width, 200, 'image/webp']);
          expect([image.name, width, (res.body as Buffer).length < 60_000]).toEqual([image.name, width, true]);
        }
      }
    });

    it('seeds nothing again, and a removed demo image stays removed', async () => {
      const seeder = t.app.get(DemoMediaSeeder);
      expect((await as(admin, 'delete', `/api/media/images/${DEMO_IMAGES.recipeBook}`)).status).toBe(204);
      const before = [await count('events'), await count('media_blobs')];
      expect(await seeder.seed()).toBe(0);
      expect([await count('events'), await count('media_blobs')]).toEqual(before);
      expect((await as(admin, 'get', `/api/media/images/${DEMO_IMAGES.recipeBook}`)).status).toBe(404);
    });
  });
});
