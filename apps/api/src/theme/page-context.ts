/**
 * The page context as the theme reads it (docs/SITE-CONTEXT.md), typed loosely: every field the
 * templates print is listed, anything else passes through untouched. The fields the templates read
 * beyond that document are marked "(theme)" and listed in templates/README.md.
 */
import type { PageType, ProductRecord } from '@storefront/domain';
import type { ImageAsset } from './image-view';
import type { Location } from './location-view';
import type { GalleryOptions } from './gallery-view';

export type NavigationItem = { title: string; fullUrl: string; active?: boolean; folder?: boolean; newWindow?: boolean; items?: NavigationItem[] };

export type SocialAccount = { serviceName: string; userName?: string; profileUrl: string };

export type Website = {
  id?: string;
  siteTitle: string;
  siteTagLine?: string | null;
  baseUrl?: string | null;
  timeZone?: string | null;
  useCLDRMoneyFormat?: boolean;
  language?: string | null;
  commentsEnabled?: boolean;
  shareButtonOptions?: Record<string, boolean> | null;
  socialAccounts?: SocialAccount[] | null;
  logoImageUrl?: string | null;
  /** (theme) The owner's announcement bar. */
  announcementBar?: { enabled?: boolean; text?: string; url?: string | null } | null;
  [key: string]: unknown;
};

export type ContentItem = {
  id: string;
  fullUrl: string;
  urlId?: string;
  title: string;
  excerpt?: string | null;
  body?: string | null;
  recordType?: number;
  mainImageId?: string | null;
  assetUrl?: string | null;
  mainImage?: ImageAsset | null;
  tags?: string[] | null;
  categories?: string[] | null;
  author?: { displayName?: string | null } | null;
  addedOn?: number | null;
  publishOn?: number | null;
  updatedOn?: number | null;
  likeCount?: number;
  publicCommentCount?: number;
  commentState?: number;
  collectionId?: string;
  /** Events */
  startDate?: number;
  endDate?: number;
  location?: Location | null;
  /** (theme) Products: the product's images after the main image; gallery images: the image itself via originalSize. */
  items?: ImageAsset[] | null;
  originalSize?: string | null;
  altText?: string | null;
  [key: string]: unknown;
};

export type ProductItem = ProductRecord & Omit<ContentItem, keyof ProductRecord>;

export type Block = { id: string; type: number; typeName: string; value: Record<string, unknown> };

export type Collection = {
  id: string;
  title: string;
  description?: string | null;
  fullUrl: string;
  type?: number;
  typeName: string;
  layout?: { blocks: Block[] } | null;
  galleryOptions?: Partial<GalleryOptions> | null;
  [key: string]: unknown;
};

export type Pagination = {
  nextPage?: boolean;
  nextPageUrl?: string | null;
  prevPage?: boolean;
  prevPageUrl?: string | null;
  /** (theme) Item pages: the neighbouring items. */
  prevItem?: { title: string; fullUrl: string } | null;
  nextItem?: { title: string; fullUrl: string } | null;
};

export type Seo = { title?: string | null; description?: string | null; canonicalUrl?: string | null; ogImage?: string | null };

/** (theme) Lock screens: the locked page's title and path, and why the last password was refused. */
export type LockScreen = { title?: string; fullUrl?: string; error?: string };

export type PageContext = {
  pageType: PageType;
  website: Website;
  websiteSettings?: { storeSettings?: Record<string, unknown> | null; [key: string]: unknown } | null;
  navigation?: { items: NavigationItem[] } | null;
  /** (theme) The secondary navigation (SPEC 7 UpdateNavigation fieldName 'secondaryNav'), shown in the footer. */
  secondaryNavigation?: { items: NavigationItem[] } | null;
  /**
   * `newsletterFormId`: the footer's newsletter form (issue 14 part 8); `newsletter`: (theme) it as a
   * newsletter block with its form, null when there is none or the page's blocks already show it.
   */
  headerFooter?: { header?: string | null; footer?: string | null; newsletterFormId?: string | null; newsletter?: Block | null } | null;
  collection?: Collection | null;
  items?: ContentItem[] | null;
  item?: ContentItem | null;
  pagination?: Pagination | null;
  localizedStrings?: Record<string, string> | null;
  productMerchandisingContext?: Record<string, Record<string, unknown>> | null;
  /** SPEC 3 site-wide merchandisingSettings (restockNotificationsSuccessText) and (theme) restockBotCheck. */
  merchandisingSettings?: { restockNotificationsSuccessText?: string; restockBotCheck?: string } | null;
  search?: { query?: string | null; results?: ContentItem[] | null } | null;
  seo?: Seo | null;
  siteContext?: unknown;
  featureFlags?: Record<string, unknown> | null;
  lockScreen?: LockScreen | null;
  [key: string]: unknown;
};
