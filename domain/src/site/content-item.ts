import { domainError } from '../shared/error-catalogue';
import { checkLink, checkSiteTitle, checkTagsAndCategories, checkText, checkUrlId, isEpochMs, SITE_LIMITS, type Check } from './site-limits';

/** What a content item of a collection is (its SPEC RecordType follows from it). */
export type ItemKind = 'post' | 'event' | 'image';

/** SPEC 3 'RecordType' of each item kind: text 1 (posts), image 2, event 12. */
export const RECORD_TYPES: Record<ItemKind, number> = { post: 1, image: 2, event: 12 };

/** SPEC 4 'Content statuses' plus Published. Only Published (and Scheduled once due) reach visitors. */
export const WORKFLOW_STATES = ['Draft', 'Scheduled', 'Needs Review', 'Private', 'Published'] as const;
export type WorkflowState = (typeof WORKFLOW_STATES)[number];

export function isWorkflowState(value: unknown): value is WorkflowState {
  return typeof value === 'string' && (WORKFLOW_STATES as readonly string[]).includes(value);
}

/** SPEC 3 'Content item' commentState: 1 = comments open; 0 = closed. */
export type CommentState = 0 | 1;

/** SPEC 3 'Event' location. */
export type EventLocation = {
  addressTitle: string;
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  mapLat: number | null;
  mapLng: number | null;
  mapZoom: number | null;
};

/** A blog post, event or gallery image as the owner wrote it (the content item aggregate's data). */
export type ContentItemDetails = {
  id: string;
  collectionId: string;
  kind: ItemKind;
  title: string;
  urlId: string;
  /** html */
  excerpt: string;
  /** html; a gallery image's description */
  body: string;
  /** An image id of the media library (stored as given); required for gallery images. */
  mainImageId: string | null;
  tags: string[];
  categories: string[];
  author: { displayName: string } | null;
  commentState: CommentState;
  /** Posts: a link the post is about (SPEC 'sourceUrl'). */
  sourceUrl: string | null;
  /** Events: epoch ms. */
  startDate: number | null;
  endDate: number | null;
  location: EventLocation | null;
  workflowState: WorkflowState;
  /** Epoch ms: when a Published item went out, or when a Scheduled one goes out. */
  publishOn: number | null;
  /** Epoch ms */
  addedOn: number;
  updatedOn: number;
};

export type ContentItemChanges = Partial<
  Pick<
    ContentItemDetails,
    | 'title' | 'urlId' | 'excerpt' | 'body' | 'mainImageId' | 'tags' | 'categories' | 'author' | 'commentState' | 'sourceUrl'
    | 'startDate' | 'endDate' | 'location'
  >
>;

/**
 * What restoring an earlier version of an item brings back (issue 12): everything an edit changes;
 * not its publish state (whether visitors see it stays as the owner set it last).
 */
export const CONTENT_ITEM_RESTORED_FIELDS = [
  'title', 'urlId', 'excerpt', 'body', 'mainImageId', 'tags', 'categories', 'author', 'commentState', 'sourceUrl', 'startDate', 'endDate', 'location',
] as const satisfies readonly (keyof ContentItemChanges)[];

export function applyItemChanges(item: ContentItemDetails, changes: ContentItemChanges): ContentItemDetails {
  const next: ContentItemDetails = { ...item };
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

export const EMPTY_LOCATION: EventLocation = {
  addressTitle: '', addressLine1: '', addressLine2: '', addressCountry: '', mapLat: null, mapLng: null, mapZoom: null,
};

function checkLocation(location: EventLocation | null): Check {
  if (location === null) return null;
  const texts = [location.addressTitle, location.addressLine1, location.addressLine2, location.addressCountry];
  if (texts.some((t) => typeof t !== 'string' || t.length > SITE_LIMITS.titleMaxLength)) {
    return domainError('INVALID_TEXT_FIELD', { field: 'location' }, `Address lines must be text of at most ${SITE_LIMITS.titleMaxLength} characters.`);
  }
  const { mapLat, mapLng, mapZoom } = location;
  if ((mapLat === null) !== (mapLng === null)) return domainError('INVALID_LOCATION');
  if (mapLat !== null && !(typeof mapLat === 'number' && Number.isFinite(mapLat) && Math.abs(mapLat) <= 90)) return domainError('INVALID_LOCATION');
  if (mapLng !== null && !(typeof mapLng === 'number' && Number.isFinite(mapLng) && Math.abs(mapLng) <= 180)) return domainError('INVALID_LOCATION');
  if (mapZoom !== null && !(Number.isInteger(mapZoom) && mapZoom >= 0 && mapZoom <= 22)) return domainError('INVALID_LOCATION', { field: 'mapZoom' });
  return null;
}

function checkEventDates(item: ContentItemDetails): Check {
  if (item.kind !== 'event') {
    return item.startDate === null && item.endDate === null && item.location === null
      ? null
      : domainError('WRONG_COLLECTION_KIND', { field: 'startDate' }, 'Only events have dates and a location.');
  }
  if (!isEpochMs(item.startDate)) return domainError('INVALID_DATE', { field: 'startDate' });
  if (!isEpochMs(item.endDate)) return domainError('INVALID_DATE', { field: 'endDate' });
  return item.endDate < item.startDate ? domainError('INVALID_EVENT_DATES', { startDate: item.startDate, endDate: item.endDate }) : checkLocation(item.location);
}

/** Publish state and time agree: Scheduled needs a publish time; times are epoch ms. */
export function checkWorkflow(workflowState: WorkflowState, publishOn: number | null): Check {
  if (!isWorkflowState(workflowState)) return domainError('INVALID_WORKFLOW_STATE', { workflowState });
  if (publishOn !== null && !isEpochMs(publishOn)) return domainError('INVALID_DATE', { field: 'publishOn' });
  if (workflowState === 'Scheduled' && publishOn === null) return domainError('SCHEDULE_IN_PAST', { field: 'publishOn' });
  return null;
}

/** Every rule a content item must satisfy; the first broken one. */
export function validateContentItem(item: ContentItemDetails): Check {
  return (
    checkSiteTitle(item.title, { allowEmpty: item.kind === 'image' }) ||
    checkUrlId(item.urlId) ||
    checkText(item.excerpt, 'excerpt', SITE_LIMITS.excerptMaxLength) ||
    checkText(item.body, 'body', SITE_LIMITS.bodyMaxLength) ||
    checkText(item.mainImageId, 'mainImageId', SITE_LIMITS.idMaxLength) ||
    (item.kind === 'image' && !item.mainImageId ? domainError('IMAGE_REQUIRED') : null) ||
    checkTagsAndCategories(item.tags, item.categories) ||
    (item.author === null ? null : checkText(item.author.displayName, 'author.displayName', SITE_LIMITS.nameMaxLength)) ||
    (item.commentState === 0 || item.commentState === 1 ? null : domainError('INVALID_REQUEST', { field: 'commentState' }, 'commentState must be 1 (open) or 0 (closed).')) ||
    (item.sourceUrl === null ? null : checkLink(item.sourceUrl, 'sourceUrl')) ||
    checkEventDates(item) ||
    checkWorkflow(item.workflowState, item.publishOn)
  );
}

/**
 * Who sees an item, as data: states visible `always`, and states visible once their publish time
 * has come (`onceDue`: publishOn set and at or before now); any other state (Draft, Needs Review,
 * Private) never. The rule is written only here: `isItemVisible` evaluates it, and the read
 * models' SQL predicate is built from it (apps/api/src/content/item-visibility-sql.ts) over the
 * `workflow_state` and `publish_on` columns the site projection stores.
 */
export const ITEM_VISIBILITY: { readonly always: readonly WorkflowState[]; readonly onceDue: readonly WorkflowState[] } = {
  always: ['Published'],
  onceDue: ['Scheduled'],
};

/** Whether visitors see an item at `nowMs` (ITEM_VISIBILITY). */
export function isItemVisible(item: { workflowState: WorkflowState; publishOn: number | null }, nowMs: number): boolean {
  if (ITEM_VISIBILITY.always.includes(item.workflowState)) return true;
  return ITEM_VISIBILITY.onceDue.includes(item.workflowState) && item.publishOn !== null && item.publishOn <= nowMs;
}

/**
 * The publish state a "publish" request leads to: Published now (or at a past time the owner
 * gives), or Scheduled for a future time.
 */
export function publishTarget(publishOn: number | null, nowMs: number): { workflowState: WorkflowState; publishOn: number } {
  if (publishOn !== null && publishOn > nowMs) return { workflowState: 'Scheduled', publishOn };
  return { workflowState: 'Published', publishOn: publishOn ?? nowMs };
}

/** SPEC 9 'Same-day event': start and end in the same UTC year and day of year. */
export function isSameDayEvent(item: { startDate: number | null; endDate: number | null }): boolean {
  if (item.startDate === null || item.endDate === null) return false;
  return new Date(item.startDate).toISOString().slice(0, 10) === new Date(item.endDate).toISOString().slice(0, 10);
}
