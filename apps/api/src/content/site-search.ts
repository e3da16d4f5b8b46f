import { Inject, Injectable } from '@nestjs/common';
import type { CollectionRecord, ContentItemRecord, ProductRecord } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';
import { itemVisibleSqlAt } from './item-visibility-sql';

export type SearchResultKind = 'page' | 'post' | 'event' | 'image' | 'product';

/** One hit: the thing's own record (Content item, Collection or Product record) plus what a results list shows. */
export type SearchResult = {
  kind: SearchResultKind;
  id: string;
  title: string;
  fullUrl: string;
  /** Plain text around the matched words (escape it when rendering). */
  snippet: string;
  score: number;
  record: ContentItemRecord | CollectionRecord | ProductRecord;
};

export type SearchOptions = {
  /** At most 50; default 20. */
  limit?: number;
  /** Epoch ms for Scheduled items' visibility; defaults to the clock. */
  now?: number;
};

/** Queries longer than this are cut (a visitor's search box, not a document). */
export const SEARCH_QUERY_MAX_LENGTH = 256;

/**
 * Full-text search over the published site (projection `site`, table site_search): pages, blog
 * posts, events, gallery images and the catalog's enabled products, ranked by `ts_rank` (title
 * words weigh most, then tags and categories, then excerpt, then body). The query is read with
 * `websearch_to_tsquery`, which accepts anything a visitor types ("quoted phrases", -exclusions,
 * OR) and never fails on odd input. Locked, members-only and unpublished pages, and items not yet
 * visible, are never found.
 */
@Injectable()
export class SiteSearch {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async search(query: string, options: SearchOptions = {}): Promise<{ query: string; results: SearchResult[] }> {
    const cleaned = cleanQuery(query);
    if (cleaned === '') return { query: cleaned, results: [] };
    const limit = Math.min(50, Math.max(1, Math.floor(Number.isFinite(options.limit) ? options.limit! : 20)));
    const now = options.now ?? Date.now();
    // A page is open when visitors see it at now (the items' publish-state rule) and it is neither locked nor members-only.
    const open = (alias: string) => `${itemVisibleSqlAt('$2', `${alias}.`)} AND ${alias}.password_hash IS NULL AND NOT ${alias}.members_only`;
    const { rows } = await this.db.query<{
      kind: SearchResultKind; source_id: string; title: string; url: string; score: number; snippet: string | null;
      record: SearchResult['record'] | null;
    }>(
      `WITH q AS (SELECT websearch_to_tsquery('english', $1) AS query)
       SELECT s.kind, s.source_id, s.title, s.url, ts_rank(s.search, q.query)::float8 AS score,
              ts_headline('english', left(s.excerpt || ' ' || s.body, 5000), q.query,
                          'MaxFragments=1, MaxWords=30, MinWords=10, StartSel="", StopSel="", HighlightAll=false') AS snippet,
              CASE WHEN s.kind = 'product' THEN p.record WHEN s.kind = 'page' THEN c.record ELSE i.record END AS record
       FROM site_search s CROSS JOIN q
       LEFT JOIN site_collections c ON c.id = s.collection_id
       LEFT JOIN site_items i ON s.kind IN ('post', 'event', 'image') AND i.id = s.source_id
       LEFT JOIN catalog_products p ON s.kind = 'product' AND p.id = s.source_id
       WHERE s.search @@ q.query
         AND (
           (s.kind IN ('post', 'event', 'image') AND i.id IS NOT NULL AND c.id IS NOT NULL AND ${open('c')}
              AND ${itemVisibleSqlAt('$2', 's.')})
           OR (s.kind = 'page' AND c.id IS NOT NULL AND ${open('c')})
           OR (s.kind = 'product' AND p.enabled AND (c.id IS NULL OR ${open('c')}))
         )
       ORDER BY score DESC, s.title, s.id
       LIMIT $3`,
      [cleaned, now, limit],
    );
    return {
      query: cleaned,
      results: rows
        .filter((r) => r.record !== null)
        .map((r) => ({
          kind: r.kind, id: r.source_id, title: r.title, fullUrl: r.url, snippet: (r.snippet ?? '').trim(), score: Number(r.score), record: r.record!,
        })),
    };
  }
}

/** The query as searched: control characters (NUL included) removed, spaces collapsed, at most 256 characters. */
export function cleanQuery(query: unknown): string {
  if (typeof query !== 'string') return '';
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return query.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}
