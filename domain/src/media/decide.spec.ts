import type { ImageCommand, UploadImage } from './commands';
import type { ImageEvent, ImageUploaded } from './events';
import { imageDecider } from './image-decider';
import { imageAssetRecord } from './image-record';

const NOW = '2026-11-23T10:00:00.000Z';
const HASH = 'a'.repeat(64);
const COLORS = { topLeftAverage: 'aa8866', topRightAverage: 'bb9977', bottomLeftAverage: '554433', bottomRightAverage: '665544', centerAverage: 'c0a080' };

const upload = (over: Partial<UploadImage['data']> = {}): ImageCommand => ({
  type: 'UploadImage',
  data: {
    imageId: 'i1', filename: 'mug.jpg', byteLength: 123_456, format: 'jpeg', dimensions: { width: 1600, height: 1200 }, colorData: COLORS,
    contentHash: HASH, now: NOW, ...over,
  },
});
const uploaded = (over: Partial<ImageUploaded['data']> = {}): ImageEvent => ({
  type: 'ImageUploaded',
  data: {
    imageId: 'i1', filename: 'mug.jpg', format: 'jpeg', contentType: 'image/jpeg', originalSize: '1600x1200', mediaFocalPoint: { x: 0.5, y: 0.5 },
    colorData: COLORS, altText: '', title: '', body: '', byteLength: 123_456, contentHash: HASH, uploadedAt: NOW, ...over,
  },
});
const removed: ImageEvent = { type: 'ImageRemoved', data: { imageId: 'i1', contentHash: HASH, removedAt: NOW } };
const given = (events: ImageEvent[]) => events.reduce(imageDecider.evolve, imageDecider.initialState());
const decide = (events: ImageEvent[], command: ImageCommand) => imageDecider.decide(command, given(events));
const rejection = (events: ImageEvent[], command: ImageCommand) => {
  const d = decide(events, command);
  return d.ok ? 'accepted' : { code: d.error.code, message: d.error.message };
};
const change = (changes: object): ImageCommand => ({ type: 'ChangeImageDetails', data: { imageId: 'i1', changes, now: NOW } });

describe('image decide: given events, when a command, then', () => {
  it('uploads an image with the default focal point and empty texts', () => {
    expect(decide([], upload())).toEqual({ ok: true, events: [uploaded()] });
  });

  it('keeps the texts and focal point given, the last segment of a path-like name, and the media type of the recognised format', () => {
    const d = decide([], upload({
      filename: ' C:\\fakepath\\Tea Bowl.PNG ', format: 'png', altText: 'A tea bowl', title: 'Tea bowl', body: '<p>Ash glaze</p>', mediaFocalPoint: { x: 0, y: 1 },
    }));
    expect(d).toEqual({
      ok: true,
      events: [uploaded({ filename: 'Tea Bowl.PNG', format: 'png', contentType: 'image/png', altText: 'A tea bowl', title: 'Tea bowl', body: '<p>Ash glaze</p>', mediaFocalPoint: { x: 0, y: 1 } })],
    });
  });

  it.each<[string, Partial<UploadImage['data']>, string, string]>([
    ['a file over 20 MB', { filename: 'kiln.jpg', byteLength: 20_000_001 }, 'FILE_TOO_LARGE', 'The file kiln.jpg is too large. The maximum allowed file size is 20 MB.'],
    ['an unrecognised format', { filename: 'notes.pdf', format: null }, 'UNSUPPORTED_FILE', 'The file notes.pdf does not appear to be a supported file.'],
    ['bytes that do not decode', { filename: 'broken.png', dimensions: null, colorData: null }, 'UNSUPPORTED_FILE', 'The file broken.png does not appear to be a supported file.'],
    ['an empty file', { filename: 'empty.gif', byteLength: 0 }, 'UNSUPPORTED_FILE', 'The file empty.gif does not appear to be a supported file.'],
    ['too many pixels', { filename: 'huge.png', dimensions: { width: 10_000, height: 6001 }, colorData: null }, 'IMAGE_TOO_MANY_PIXELS', 'The file huge.png is too large. The maximum allowed image size is 60 megapixels.'],
    ['no file name', { filename: '  ' }, 'MISSING_FILE_NAME', 'Please enter a file name'],
    ['a name ending in a slash', { filename: 'photos/' }, 'MISSING_FILE_NAME', 'Please enter a file name'],
    ['a name over 200 characters', { filename: `${'x'.repeat(197)}.jpg` }, 'MISSING_FILE_NAME', 'Please enter a file name'],
    ['a focal point outside 0..1', { mediaFocalPoint: { x: 1.2, y: 0.5 } }, 'INVALID_FOCAL_POINT', 'A focal point needs x and y between 0 and 1.'],
    ['a title over 200 characters', { title: 't'.repeat(201) }, 'INVALID_TEXT_FIELD', 'This text is too long or not text.'],
  ])('refuses %s', (_, over, code, message) => {
    expect(rejection([], upload(over))).toEqual({ code, message });
  });

  it('checks the size before the format, so a huge unsupported file hears about its size', () => {
    expect(rejection([], upload({ byteLength: 50_000_000, format: null, dimensions: null, colorData: null }))).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('accepts exactly 20,000,000 bytes and exactly 60 megapixels', () => {
    expect(rejection([], upload({ byteLength: 20_000_000, dimensions: { width: 10_000, height: 6000 } }))).toBe('accepted');
  });

  it('refuses a second upload to the same id, also after removal', () => {
    expect(rejection([uploaded()], upload())).toMatchObject({ code: 'IMAGE_ALREADY_EXISTS' });
    expect(rejection([uploaded(), removed], upload())).toMatchObject({ code: 'IMAGE_ALREADY_EXISTS' });
  });

  it('records only the details that changed, and nothing when none did', () => {
    expect(decide([uploaded({ title: 'Mug' })], change({ title: 'Mug', altText: 'A mug', mediaFocalPoint: { x: 0.5, y: 0.5 } }))).toEqual({
      ok: true,
      events: [{ type: 'ImageDetailsChanged', data: { imageId: 'i1', changes: { altText: 'A mug' }, changedAt: NOW } }],
    });
    expect(decide([uploaded({ title: 'Mug' })], change({ title: 'Mug' }))).toEqual({ ok: true, events: [] });
    expect(decide([uploaded()], change({ mediaFocalPoint: { x: 0.25, y: 1 } }))).toMatchObject({
      ok: true, events: [{ data: { changes: { mediaFocalPoint: { x: 0.25, y: 1 } } } }],
    });
  });

  it.each([
    [{ mediaFocalPoint: { x: -0.01, y: 0.5 } }, 'INVALID_FOCAL_POINT'],
    [{ mediaFocalPoint: { x: 0.5, y: Number.NaN } }, 'INVALID_FOCAL_POINT'],
    [{ altText: 'a'.repeat(1001) }, 'INVALID_TEXT_FIELD'],
    [{ body: 'b'.repeat(20_001) }, 'INVALID_TEXT_FIELD'],
  ])('refuses details %j', (changes, code) => {
    expect(rejection([uploaded()], change(changes))).toMatchObject({ code });
  });

  it('removes an image once; a missing or removed image cannot be changed or removed', () => {
    const remove: ImageCommand = { type: 'RemoveImage', data: { imageId: 'i1', now: NOW } };
    expect(decide([uploaded()], remove)).toEqual({ ok: true, events: [removed] });
    expect(rejection([uploaded(), removed], remove)).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
    expect(rejection([], remove)).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
    expect(rejection([uploaded(), removed], change({ title: 'x' }))).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
  });

  it('evolves to the SPEC Image asset record, edits applied', () => {
    const state = given([
      uploaded({ filename: 'tea bowl.jpg', originalSize: '1200x800' }),
      { type: 'ImageDetailsChanged', data: { imageId: 'i1', changes: { altText: 'Bowl', mediaFocalPoint: { x: 0.3, y: 0.7 } }, changedAt: NOW } },
    ]);
    if (state.status !== 'active') throw new Error('expected an active image');
    expect(imageAssetRecord(state.image)).toEqual({
      id: 'i1', assetUrl: '/static/images/i1/tea%20bowl.jpg', originalSize: '1200x800', mediaFocalPoint: { x: 0.3, y: 0.7 }, colorData: COLORS,
      altText: 'Bowl', title: '', body: '', filename: 'tea bowl.jpg', systemDataVariants: '1200x800,100w,300w,500w,750w,1000w',
      contentType: 'image/jpeg', byteLength: 123_456, addedOn: Date.parse(NOW),
    });
  });
});
