import { cartPillAccessibleName, cartPillLabel } from '@storefront/domain/cart/cart-pill';
import { formatMoney, isSupportedCurrency } from '@storefront/domain/shared/money';
import { PRODUCT_PAGE_STRINGS } from '@storefront/domain/shared/strings';
import { useEffect, useRef, useState } from 'react';
import { cartApi } from './cart-api';
import { useShoppingCart } from './use-shopping-cart';
import './cart-pill.css';

type CartPillProps = {
  /** Load the cart on mount (signed in, or a cart cookie exists). */
  loadCart: boolean;
  locale?: string;
};

/**
 * The floating pill (SPEC 4 'Cart pill', 9 '100+'): item count and subtotal, linking to /cart;
 * hidden while the cart is empty, faded in above 0. A change of the count after the first sync is
 * announced to screen readers in a polite status region beside it.
 */
export function CartPill({ loadCart, locale }: CartPillProps) {
  const cart = useShoppingCart(loadCart);
  const failed = cartApi.endpoints.getCart.useQueryState(undefined).isError;
  const totalQuantity = cart?.totalQuantity ?? 0;
  const label = cartPillLabel(totalQuantity);
  // The domain's formatter (integer minor units as a decimal string, no floats); a currency the
  // store does not support shows as USD, the SPEC's default.
  const subtotal = cart ? formatMoney(cart.subtotalCents, isSupportedCurrency(cart.currency) ? cart.currency : 'USD', locale) : '';
  const name = label === null ? cartPillAccessibleName(0) : `${cartPillAccessibleName(totalQuantity)}, subtotal ${subtotal}`;

  // Known once synced: at once when nothing is loaded (an empty cart), else when the read answers.
  const synced = !loadCart || cart !== undefined || failed;
  const previous = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!synced) return;
    if (previous.current !== null && previous.current !== totalQuantity) {
      setAnnouncement(PRODUCT_PAGE_STRINGS.cartUpdated.replace('{summary}', name));
    }
    previous.current = totalQuantity;
  }, [synced, totalQuantity, name]);

  return (
    <>
      <a className="cart-pill" href="/cart" hidden={label === null} aria-label={name}>
        <span className="cart-pill__count">{label}</span>
        <span className="cart-pill__subtotal">{subtotal}</span>
      </a>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </>
  );
}
