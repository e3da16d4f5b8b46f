import { checkProductChoice, variantInStock } from '@storefront/domain/cart/product-choice';
import { PRODUCT_TYPES } from '@storefront/domain/catalog/product-record';
import { AddToCartButton, type AddToCartChoice } from '../features/cart/add-to-cart-button';
import { cartApi } from '../features/cart/cart-api';
import { installmentAmount, InstallmentPill } from '../features/installments/installment-pill';
import type { ProductData } from '../features/product/product-data';
import { useProductChoice } from '../features/product/use-product-choice';
import { useEffect } from 'react';
import { extraFieldsAsk, preloadExtraFields } from './extra-fields';

/**
 * Islands that join two features: a product's add-to-cart (the product's choice, checked by the
 * SPEC's rules before any request, then the cart's button) and its installment pill (the chosen
 * variant's price times the quantity).
 */
export function ProductAddToCart({ product, express, navigate }: { product: ProductData; express: boolean; navigate?: (url: string) => void }) {
  const { choice, variant } = useProductChoice(product);
  const cart = cartApi.endpoints.getCart.useQueryState(undefined).data;
  const soldOut = product.soldOut || (variant !== null && !variantInStock(product.productType, variant));
  const form = product.additionalFieldsForm ?? null;
  useEffect(() => {
    if (form && !product.soldOut) preloadExtraFields();
  }, [form, product.soldOut]);

  function choose(): AddToCartChoice {
    // SPEC 5 'Form stock check': what the cart already holds of the variant counts.
    const inCart: Record<string, number> = {};
    // A subscription is its own cart: what the shopping cart holds does not count against it.
    for (const entry of product.subscribable ? [] : cart?.entries ?? []) {
      if (entry.itemId === product.itemId) inCart[entry.chosenVariant.sku] = (inCart[entry.chosenVariant.sku] ?? 0) + entry.quantity;
    }
    const checked = checkProductChoice(product, choice.options, choice.quantity, inCart);
    return checked.ok ? { kind: 'add', sku: checked.sku, quantity: checked.quantity } : { kind: 'refuse', message: checked.error.message };
  }

  return (
    <AddToCartButton
      itemId={product.itemId}
      label={product.label}
      title={product.source === 'pdp' ? undefined : product.title}
      soldOut={soldOut}
      express={express}
      subscribe={product.subscribable}
      giftCard={product.productType === PRODUCT_TYPES.GIFT_CARD}
      choose={choose}
      navigate={navigate}
      askExtraFields={extraFieldsAsk(form, product.title)}
      tracking={{ productPage: product.source, collectionId: product.collectionId, itemTitle: product.title, productType: product.productType }}
    />
  );
}

export function ProductInstallmentPill({ product, locale }: { product: ProductData; locale?: string }) {
  const { choice, variant } = useProductChoice(product);
  if (!product.installments) return null;
  return <InstallmentPill context={product.installments} amountMinor={installmentAmount(product.variants, variant, choice.quantity)} locale={locale} />;
}
