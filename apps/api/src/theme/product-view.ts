/**
 * What the product templates need beyond the Product record (domain/src/catalog/product-record.ts).
 *
 * `pricing`: the engine's `product-price` formatter reads a Money's `value` as a decimal amount in
 * major units ('42.00'), as its fixtures show (f-product-price-*), while our records carry minor
 * units in `value` ('4200') and the decimal in `decimalValue`. `pricing` is a copy of the fields
 * `product-price` reads with every Money's value set to its decimal, so `{view.pricing|product-price}`
 * prints $42.00 and not $4,200.00. It keeps the legacy `price`/`salePrice` numbers the engine
 * compares for 'from' prices.
 */
import { addToCartButtonLabel, isSoldOut, SOLD_OUT_BUTTON_TEXT, type ProductRecord } from '@storefront/domain';

type Money = { value?: string | null; currency?: string | null; decimalValue?: string | null };

export type EngineMoney = { value: string; currency: string };

export type PricingView = {
  structuredContent: {
    productType: number;
    isSubscribable: boolean;
    subscriptionPlan: unknown;
    onSale: boolean;
    priceMoney: EngineMoney;
    salePriceMoney: EngineMoney;
    variants: {
      onSale: boolean;
      price: number;
      salePrice: number;
      priceMoney: EngineMoney;
      salePriceMoney: EngineMoney;
      pricingOptions?: unknown;
    }[];
  };
};

/** A Money as the engine's price formatters read it: decimalValue when present, else value as is. */
export function engineMoney(money: Money | null | undefined, fallbackCurrency = 'USD'): EngineMoney {
  const currency = money?.currency || fallbackCurrency;
  const decimal = money?.decimalValue;
  return { value: decimal !== undefined && decimal !== null && decimal !== '' ? decimal : (money?.value ?? '0'), currency };
}

export function pricingView(product: ProductRecord): PricingView {
  const content = product.structuredContent;
  const currency = content.priceMoney?.currency ?? content.variants[0]?.priceMoney?.currency ?? 'USD';
  return {
    structuredContent: {
      productType: Number(content.productType),
      isSubscribable: content.isSubscribable === true,
      subscriptionPlan: content.subscriptionPlan ?? null,
      onSale: content.onSale === true,
      priceMoney: engineMoney(content.priceMoney, currency),
      salePriceMoney: engineMoney(content.salePriceMoney, currency),
      variants: content.variants.map((v) => ({
        onSale: v.onSale === true,
        price: v.price,
        salePrice: v.salePrice,
        priceMoney: engineMoney(v.priceMoney, currency),
        salePriceMoney: engineMoney(v.salePriceMoney, currency),
        ...((v as { pricingOptions?: unknown }).pricingOptions !== undefined ? { pricingOptions: (v as { pricingOptions?: unknown }).pricingOptions } : {}),
      })),
    },
  };
}

/** The add-to-cart island's mount data (SPEC 4 'Add-to-cart button' and 'Add-to-cart label'). */
export type AddToCartView = {
  itemId: string;
  collectionId: string;
  productType: number;
  /** The one variant's sku; '' when the visitor has to choose options first. */
  sku: string;
  label: string;
  soldOut: boolean;
  subscribable: boolean;
  /** A list grid shows 'Select Option' for a product with options (SPEC 4). */
  needsOptions: boolean;
};

export type LocalizedStrings = { productAddToCartText?: string | null; productSubscribeText?: string | null; [key: string]: unknown };

export function addToCartView(product: ProductRecord, strings: LocalizedStrings = {}): AddToCartView {
  const variants = product.structuredContent.variants;
  const soldOut = isSoldOut(product);
  return {
    itemId: product.id,
    collectionId: product.collectionId,
    productType: Number(product.structuredContent.productType),
    sku: variants.length === 1 ? variants[0]!.sku : '',
    label: soldOut ? SOLD_OUT_BUTTON_TEXT : addToCartButtonLabel(product, strings),
    soldOut,
    subscribable: product.structuredContent.isSubscribable === true,
    needsOptions: variants.length > 1,
  };
}
