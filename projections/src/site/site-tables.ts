import type {
  CollectionRecord, CollectionState, ContentItemDetails, ContentItemRecord, LayoutLink, ProductDetails, SiteLayoutState, WebsiteRecord,
  WebsiteSettingsRecord, WebsiteState,
} from '@storefront/domain';
import type { ReadModelTable } from '../runner/projection';

/**
 * The site's read models (one projection, `site`, so they move together). Readers query the views
 * named here; docs/SITE-CONTEXT.md says how a page context is built from them. Each row keeps the
 * stream version it reflects and, where the next event needs it, the folded domain state.
 */
export const SITE_WEBSITE = 'site_website';
export const SITE_HEADER_FOOTER = 'site_header_footer';
export const SITE_LAYOUT = 'site_layout';
export const SITE_NAVIGATION = 'site_navigation';
export const SITE_COLLECTIONS = 'site_collections';
export const SITE_ITEMS = 'site_items';
export const SITE_SEARCH = 'site_search';

/** One row (key 'website'): the SPEC Website record and the page context's websiteSettings. */
export type WebsiteRow = {
  key: 'website';
  website_id: string;
  website: WebsiteRecord;
  website_settings: WebsiteSettingsRecord;
  state: Extract<WebsiteState, { status: 'created' }>;
  version: number;
};
/** One row (key 'website'): SPEC 'Site header/footer' and the footer's newsletter form (null for none). */
export type HeaderFooterRow = { key: 'website'; header: string; footer: string; newsletter_form_id: string | null; version: number };
/** One row (key 'layout'): which collection is the home page, and the whole layout state. */
export type LayoutRow = { key: 'layout'; home_collection_id: string | null; state: SiteLayoutState; version: number };
/** One row per navigation ('mainNav', 'secondaryNav'): its SPEC Layout links, as the owner saved them. */
export type NavigationRow = { name: string; links: LayoutLink[]; template_id: string | null; version: number };
/**
 * One row per page or collection. `url_path` is '/<urlId>' (also for the home page, whose record's
 * fullUrl is '/'); `password_hash` is the lock screen's hash and never part of `record`.
 */
export type CollectionRow = {
  id: string;
  url_path: string;
  kind: string;
  type: number;
  /** The page's publish state and time (epoch ms); visibility is the items' rule over them. */
  workflow_state: string;
  publish_on: number | string | null;
  members_only: boolean;
  password_hash: string | null;
  is_home: boolean;
  record: CollectionRecord;
  state: Extract<CollectionState, { status: 'active' }>;
  version: number;
};
/** One row per content item in any publish state; `publish_on`/`start_date` epoch ms (pg returns bigint as text). */
export type ItemRow = {
  id: string;
  collection_id: string;
  url_id: string;
  kind: string;
  workflow_state: string;
  publish_on: number | string | null;
  start_date: number | string | null;
  position: number;
  record: ContentItemRecord;
  item: ContentItemDetails;
  version: number;
};
/**
 * One row per searchable thing: `item:<id>` (posts, events, gallery images), `page:<id>` (pages) and
 * `product:<id>` (catalog products, whose Product record is read from catalog_products at query
 * time). `search` is generated from the text columns with weights title A, tags B, excerpt C, body D.
 */
export type SearchRow = {
  id: string;
  kind: 'post' | 'event' | 'image' | 'page' | 'product';
  source_id: string;
  collection_id: string | null;
  title: string;
  tags: string;
  excerpt: string;
  body: string;
  url: string;
  workflow_state: string | null;
  publish_on: number | string | null;
  product: ProductDetails | null;
  version: number;
};

const SEARCH_VECTOR =
  "setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(tags, '')), 'B') || " +
  "setweight(to_tsvector('english', coalesce(excerpt, '')), 'C') || setweight(to_tsvector('english', coalesce(body, '')), 'D')";

export const SITE_TABLES: ReadModelTable[] = [
  {
    name: SITE_WEBSITE,
    columns: 'key text primary key, website_id text not null, website jsonb not null, website_settings jsonb not null, state jsonb not null, version integer not null',
    orderBy: ['key'],
  },
  {
    name: SITE_HEADER_FOOTER, columns: 'key text primary key, header text not null, footer text not null, newsletter_form_id text, version integer not null',
    orderBy: ['key'],
  },
  { name: SITE_LAYOUT, columns: 'key text primary key, home_collection_id text, state jsonb not null, version integer not null', orderBy: ['key'] },
  { name: SITE_NAVIGATION, columns: 'name text primary key, links jsonb not null, template_id text, version integer not null', orderBy: ['name'] },
  {
    name: SITE_COLLECTIONS,
    columns:
      'id text primary key, url_path text not null, kind text not null, type integer not null, workflow_state text not null, publish_on bigint, ' +
      'members_only boolean not null, password_hash text, is_home boolean not null, record jsonb not null, state jsonb not null, version integer not null',
    orderBy: ['id'],
  },
  {
    name: SITE_ITEMS,
    columns:
      'id text primary key, collection_id text not null, url_id text not null, kind text not null, workflow_state text not null, ' +
      'publish_on bigint, start_date bigint, position integer not null, record jsonb not null, item jsonb not null, version integer not null',
    orderBy: ['id'],
  },
  {
    name: SITE_SEARCH,
    columns:
      'id text primary key, kind text not null, source_id text not null, collection_id text, title text not null, tags text not null, ' +
      'excerpt text not null, body text not null, url text not null, workflow_state text, publish_on bigint, product jsonb, version integer not null, ' +
      `search tsvector generated always as (${SEARCH_VECTOR}) stored`,
    orderBy: ['id'],
  },
];
