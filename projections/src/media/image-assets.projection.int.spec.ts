import { imageStreamId, type ImageAssetRecord, type ImageEvent, type ImageUploaded } from '@storefront/domain';
import { describeEachDriver, testCommandContext } from '@storefront/eventstore/testing';
import { allProjections } from '../registry';
import { useProjectionHarness } from '../../testing/projection-harness';

const NOW = '2026-11-23T10:00:00.000Z';
const COLORS = { topLeftAverage: 'e9dccb', topRightAverage: 'e5d6c3', bottomLeftAverage: '8c6a4f', bottomRightAverage: '7f5f46', centerAverage: 'a47452' };

const uploaded = (id: string, over: Partial<ImageUploaded['data']> = {}): ImageEvent => ({
  type: 'ImageUploaded',
  data: {
    imageId: id, filename: `${id}.jpg`, format: 'jpeg', contentType: 'image/jpeg', originalSize: '1500x1000', mediaFocalPoint: { x: 0.5, y: 0.5 },
    colorData: COLORS, altText: '', title: 'Studio', body: '', byteLength: 2048, contentHash: id.padEnd(64, '0'), uploadedAt: NOW, ...over,
  },
});

describeEachDriver('image assets projection: given image events, then rows', (driver) => {
  const h = useProjectionHarness(driver, () => allProjections());

  const append = async (id: string, events: ImageEvent[]) => {
    const version = await h.store.streamVersion(imageStreamId(id));
    await h.store.append(imageStreamId(id), events, { streamType: 'image', expectedVersion: version === 0 ? 'no_stream' : version, command: testCommandContext() });
  };
  const row = async (id: string) =>
    (await h.db.query<{ record: ImageAssetRecord; content_hash: string; content_type: string; version: number }>(
      'SELECT record, content_hash, content_type, version FROM image_assets WHERE id = $1',
      [id],
    )).rows[0];

  it('holds the SPEC Image asset record of an uploaded image', async () => {
    await append('a1', [uploaded('a1', { filename: 'studio hero.png', format: 'png', contentType: 'image/png', originalSize: '1200x675' })]);
    await h.runner.catchUp();
    expect(await row('a1')).toEqual({
      content_hash: 'a1'.padEnd(64, '0'),
      content_type: 'image/png',
      version: 1,
      record: {
        id: 'a1', assetUrl: '/static/images/a1/studio%20hero.png', originalSize: '1200x675', mediaFocalPoint: { x: 0.5, y: 0.5 }, colorData: COLORS,
        altText: '', title: 'Studio', body: '', filename: 'studio hero.png', systemDataVariants: '1200x675,100w,300w,500w,750w,1000w',
        contentType: 'image/png', byteLength: 2048, addedOn: Date.parse(NOW),
      },
    });
  });

  it('follows detail changes across batches and deletes removed images', async () => {
    await append('a2', [uploaded('a2')]);
    await h.runner.catchUp();
    await append('a2', [
      { type: 'ImageDetailsChanged', data: { imageId: 'a2', changes: { altText: 'Wheel and kiln', mediaFocalPoint: { x: 0.2, y: 0.8 } }, changedAt: NOW } },
      { type: 'ImageDetailsChanged', data: { imageId: 'a2', changes: { title: 'The studio' }, changedAt: NOW } },
    ]);
    await h.runner.catchUp();
    const { record, version } = await row('a2');
    expect(version).toBe(3);
    expect(record).toMatchObject({ altText: 'Wheel and kiln', title: 'The studio', mediaFocalPoint: { x: 0.2, y: 0.8 } });

    await append('a3', [uploaded('a3'), { type: 'ImageRemoved', data: { imageId: 'a3', contentHash: 'a3'.padEnd(64, '0'), removedAt: NOW } }]);
    await append('a2', [{ type: 'ImageRemoved', data: { imageId: 'a2', contentHash: 'a2'.padEnd(64, '0'), removedAt: NOW } }]);
    await h.runner.catchUp();
    expect(await row('a2')).toBeUndefined();
    expect(await row('a3')).toBeUndefined();
    expect(await row('a1')).toBeDefined();
  });

  it('rebuilds identical rows from the log (verify)', async () => {
    const results = await h.runner.verify(['media']);
    expect(results.map((r) => [r.name, r.ok])).toEqual([['media', true]]);
  });
});
