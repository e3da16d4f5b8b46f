import type { ReactNode } from 'react';
import { AddToCartButton } from '../features/cart/add-to-cart-button';
import { CartPill } from '../features/cart/cart-pill';
import { shouldLoadCart, type SiteContext } from './site-context';

/** What each `data-island` name mounts, from the element's data attributes and the page's site context. */
export const islands: Record<string, (data: DOMStringMap, context: SiteContext) => ReactNode> = {
  'cart-pill': (_data, context) => (
    <CartPill loadCart={shouldLoadCart(context)} locale={document.documentElement.lang || undefined} />
  ),
  'add-to-cart': (data) =>
    data.itemId ? (
      <AddToCartButton
        itemId={data.itemId}
        sku={data.sku ?? ''}
        label={data.label || undefined}
        quantity={data.quantity ? Number(data.quantity) : undefined}
        soldOut={data.soldOut === 'true'}
      />
    ) : null,
};
