import { Inject, Injectable } from '@nestjs/common';
import {
  collectionAt, isNavigationName, websiteAt, type CollectionRecord, type ContentItemRecord, type LayoutLink, type NavigationName, type WebsiteRecord,
  type WebsiteSettingsRecord,
} from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { DATABASE } from '../infrastructure/database/tokens';
import { itemVisibleSqlAt } from './item-visibility-sql';

/** A navigation link as a page context shows it (docs/SITE-CONTEXT.md `navigation.items`). */
export type NavigationItem = {
  title: string;
  fullUrl: string;
  /** The link leads to the page being shown, or (folders) to one of the folder's pages. */
  active: boolean;
  collectionId: string | null;
  typeName: string | null;
  folder: boolean;
  /** Folders: 1 index, 2 redirect, 3 none (SPEC FolderBehavior). */
  folderBehavior: number | null;
  externalLink: string | null;
  newWindow: boolean;
  passwordProtected: boolean;
  membersOnly: boolean;
  memberAreaId: string | null;
  items: NavigationItem[];
};

export type Pagination = {
  page: number;
  pageSize: number;
  total: number;
  nextPage: boolean;
  nextPageUrl: string | null;
  prevPage: boolean;
  prevPageUrl: string | null;
};

export type PublishedItemsOptions = {
  /** 1-based */
  page?: number;
  /** Defaults to the collection's page size; at most 100. */
  pageSize?: number;
  /** Epoch ms: Scheduled items whose publishOn ≤ now are visible. Defaults to the clock. */
  now?: number;
  tag?: string;
  category?: string;
  /** Events: 'upcoming' (ending now or later, soonest first) or 'past' (ended, latest first). */
  when?: 'upcoming' | 'past';
};

export type SitePath = { path: string; lastModified: number | null };

/** The SQL form of `isItemVisible` (domain/src/site/content-item.ts) over a row's columns, built from the domain's rule. */
const visibleAt = itemVisibleSqlAt;
/**
 * Collections a visitor sees at `now` (an SQL expression): their publish state follows the items'
 * rule (a Published page, a Scheduled one once due).
 */
const VISIBLE_COLLECTION = (now: string, alias = '') => visibleAt(now, alias);
/** Collections a visitor may open at `now` without a password or membership. */
const OPEN_COLLECTION = (alias: string, now: string) => `${VISIBLE_COLLECTION(now, alias)} AND ${alias}password_hash IS NULL AND NOT ${alias}members_only`;

const MAX_PAGE_SIZE = 100;

/**
 * What the published site reads: the site read models (projection `site`), shaped as the page
 * context (docs/SITE-CONTEXT.md) needs them. Visitors see published pages and visible items only;
 * locked and members-only pages are found (so the renderer can show the lock screen or the
 * members-only page) but are left out of listings, search and the sitemap.
 */
@Injectable()
export class SiteReadModel {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** The Website record (trial days and expiry at `now`) and the page context's websiteSettings; null before seeding. */
  async website(now = Date.now()): Promise<{ website: WebsiteRecord; websiteSettings: WebsiteSettingsRecord } | null> {
    const { rows } = await this.db.query<{ website: WebsiteRecord; website_settings: WebsiteSettingsRecord }>(
      "SELECT website, website_settings FROM site_website WHERE key = 'website'",
    );
    const row = rows[0];
    return row ? { website: websiteAt(row.website, now), websiteSettings: row.website_settings } : null;
  }

  /** SPEC 'Site header/footer' (html) and the footer's newsletter form id; empty strings and null before any are set. */
  async headerFooter(): Promise<{ header: string; footer: string; newsletterFormId: string | null }> {
    const { rows } = await this.db.query<{ header: string; footer: string; newsletter_form_id: string | null }>(
      "SELECT header, footer, newsletter_form_id FROM site_header_footer WHERE key = 'website'",
    );
    const row = rows[0];
    return row ? { header: row.header, footer: row.footer, newsletterFormId: row.newsletter_form_id ?? null } : { header: '', footer: '', newsletterFormId: null };
  }

  /** A navigation's links as stored (SPEC Layout links). */
  async navigationLinks(name: NavigationName = 'mainNav'): Promise<LayoutLink[]> {
    const { rows } = await this.db.query<{ links: LayoutLink[] }>('SELECT links FROM site_navigation WHERE name = $1', [name]);
    return rows[0]?.links ?? [];
  }

  /**
   * A navigation as the page context shows it: titles and URLs resolved from the collections, links
   * to unpublished or deleted pages left out, `active` set for `activePath` (a page, or an item
   * under it; a folder when one of its pages is).
   */
  async navigation(name: NavigationName = 'mainNav', options: { activePath?: string; now?: number } = {}): Promise<{ items: NavigationItem[] }> {
    if (!isNavigationName(name)) return { items: [] };
    const links = await this.navigationLinks(name);
    const ids = [...new Set(collectLinkIds(links))];
    const now = options.now ?? Date.now();
    const collections = new Map((await this.collectionsById(ids)).map((c) => [c.id, collectionAt(c, now)]));
    const active = options.activePath === undefined ? null : normalisePath(options.activePath);
    const resolve = (link: LayoutLink): NavigationItem | null => {
      const children = link.children.map(resolve).filter((c): c is NavigationItem => c !== null);
      if (link.externalLink !== null) {
        return {
          title: link.title ?? link.externalLink, fullUrl: link.externalLink, active: false, collectionId: null, typeName: null, folder: false,
          folderBehavior: null, externalLink: link.externalLink, newWindow: link.newWindow, passwordProtected: false, membersOnly: false,
          memberAreaId: link.memberAreaId, items: [],
        };
      }
      const c = link.collectionId === null ? undefined : collections.get(link.collectionId);
      if (!c || !c.published) return null;
      const self = active !== null && (active === c.fullUrl || active === `/${c.urlId}` || active.startsWith(`/${c.urlId}/`));
      return {
        title: link.title ?? c.navigationTitle, fullUrl: c.fullUrl, active: self || children.some((ch) => ch.active), collectionId: c.id,
        typeName: c.typeName, folder: c.folder, folderBehavior: c.folderBehavior, externalLink: null, newWindow: link.newWindow,
        passwordProtected: c.passwordProtected, membersOnly: c.membersOnly, memberAreaId: link.memberAreaId, items: children,
      };
    };
    return { items: links.map(resolve).filter((i): i is NavigationItem => i !== null) };
  }

  /** The pages linked under a folder in either navigation, in link order (for index and redirect folders). */
  async folderChildren(folderId: string, options: { now?: number } = {}): Promise<NavigationItem[]> {
    for (const name of ['mainNav', 'secondaryNav'] as const) {
      const found = (await this.navigation(name, options)).items.find((i) => i.collectionId === folderId);
      if (found) return found.items;
    }
    return [];
  }

  /** The home page, served at '/', when visitors see it at `now`. */
  async homePage(options: { now?: number } = {}): Promise<CollectionRecord | null> {
    const now = options.now ?? Date.now();
    const { rows } = await this.db.query<{ record: CollectionRecord }>(`SELECT record FROM site_collections WHERE is_home AND ${VISIBLE_COLLECTION('$1')} LIMIT 1`, [now]);
    return rows[0] ? collectionAt(rows[0].record, now) : null;
  }

  /** A published page or collection by id (visible at `now`). */
  async collection(collectionId: string, options: { now?: number } = {}): Promise<CollectionRecord | null> {
    if (!isKey(collectionId)) return null;
    const now = options.now ?? Date.now();
    const { rows } = await this.db.query<{ record: CollectionRecord }>(
      `SELECT record FROM site_collections WHERE id = $1 AND ${VISIBLE_COLLECTION('$2')}`, [collectionId, now],
    );
    return rows[0] ? collectionAt(rows[0].record, now) : null;
  }

  /**
   * The published page or collection at a path: '/' is the home page, '/about' (or '/about/') the
   * collection whose URL id is 'about'. Locked and members-only ones are returned too: check
   * `passwordProtected` / `membersOnly` before showing them.
   */
  async collectionByPath(path: string, options: { now?: number } = {}): Promise<CollectionRecord | null> {
    const normalised = normalisePath(path);
    return normalised === null ? null : this.collectionByNormalisedPath(normalised, options.now ?? Date.now());
  }

  /** The lookup itself, for a path normalisePath already decoded (decoding twice would read '%2500' as NUL). */
  private async collectionByNormalisedPath(normalised: string, now: number): Promise<CollectionRecord | null> {
    if (normalised === '/') return this.homePage({ now });
    const { rows } = await this.db.query<{ record: CollectionRecord }>(
      `SELECT record FROM site_collections WHERE url_path = $1 AND ${VISIBLE_COLLECTION('$2')}`, [normalised, now],
    );
    return rows[0] ? collectionAt(rows[0].record, now) : null;
  }

  /** A visible item of a collection by its URL id (Draft, Needs Review, Private and not-yet-due Scheduled items are not). */
  async itemByPath(collectionId: string, urlId: string, options: { now?: number } = {}): Promise<ContentItemRecord | null> {
    if (!isKey(collectionId) || !isKey(urlId)) return null;
    const { rows } = await this.db.query<{ record: ContentItemRecord }>(
      `SELECT record FROM site_items WHERE collection_id = $1 AND url_id = $2 AND ${visibleAt('$3')}`,
      [collectionId, urlId, options.now ?? Date.now()],
    );
    return rows[0]?.record ?? null;
  }

  /** A path resolved to its collection and, for '/<collection>/<item>', its visible item; null when nothing is there. */
  async resolvePath(path: string, options: { now?: number } = {}): Promise<{ collection: CollectionRecord; item: ContentItemRecord | null } | null> {
    const normalised = normalisePath(path);
    if (normalised === null) return null;
    const parts = normalised.split('/').filter(Boolean);
    if (parts.length > 2) return null;
    const collection = await this.collectionByNormalisedPath(parts.length === 0 ? '/' : `/${parts[0]}`, options.now ?? Date.now());
    if (!collection) return null;
    if (parts.length < 2) return { collection, item: null };
    const item = await this.itemByPath(collection.id, parts[1]!, options);
    return item ? { collection, item } : null;
  }

  /**
   * A page of a collection's visible items: posts newest first, events by date (upcoming soonest
   * first, past latest first, or all by start), gallery images in the owner's order.
   */
  async publishedItems(collectionId: string, options: PublishedItemsOptions = {}): Promise<{ items: ContentItemRecord[]; pagination: Pagination }> {
    const now = options.now ?? Date.now();
    const collection = await this.collection(collectionId, { now });
    const pageSize = clampInt(options.pageSize ?? collection?.pageSize ?? 20, 1, MAX_PAGE_SIZE);
    const page = clampInt(options.page ?? 1, 1, 1_000_000);
    const empty = { items: [], pagination: pagination(collection, page, pageSize, 0) };
    if (!collection) return empty;
    const params: unknown[] = [collectionId, now];
    const where = ['collection_id = $1', visibleAt('$2')];
    if (options.tag !== undefined) {
      params.push(options.tag);
      where.push(`record->'tags' ? $${params.length}`);
    }
    if (options.category !== undefined) {
      params.push(options.category);
      where.push(`record->'categories' ? $${params.length}`);
    }
    let order = 'publish_on DESC NULLS LAST, id';
    if (collection.typeName === 'gallery') order = 'position, id';
    if (collection.typeName === 'events') {
      order = 'start_date, id';
      if (options.when === 'upcoming') where.push(`(record->>'endDate')::bigint >= $2`);
      if (options.when === 'past') {
        where.push(`(record->>'endDate')::bigint < $2`);
        order = 'start_date DESC, id';
      }
    }
    params.push(pageSize, (page - 1) * pageSize);
    const { rows } = await this.db.query<{ record: ContentItemRecord; total: string | number }>(
      `SELECT record, count(*) OVER () AS total FROM site_items WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows.length > 0 ? Number(rows[0]!.total) : await this.countVisible(where, params.slice(0, -2));
    return { items: rows.map((r) => r.record), pagination: pagination(collection, page, pageSize, total) };
  }

  private async countVisible(where: string[], params: unknown[]): Promise<number> {
    const { rows } = await this.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM site_items WHERE ${where.join(' AND ')}`, params);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Every path a visitor can open, for the sitemap: open published pages and collections (folders
   * with an index page), their visible items, and the enabled products of shown stores.
   */
  async allPublishedPaths(options: { now?: number } = {}): Promise<SitePath[]> {
    const now = options.now ?? Date.now();
    const open = OPEN_COLLECTION('c.', '$1');
    const collections = await this.db.query<{ record: CollectionRecord }>(
      `SELECT c.record FROM site_collections c WHERE ${open} AND NOT (c.kind = 'folder' AND (c.record->>'folderBehavior')::int <> 1) ORDER BY c.is_home DESC, c.url_path`,
      [now],
    );
    const items = await this.db.query<{ url: string; updated: string | number }>(
      `SELECT i.record->>'fullUrl' AS url, (i.record->>'updatedOn')::bigint AS updated FROM site_items i JOIN site_collections c ON c.id = i.collection_id
       WHERE ${open} AND ${visibleAt('$1', 'i.')} ORDER BY c.url_path, i.publish_on DESC NULLS LAST, i.id`,
      [now],
    );
    const products = await this.db.query<{ url: string }>(
      `SELECT p.record->>'fullUrl' AS url FROM catalog_products p JOIN site_collections c ON c.id = p.collection_id AND c.kind = 'products'
       WHERE p.enabled AND ${open} ORDER BY p.record->>'fullUrl'`,
      [now],
    );
    return [
      ...collections.rows.map((r) => ({ path: r.record.fullUrl, lastModified: r.record.updatedOn })),
      ...items.rows.map((r) => ({ path: r.url, lastModified: Number(r.updated) })),
      ...products.rows.map((r) => ({ path: r.url, lastModified: null })),
    ];
  }

  /** Owners: every page and collection, unpublished and locked ones too, in the order they were made (`published` as of now). */
  async ownerCollections(now = Date.now()): Promise<CollectionRecord[]> {
    const { rows } = await this.db.query<{ record: CollectionRecord }>(
      `SELECT c.record FROM site_collections c LEFT JOIN site_layout l ON l.key = 'layout'
       ORDER BY (SELECT o.n FROM jsonb_array_elements_text(l.state->'order') WITH ORDINALITY AS o(id, n) WHERE o.id = c.id), c.id`,
    );
    return rows.map((r) => collectionAt(r.record, now));
  }

  /** Owners: every item of a collection in any publish state (galleries in order, the rest newest first). */
  async ownerItems(collectionId: string): Promise<ContentItemRecord[]> {
    if (!isKey(collectionId)) return [];
    const { rows } = await this.db.query<{ record: ContentItemRecord }>(
      "SELECT record FROM site_items WHERE collection_id = $1 ORDER BY position, coalesce(publish_on, (record->>'addedOn')::bigint) DESC, id",
      [collectionId],
    );
    return rows.map((r) => r.record);
  }

  private async collectionsById(ids: string[]): Promise<CollectionRecord[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.db.query<{ record: CollectionRecord }>('SELECT record FROM site_collections WHERE id = ANY($1::text[])', [ids]);
    return rows.map((r) => r.record);
  }
}

function collectLinkIds(links: LayoutLink[]): string[] {
  return links.flatMap((l) => [...(l.collectionId ? [l.collectionId] : []), ...collectLinkIds(l.children)]);
}

const isKey = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;

function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

/**
 * A request path as collections are stored: decoded, one leading slash, no trailing slash, query or
 * fragment; null when unusable (too long, not decodable, or holding a control character, which no
 * stored path has and PostgreSQL refuses as NUL).
 */
export function normalisePath(path: string): string | null {
  if (typeof path !== 'string' || path.length > 500) return null;
  let p = path.split(/[?#]/)[0]!;
  try {
    p = decodeURIComponent(p);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(p)) return null;
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

function pagination(collection: CollectionRecord | null, page: number, pageSize: number, total: number): Pagination {
  const base = collection?.fullUrl ?? '/';
  const nextPage = page * pageSize < total;
  const prevPage = page > 1;
  return {
    page, pageSize, total, nextPage, prevPage,
    nextPageUrl: nextPage ? `${base}?page=${page + 1}` : null,
    prevPageUrl: prevPage ? (page === 2 ? base : `${base}?page=${page - 1}`) : null,
  };
}
