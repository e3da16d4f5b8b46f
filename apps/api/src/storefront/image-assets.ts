import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';
import type { ImageAsset } from '../theme';

/** Image assets (the media context's `image_assets` read model) by id, for page contexts. */
@Injectable()
export class ImageAssets {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async byIds(ids: (string | null | undefined)[]): Promise<Map<string, ImageAsset>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];
    if (wanted.length === 0) return new Map();
    const { rows } = await this.db.query<{ id: string; record: ImageAsset }>('SELECT id, record FROM image_assets WHERE id = ANY($1::text[])', [wanted]);
    return new Map(rows.map((r) => [r.id, r.record]));
  }
}
