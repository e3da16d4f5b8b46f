import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { variantFor } from '@storefront/domain/cart/product-choice';
import type { ProductData, ProductVariantData } from './product-data';

/**
 * What the visitor chose for each product on the page, by the product's key (its root's
 * `data-product-root`): option values, the quantity as typed, and the image they picked in a
 * gallery. Every island of one product (options, quantity, price, images, scarcity, add-to-cart)
 * reads it here, so choosing a variant moves the price and the image together.
 */
export type ProductChoice = {
  options: Record<string, string>;
  /** As typed: checked only when the visitor adds (SPEC 5 'Quantity must be a number.'). */
  quantity: string;
  /** An image picked from the gallery's thumbnails, until a variant with its own image is chosen. */
  image: number | null;
};

export type ProductChoicesState = Record<string, ProductChoice>;

export const EMPTY_CHOICE: ProductChoice = { options: {}, quantity: '1', image: null };

const initialState: ProductChoicesState = {};

const choiceOf = (state: ProductChoicesState, key: string): ProductChoice => (state[key] ??= { options: {}, quantity: '1', image: null });

export const productChoicesSlice = createSlice({
  name: 'productChoices',
  initialState,
  reducers: {
    /**
     * An option's value was chosen ('' clears it). `variantImage`: the image of the variant the
     * choice now names, if it has one of its own; it then replaces a gallery pick (SPEC 4: the
     * shown image follows the variant), otherwise the pick stays.
     */
    optionChosen(state, action: PayloadAction<{ key: string; name: string; value: string; variantImage: number | null }>) {
      const { key, name, value, variantImage } = action.payload;
      const choice = choiceOf(state, key);
      if (value === '') delete choice.options[name];
      else choice.options[name] = value;
      if (variantImage !== null) choice.image = null;
    },
    quantityTyped(state, action: PayloadAction<{ key: string; quantity: string }>) {
      choiceOf(state, action.payload.key).quantity = action.payload.quantity;
    },
    imagePicked(state, action: PayloadAction<{ key: string; index: number }>) {
      choiceOf(state, action.payload.key).image = action.payload.index;
    },
  },
  selectors: {
    selectChoice: (state, key: string): ProductChoice => state[key] ?? EMPTY_CHOICE,
  },
});

export const { optionChosen, quantityTyped, imagePicked } = productChoicesSlice.actions;
export const { selectChoice } = productChoicesSlice.selectors;

/** The variant the choice names (every shown option chosen, or the one variant of a product without options); null otherwise. */
export function chosenVariant(product: ProductData, choice: ProductChoice): ProductVariantData | null {
  if (product.optionNames.length === 0 || product.variants.length <= 1) return product.variants.length === 1 ? product.variants[0]! : null;
  return variantFor(product.variants, product.optionNames, choice.options) ?? null;
}

/** The image to show: a gallery pick, else the chosen variant's own image, else the first (main) one. */
export function shownImage(product: ProductData, choice: ProductChoice): number {
  if (choice.image !== null && choice.image < product.images.length) return choice.image;
  const variant = chosenVariant(product, choice);
  return variant?.image ?? 0;
}
