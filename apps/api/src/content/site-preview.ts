import { Inject, Injectable } from '@nestjs/common';
import type { CollectionRecord, ContentItemRecord } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';
import { normalisePath, SiteReadModel } from './site-read-model';

const isKey = (value: string) => value.length > 0 && value.length <= 200;

/**
 * What a signed-in owner sees at a path of the published site: what a visitor sees there, else
 * the page or item whatever its publish state, so the owner app's preview frame shows a page
 * before it is published and a post or event while it is a draft (the permission table's
 * `site.view`: 'preview unpublished and locked pages'). The published site asks it for owners
 * only; responses to owners are `private` (never in a shared cache).
 */
@Injectable()
export class SitePreview {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly site: SiteReadModel,
  ) {}

  async resolvePath(path: string, options: { now?: number } = {}): Promise<{ collection: CollectionRecord; item: ContentItemRecord | null } | null> {
    const visible = await this.site.resolvePath(path, options);
    if (visible) return visible;
    const normalised = normalisePath(path);
    if (normalised === null) return null;
    const parts = normalised.split('/').filter(Boolean);
    if (parts.length > 2 || !parts.every(isKey)) return null;
    const { rows } = parts.length === 0
      ? await this.db.query<{ record: CollectionRecord }>('SELECT record FROM site_collections WHERE is_home LIMIT 1')
      : await this.db.query<{ record: CollectionRecord }>('SELECT record FROM site_collections WHERE url_path = $1', [`/${parts[0]}`]);
    const collection = rows[0]?.record;
    if (!collection) return null;
    if (parts.length < 2) return { collection, item: null };
    const items = await this.db.query<{ record: ContentItemRecord }>('SELECT record FROM site_items WHERE collection_id = $1 AND url_id = $2', [collection.id, parts[1]!]);
    const item = items.rows[0]?.record;
    return item ? { collection, item } : null;
  }
}
