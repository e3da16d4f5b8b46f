import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';
import { byteaColumn, byteaParam, byteaResult, byteaValue } from './bytea';
import type { Rendition } from './image-renditions';

/**
 * Resized renditions, cached in the `media_renditions` table rather than in an in-process LRU:
 *
 * - Making a rendition is the expensive part of serving (decoding a large original and resizing it
 *   takes tens to hundreds of milliseconds of CPU); a table shares each one between every API
 *   process behind the load balancer and keeps it across restarts and deploys, where a per-process
 *   cache would make it again in each process and after each start.
 * - It needs no memory bound: there are at most 7 widths per image, together about as large as the
 *   original or less, and the rows are a pure cache (any of them can be deleted and is made again).
 * - Asset URLs are immutable and answered with long-lived Cache-Control, so browsers and CDNs
 *   absorb repeat requests and the table is read only on their misses.
 *
 * Within one process, concurrent requests for the same missing rendition share one making of it.
 */
@Injectable()
export class RenditionCache {
  private readonly inFlight = new Map<string, Promise<Rendition>>();

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The cached rendition, or `make()`'s result stored for next time. */
  async getOrMake(contentHash: string, width: number, format: string, make: () => Promise<Rendition>): Promise<Rendition> {
    const cached = await this.get(contentHash, width, format);
    if (cached) return cached;
    const key = `${contentHash}:${width}:${format}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const making = (async () => {
      const rendition = await make();
      await this.put(contentHash, width, rendition);
      return rendition;
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, making);
    return making;
  }

  async get(contentHash: string, width: number, format: string): Promise<Rendition | null> {
    const { rows } = await this.db.query<{ content_type: string; data: unknown }>(
      `SELECT content_type, ${byteaColumn(this.db, 'data')} FROM media_renditions WHERE content_hash = $1 AND width = $2 AND format = $3`,
      [contentHash, width, format],
    );
    const row = rows[0];
    return row ? { format, width, contentType: row.content_type, data: byteaResult(row.data) } : null;
  }

  private async put(contentHash: string, width: number, rendition: Rendition): Promise<void> {
    await this.db.query(
      `INSERT INTO media_renditions (content_hash, width, format, content_type, data)
       VALUES ($1, $2, $3, $4, ${byteaParam(this.db, '$5')})
       ON CONFLICT (content_hash, width, format) DO NOTHING`,
      [contentHash, width, rendition.format, rendition.contentType, byteaValue(this.db, rendition.data)],
    );
  }
}
