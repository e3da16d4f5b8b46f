import { PAGE_TYPES, type OrderTracking, type PageTrackingContext, type TrackedPageKind } from '@storefront/domain';
import type { CommerceInput, PageContext } from '../theme';

/** The one theme the product has (SPEC 3 'Analytics event data' templateId). */
export const THEME_TEMPLATE_ID = 'default';

/** Confirmed orders the tracker reports (202 order confirmed, 206 a subscription's). */
const CONFIRMED_ORDER_PAGES: readonly number[] = [PAGE_TYPES.orderConfirmed, PAGE_TYPES.subscriptionConfirmed];

type Collection = { id?: string; title?: string; typeName?: string; passwordProtected?: boolean; membersOnly?: boolean } | null | undefined;
type Item = { id?: string; recordType?: number; structuredContent?: { productType?: unknown } | null } | null | undefined;

/**
 * What a published page tells the tracker script (docs/ANALYTICS.md 'Tracker'), from the page
 * context the server rendered and who asked: SPEC 2 page kinds (a content item with a product is a
 * product details page; a products collection page is a product listing page), the page's
 * permission type, the signed-in account's roles (SPEC 6), the disabling flag and the cookie policy,
 * and on commerce pages the visitor's cart or the confirmed order (SPEC 3 'Order (analytics)').
 * Nothing else: no customer e-mail or address reaches the tracker.
 */
export function trackingContextOf(
  context: PageContext,
  who: { path: string; roles: readonly string[]; disabled: boolean; cookiePolicy: 'permissive' | 'restrictive' },
): PageTrackingContext {
  const collection = context.collection as Collection;
  const item = (context.pageType === PAGE_TYPES.contentItem ? context.item : null) as Item;
  const product = Boolean(item?.structuredContent && item.structuredContent.productType !== undefined);
  const pageKind: TrackedPageKind = product ? 'product-details' : context.pageType === PAGE_TYPES.contentCollection && collection?.typeName === 'products' ? 'product-listing' : null;
  const commerce = context.commerce as CommerceInput | undefined;
  const website = context.website as { id?: string; language?: string | null };
  const websiteId = website.id ?? '';
  const ids = { ...(item?.id ? { itemId: item.id } : {}), ...(collection?.id ? { collectionId: collection.id } : {}) };
  return {
    page: {
      websiteId,
      templateId: THEME_TEMPLATE_ID,
      website_locale: website.language || 'en-US',
      pagePath: who.path,
      pageType: context.pageType,
      pageKind,
      ...ids,
      ...(item && typeof item.recordType === 'number' ? { recordType: item.recordType } : {}),
      pagePermissionTypeValue: collection?.passwordProtected ? 'locked' : collection?.membersOnly ? 'members' : 'public',
    },
    census: { websiteId, pagePath: who.path, pageType: context.pageType, ...ids },
    ...(collection?.title ? { collectionTitle: collection.title } : {}),
    roles: [...who.roles],
    disabled: who.disabled,
    cookiePolicy: who.cookiePolicy,
    ...(commerce?.kind === 'cart' && context.pageType === PAGE_TYPES.cart && commerce.cart ? { cartId: commerce.cart.id } : {}),
    ...(commerce?.kind === 'order' && commerce.confirmed && CONFIRMED_ORDER_PAGES.includes(context.pageType) && commerce.purchasedCartId
      ? { order: orderTracking(commerce.order, commerce.purchasedCartId) }
      : {}),
  };
}

function orderTracking(order: Extract<CommerceInput, { kind: 'order' }>['order'], purchasedCartId: string): OrderTracking {
  const money = (m: { value: string; currency: string }) => ({ value: m.value, currency: m.currency });
  return {
    id: order.id,
    purchasedCartId,
    testMode: order.testMode,
    websiteId: order.websiteId,
    items: order.items.map((i) => ({ sku: i.sku, productName: i.productName, quantity: i.quantity, unitPrice: money(i.unitPrice) })),
    grandTotal: money(order.grandTotal),
    shippingTotal: money(order.shippingTotal),
    taxTotal: money(order.taxTotal),
  };
}
