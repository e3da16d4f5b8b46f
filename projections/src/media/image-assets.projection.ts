import {
  evolveImage, IMAGE_EVENT_TYPES, IMAGE_STREAM_PREFIX, imageAssetRecord, initialImageState, type ImageAssetRecord, type ImageDetails,
  type ImageEvent, type ImageState,
} from '@storefront/domain';
import { toDomainEvent } from '@storefront/eventstore';
import type { Projection } from '../runner/projection';
import { deleteRows, upsertRows } from '../runner/sql-batch';

/**
 * Read model `image_assets`: one row per image that exists (removed images are deleted), with the
 * SPEC 'Image asset' record as a document (`record`), the image's details as its stream says
 * (`image`, folded on by the next batch), and what serving the file needs: the content hash of the
 * stored original and its media type.
 */
export const IMAGE_ASSETS = 'image_assets';

type ImageRow = {
  id: string;
  content_hash: string;
  content_type: string;
  record: ImageAssetRecord;
  image: ImageDetails;
  version: number;
};

const imageIdOf = (streamId: string) => streamId.slice(IMAGE_STREAM_PREFIX.length);

export const imageAssetsProjection: Projection = {
  name: 'media',
  tables: [
    {
      name: IMAGE_ASSETS,
      columns:
        'id text primary key, content_hash text not null, content_type text not null, record jsonb not null, image jsonb not null, version integer not null',
      orderBy: ['id'],
    },
  ],
  eventTypes: IMAGE_EVENT_TYPES,
  async apply(events, { tx, table }) {
    if (events.length === 0) return;
    const ids = [...new Set(events.map((e) => imageIdOf(e.streamId)))];
    const existing = await tx.query<{ id: string; image: ImageDetails; version: number }>(
      `SELECT id, image, version FROM ${table(IMAGE_ASSETS)} WHERE id = ANY($1::text[])`,
      [ids],
    );
    const states = new Map<string, { state: ImageState; version: number; touched: boolean }>();
    for (const row of existing.rows) states.set(row.id, { state: { status: 'active', image: row.image }, version: row.version, touched: false });

    for (const event of events) {
      const id = imageIdOf(event.streamId);
      const entry = states.get(id) ?? { state: initialImageState(), version: 0, touched: false };
      // Replays after a crash never re-apply: the checkpoint moves with the rows, but stay idempotent anyway.
      if (event.streamPosition <= entry.version) continue;
      states.set(id, { state: evolveImage(entry.state, toDomainEvent<ImageEvent>(event)), version: event.streamPosition, touched: true });
    }

    const upserts: ImageRow[] = [];
    const deletes: { id: string }[] = [];
    for (const [id, { state, version, touched }] of states) {
      if (!touched) continue;
      if (state.status === 'active') {
        const image = state.image;
        upserts.push({ id, content_hash: image.contentHash, content_type: image.contentType, record: imageAssetRecord(image), image, version });
      } else {
        deletes.push({ id });
      }
    }
    await deleteRows(tx, table(IMAGE_ASSETS), ['id'], deletes);
    await upsertRows(tx, table(IMAGE_ASSETS), upserts, ['id']);
  },
};
