import { Inject, Injectable } from '@nestjs/common';
import {
  domainError, imageDecider, imageStreamId, type ImageAssetRecord, type ImageDetails, type ImageEvent, type ImageState,
} from '@storefront/domain';
import { foldEvents, type Database, type EventStore } from '@storefront/eventstore';
import { IMAGE_ASSETS } from '@storefront/projections';
import { DATABASE, EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';

/** Ids are UUIDs or readable demo ids ('img-studio-hero'): anything else is not worth a query. */
const IMAGE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
export const isImageId = (id: string) => IMAGE_ID.test(id);

/**
 * Reading image assets. Public serving and lists read the `image_assets` read model; an id it does
 * not hold (yet) is looked up in its stream, so a file is served the moment its upload returns,
 * before the projection catches up (read-your-writes for the editor showing what it just uploaded).
 */
@Injectable()
export class ImageAssets {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** An image's state straight from its stream. */
  async state(imageId: string): Promise<ImageState> {
    if (!isImageId(imageId)) return { status: 'none' };
    const events = await this.store.readStream(imageStreamId(imageId));
    return foldEvents<ImageState, ImageEvent>(imageDecider, imageDecider.initialState(), events);
  }

  /** The image's details from its stream, or IMAGE_NOT_FOUND. */
  async require(imageId: string): Promise<ImageDetails> {
    const state = await this.state(imageId);
    if (state.status !== 'active') throw new DomainException(domainError('IMAGE_NOT_FOUND'));
    return state.image;
  }

  /**
   * IMAGE_NOT_FOUND naming the first of `ids` that is no image. One read-model query for all of
   * them; only ids it lacks (an upload the projection has not caught up with) are read from their
   * streams, so an image can be used the moment its upload returns.
   */
  async requireAll(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const { rows } = await this.db.query<{ id: string }>(`SELECT id FROM ${IMAGE_ASSETS} WHERE id = ANY($1::text[])`, [[...ids]]);
    const projected = new Set(rows.map((r) => r.id));
    for (const id of ids) {
      if (projected.has(id)) continue;
      if ((await this.state(id)).status !== 'active') throw new DomainException(domainError('IMAGE_NOT_FOUND', { imageId: id }, `There is no image with the id ${id}.`));
    }
  }

  /** The image as served: from the read model, else from its stream; null when there is none. */
  async find(imageId: string): Promise<ImageDetails | null> {
    if (!isImageId(imageId)) return null;
    const { rows } = await this.db.query<{ image: ImageDetails }>(`SELECT image FROM ${IMAGE_ASSETS} WHERE id = $1`, [imageId]);
    if (rows[0]) return rows[0].image;
    const state = await this.state(imageId);
    return state.status === 'active' ? state.image : null;
  }

  /** Every image, newest first (read model). */
  async list(): Promise<ImageAssetRecord[]> {
    const { rows } = await this.db.query<{ record: ImageAssetRecord }>(
      `SELECT record FROM ${IMAGE_ASSETS} ORDER BY (record->>'addedOn')::bigint DESC, id`,
    );
    return rows.map((r) => r.record);
  }
}
