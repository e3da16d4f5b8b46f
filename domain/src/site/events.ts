import type { Block } from './blocks';
import type { CollectionDetails, CollectionDetailsChanges, CollectionKind, CollectionRestoreChanges } from './collection';
import type { ContentItemChanges, ContentItemDetails, WorkflowState } from './content-item';
import type { GalleryOptionsInput } from './gallery-options';
import type { LayoutLink, NavigationName } from './navigation';
import type { WebsiteSettingsChanges } from './website-settings';

/**
 * The site's events, on four kinds of stream. Type names are a stored contract: never rename them.
 *
 * - `website`: the website's identity, settings and header/footer.
 * - `site-layout`: which pages and collections exist and their unique URL ids, the navigations and
 *   the home page (one stream, so URL ids are unique across the site and links always point at
 *   collections that exist).
 * - `collection-<id>`: a page or collection's settings, layout, gallery options, lock, and the URL
 *   ids and order of its items (so item URL ids are unique in the collection and counted there).
 * - `content-item-<id>`: a blog post, event or gallery image.
 */

// Website stream

/** Issue-sized at first: identity, title, currency and time zone; settings change with WebsiteSettingsChanged. */
export type WebsiteCreated = {
  type: 'WebsiteCreated';
  data: { websiteId: string; title: string; currency: string; timeZone: string; createdAt: string };
};
/** Kept for readers written when the website stream had one event type (WebsiteCreated). */
export type SiteEvent = WebsiteCreated;

export const WEBSITE_STREAM_ID = 'website';
export const WEBSITE_STREAM_TYPE = 'website';

export type Website = WebsiteCreated['data'];

export type WebsiteSettingsChanged = { type: 'WebsiteSettingsChanged'; data: { changes: WebsiteSettingsChanges; changedAt: string } };
/**
 * SPEC 3 'Site header/footer' (html), and the newsletter form the footer shows (issue 14 part 8;
 * null for none). Events written before the footer had a newsletter have no `newsletterFormId`:
 * they leave it as it was.
 */
export type SiteHeaderFooterChanged = {
  type: 'SiteHeaderFooterChanged';
  data: { header: string; footer: string; newsletterFormId?: string | null; changedAt: string };
};

/**
 * An earlier version brought back (issue 12): the settings that differ from it and, when they
 * differ, the header and footer. A new event: history is never rewritten.
 */
export type WebsiteRestored = {
  type: 'WebsiteRestored';
  data: { restoredVersion: number; changes: WebsiteSettingsChanges; header?: string; footer?: string; newsletterFormId?: string | null; restoredAt: string };
};

export type WebsiteEvent = WebsiteCreated | WebsiteSettingsChanged | SiteHeaderFooterChanged | WebsiteRestored;
export const WEBSITE_EVENT_TYPES: WebsiteEvent['type'][] = ['WebsiteCreated', 'WebsiteSettingsChanged', 'SiteHeaderFooterChanged', 'WebsiteRestored'];

// Site layout stream

export type CollectionRegistered = {
  type: 'CollectionRegistered';
  data: { collectionId: string; kind: CollectionKind; urlId: string; registeredAt: string };
};
export type CollectionUrlIdChanged = { type: 'CollectionUrlIdChanged'; data: { collectionId: string; urlId: string; changedAt: string } };
/** The collection is gone: its URL id is free again and links to it were removed. */
export type CollectionUnregistered = { type: 'CollectionUnregistered'; data: { collectionId: string; unregisteredAt: string } };
export type NavigationUpdated = {
  type: 'NavigationUpdated';
  data: { fieldName: NavigationName; templateId: string | null; items: LayoutLink[]; updatedAt: string };
};
export type HomePageSet = { type: 'HomePageSet'; data: { collectionId: string | null; setAt: string } };

export type SiteLayoutEvent = CollectionRegistered | CollectionUrlIdChanged | CollectionUnregistered | NavigationUpdated | HomePageSet;
export const SITE_LAYOUT_EVENT_TYPES: SiteLayoutEvent['type'][] = [
  'CollectionRegistered', 'CollectionUrlIdChanged', 'CollectionUnregistered', 'NavigationUpdated', 'HomePageSet',
];

export const SITE_LAYOUT_STREAM_ID = 'site-layout';
export const SITE_LAYOUT_STREAM_TYPE = 'site-layout';

// Collection streams

/** Version 2: the collection has a publish state (`workflowState`, `publishOn`) and SEO fields instead of `published` (site/upcasters.ts). */
export type CollectionCreated = { type: 'CollectionCreated'; data: { collection: CollectionDetails }; schemaVersion: 2 };
/** Version 2: `changes` may hold `workflowState` and `publishOn` (publish, unpublish, schedule), never `published`. */
export type CollectionDetailsChanged = {
  type: 'CollectionDetailsChanged';
  data: { collectionId: string; changes: CollectionDetailsChanges; changedAt: string };
  schemaVersion: 2;
};
/** Lock screen on (a password hash) or off (null). The password itself is never recorded. */
export type CollectionPasswordChanged = {
  type: 'CollectionPasswordChanged';
  data: { collectionId: string; passwordHash: string | null; changedAt: string };
};
export type CollectionLayoutChanged = { type: 'CollectionLayoutChanged'; data: { collectionId: string; blocks: Block[]; changedAt: string } };
export type GalleryOptionsChanged = { type: 'GalleryOptionsChanged'; data: { collectionId: string; options: GalleryOptionsInput; changedAt: string } };
export type CollectionItemListed = { type: 'CollectionItemListed'; data: { collectionId: string; itemId: string; urlId: string } };
export type CollectionItemUrlIdChanged = { type: 'CollectionItemUrlIdChanged'; data: { collectionId: string; itemId: string; urlId: string } };
export type CollectionItemUnlisted = { type: 'CollectionItemUnlisted'; data: { collectionId: string; itemId: string } };
export type CollectionItemsReordered = { type: 'CollectionItemsReordered'; data: { collectionId: string; itemIds: string[]; changedAt: string } };
export type CollectionDeleted = { type: 'CollectionDeleted'; data: { collectionId: string; deletedAt: string } };
/** An earlier version brought back (issue 12): the restorable fields that differed from it. */
export type CollectionRestored = {
  type: 'CollectionRestored';
  data: { collectionId: string; restoredVersion: number; changes: CollectionRestoreChanges; restoredAt: string };
};

export type CollectionEvent =
  | CollectionCreated
  | CollectionDetailsChanged
  | CollectionPasswordChanged
  | CollectionLayoutChanged
  | GalleryOptionsChanged
  | CollectionItemListed
  | CollectionItemUrlIdChanged
  | CollectionItemUnlisted
  | CollectionItemsReordered
  | CollectionDeleted
  | CollectionRestored;
export const COLLECTION_EVENT_TYPES: CollectionEvent['type'][] = [
  'CollectionCreated', 'CollectionDetailsChanged', 'CollectionPasswordChanged', 'CollectionLayoutChanged', 'GalleryOptionsChanged',
  'CollectionItemListed', 'CollectionItemUrlIdChanged', 'CollectionItemUnlisted', 'CollectionItemsReordered', 'CollectionDeleted', 'CollectionRestored',
];

export const collectionStreamId = (collectionId: string) => `collection-${collectionId}`;
export const COLLECTION_STREAM_TYPE = 'collection';

// Content item streams

export type ContentItemCreated = { type: 'ContentItemCreated'; data: { item: ContentItemDetails } };
export type ContentItemEdited = { type: 'ContentItemEdited'; data: { itemId: string; changes: ContentItemChanges; editedAt: string } };
export type ContentItemWorkflowChanged = {
  type: 'ContentItemWorkflowChanged';
  data: { itemId: string; workflowState: WorkflowState; publishOn: number | null; changedAt: string };
};
export type ContentItemDeleted = { type: 'ContentItemDeleted'; data: { itemId: string; collectionId: string; deletedAt: string } };
/** An earlier version brought back (issue 12): the fields that differed from it. */
export type ContentItemRestored = {
  type: 'ContentItemRestored';
  data: { itemId: string; restoredVersion: number; changes: ContentItemChanges; restoredAt: string };
};

export type ContentItemEvent = ContentItemCreated | ContentItemEdited | ContentItemWorkflowChanged | ContentItemDeleted | ContentItemRestored;
export const CONTENT_ITEM_EVENT_TYPES: ContentItemEvent['type'][] = [
  'ContentItemCreated', 'ContentItemEdited', 'ContentItemWorkflowChanged', 'ContentItemDeleted', 'ContentItemRestored',
];

export const contentItemStreamId = (itemId: string) => `content-item-${itemId}`;
export const CONTENT_ITEM_STREAM_TYPE = 'content-item';
