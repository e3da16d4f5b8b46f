import type { PageContext } from '../theme';
import { trackingContextOf } from './tracking-context';

const who = { path: '/x', roles: [] as string[], disabled: false, cookiePolicy: 'permissive' as const };
const website = { id: 'w1', siteTitle: 'Clay', language: 'fr-FR' };

describe('trackingContextOf: what a page tells the tracker', () => {
  it('a product page is a product details page with its item, record type and collection', () => {
    const context = {
      pageType: 50, website,
      collection: { id: 'shop', title: 'Shop', fullUrl: '/shop', typeName: 'products' },
      item: { id: 'p1', fullUrl: '/shop/p/mug', title: 'Mug', recordType: 11, structuredContent: { productType: 1 } },
    } as unknown as PageContext;
    expect(trackingContextOf(context, { ...who, path: '/shop/p/mug', roles: ['viewer'] })).toEqual({
      page: {
        websiteId: 'w1', templateId: 'default', website_locale: 'fr-FR', pagePath: '/shop/p/mug', pageType: 50, pageKind: 'product-details',
        itemId: 'p1', collectionId: 'shop', recordType: 11, pagePermissionTypeValue: 'public',
      },
      census: { websiteId: 'w1', pagePath: '/shop/p/mug', pageType: 50, itemId: 'p1', collectionId: 'shop' },
      collectionTitle: 'Shop', roles: ['viewer'], disabled: false, cookiePolicy: 'permissive',
    });
  });

  it.each<[string, object, string | null]>([
    ['a products collection page', { pageType: 1, collection: { id: 's', title: 'S', typeName: 'products' } }, 'product-listing'],
    ['a blog', { pageType: 1, collection: { id: 'b', title: 'B', typeName: 'blog' } }, null],
    ['a blog post', { pageType: 50, collection: { id: 'b', title: 'B', typeName: 'blog' }, item: { id: 'i', recordType: 1 } }, null],
    ['a page', { pageType: 2, collection: { id: 'h', title: 'H', typeName: 'page' } }, null],
  ])('page kind of %s', (_what, change, kind) => {
    expect(trackingContextOf({ website, ...change } as unknown as PageContext, who).page.pageKind).toBe(kind);
  });

  it.each<[object, string]>([[{}, 'public'], [{ passwordProtected: true }, 'locked'], [{ membersOnly: true }, 'members']])('permission of %j: %s', (flags, expected) => {
    const context = { pageType: 2, website, collection: { id: 'c', title: 'C', typeName: 'page', ...flags } } as unknown as PageContext;
    expect(trackingContextOf(context, who).page.pagePermissionTypeValue).toBe(expected);
  });

  it('carries the flag and the policy, the cart on the cart page only, the order on the confirmed page only, without buyer details', () => {
    const order = {
      id: 'o1', testMode: true, websiteId: 'w1', customerEmail: 'buyer@example.com', shippingAddress: { name: 'A' },
      items: [{ sku: 'S', productName: 'Mug', quantity: 2, unitPrice: { value: '2800', currency: 'USD', decimalValue: '28.00' }, itemId: 'p1' }],
      grandTotal: { value: '6100', currency: 'USD', decimalValue: '61.00' }, shippingTotal: { value: '500', currency: 'USD', decimalValue: '5.00' },
      taxTotal: { value: '0', currency: 'USD', decimalValue: '0.00' },
    };
    const cart = trackingContextOf({ pageType: 200, website, commerce: { kind: 'cart', cart: { id: 'c1' } } } as unknown as PageContext, { ...who, disabled: true, cookiePolicy: 'restrictive' });
    expect(cart).toMatchObject({ cartId: 'c1', disabled: true, cookiePolicy: 'restrictive' });
    const confirmed = trackingContextOf({ pageType: 202, website, commerce: { kind: 'order', confirmed: true, order, purchasedCartId: 'c1' } } as unknown as PageContext, who);
    expect(confirmed.order).toEqual({
      id: 'o1', purchasedCartId: 'c1', testMode: true, websiteId: 'w1',
      items: [{ sku: 'S', productName: 'Mug', quantity: 2, unitPrice: { value: '2800', currency: 'USD' } }],
      grandTotal: { value: '6100', currency: 'USD' }, shippingTotal: { value: '500', currency: 'USD' }, taxTotal: { value: '0', currency: 'USD' },
    });
    expect(JSON.stringify(confirmed)).not.toContain('buyer@example.com');
    const status = trackingContextOf({ pageType: 211, website, commerce: { kind: 'order', confirmed: false, order } } as unknown as PageContext, who);
    expect(status.order).toBeUndefined();
    expect(status.cartId).toBeUndefined();
  });
});
