import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';
import { byteaColumn, byteaParam, byteaResult, byteaValue } from './bytea';

export type StoredBlob = { contentType: string; data: Buffer };

/**
 * Uploaded originals in `media_blobs`, one row per content hash (SHA-256 of the bytes), in the same
 * PostgreSQL database as the events so every API process reads the same files, on PGlite and on a
 * server alike. Image events name the hash; the bytes never enter the log.
 */
@Injectable()
export class MediaBlobStore {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Stores the bytes under their hash; storing the same hash again changes nothing. */
  async put(contentHash: string, contentType: string, data: Uint8Array): Promise<void> {
    await this.db.query(
      `INSERT INTO media_blobs (content_hash, content_type, byte_length, data)
       VALUES ($1, $2, $3, ${byteaParam(this.db, '$4')})
       ON CONFLICT (content_hash) DO NOTHING`,
      [contentHash, contentType, data.byteLength, byteaValue(this.db, data)],
    );
  }

  async get(contentHash: string): Promise<StoredBlob | null> {
    const { rows } = await this.db.query<{ content_type: string; data: unknown }>(
      `SELECT content_type, ${byteaColumn(this.db, 'data')} FROM media_blobs WHERE content_hash = $1`,
      [contentHash],
    );
    const row = rows[0];
    return row ? { contentType: row.content_type, data: byteaResult(row.data) } : null;
  }

  async has(contentHash: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM media_blobs WHERE content_hash = $1', [contentHash]);
    return rows.length > 0;
  }
}
