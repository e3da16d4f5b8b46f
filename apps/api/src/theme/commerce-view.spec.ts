import { samplePages } from '../../test/theme/sample-contexts';
import { commerceView, type CommerceInput } from './commerce-view';

const env = { locale: 'en-US', timeZone: 'America/New_York' };
const input = (name: string) => {
  const page = samplePages().find((p) => p.name === name);
  if (!page) throw new Error(`No sample page ${name}`);
  return (page.context as unknown as { commerce: CommerceInput }).commerce;
};

describe("commerce lines show the variant's own image (issue 13)", () => {
  it('the cart: the moss mug shows the moss image; the rust apron (no image of its own) the main image', () => {
    const view = commerceView(input('cart'), env, (i) => i) as { page: { lines: { title: string; image: { src: string } | null }[] } };
    expect(view.page.lines.map((l) => [l.title, l.image?.src])).toEqual([
      ['Stoneware Mug', '/static/images/mug-moss/mug-moss.jpg?format=1000w'],
      ['Linen Apron', '/static/images/linen-apron/linen-apron.jpg?format=1000w'],
    ]);
  });

  it('the order pages: each line by its SKU, the main image without one of its own', () => {
    for (const name of ['order-confirmed', 'order-status-fulfilled']) {
      const view = commerceView(input(name), env, (i) => i) as { order: { lines: { title: string; image: { src: string } | null }[] } };
      expect(view.order.lines.map((l) => [l.title, l.image?.src])).toEqual([
        ['Stoneware Mug', '/static/images/mug-moss/mug-moss.jpg?format=1000w'],
        ['Linen Apron', '/static/images/linen-apron/linen-apron.jpg?format=1000w'],
      ]);
    }
  });
});

describe('the subscription checkout and a subscription order read their plan as the product page does', () => {
  it('the subscription checkout: its heading, way back, plan, payments, due today, button and the island data', () => {
    const view = commerceView(input('checkout-subscription'), env, (i) => i) as unknown as {
      heading: string; back: { url: string; text: string }; summaryTitle: string; islandJson: string;
      page: { placeLabel: string; lines: { plan?: string; lineTotal: string }[]; checkout: { plan: { price: string; billing: string }; totalLabel: string; total: string } };
    };
    expect(view).toMatchObject({ heading: 'Subscription checkout', back: { url: '/shop/p/studio-notes', text: 'Return to product' }, summaryTitle: 'Subscription summary' });
    expect(view.page.placeLabel).toBe('Place Subscription');
    expect(view.page.lines.map((l) => [l.plan, l.lineTotal])).toEqual([['$8.00 every month', '$8.00']]);
    expect(view.page.checkout).toMatchObject({ plan: { price: '$8.00 every month', billing: 'Until you cancel' }, totalLabel: 'Due today', total: '$8.00' });
    expect(JSON.parse(view.islandJson)).toMatchObject({ subscription: { cartToken: '6f1c2b1e-0000-4000-8000-000000000001' }, urls: { checkout: '/checkout/subscription?cartToken=6f1c2b1e-0000-4000-8000-000000000001' } });
  });

  it('a shopping checkout reads as before', () => {
    const view = commerceView(input('checkout'), env, (i) => i) as unknown as { heading: string; page: { placeLabel: string; checkout: { plan: unknown; totalLabel: string } }; islandJson: string };
    expect(view.heading).toBe('Checkout');
    expect(view.page.placeLabel).toBe('Place Order');
    expect(view.page.checkout).toMatchObject({ plan: null, totalLabel: 'Order total' });
    expect(JSON.parse(view.islandJson).subscription).toBeUndefined();
  });

  it('a subscription order: its plan and payments; a one-time order: none', () => {
    const subscription = commerceView(input('subscription-confirmed'), env, (i) => i) as { order: { subscription: unknown } };
    expect(subscription.order.subscription).toEqual({ price: '$8.00 every month', billing: 'Until you cancel' });
    const oneTime = commerceView(input('order-confirmed'), env, (i) => i) as { order: { subscription: unknown } };
    expect(oneTime.order.subscription).toBeNull();
  });
});
