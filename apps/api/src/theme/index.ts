/** The default theme: templates, the loader, and the helpers the page builder calls before rendering. */
export { Theme, ThemeLoadError, FRAME_TEMPLATE, BODY_PARTIAL, STYLESHEET_INJECT, type ThemeRenderInput, type ThemeRenderSources } from './theme';
export { bodyTemplateFor, BODY_TEMPLATES, PAGE_TYPES, type BodyTemplateName, type PageType, type PageTypeName } from './page-templates';
export { defaultTemplatesDir } from './templates-dir';
export { decoratePageContext, IMAGE_SIZES, type DecoratedPageContext, type ItemView, type ThemeView } from './decorate-page-context';
export type { PageContext, ContentItem, Block, Collection, Website, Seo, LockScreen } from './page-context';
export { relativeTime } from './relative-time';
export { commentLabel } from './comment-label';
export { truncate, textFromHtml, DEFAULT_TRUNCATE_LENGTH } from './text';
export { imageView, altTextOf, servedWidths, IMAGE_WIDTHS, type ImageView, type ImageAsset } from './image-view';
export { eventDateView, isSameDay, type EventDateView } from './event-date-view';
export { galleryView, cssAspectRatio, GALLERY_DEFAULTS, type GalleryView, type GalleryOptions } from './gallery-view';
export { pricingView, engineMoney, addToCartView } from './product-view';
export { shareLinks, absoluteUrl } from './share-links';
export { socialLinks } from './social-links';
export { locationView } from './location-view';
export { commerceView, type CommerceInput, type CommerceItem, type CommerceView } from './commerce-view';
