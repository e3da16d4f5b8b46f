/**
 * The one call the page builder makes before rendering: a copy of the page context with what the
 * templates cannot compute themselves (the JSON-T language has no arithmetic over dates, no
 * srcset building, no money conversion). Pure: time arrives as `now`, the input is not changed.
 *
 * First, every field the templates print as raw html (header, footer, descriptions, bodies,
 * excerpts, block html, captions, embeds) is passed through the allow-list sanitizer
 * (`safe-html.ts`), so nothing a contributor stored can add script to a page.
 *
 * Adds:
 * - `featureFlags.useCLDRMoneyFormat` from `website.useCLDRMoneyFormat`: the engine's money
 *   formatters read this path (not `website`) to print '$42.00' rather than a bare '42.00';
 * - `websiteSettings.commentsEnabled` from `website.commentsEnabled`: the engine's `comments?`
 *   predicate reads this path and treats comments as off when `websiteSettings` lacks it;
 * - `theme`: page-level values (`isHome`, `hasStore`, `year`, `ogType`, `gallery`, `events`,
 *   `errorTitle` on the error page);
 * - `view` on every content item (`items[]`, `item`, `search.results[]`, summary and product
 *   blocks): image attributes, summary text, relative time, event dates, location, pricing,
 *   add-to-cart and restock data, share links, tag and category links;
 * - on blocks: `value.imageView` (image), `value.imageViews` and `value.gallery` (gallery),
 *   `value.locationView` (map), `likertLabels` on each likert field of `value.form` (form).
 */
import { DEFAULT_RESTOCK_SUCCESS_TEXT, DEFAULT_TIME_ZONE, ERROR_MESSAGES, isSoldOut, isValidTimeZone, PAGE_TYPES, STRINGS, type ProductRecord } from '@storefront/domain';
import { commerceView, type CommerceInput } from './commerce-view';
import { eventDateView, type EventDateView } from './event-date-view';
import { galleryView, type GalleryOptions, type GalleryView } from './gallery-view';
import { imageView, parseOriginalSize, servedWidths, type ImageAsset, type ImagePriority, type ImageView } from './image-view';
import { locationView, type Location, type LocationView } from './location-view';
import type { Block, ContentItem, NavigationItem, PageContext } from './page-context';
import { addToCartView, POPOVER_THUMB_SIZES, pricingView, productView, type AddToCartView, type PricingView, type ProductSource, type ProductView } from './product-view';
import { relativeTime } from './relative-time';
import { absoluteUrl, shareLinks, type ShareLink } from './share-links';
import { sanitizePageHtml } from './safe-html';
import { socialLinks, type SocialLinkView } from './social-links';
import { textFromHtml, truncate } from './text';

/** `sizes` for each place an image appears, matching the stylesheet's layout (content column 1120px, phone ≤ 432px). */
export const IMAGE_SIZES = {
  hero: '(max-width: 432px) 100vw, 760px',
  postCard: '(max-width: 432px) 100vw, (max-width: 900px) 40vw, 420px',
  eventCard: '(max-width: 432px) 100vw, 280px',
  productCard: '(max-width: 432px) 50vw, (max-width: 900px) 33vw, 360px',
  productMain: '(max-width: 432px) 100vw, (max-width: 900px) 50vw, 600px',
  block: '(max-width: 432px) 100vw, 1120px',
  summaryCard: '(max-width: 432px) 100vw, 360px',
  searchThumb: '120px',
} as const;

export const RECORD_TYPES = { text: 1, image: 2, storeItem: 11, event: 12 } as const;

export type LinkView = { label: string; url: string };

export type RestockView = {
  productId: string;
  ctaText: string;
  buttonText: string;
  placeholderText: string;
  mailingListDescription: string;
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
  /** Shown at once only when the whole product is sold out; the island shows it per variant otherwise. */
  hidden: boolean;
  /** JSON of restockNotificationViews for the island, each with its variant's sku (the islands' choice names variants by sku). */
  viewsJson: string;
  /** SPEC 3 merchandisingSettings.restockNotificationsSuccessText (default 'Signed up!'). */
  successText: string;
  /** (theme) The bot check the sign-up endpoint asks for: 'none', 'altcha' or 'recaptcha'. */
  botCheck: string;
};

export type ItemView = {
  image: ImageView | null;
  /** Products: every image (main first), for the product page. */
  images: ImageView[];
  /** Largest served rendition, for a lightbox or a full-size link. */
  fullSrc: string;
  /** Plain text: the excerpt, else the body, truncated at 100 characters. */
  summary: string;
  /** 'Post', 'Product', 'Event', 'Image' or 'Page' (search results). */
  typeLabel: string;
  relativeTime: string;
  publishedIso: string;
  /** 'November 18, 2026' in the website's time zone. */
  publishedDate: string;
  dates: EventDateView | null;
  location: LocationView | null;
  pricing: PricingView | null;
  /** Products: price, mark, options, quantity, scarcity, installments and the islands' JSON (product-view.ts). */
  product: ProductView | null;
  addToCart: AddToCartView | null;
  restock: RestockView | null;
  share: ShareLink[];
  tagLinks: LinkView[];
  categoryLinks: LinkView[];
};

/** One image of a gallery page or gallery block, as the `gallery-view` partial prints it. */
export type GallerySlide = {
  id: string;
  title: string;
  /** html */
  description: string;
  /** The item page (gallery pages); '' for blocks. */
  link: string;
  image: ImageView;
  fullSrc: string;
  /** A 300w rendition for the thumbnail strip. */
  thumbSrc: string;
};

/** A gallery's options (GalleryView) with its DOM id, accessible name and slides. */
export type GalleryPageView = GalleryView & { domId: string; label: string; count: number; slides: GallerySlide[] };

export type ThemeView = {
  isHome: boolean;
  /** False when an html block of the page brings its own h1 (one h1 per page). */
  showPageTitle: boolean;
  social: SocialLinkView[];
  hasStore: boolean;
  year: number;
  ogType: 'website' | 'article' | 'product';
  gallery: GalleryPageView | null;
  events: { upcoming: ContentItem[]; past: ContentItem[] } | null;
  /** The announcement bar when the owner switched it on (text, optional link). */
  announcement: { text: string; url: string | null } | null;
  /** The error page's (type 101) heading: SPEC 8 'Something went wrong' (ERROR_MESSAGES.INTERNAL). */
  errorTitle?: string;
};

export type DecoratedPageContext = PageContext & { theme: ThemeView; featureFlags: Record<string, unknown> };

type Env = {
  now: number;
  timeZone: string;
  locale: string;
  context: PageContext;
};

type ViewOptions = {
  sizes: string;
  priority?: ImagePriority;
  page?: boolean;
  /** Products: where the product is shown and the key its islands share (default: a grid card). */
  product?: { source: ProductSource; key: string };
};

/**
 * A grid card's added-item popover thumbnail (a grid adds only a product's one variant): that
 * variant's own image when the page resolved it (`variantImages` by SKU), else the main image.
 */
function popoverThumb(item: ContentItem, product: ProductRecord, main: ImageAsset | null): ImageView | null {
  const variants = product.structuredContent.variants;
  const own = variants.length === 1 ? (item as { variantImages?: Record<string, ImageAsset> }).variantImages?.[variants[0]!.sku] : undefined;
  const asset = own ?? main;
  return asset ? imageView(asset, { sizes: POPOVER_THUMB_SIZES }) : null;
}

function mainAsset(item: ContentItem): ImageAsset | null {
  if (item.mainImage && typeof item.mainImage.assetUrl === 'string') return item.mainImage;
  if (typeof item.assetUrl === 'string' && item.assetUrl !== '') {
    // A gallery image item is itself the asset.
    return {
      assetUrl: item.assetUrl,
      originalSize: item.originalSize ?? null,
      altText: item.altText ?? null,
      title: item.title,
      body: item.body ?? null,
      mediaFocalPoint: (item as { mediaFocalPoint?: ImageAsset['mediaFocalPoint'] }).mediaFocalPoint ?? null,
    };
  }
  return null;
}

function largestSrc(asset: ImageAsset | null): string {
  if (!asset) return '';
  const size = parseOriginalSize(asset.originalSize);
  const widths = size ? servedWidths(size.width) : [];
  const w = widths[widths.length - 1];
  return w !== undefined ? `${asset.assetUrl}?format=${w}w` : asset.assetUrl;
}

function typeLabel(item: ContentItem): string {
  switch (item.recordType) {
    case RECORD_TYPES.text:
      return 'Post';
    case RECORD_TYPES.image:
      return 'Image';
    case RECORD_TYPES.storeItem:
      return 'Product';
    case RECORD_TYPES.event:
      return 'Event';
    default:
      return 'Page';
  }
}

/** A store item carrying the catalog's Product record (its structuredContent): what pricing and add-to-cart read. */
const isProduct = (item: ContentItem): item is ContentItem & ProductRecord =>
  item.recordType === RECORD_TYPES.storeItem && typeof item.structuredContent === 'object';

const isEvent = (item: ContentItem): boolean =>
  typeof item.startDate === 'number' && typeof item.endDate === 'number' && (item.recordType === RECORD_TYPES.event || item.recordType === undefined);

type MerchandisingSettings = { restockNotificationsSuccessText?: unknown; restockBotCheck?: unknown } | null | undefined;

function restockView(product: ProductRecord, merch: Record<string, unknown> | undefined, settings: MerchandisingSettings): RestockView | null {
  const views = merch?.restockNotificationViews;
  if (!merch || !Array.isArray(views) || views.length === 0) return null;
  const messages = (merch.restockNotificationMessages ?? {}) as Record<string, string | undefined>;
  return {
    productId: product.id,
    ctaText: messages.CTAText || STRINGS.restockNotification.CTAText,
    buttonText: messages.buttonText || STRINGS.restockNotification.buttonText,
    placeholderText: messages.placeholderText || STRINGS.restockNotification.placeholderText,
    mailingListDescription: messages.mailingListDescription || STRINGS.restockNotification.mailingListDescription,
    mailingListSignUpEnabled: merch.mailingListSignUpEnabled === true,
    mailingListOptInByDefault: merch.mailingListOptInByDefault === true,
    hidden: !isSoldOut(product),
    viewsJson: JSON.stringify(
      (views as { variantId?: unknown }[]).map((v) => ({ ...v, sku: product.structuredContent.variants.find((variant) => variant.id === v.variantId)?.sku ?? null })),
    ),
    successText: typeof settings?.restockNotificationsSuccessText === 'string' && settings.restockNotificationsSuccessText ? settings.restockNotificationsSuccessText : DEFAULT_RESTOCK_SUCCESS_TEXT,
    botCheck: typeof settings?.restockBotCheck === 'string' ? settings.restockBotCheck : 'none',
  };
}

function filterLinks(base: string, key: 'tag' | 'category', values: string[] | null | undefined): LinkView[] {
  if (!Array.isArray(values)) return [];
  return values.map((label) => ({ label, url: `${base}?${key}=${encodeURIComponent(label)}` }));
}

function itemView(item: ContentItem, env: Env, options: ViewOptions): ItemView {
  const asset = mainAsset(item);
  const fallbackAlt = item.title;
  const image = asset ? imageView(asset, { sizes: options.sizes, priority: options.priority, fallbackAlt }) : null;
  const product = isProduct(item) ? item : null;
  const images: ImageView[] = [];
  // The product's images (main first): every one on its page and in a product block (the variant's
  // image is shown there), the main one only in a grid.
  const productImages: { view: ImageView; asset: ImageAsset }[] = [];
  const source = options.product?.source ?? 'plp';
  if (product && (options.page || source === 'product_block' || source === 'add-on')) {
    const extra = Array.isArray(item.items) ? item.items.filter((a) => a && typeof a.assetUrl === 'string') : [];
    [asset, ...extra].forEach((a, i) => {
      if (!a) return;
      const view = options.page
        ? imageView(a, { sizes: IMAGE_SIZES.productMain, priority: i === 0 ? 'high' : undefined, fallbackAlt })
        : i === 0 && image ? image : imageView(a, { sizes: options.sizes, fallbackAlt });
      productImages.push({ view, asset: a });
      if (options.page) images.push(view);
    });
  }
  const published = item.publishOn ?? item.addedOn ?? null;
  const summarySource = item.excerpt || item.body || (item as { description?: string }).description || '';
  const { website, localizedStrings, productMerchandisingContext, collection } = env.context;
  const listUrl = collection?.fullUrl ?? '';
  return {
    image,
    images,
    fullSrc: largestSrc(asset),
    summary: truncate(textFromHtml(summarySource)),
    typeLabel: typeLabel(item),
    relativeTime: typeof published === 'number' ? relativeTime(published, env.now) : '',
    publishedIso: typeof published === 'number' ? new Date(published).toISOString() : '',
    publishedDate: typeof published === 'number' ? longDate(published, env) : '',
    dates: isEvent(item) ? eventDateView({ startDate: item.startDate!, endDate: item.endDate! }, env.timeZone, env.locale) : null,
    location: locationView(item.location as Location | null | undefined),
    pricing: product ? pricingView(product) : null,
    product: product
      ? productView(product, {
          source,
          key: options.product?.key ?? `plp-${product.id}`,
          strings: localizedStrings,
          storeSettings: env.context.websiteSettings?.storeSettings as { selectedCurrency?: string; multipleQuantityAllowedForServices?: boolean | null } | undefined,
          merchandising: productMerchandisingContext?.[product.id] as Record<string, unknown> | undefined,
          images: productImages,
          locale: env.locale,
        })
      : null,
    addToCart: product ? addToCartView(product, localizedStrings ?? {}, source, source === 'plp' ? popoverThumb(item, product, asset) : null) : null,
    restock: product && options.page ? restockView(product, productMerchandisingContext?.[product.id], env.context.merchandisingSettings as MerchandisingSettings) : null,
    share:
      options.page && item.recordType === RECORD_TYPES.text
        ? shareLinks(website.shareButtonOptions, {
            url: absoluteUrl(website.baseUrl, item.fullUrl),
            title: item.title,
            imageUrl: asset ? absoluteUrl(website.baseUrl, largestSrc(asset)) : null,
          })
        : [],
    tagLinks: options.page ? filterLinks(listUrl, 'tag', item.tags) : [],
    categoryLinks: options.page ? filterLinks(listUrl, 'category', item.categories) : [],
  };
}

function longDate(ms: number, env: Env): string {
  const options = { year: 'numeric', month: 'long', day: 'numeric' } as const;
  try {
    return new Intl.DateTimeFormat(env.locale, { ...options, timeZone: env.timeZone }).format(ms);
  } catch {
    // A language Intl does not know: an English date, still in the website's time zone unless that is unknown too.
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: isValidTimeZone(env.timeZone) ? env.timeZone : DEFAULT_TIME_ZONE }).format(ms);
  }
}

const withView = (item: ContentItem, env: Env, options: ViewOptions): ContentItem => ({ ...item, view: itemView(item, env, options) });

function gallerySizes(gallery: GalleryView, columns: number): string {
  if (gallery.isGrid) return `(max-width: 432px) 50vw, ${Math.ceil(1120 / Math.max(1, columns))}px`;
  if (gallery.isSlider) return '(max-width: 432px) 85vw, 720px';
  return IMAGE_SIZES.block;
}

function thumbSrc(asset: ImageAsset): string {
  const size = parseOriginalSize(asset.originalSize);
  const w = size ? servedWidths(size.width).filter((x) => x <= 300).pop() : undefined;
  return w !== undefined ? `${asset.assetUrl}?format=${w}w` : asset.assetUrl;
}

function slide(asset: ImageAsset, sizes: string, fields: { id: string; title: string; description: string; link: string }, priority?: ImagePriority): GallerySlide {
  return { ...fields, image: imageView(asset, { sizes, priority, fallbackAlt: fields.title }), fullSrc: largestSrc(asset), thumbSrc: thumbSrc(asset) };
}

function galleryPageView(
  options: Partial<GalleryOptions> | null | undefined,
  domId: string,
  label: string,
  assets: { asset: ImageAsset; id: string; title: string; description: string; link: string }[],
  firstPriority?: ImagePriority,
): GalleryPageView {
  const gallery = galleryView(options);
  const columns = Number(options?.['thumbnails-per-row'] ?? 4);
  const sizes = gallerySizes(gallery, columns);
  const slides = assets.map((a, i) => slide(a.asset, sizes, a, i === 0 ? firstPriority : undefined));
  return { ...gallery, domId, label, count: slides.length, slides };
}

export type LikertLabels = { stronglyDisagree: string; disagree: string; neutral: string; agree: string; stronglyAgree: string };

const isLikertField = (field: unknown): field is Record<string, unknown> =>
  typeof field === 'object' && field !== null && (field as { type?: unknown }).type === 'likert';

/** SPEC 9 'Likert defaults' as the page's localizedStrings word them (productAnswerMap*), else the catalogue's. */
function likertLabelsFrom(strings: Record<string, string> | null | undefined): LikertLabels {
  const pick = (key: string, fallback: string) => strings?.[key] || fallback;
  return {
    stronglyDisagree: pick('productAnswerMapStronglyDisagree', STRINGS.likert.stronglyDisagree),
    disagree: pick('productAnswerMapDisagree', STRINGS.likert.disagree),
    neutral: pick('productAnswerMapNeutral', STRINGS.likert.neutral),
    agree: pick('productAnswerMapAgree', STRINGS.likert.agree),
    stronglyAgree: pick('productAnswerMapStronglyAgree', STRINGS.likert.stronglyAgree),
  };
}

function decorateBlock(block: Block, env: Env, firstImage: { used: boolean }): Block {
  const value = { ...block.value };
  const priorityOnce = (): ImagePriority => {
    if (firstImage.used) return undefined;
    firstImage.used = true;
    return 'high';
  };
  switch (block.typeName) {
    case 'image': {
      const asset = value.image as ImageAsset | undefined;
      if (asset?.assetUrl) {
        const altText = typeof value.altText === 'string' && value.altText.trim() !== '' ? value.altText : asset.altText;
        value.imageView = imageView({ ...asset, altText }, { sizes: IMAGE_SIZES.block, priority: priorityOnce() });
      }
      break;
    }
    case 'gallery': {
      const assets = (Array.isArray(value.images) ? (value.images as (ImageAsset & { id?: string })[]) : []).filter((a) => a?.assetUrl);
      value.gallery = galleryPageView(
        value.options as Partial<GalleryOptions> | undefined,
        `gallery-${block.id}`,
        typeof value.title === 'string' && value.title !== '' ? value.title : 'Gallery',
        assets.map((a, i) => ({ asset: a, id: a.id ?? String(i), title: a.title ?? '', description: a.body ?? '', link: '' })),
        priorityOnce(),
      );
      break;
    }
    case 'map':
      value.locationView = locationView(value.location as Location | undefined, Number(value.zoom ?? 15));
      break;
    case 'form': {
      // A partial applied to a field sees only the field, so each likert question carries its labels.
      const form = value.form as { fields?: unknown } | undefined;
      if (form && Array.isArray(form.fields) && form.fields.some(isLikertField)) {
        const likertLabels = likertLabelsFrom(env.context.localizedStrings);
        value.form = { ...form, fields: form.fields.map((f) => (isLikertField(f) ? { ...f, likertLabels } : f)) };
      }
      break;
    }
    case 'summary-v2':
      if (Array.isArray(value.items)) value.items = (value.items as ContentItem[]).map((i) => withView(i, env, { sizes: IMAGE_SIZES.summaryCard }));
      break;
    case 'product':
      if (value.product && typeof value.product === 'object') {
        // An add-on item is a product block with design 'add-on': a compact row with its own add-to-cart.
        const source: ProductSource = value.design === 'add-on' ? 'add-on' : 'product_block';
        value.product = withView(value.product as ContentItem, env, { sizes: IMAGE_SIZES.productCard, product: { source, key: `block-${block.id}` } });
      }
      break;
    default:
      break;
  }
  return { ...block, value };
}

/** The bar to show: switched on with some text; its link only when it is one. */
function announcementOf(bar: unknown): ThemeView['announcement'] {
  if (typeof bar !== 'object' || bar === null) return null;
  const { enabled, text, url } = bar as { enabled?: unknown; text?: unknown; url?: unknown };
  if (enabled !== true || typeof text !== 'string' || text.trim() === '') return null;
  return { text, url: typeof url === 'string' && url !== '' ? url : null };
}

/** Every navigation item with `active`, `folder` and `items` set, so a nested item never reads its folder's fields. */
function normaliseNavigation(items: NavigationItem[] | null | undefined): NavigationItem[] {
  if (!Array.isArray(items)) return [];
  return items.map((i) => ({ ...i, active: i.active === true, folder: i.folder === true, items: normaliseNavigation(i.items) }));
}

const hasOwnH1 = (blocks: Block[]) => blocks.some((b) => (b.typeName === 'html' || b.typeName === 'markdown') && /<h1[\s>]/i.test(String(b.value.html ?? '')));

function yearIn(now: number, timeZone: string): number {
  try {
    return Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(now));
  } catch {
    return new Date(now).getUTCFullYear();
  }
}

/** The event an events page shows first (splitEvents' order), or null when it shows none. */
function firstEventShown(items: ContentItem[], now: number): ContentItem | null {
  const { upcoming, past } = splitEvents(items, now);
  return upcoming[0] ?? past[0] ?? null;
}

function splitEvents(items: ContentItem[], now: number): { upcoming: ContentItem[]; past: ContentItem[] } {
  const events = items.filter((i) => typeof i.startDate === 'number');
  const upcoming = events.filter((e) => (e.endDate ?? e.startDate!) >= now).sort((a, b) => a.startDate! - b.startDate!);
  const past = events.filter((e) => (e.endDate ?? e.startDate!) < now).sort((a, b) => b.startDate! - a.startDate!);
  return { upcoming, past };
}

export function decoratePageContext(raw: PageContext, options: { now: number }): DecoratedPageContext {
  // Every html field the templates print raw, through the allow-list sanitizer first.
  const context = sanitizePageHtml(raw);
  const { website } = context;
  const env: Env = {
    now: options.now,
    timeZone: website.timeZone || DEFAULT_TIME_ZONE,
    locale: website.language || 'en-US',
    context,
  };
  const collection = context.collection ?? null;
  const kind = collection?.typeName;
  const galleryOptions = galleryView(collection?.galleryOptions);
  const columns = Number(collection?.galleryOptions?.['thumbnails-per-row'] ?? 4);

  const listSizes =
    kind === 'products' ? IMAGE_SIZES.productCard : kind === 'events' ? IMAGE_SIZES.eventCard : kind === 'gallery' ? gallerySizes(galleryOptions, columns) : IMAGE_SIZES.postCard;
  // The list's first image shown loads first (SPEC 4 'Image priority'): an events page shows its
  // upcoming events, soonest first, before the past ones, whatever the items' order.
  const firstShown = kind === 'events' && Array.isArray(context.items) ? firstEventShown(context.items, options.now) : undefined;
  const items = Array.isArray(context.items)
    ? context.items.map((item, index) => withView(item, env, { sizes: listSizes, priority: (firstShown === undefined ? index === 0 : item === firstShown) ? 'high' : undefined }))
    : context.items;
  const item = context.item
    ? withView(context.item, env, { sizes: IMAGE_SIZES.hero, priority: 'high', page: true, product: { source: 'pdp', key: `pdp-${context.item.id}` } })
    : context.item;
  const search = context.search
    ? {
        ...context.search,
        results: Array.isArray(context.search.results)
          ? context.search.results.map((r) => withView(r, env, { sizes: IMAGE_SIZES.searchThumb }))
          : [],
      }
    : context.search;
  const firstImage = { used: false };
  const decoratedCollection = collection?.layout?.blocks
    ? { ...collection, layout: { ...collection.layout, blocks: collection.layout.blocks.map((b) => decorateBlock(b, env, firstImage)) } }
    : collection;

  const gallery =
    kind === 'gallery' && collection && Array.isArray(context.items)
      ? galleryPageView(
          collection.galleryOptions,
          `gallery-${collection.id}`,
          collection.title,
          context.items.flatMap((i) => {
            const asset = mainAsset(i);
            return asset ? [{ asset, id: i.id, title: i.title, description: i.body ?? i.excerpt ?? '', link: i.fullUrl }] : [];
          }),
          'high',
        )
      : null;
  const pageItem = context.item ?? null;
  const theme: ThemeView = {
    isHome: collection?.fullUrl === '/',
    showPageTitle: !hasOwnH1(collection?.layout?.blocks ?? []),
    social: socialLinks(website.socialAccounts),
    hasStore: Boolean(context.websiteSettings?.storeSettings),
    year: yearIn(options.now, env.timeZone),
    ogType: pageItem ? (isProduct(pageItem) ? 'product' : 'article') : 'website',
    gallery,
    events: kind === 'events' && Array.isArray(items) ? splitEvents(items, options.now) : null,
    announcement: announcementOf(website.announcementBar),
    ...(context.pageType === PAGE_TYPES.error ? { errorTitle: ERROR_MESSAGES.INTERNAL } : {}),
  };

  return {
    ...context,
    collection: decoratedCollection,
    items,
    item,
    search,
    navigation: context.navigation ? { ...context.navigation, items: normaliseNavigation(context.navigation.items) } : context.navigation,
    secondaryNavigation: context.secondaryNavigation
      ? { ...context.secondaryNavigation, items: normaliseNavigation(context.secondaryNavigation.items) }
      : context.secondaryNavigation,
    featureFlags: { ...(context.featureFlags ?? {}), useCLDRMoneyFormat: website.useCLDRMoneyFormat !== false },
    // Cart, checkout and order pages (issue 13): see commerce-view.ts.
    ...(context.commerce ? { commerce: commerceView(context.commerce as CommerceInput, env, (i) => withView(i, env, { sizes: IMAGE_SIZES.productCard })) } : {}),
    websiteSettings: context.websiteSettings
      ? { commentsEnabled: website.commentsEnabled === true, ...context.websiteSettings }
      : context.websiteSettings,
    theme,
  };
}
