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
