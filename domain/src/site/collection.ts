import { domainError } from '../shared/error-catalogue';
import { checkLayout, type Block } from './blocks';
import { checkWorkflow, isItemVisible, type ItemKind, type WorkflowState } from './content-item';
import { checkGalleryOptions, type GalleryOptionsInput } from './gallery-options';
import { checkSiteTitle, checkText, checkUrlId, notAnOption, SITE_LIMITS, type Check } from './site-limits';


/**
 * The kinds of collection an owner creates, with their SPEC CollectionType numbers: page 10; blog
 * and events are generic 1 told apart by typeName; gallery is slide-gallery 15; products 13 (the
 * catalog's store); a folder is generic 1 with `folder: true`.
 */
export const COLLECTION_KINDS = {
  page: { type: 10, typeName: 'page', folder: false, itemKind: null, userOrderable: false },
  blog: { type: 1, typeName: 'blog', folder: false, itemKind: 'post', userOrderable: false },
  events: { type: 1, typeName: 'events', folder: false, itemKind: 'event', userOrderable: false },
  gallery: { type: 15, typeName: 'gallery', folder: false, itemKind: 'image', userOrderable: true },
  products: { type: 13, typeName: 'products', folder: false, itemKind: null, userOrderable: false },
  folder: { type: 1, typeName: 'folder', folder: true, itemKind: null, userOrderable: false },
} as const satisfies Record<string, { type: number; typeName: string; folder: boolean; itemKind: ItemKind | null; userOrderable: boolean }>;

export type CollectionKind = keyof typeof COLLECTION_KINDS;
export const COLLECTION_KIND_NAMES = Object.keys(COLLECTION_KINDS) as CollectionKind[];

export function isCollectionKind(value: unknown): value is CollectionKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(COLLECTION_KINDS, value);
}

/** SPEC 3 'FolderBehavior': index 1, redirect 2, none 3. */
export const FOLDER_BEHAVIORS = { index: 1, redirect: 2, none: 3 } as const;
export type FolderBehavior = (typeof FOLDER_BEHAVIORS)[keyof typeof FOLDER_BEHAVIORS];

export const DEFAULT_PAGE_SIZE = 20;

/** How many items a collection of this kind may hold (SPEC 9: 250 in a user-orderable collection). */
export function itemLimit(kind: CollectionKind): number {
  return COLLECTION_KINDS[kind].userOrderable ? SITE_LIMITS.itemsPerUserOrderableCollection : SITE_LIMITS.itemsPerDatedCollection;
}

/** A page or collection of the site as the owner set it up (the collection aggregate's data). */
export type CollectionDetails = {
  id: string;
  websiteId: string;
  kind: CollectionKind;
  title: string;
  /** Shown in navigation; empty means the title. */
  navigationTitle: string;
  /** html */
  description: string;
  urlId: string;
  /** Folders only (1 index, 2 redirect, 3 none); null for the rest. */
  folderBehavior: FolderBehavior | null;
  /** SPEC 2: 'this page is available only to site members'. */
  membersOnly: boolean;
  /**
   * SPEC 4 'Content statuses' for a page, as for items: Draft, Scheduled, Needs Review, Private or
   * Published. Visitors see a Published page, and a Scheduled one once `publishOn` has come
   * (ITEM_VISIBILITY); the other states hide it.
   */
  workflowState: WorkflowState;
  /** Epoch ms: when a Published page went out, or when a Scheduled one goes out. */
  publishOn: number | null;
  /** The page's title for search engines and the browser tab; empty means the page title. */
  seoTitle: string;
  /** The page's description for search engines; empty means one made from the description. */
  seoDescription: string;
  /** Items per list page (blog, events, gallery, products). */
  pageSize: number;
  /** Products collections: the catalog store (products collection) whose products it shows. */
  storeCollectionId: string | null;
  /** Lock screen: a password hash (never the password); null when the page is not locked. */
  passwordHash: string | null;
  /** Pages: the blocks of the page's layout, in order. */
  layout: Block[];
  /** Galleries: the gallery options as the owner set them (normalised on read). */
  galleryOptions: GalleryOptionsInput;
  createdAt: string;
};

/** Fields "edit page settings" may change. */
export type CollectionDetailsChanges = Partial<
  Pick<
    CollectionDetails,
    | 'title' | 'navigationTitle' | 'description' | 'urlId' | 'folderBehavior' | 'membersOnly' | 'pageSize' | 'seoTitle' | 'seoDescription'
    | 'workflowState' | 'publishOn'
  >
>;

/**
 * What restoring an earlier version brings back (issue 12): the page's content and settings. Not its
 * lock, visibility or members-only setting (who may see it stays as the owner set it last), nor its
 * items (each is its own aggregate, with its own history).
 */
export const COLLECTION_RESTORED_FIELDS = ['title', 'navigationTitle', 'description', 'urlId', 'folderBehavior', 'pageSize', 'seoTitle', 'seoDescription', 'layout', 'galleryOptions'] as const;
export type CollectionRestoreChanges = Partial<Pick<CollectionDetails, (typeof COLLECTION_RESTORED_FIELDS)[number]>>;

/** Whether visitors see the page at `nowMs`: the items' rule (ITEM_VISIBILITY) over its status. */
export function isCollectionVisible(c: Pick<CollectionDetails, 'workflowState' | 'publishOn'>, nowMs: number): boolean {
  return isItemVisible(c, nowMs);
}

export function applyCollectionChanges(collection: CollectionDetails, changes: CollectionDetailsChanges): CollectionDetails {
  const next: CollectionDetails = { ...collection };
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

/** Every rule a collection's details must satisfy; the first broken one. */
export function validateCollection(c: CollectionDetails): Check {
  if (!isCollectionKind(c.kind)) return notAnOption(String(c.kind), 'kind');
  const kind = COLLECTION_KINDS[c.kind];
  return (
    checkSiteTitle(c.title) ||
    checkSiteTitle(c.navigationTitle, { allowEmpty: true }) ||
    checkText(c.description, 'description', SITE_LIMITS.descriptionMaxLength) ||
    checkText(c.seoTitle, 'seoTitle', SITE_LIMITS.titleMaxLength) ||
    checkText(c.seoDescription, 'seoDescription', SITE_LIMITS.seoDescriptionMaxLength) ||
    checkUrlId(c.urlId) ||
    checkWorkflow(c.workflowState, c.publishOn) ||
    (kind.folder
      ? c.folderBehavior === 1 || c.folderBehavior === 2 || c.folderBehavior === 3 ? null : notAnOption(String(c.folderBehavior), 'folderBehavior')
      : c.folderBehavior === null ? null : domainError('WRONG_COLLECTION_KIND', { field: 'folderBehavior' }, 'Only folders have a folder behavior.')) ||
    (Number.isInteger(c.pageSize) && c.pageSize >= 1 && c.pageSize <= SITE_LIMITS.pageSizeMax
      ? null
      : domainError('INVALID_REQUEST', { field: 'pageSize' }, `pageSize must be a whole number from 1 to ${SITE_LIMITS.pageSizeMax}.`)) ||
    (c.kind === 'products'
      ? c.storeCollectionId ? null : domainError('STORE_NOT_FOUND', { field: 'storeCollectionId' })
      : c.storeCollectionId === null ? null : domainError('WRONG_COLLECTION_KIND', { field: 'storeCollectionId' }, 'Only products collections show a store.')) ||
    (c.kind === 'page' || c.layout.length === 0 ? checkLayout(c.layout) : domainError('WRONG_COLLECTION_KIND', { field: 'layout' }, 'Only pages have a layout of blocks.')) ||
    (c.kind === 'gallery' || Object.keys(c.galleryOptions).length === 0
      ? checkGalleryOptions(c.galleryOptions)
      : domainError('WRONG_COLLECTION_KIND', { field: 'galleryOptions' }, 'Only galleries have gallery options.')) ||
    (c.passwordHash === null || (typeof c.passwordHash === 'string' && c.passwordHash.length > 0 && c.passwordHash.length <= 1000)
      ? null
      : domainError('PAGE_PASSWORD_INVALID'))
  );
}

/** A page password as typed by the owner (it is hashed before any command carries it). */
export function checkPagePassword(password: string): Check {
  return typeof password === 'string' && password.length >= 1 && password.length <= SITE_LIMITS.passwordMaxLength ? null : domainError('PAGE_PASSWORD_INVALID');
}
