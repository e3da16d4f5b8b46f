import { priceDisplay } from '@storefront/domain/catalog/price-display';
import type { ProductData } from './product-data';
import { useProductChoice } from './use-product-choice';

/**
 * The price of the chosen variant (SPEC 4): its sale price beside the struck-through regular
 * price while on sale; 'from …' until a variant is chosen while prices differ. The same function
 * and markup as the server's (theme partial `product-price`), formatted from minor units in the
 * store's currency.
 */
export function ProductPrice({ product, locale }: { product: ProductData; locale?: string }) {
  const { variant } = useProductChoice(product);
  const { text, original } = priceDisplay({ variants: product.variants, subscriptionPlan: product.subscriptionPlan, currency: product.currency }, variant, locale);
  if (original === null) return <>{text}</>;
  return (
    <>
      <span className="product-price__sale">
        <span className="visually-hidden">{product.priceLabels.sale} </span>
        {text}
      </span>{' '}
      <del className="product-price__original">
        <span className="visually-hidden">{product.priceLabels.original} </span>
        {original}
      </del>
    </>
  );
}
