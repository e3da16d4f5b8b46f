import { PRODUCT_TYPES } from '../catalog/product-record';
import { checkProductChoice, variantFor, variantInStock, type ChoiceProduct } from './product-choice';

const plate: ChoiceProduct = {
  productType: PRODUCT_TYPES.PHYSICAL,
  optionNames: ['Glaze', 'Size', 'Finish'],
  variants: [
    { sku: 'SAND-8-MATTE', attributes: { Glaze: 'Sand', Size: '8 in', Finish: 'Matte' }, qtyInStock: 15, unlimited: false },
    { sku: 'SAND-10-MATTE', attributes: { Glaze: 'Sand', Size: '10 in', Finish: 'Matte' }, qtyInStock: 2, unlimited: false },
    { sku: 'MOSS-10-GLOSS', attributes: { Glaze: 'Moss', Size: '10 in', Finish: 'Gloss' }, qtyInStock: 0, unlimited: true },
  ],
};
const giftCard: ChoiceProduct = {
  productType: PRODUCT_TYPES.GIFT_CARD,
  optionNames: ['Amount'],
  variants: [
    { sku: 'GIFT-25', attributes: { Amount: '$25' }, qtyInStock: 0, unlimited: false },
    { sku: 'GIFT-50', attributes: { Amount: '$50' }, qtyInStock: 0, unlimited: false },
  ],
};
const mug: ChoiceProduct = {
  productType: PRODUCT_TYPES.PHYSICAL,
  optionNames: ['Glaze'],
  variants: [
    { sku: 'MUG-SAND', attributes: { Glaze: 'Sand' }, qtyInStock: 40, unlimited: false },
    { sku: 'MUG-MOSS', attributes: { Glaze: 'Moss' }, qtyInStock: 3, unlimited: false },
  ],
};
const vase: ChoiceProduct = { productType: PRODUCT_TYPES.PHYSICAL, optionNames: [], variants: [{ sku: 'VASE', attributes: {}, qtyInStock: 1, unlimited: false }] };
const twoOptions: ChoiceProduct = { ...plate, optionNames: ['Glaze', 'Size'] };

const message = (result: ReturnType<typeof checkProductChoice>) => (result.ok ? null : result.error.message);

describe('checkProductChoice (SPEC 5 "Add to cart", before any request)', () => {
  it.each<[string, ChoiceProduct, Record<string, string>, string]>([
    ['no option chosen, three options', plate, {}, 'Please select the Glaze, Size and Finish options.'],
    ['one of three chosen', plate, { Size: '8 in' }, 'Please select the Glaze and Finish options.'],
    ['two of three chosen', plate, { Glaze: 'Sand', Size: '8 in' }, 'Please select the Finish option.'],
    ['two options, none chosen', twoOptions, {}, 'Please select the Glaze and Size options.'],
    ['one option, not chosen', mug, {}, 'Please select the Glaze option.'],
    ['a combination no variant has', plate, { Glaze: 'Sand', Size: '8 in', Finish: 'Gloss' }, 'Sorry, that item variant is unavailable. Please select another variant.'],
    ['a gift card without its denomination', giftCard, {}, 'Select a denomination for the Gift Card'],
  ])('%s', (_name, product, chosen, expected) => {
    expect(message(checkProductChoice(product, chosen, '1'))).toBe(expected);
  });

  it.each<[string, unknown, string]>([
    ['letters', 'two', 'Quantity must be a number.'],
    ['empty', '', 'Quantity must be a number.'],
    ['a fraction', '1.5', 'Quantity must be a whole number'],
    ['zero', '0', 'Quantity must be between 1 and 9999.'],
    ['above 9999', '10000', 'Quantity must be between 1 and 9999.'],
  ])('quantity: %s', (_name, quantity, expected) => {
    expect(message(checkProductChoice(mug, { Glaze: 'Sand' }, quantity))).toBe(expected);
  });

  it('more than the stock, counting what the cart holds already', () => {
    const chosen = { Glaze: 'Sand', Size: '10 in', Finish: 'Matte' };
    expect(checkProductChoice(plate, chosen, '2')).toEqual({ ok: true, sku: 'SAND-10-MATTE', quantity: 2 });
    expect(message(checkProductChoice(plate, chosen, '3'))).toBe('Sorry, we do not have enough of that item available.');
    expect(message(checkProductChoice(plate, chosen, '1', { 'SAND-10-MATTE': 2 }))).toBe('Sorry, we do not have enough of that item available.');
    // Unlimited variants and stockless types have no limit.
    expect(checkProductChoice(plate, { Glaze: 'Moss', Size: '10 in', Finish: 'Gloss' }, '500')).toEqual({ ok: true, sku: 'MOSS-10-GLOSS', quantity: 500 });
    expect(checkProductChoice(giftCard, { Amount: '$50' }, '3')).toEqual({ ok: true, sku: 'GIFT-50', quantity: 3 });
  });

  it('a product without options takes its one variant', () => {
    expect(checkProductChoice(vase, {}, '1')).toEqual({ ok: true, sku: 'VASE', quantity: 1 });
    expect(message(checkProductChoice(vase, {}, 2))).toBe('Sorry, we do not have enough of that item available.');
  });

  it('reports the code and the missing options for a caller that words its own state', () => {
    const result = checkProductChoice(plate, { Size: '8 in' }, '1');
    expect(result).toMatchObject({ ok: false, error: { code: 'OPTIONS_NOT_CHOSEN', details: { missingOptions: ['Glaze', 'Finish'] } } });
  });
});

describe('variantFor and variantInStock', () => {
  it('matches every chosen option, and nothing with an option missing', () => {
    expect(variantFor(mug.variants, mug.optionNames, { Glaze: 'Moss' })?.sku).toBe('MUG-MOSS');
    expect(variantFor(plate.variants, plate.optionNames, { Glaze: 'Sand', Size: '8 in' })).toBeUndefined();
    expect(variantFor(vase.variants, [], {})?.sku).toBe('VASE');
  });

  it('stock: physical by its count, stockless types always', () => {
    expect(variantInStock(PRODUCT_TYPES.PHYSICAL, { qtyInStock: 0, unlimited: false })).toBe(false);
    expect(variantInStock(PRODUCT_TYPES.PHYSICAL, { qtyInStock: 0, unlimited: true })).toBe(true);
    expect(variantInStock(PRODUCT_TYPES.PAYWALL, { qtyInStock: 0, unlimited: false })).toBe(true);
    expect(variantInStock(PRODUCT_TYPES.SERVICE, { qtyInStock: 1, unlimited: false })).toBe(true);
  });
});
