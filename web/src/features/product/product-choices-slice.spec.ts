import { chosenVariant, EMPTY_CHOICE, imagePicked, optionChosen, productChoicesSlice, quantityTyped, selectChoice, shownImage, type ProductChoicesState } from './product-choices-slice';
import type { ProductData } from './product-data';

const reduce = (state: ProductChoicesState | undefined, ...actions: Parameters<typeof productChoicesSlice.reducer>[1][]) =>
  actions.reduce((s, a) => productChoicesSlice.reducer(s, a), state ?? productChoicesSlice.getInitialState());
const select = (state: ProductChoicesState, key: string) => selectChoice({ productChoices: state }, key);

const mug = {
  key: 'pdp-mug',
  optionNames: ['Glaze'],
  variants: [
    { sku: 'SAND', attributes: { Glaze: 'Sand' }, price: 2800, salePrice: 0, onSale: false, qtyInStock: 40, unlimited: false, image: 0 },
    { sku: 'MOSS', attributes: { Glaze: 'Moss' }, price: 2800, salePrice: 0, onSale: false, qtyInStock: 3, unlimited: false, image: 1 },
    { sku: 'ASH', attributes: { Glaze: 'Ash' }, price: 2800, salePrice: 0, onSale: false, qtyInStock: 3, unlimited: false, image: null },
  ],
  images: [{ src: 'sand' }, { src: 'moss' }, { src: 'detail' }],
} as unknown as ProductData;

describe('productChoices slice', () => {
  it('starts with nothing chosen and a quantity of 1', () => {
    expect(select(reduce(undefined), 'pdp-mug')).toEqual(EMPTY_CHOICE);
    expect(EMPTY_CHOICE).toEqual({ options: {}, quantity: '1', image: null });
  });

  it('keeps each product apart by its key', () => {
    const state = reduce(undefined, optionChosen({ key: 'pdp-mug', name: 'Glaze', value: 'Moss', variantImage: 1 }), quantityTyped({ key: 'block-1', quantity: '3' }));
    expect(select(state, 'pdp-mug')).toEqual({ options: { Glaze: 'Moss' }, quantity: '1', image: null });
    expect(select(state, 'block-1')).toEqual({ options: {}, quantity: '3', image: null });
  });

  it("'' clears an option", () => {
    const state = reduce(undefined, optionChosen({ key: 'k', name: 'Glaze', value: 'Moss', variantImage: null }), optionChosen({ key: 'k', name: 'Glaze', value: '', variantImage: null }));
    expect(select(state, 'k').options).toEqual({});
  });

  it('keeps the quantity as typed (checked only at the add)', () => {
    expect(select(reduce(undefined, quantityTyped({ key: 'k', quantity: '1.5' })), 'k').quantity).toBe('1.5');
  });

  it("a gallery pick stays until a variant with its own image is chosen (SPEC 4: the image follows the variant)", () => {
    const picked = reduce(undefined, imagePicked({ key: 'pdp-mug', index: 2 }));
    expect(shownImage(mug, select(picked, 'pdp-mug'))).toBe(2);
    const ash = reduce(picked, optionChosen({ key: 'pdp-mug', name: 'Glaze', value: 'Ash', variantImage: null }));
    expect(shownImage(mug, select(ash, 'pdp-mug'))).toBe(2);
    const moss = reduce(ash, optionChosen({ key: 'pdp-mug', name: 'Glaze', value: 'Moss', variantImage: 1 }));
    expect(shownImage(mug, select(moss, 'pdp-mug'))).toBe(1);
  });
});

describe('chosenVariant and shownImage', () => {
  it('names a variant once every option is chosen', () => {
    expect(chosenVariant(mug, { ...EMPTY_CHOICE })).toBeNull();
    expect(chosenVariant(mug, { ...EMPTY_CHOICE, options: { Glaze: 'Moss' } })?.sku).toBe('MOSS');
    expect(chosenVariant(mug, { ...EMPTY_CHOICE, options: { Glaze: 'Cobalt' } })).toBeNull();
  });

  it('a product with one variant has it chosen', () => {
    const one = { ...mug, optionNames: [], variants: [mug.variants[0]!] } as ProductData;
    expect(chosenVariant(one, EMPTY_CHOICE)?.sku).toBe('SAND');
  });

  it('shows the main image until a variant with its own image is chosen', () => {
    expect(shownImage(mug, EMPTY_CHOICE)).toBe(0);
    expect(shownImage(mug, { ...EMPTY_CHOICE, options: { Glaze: 'Moss' } })).toBe(1);
    expect(shownImage(mug, { ...EMPTY_CHOICE, options: { Glaze: 'Ash' } })).toBe(0);
    // A pick beyond the images (a stale index) is ignored.
    expect(shownImage(mug, { ...EMPTY_CHOICE, image: 9 })).toBe(0);
  });
});
