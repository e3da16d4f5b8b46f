import { cartPageView, lineImage, type CartImage, type CartItemMeta } from './cart-page-view';
import type { CartEntryView, ShoppingCartView } from './shopping-cart-view';

const image = (src: string): CartImage => ({ src, srcset: '', sizes: '96px', width: 96, height: 96, alt: 'Stoneware Mug' });
const entry = (id: string, sku: string, attributes: Record<string, string>): CartEntryView => ({
  id, itemId: 'p-mug', chosenVariant: { sku, attributes }, quantity: 1, title: 'Stoneware Mug', productType: 'PHYSICAL',
  subTotal: 2800, purchasePriceCents: 2800, additionalFields: null,
});
const cart = (entries: CartEntryView[]) => ({ id: 'c1', currency: 'USD', entries, isPurchased: false }) as unknown as ShoppingCartView;
const mug: CartItemMeta = { url: '/shop/p/mug', image: image('/main.jpg'), optionOrder: ['Glaze'], variantImages: { 'MUG-MOSS': image('/moss.jpg') } };

describe('cart lines show the variant\'s image (issue 13)', () => {
  it("a line's thumbnail is its variant's own image, else the product's main image", () => {
    const page = cartPageView(cart([entry('e1', 'MUG-MOSS', { Glaze: 'Moss' }), entry('e2', 'MUG-SAND', { Glaze: 'Sand' })]), { 'p-mug': mug }, { minimumSubtotalCents: 0 });
    expect(page.lines.map((l) => [l.id, l.image?.src ?? null])).toEqual([['e1', '/moss.jpg'], ['e2', '/main.jpg']]);
  });

  it('no image at all: null; an unknown product: null', () => {
    expect(lineImage({ url: null, image: null }, 'MUG-SAND')).toBeNull();
    expect(lineImage(undefined, 'MUG-SAND')).toBeNull();
    expect(lineImage({ url: null, image: null, variantImages: { 'MUG-MOSS': image('/moss.jpg') } }, 'MUG-MOSS')?.src).toBe('/moss.jpg');
    // A SKU like an Object prototype key never reaches past the map.
    expect(lineImage(mug, 'constructor')?.src).toBe('/main.jpg');
  });
});
