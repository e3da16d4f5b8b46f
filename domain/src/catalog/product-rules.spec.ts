import {
  addToCartButtonLabel, giftCardDenominationMessage, hasVariedPrices, isInStockForForm, isOnSale, isSoldOut, missingOptions,
  optionsNotChosenMessage, productStatusLabel, productStatusMark, showsQuantityInput, showsVariantOptions, totalStock,
  type RuleProduct, type RuleVariant,
} from './product-rules';

const P = 1;
const D = 2;
const S = 3;
const G = 4;
const W = 5;
const product = (productType: number | string, variants?: RuleVariant[], extra: Record<string, unknown> = {}): RuleProduct => ({
  structuredContent: { productType, ...(variants ? { variants } : {}), ...extra },
});
const MAX = Number.MAX_SAFE_INTEGER;

describe('sold out', () => {
  it.each<[string, RuleProduct, boolean]>([
    ['physical with stock', product(P, [{ qtyInStock: 3 }]), false],
    ['physical, no stock', product(P, [{ qtyInStock: 0 }]), true],
    ['physical, one unlimited variant', product(P, [{ qtyInStock: 0 }, { unlimited: true }]), false],
    ['physical, one variant in stock', product(P, [{ qtyInStock: 0 }, { qtyInStock: 1 }]), false],
    ['physical without variants', product(P, []), true],
    ['physical, stock as text', product('1', [{ qtyInStock: '2' }]), false],
    ['service, no stock', product(S, [{ qtyInStock: 0 }]), true],
    ['service, unlimited', product(S, [{ unlimited: true }]), false],
    ['digital without variants', product(D), false],
    ['digital with zero stock', product(D, [{ qtyInStock: 0 }]), false],
    ['gift card with zero stock', product(G, [{ qtyInStock: 0 }]), false],
    ['paywall', product(W, [{ qtyInStock: 0 }]), false],
    ['unknown type', product(-1), true],
    ['no structured content', {}, true],
  ])('%s → %p', (_, item, expected) => {
    expect(isSoldOut(item)).toBe(expected);
  });
});

describe('on sale', () => {
  it.each<[string, RuleProduct, boolean]>([
    ['physical, one variant on sale', product(P, [{ onSale: false }, { onSale: true }]), true],
    ['physical, none on sale', product(P, [{ onSale: false }]), false],
    ['service on sale', product(S, [{ onSale: true }]), true],
    ['digital: its own flag', product(D, [], { onSale: true }), true],
    ['digital: a variant flag alone does not count', product(D, [{ onSale: true }]), false],
    ['gift card never', product(G, [{ onSale: true }]), false],
  ])('%s → %p', (_, item, expected) => {
    expect(isOnSale(item)).toBe(expected);
  });
});

describe('status mark: sold out > sale > none', () => {
  it.each<[string, RuleProduct, ReturnType<typeof productStatusMark>, string | null]>([
    ['sold out and on sale', product(P, [{ qtyInStock: 0, onSale: true }]), 'sold-out', 'sold out'],
    ['on sale with stock', product(P, [{ qtyInStock: 4, onSale: true }]), 'sale', 'sale'],
    ['in stock, not on sale', product(P, [{ qtyInStock: 3 }]), null, null],
    ['digital on sale', product(D, undefined, { onSale: true }), 'sale', 'sale'],
    ['digital', product(D), null, null],
    ['gift card', product(G, [{ qtyInStock: 0, onSale: true }]), null, null],
  ])('%s → %p', (_, item, mark, label) => {
    expect(productStatusMark(item)).toBe(mark);
    expect(productStatusLabel(productStatusMark(item))).toBe(label);
  });

  it('uses the custom sold-out text when set', () => {
    expect(productStatusLabel('sold-out', 'Back in spring')).toBe('Back in spring');
    expect(productStatusLabel('sold-out', '  ')).toBe('sold out');
    expect(productStatusLabel('sale', 'Back in spring')).toBe('sale');
  });
});

describe('total stock', () => {
  it.each<[string, RuleProduct, number]>([
    ['sum of variants', product(P, [{ qtyInStock: 3 }, { qtyInStock: 7 }]), 10],
    ['any unlimited variant', product(P, [{ qtyInStock: 3 }, { unlimited: true }]), MAX],
    ['no variants', product(P, []), 0],
    ['service', product(S, [{ qtyInStock: 2 }]), 2],
    ['digital', product(D, [{ qtyInStock: 0 }]), MAX],
    ['gift card', product(G, [{ qtyInStock: 0 }]), MAX],
  ])('%s → %p', (_, item, expected) => {
    expect(totalStock(item)).toBe(expected);
  });
});

describe('varied prices', () => {
  it.each<[string, RuleProduct, boolean]>([
    ['same price', product(P, [{ price: 100 }, { price: 100 }]), false],
    ['different price', product(P, [{ price: 100 }, { price: 200 }]), true],
    ['one on sale', product(P, [{ price: 100, onSale: true, salePrice: 50 }, { price: 100 }]), true],
    ['both on sale, different sale prices', product(P, [{ price: 100, onSale: true, salePrice: 50 }, { price: 100, onSale: true, salePrice: 60 }]), true],
    ['not on sale, different sale prices', product(P, [{ price: 100, salePrice: 50 }, { price: 100, salePrice: 60 }]), false],
    ['money values only', product(P, [{ priceMoney: { value: '100' } }, { priceMoney: { value: '200' } }]), true],
    ['gift card denominations', product(G, [{ price: 2500 }, { price: 5000 }]), true],
    ['digital never', product(D, [{ price: 100 }, { price: 200 }]), false],
    ['single variant', product(P, [{ price: 100 }]), false],
  ])('%s → %p', (_, item, expected) => {
    expect(hasVariedPrices(item)).toBe(expected);
  });
});

describe('variant options shown', () => {
  it.each<[string, RuleProduct, boolean]>([
    ['two variants', product(P, [{}, {}]), true],
    ['one variant', product(P, [{}]), false],
    ['gift card denominations', product(G, [{}, {}, {}]), true],
    ['digital never', product(D, [{}, {}]), false],
  ])('%s → %p', (_, item, expected) => {
    expect(showsVariantOptions(item)).toBe(expected);
  });
});

describe('quantity input shown', () => {
  it.each<[string, RuleProduct, { multipleQuantityAllowedForServices?: boolean }, boolean]>([
    ['physical with stock', product(P, [{ qtyInStock: 0 }, { qtyInStock: 100 }]), {}, true],
    ['physical, total stock 1', product(P, [{ qtyInStock: 1 }]), {}, false],
    ['physical, total stock 0', product(P, [{ qtyInStock: 0 }]), {}, false],
    ['physical, unlimited', product(P, [{ unlimited: true }]), {}, true],
    ['digital', product(D, [{ unlimited: true }]), {}, false],
    ['gift card', product(G, [{}]), {}, false],
    ['subscribable', product(P, [{ qtyInStock: 10 }], { isSubscribable: true }), {}, false],
    ['service, multiple allowed by default', product(S, [{ qtyInStock: 5 }]), {}, true],
    ['service, multiple disallowed', product(S, [{ qtyInStock: 5 }]), { multipleQuantityAllowedForServices: false }, false],
    ['physical ignores the service setting', product(P, [{ qtyInStock: 5 }]), { multipleQuantityAllowedForServices: false }, true],
  ])('%s → %p', (_, item, settings, expected) => {
    expect(showsQuantityInput(item, settings)).toBe(expected);
  });
});

describe('add-to-cart button label', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>, string]>([
    ['custom text enabled and set', { useCustomAddButtonText: true, customAddButtonText: 'Add This' }, {}, 'Add This'],
    ['custom text enabled but empty', { useCustomAddButtonText: true, customAddButtonText: '' }, {}, 'Add To Cart'],
    ['custom text set but disabled', { useCustomAddButtonText: false, customAddButtonText: 'Add This' }, {}, 'Add To Cart'],
    ['custom beats subscribe', { useCustomAddButtonText: true, customAddButtonText: 'Join', isSubscribable: true }, {}, 'Join'],
    ['subscribable, localized', { isSubscribable: true }, { productSubscribeText: 'SUBSCRIBE' }, 'SUBSCRIBE'],
    ['subscribable, default', { isSubscribable: true }, {}, 'Subscribe'],
    ['localized add text', {}, { productAddToCartText: 'In den Warenkorb' }, 'In den Warenkorb'],
    ['default', {}, {}, 'Add To Cart'],
  ])('%s → %p', (_, content, strings, expected) => {
    expect(addToCartButtonLabel({ structuredContent: { productType: P, ...content } }, strings)).toBe(expected);
  });
});

describe('options not chosen', () => {
  it.each<[string[], string | null]>([
    [[], null],
    [['Size'], 'Please select the Size option.'],
    [['Color', 'Size'], 'Please select the Color and Size options.'],
    [['Color', 'Size', 'Glaze'], 'Please select the Color, Size and Glaze options.'],
    [['A', 'B', 'C', 'D'], 'Please select the A, B, C and D options.'],
  ])('%j → %p', (options, expected) => {
    expect(optionsNotChosenMessage(options)).toBe(expected);
  });

  it('lists the missing options in the product option order', () => {
    expect(missingOptions(['Color', 'Size', 'Glaze'], { Size: 'S', Glaze: '' })).toEqual(['Color', 'Glaze']);
  });
});

describe('gift card denomination', () => {
  it.each<[RuleProduct, string | null, string | null]>([
    [product(G, [{}, {}]), null, 'Select a denomination for the Gift Card'],
    [product(G, [{}, {}]), 'GC-25', null],
    [product(P, [{}, {}]), null, null],
  ])('%#', (item, sku, expected) => {
    expect(giftCardDenominationMessage(item, sku)).toBe(expected);
  });
});

describe('form stock check (SPEC 5)', () => {
  it.each<[string, { unlimited?: boolean; qtyInStock?: number }[], number, boolean]>([
    ['stock above what is in the cart', [{ qtyInStock: 3 }], 2, true],
    ['stock equal to what is in the cart', [{ qtyInStock: 3 }], 3, false],
    ['unlimited', [{ unlimited: true, qtyInStock: 0 }], 500, true],
    ['any result suffices', [{ qtyInStock: 0 }, { qtyInStock: 1 }], 0, true],
    ['no results', [], 0, false],
  ])('%s → %p', (_, results, inCart, expected) => {
    expect(isInStockForForm(results, inCart)).toBe(expected);
  });
});
