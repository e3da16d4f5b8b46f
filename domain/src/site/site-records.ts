import { htmlToText } from '../shared/html-text';
import { blockView, BLOCK, type Block, type BlockView } from './blocks';
import { COLLECTION_KINDS, isCollectionVisible, type CollectionDetails, type FolderBehavior } from './collection';
import { RECORD_TYPES, type CommentState, type ContentItemDetails, type EventLocation, type WorkflowState } from './content-item';
import { normaliseGalleryOptions, type GalleryOptions } from './gallery-options';
import { epochMs } from './site-limits';
import type { WebsiteState } from './website-decider';
import {
  DEFAULT_ANNOUNCEMENT_BAR, isWebsiteExpired, SITE_STATUS_VALUES, type AnnouncementBar, trialDaysLeft, WEBSITE_TYPES, type ShareButtonOptions, type SiteStatusName, type SocialAccount,
  type WebsiteSettings,
} from './website-settings';

/**
 * The records read models hold and page contexts are built from (docs/SITE-CONTEXT.md), shaped as
 * the SPEC's entities (section 3) and the template engine reads them.
 */

/** SPEC 3 'Website' plus what the page frame needs. `trialDaysLeft` is computed at read time. */
export type WebsiteRecord = {
  id: string;
  siteTitle: string;
  siteTagLine: string;
  timeZone: string;
  language: string;
  useCLDRMoneyFormat: boolean;
  siteStatus: { value: number; name: SiteStatusName };
  websiteType: number;
  /** Epoch ms or null. */
  expiration: number | null;
  trialDaysLeft: number | null;
  expired: boolean;
  commentsEnabled: boolean;
  simpleLikingEnabled: boolean;
  disqusShortname: string | null;
  shareButtonOptions: ShareButtonOptions;
  socialAccounts: SocialAccount[];
  logoImageId: string | null;
  /** Filled by whoever resolves image ids to assets (the media context); null here. */
  logoImageUrl: string | null;
  captchaSettings: { siteKey: string | null };
  /** (ours) The line across the top of every page, when enabled. */
  announcementBar: AnnouncementBar;
  /** Epoch ms */
  createdOn: number;
};

/**
 * The page context's `websiteSettings` (the engine's like/comment and quantity-input formatters read
 * it). `multipleQuantityAllowedForServices` is null while the owner has not set it: whoever builds
 * the page context fills in the environment's value (`storeSettingsOf`).
 */
export type WebsiteSettingsRecord = {
  storeSettings: { selectedCurrency: string; expressCheckout: boolean; multipleQuantityAllowedForServices: boolean | null };
  commentsEnabled: boolean;
  simpleLikingEnabled: boolean;
  disqusShortname: string | null;
};

/** The stored record; its time-dependent fields (`trialDaysLeft`, `expired`) are set by `websiteAt` when read. */
export function websiteRecord(state: Extract<WebsiteState, { status: 'created' }>): WebsiteRecord {
  const s = state.settings;
  return {
    id: state.websiteId,
    siteTitle: s.siteTitle,
    siteTagLine: s.siteTagLine,
    timeZone: s.timeZone,
    language: s.language,
    useCLDRMoneyFormat: s.useCLDRMoneyFormat,
    siteStatus: { value: SITE_STATUS_VALUES[s.siteStatus], name: s.siteStatus },
    websiteType: WEBSITE_TYPES[s.websiteType],
    expiration: s.expiration,
    trialDaysLeft: null,
    expired: false,
    commentsEnabled: s.commentsEnabled,
    simpleLikingEnabled: s.simpleLikingEnabled,
    disqusShortname: s.disqusShortname,
    shareButtonOptions: s.shareButtonOptions,
    socialAccounts: s.socialAccounts,
    logoImageId: s.logoImageId,
    logoImageUrl: null,
    captchaSettings: { siteKey: s.captchaSiteKey },
    announcementBar: s.announcementBar ?? DEFAULT_ANNOUNCEMENT_BAR,
    createdOn: epochMs(state.createdAt),
  };
}

export function websiteSettingsRecord(settings: WebsiteSettings): WebsiteSettingsRecord {
  return {
    storeSettings: {
      selectedCurrency: settings.currency,
      expressCheckout: settings.expressCheckout ?? false,
      multipleQuantityAllowedForServices: settings.multipleQuantityAllowedForServices ?? null,
    },
    commentsEnabled: settings.commentsEnabled,
    simpleLikingEnabled: settings.simpleLikingEnabled,
    disqusShortname: settings.disqusShortname,
  };
}

/** The time-dependent fields of a stored WebsiteRecord, at `nowMs`. */
export function websiteAt(record: WebsiteRecord, nowMs: number): WebsiteRecord {
  const statusName = record.siteStatus.name;
  const websiteType = (Object.keys(WEBSITE_TYPES) as (keyof typeof WEBSITE_TYPES)[]).find((k) => WEBSITE_TYPES[k] === record.websiteType) ?? 'website';
  return {
    ...record,
    trialDaysLeft: statusName === 'trial' ? trialDaysLeft(record.expiration, nowMs) : null,
    expired: isWebsiteExpired({ siteStatus: statusName, expiration: record.expiration, websiteType }, nowMs),
  };
}

/** SPEC 3 'Collection' as the page context's `collection`. */
export type CollectionRecord = {
  id: string;
  websiteId: string;
  title: string;
  navigationTitle: string;
  /** html */
  description: string;
  urlId: string;
  /** '/' for the home page, else '/<urlId>'. */
  fullUrl: string;
  /** SPEC CollectionType number. */
  type: number;
  typeName: string;
  folder: boolean;
  /** Folders: 1 index, 2 redirect, 3 none. */
  folderBehavior: FolderBehavior | null;
  itemCount: number;
  /** Pages only. */
  layout?: { blocks: BlockView[] };
  /** Galleries only: every option, out-of-range values replaced by defaults. */
  galleryOptions?: GalleryOptions;
  /** Products collections: the catalog store whose products are listed. */
  storeCollectionId?: string;
  passwordProtected: boolean;
  membersOnly: boolean;
  /**
   * Visitors see the page (its publish state, SPEC 4): Published, or Scheduled and due. Time
   * dependent: a stored record counts only Published; `collectionAt` sets it for a moment.
   */
  published: boolean;
  /** SPEC 4 'Content statuses': Draft, Scheduled, Needs Review, Private, or Published. */
  workflowState: WorkflowState;
  /** Epoch ms: when the page went out, or goes out when Scheduled. */
  publishOn: number | null;
  /** Empty when the page title stands in. */
  seoTitle: string;
  /** Empty when the description stands in. */
  seoDescription: string;
  isHome: boolean;
  pageSize: number;
  createdOn: number;
  updatedOn: number;
};

export const collectionPath = (urlId: string) => `/${urlId}`;

export function collectionRecord(
  c: CollectionDetails,
  facts: { itemCount: number; isHome: boolean; updatedAt: string; nowMs?: number },
): CollectionRecord {
  const kind = COLLECTION_KINDS[c.kind];
  return {
    id: c.id,
    websiteId: c.websiteId,
    title: c.title,
    navigationTitle: c.navigationTitle || c.title,
    description: c.description,
    urlId: c.urlId,
    fullUrl: facts.isHome ? '/' : collectionPath(c.urlId),
    type: kind.type,
    typeName: kind.typeName,
    folder: kind.folder,
    folderBehavior: c.folderBehavior,
    itemCount: facts.itemCount,
    ...(c.kind === 'page' ? { layout: { blocks: c.layout.map(blockView) } } : {}),
    ...(c.kind === 'gallery' ? { galleryOptions: normaliseGalleryOptions(c.galleryOptions) } : {}),
    ...(c.kind === 'products' && c.storeCollectionId ? { storeCollectionId: c.storeCollectionId } : {}),
    passwordProtected: c.passwordHash !== null,
    membersOnly: c.membersOnly,
    published: isCollectionVisible(c, facts.nowMs ?? Number.NEGATIVE_INFINITY),
    workflowState: c.workflowState,
    publishOn: c.publishOn,
    seoTitle: c.seoTitle,
    seoDescription: c.seoDescription,
    isHome: facts.isHome,
    pageSize: c.pageSize,
    createdOn: epochMs(c.createdAt),
    updatedOn: epochMs(facts.updatedAt),
  };
}

/** A stored collection record at `nowMs`: `published` follows its publish state then (a Scheduled page goes out on time). */
export function collectionAt(record: CollectionRecord, nowMs: number): CollectionRecord {
  const published = isCollectionVisible(record, nowMs);
  return published === record.published ? record : { ...record, published };
}

/** SPEC 3 'Content item' (and 'Event' for events) as the page context's `item` / `items`. */
export type ContentItemRecord = {
  id: string;
  collectionId: string;
  /** SPEC RecordType: text 1, image 2, event 12. */
  recordType: number;
  title: string;
  urlId: string;
  fullUrl: string;
  excerpt: string;
  body: string;
  mainImageId: string | null;
  systemDataId: string | null;
  /** Filled by whoever resolves image ids to assets (the media context); null here. */
  assetUrl: string | null;
  mainImage: { assetUrl: string } | null;
  tags: string[];
  categories: string[];
  author: { displayName: string } | null;
  addedOn: number;
  publishOn: number | null;
  updatedOn: number;
  likeCount: number;
  publicCommentCount: number;
  commentState: CommentState;
  workflowState: WorkflowState;
  sourceUrl: string | null;
  externalLink: string | null;
  passthrough: boolean;
  startDate?: number;
  endDate?: number;
  location?: EventLocation;
};

export function contentItemRecord(item: ContentItemDetails, collectionUrlPath: string): ContentItemRecord {
  return {
    id: item.id,
    collectionId: item.collectionId,
    recordType: RECORD_TYPES[item.kind],
    title: item.title,
    urlId: item.urlId,
    fullUrl: `${collectionUrlPath}/${item.urlId}`,
    excerpt: item.excerpt,
    body: item.body,
    mainImageId: item.mainImageId,
    systemDataId: item.mainImageId,
    assetUrl: null,
    mainImage: null,
    tags: item.tags,
    categories: item.categories,
    author: item.author,
    addedOn: item.addedOn,
    publishOn: item.publishOn,
    updatedOn: item.updatedOn,
    likeCount: 0,
    publicCommentCount: 0,
    commentState: item.commentState,
    workflowState: item.workflowState,
    sourceUrl: item.sourceUrl,
    externalLink: null,
    passthrough: false,
    ...(item.kind === 'event' ? { startDate: item.startDate!, endDate: item.endDate!, ...(item.location ? { location: item.location } : {}) } : {}),
  };
}

export { htmlToText };

/** The searchable text of a page's blocks (html, quotes, markdown, buttons, accordions, code). */
export function layoutText(blocks: Block[]): string {
  const parts: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string' && v.trim() !== '') parts.push(v);
  };
  for (const block of blocks) {
    const v = block.value;
    switch (block.type) {
      case BLOCK.html:
        add(htmlToText(String(v.html ?? '')));
        break;
      case BLOCK.quote:
        add(v.text);
        add(v.source);
        break;
      case BLOCK.markdown:
        add(v.markdown);
        break;
      case BLOCK.button:
        add(v.label);
        break;
      case BLOCK.image:
        add(v.altText);
        add(typeof v.caption === 'string' ? htmlToText(v.caption) : undefined);
        break;
      case BLOCK.newsletter:
        add(v.title);
        add(typeof v.description === 'string' ? htmlToText(v.description) : undefined);
        break;
      case BLOCK.accordion:
        for (const i of Array.isArray(v.items) ? (v.items as { title?: unknown; body?: unknown }[]) : []) {
          add(i.title);
          add(typeof i.body === 'string' ? htmlToText(i.body) : undefined);
        }
        break;
      default:
        break;
    }
  }
  return parts.join(' ');
}
