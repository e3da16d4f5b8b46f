/**
 * What a visitor chose on a product form (option values, the quantity they typed), checked before
 * any request is sent, with the SPEC's messages (section 5 'Add to cart'):
 * 1. a gift card without its denomination: 'Select a denomination for the Gift Card';
 * 2. options not chosen: 'Please select the {option} option.' (two: '… {option1} and {option2}
 *    options.'; more: '… {optionsList} and {lastOption} options.');
 * 3. a combination no variant has: 'Sorry, that item variant is unavailable. Please select another variant.';
 * 4. the quantity, by the cart's own `parseQuantity` (not a number; not whole; 1 to 9999);
 * 5. more than the variant's stock, counting what the cart already holds of it:
 *    'Sorry, we do not have enough of that item available.' (SPEC 5 'Form stock check').
 * The server checks all of it again with the stock of the moment; this spares the visitor a round
 * trip and says what to fix in the words the server would use.
 *
 * Imports only the cart's messages and pure rules, so the browser bundle stays small.
 */
import { missingOptions, optionsNotChosenMessage } from '../catalog/product-rules';
import { PRODUCT_TYPES, tracksStock, type ProductTypeNumber } from '../catalog/product-record';
import type { DomainError } from '../shared/decider';
import { cartError, errorOf } from '../shared/error-catalogue';
import { parseQuantity } from './quantity';

export type ChoiceVariant = { sku: string; attributes: Record<string, string>; qtyInStock: number; unlimited: boolean };

export type ChoiceProduct = {
  /** SPEC 3 product type number (1 physical … 5 paywall). */
  productType: number;
  /** The options the visitor chooses, in the product's order; none when the product shows no options. */
  optionNames: readonly string[];
  variants: readonly ChoiceVariant[];
};

export type ChoiceError = DomainError;
export type ProductChoice = { ok: true; sku: string; quantity: number } | { ok: false; error: ChoiceError };

/** The variant whose attributes carry every chosen value of `optionNames`; undefined when none does. */
export function variantFor<V extends ChoiceVariant>(variants: readonly V[], optionNames: readonly string[], chosen: Readonly<Record<string, string | undefined>>): V | undefined {
  if (optionNames.length === 0) return variants.length === 1 ? variants[0] : undefined;
  return variants.find((v) => optionNames.every((name) => chosen[name] !== undefined && v.attributes[name] === chosen[name]));
}

/** Whether a variant can be sold now: stockless types always; else unlimited or any stock left. */
export function variantInStock(productType: number, variant: Pick<ChoiceVariant, 'qtyInStock' | 'unlimited'>): boolean {
  return !tracksStock(productType as ProductTypeNumber) || variant.unlimited || variant.qtyInStock > 0;
}

export function checkProductChoice(
  product: ChoiceProduct,
  chosen: Readonly<Record<string, string | undefined>>,
  quantityText: unknown,
  /** How many of each sku the visitor's cart holds already (empty when the cart is not known). */
  inCart: Readonly<Record<string, number>> = {},
): ProductChoice {
  const missing = product.variants.length > 1 ? missingOptions([...product.optionNames], chosen) : [];
  if (product.productType === PRODUCT_TYPES.GIFT_CARD && (missing.length > 0 || product.variants.length === 0)) {
    return { ok: false, error: cartError('GIFT_CARD_DENOMINATION_REQUIRED') };
  }
  const message = optionsNotChosenMessage(missing);
  if (message) return { ok: false, error: errorOf('OPTIONS_NOT_CHOSEN', message, { missingOptions: missing }) };
  const variant = variantFor(product.variants, product.variants.length > 1 ? product.optionNames : [], chosen);
  if (!variant) return { ok: false, error: cartError('VARIANT_UNAVAILABLE') };
  const quantity = parseQuantity(quantityText);
  if (!quantity.ok) return { ok: false, error: quantity.error };
  const held = inCart[variant.sku] ?? 0;
  if (tracksStock(product.productType as ProductTypeNumber) && !variant.unlimited && quantity.value + held > variant.qtyInStock) {
    return { ok: false, error: cartError('INSUFFICIENT_STOCK', { sku: variant.sku }) };
  }
  return { ok: true, sku: variant.sku, quantity: quantity.value };
}
