/**
 * Which body template renders a page: by SPEC page type (section 2), and for collection and item
 * pages by the collection's kind (`collection.typeName`).
 */
import { PAGE_TYPES } from '@storefront/domain';

/** The page types are the domain's (one definition for the builder and the theme). */
export { PAGE_TYPES, type PageType, type PageTypeName } from '@storefront/domain';

export const BODY_TEMPLATES = [
  'page',
  'blog-list',
  'blog-item',
  'events-list',
  'event-item',
  'gallery',
  'gallery-item',
  'products-list',
  'product-item',
  'not-found',
  'error',
  'search',
  'lock-screen',
  'protected',
  'members-only',
  'cart',
  'checkout',
  'order-confirmed',
  'order-status',
  'subscription-confirmed',
] as const;
export type BodyTemplateName = (typeof BODY_TEMPLATES)[number];

const LIST_TEMPLATES: Record<string, BodyTemplateName> = {
  blog: 'blog-list',
  events: 'events-list',
  gallery: 'gallery',
  products: 'products-list',
  page: 'page',
};

const ITEM_TEMPLATES: Record<string, BodyTemplateName> = {
  blog: 'blog-item',
  events: 'event-item',
  gallery: 'gallery-item',
  products: 'product-item',
};

const SYSTEM_TEMPLATES: Record<number, BodyTemplateName> = {
  [PAGE_TYPES.notFound]: 'not-found',
  [PAGE_TYPES.error]: 'error',
  [PAGE_TYPES.search]: 'search',
  [PAGE_TYPES.lockScreen]: 'lock-screen',
  [PAGE_TYPES.protectedContent]: 'protected',
  [PAGE_TYPES.memberAreaAccessDenied]: 'members-only',
  [PAGE_TYPES.cart]: 'cart',
  [PAGE_TYPES.checkout]: 'checkout',
  [PAGE_TYPES.orderConfirmed]: 'order-confirmed',
  [PAGE_TYPES.orderStatus]: 'order-status',
  [PAGE_TYPES.subscriptionConfirmed]: 'subscription-confirmed',
};

/**
 * The body template for a page, or null when the theme has none for it (splash, popup, paywall, an
 * item of a plain page or folder): the caller answers those another way.
 */
export function bodyTemplateFor(context: { pageType: number; collection?: { typeName?: string } | null }): BodyTemplateName | null {
  const kind = context.collection?.typeName ?? '';
  switch (context.pageType) {
    case PAGE_TYPES.page:
      return 'page';
    case PAGE_TYPES.contentCollection:
      return LIST_TEMPLATES[kind] ?? null;
    case PAGE_TYPES.contentItem:
      return ITEM_TEMPLATES[kind] ?? null;
    default:
      return SYSTEM_TEMPLATES[context.pageType] ?? null;
  }
}
