import { cartPillAccessibleName, cartPillLabel } from '@storefront/domain/cart/cart-pill';
import { formatMoney, isSupportedCurrency } from '@storefront/domain/shared/money';
import { useShoppingCart } from './use-shopping-cart';
import './cart-pill.css';

type CartPillProps = {
  /** Load the cart on mount (signed in, or a cart cookie exists). */
  loadCart: boolean;
  locale?: string;
};

/** The floating pill: item count and subtotal, linking to /cart; hidden while the cart is empty. */
export function CartPill({ loadCart, locale }: CartPillProps) {
  const cart = useShoppingCart(loadCart);
  const totalQuantity = cart?.totalQuantity ?? 0;
  const label = cartPillLabel(totalQuantity);
  // The domain's formatter (integer minor units as a decimal string, no floats); a currency the
  // store does not support shows as USD, the SPEC's default.
  const subtotal = cart ? formatMoney(cart.subtotalCents, isSupportedCurrency(cart.currency) ? cart.currency : 'USD', locale) : '';
  const name = label === null ? cartPillAccessibleName(0) : `${cartPillAccessibleName(totalQuantity)}, subtotal ${subtotal}`;

  return (
    <a className="cart-pill" href="/cart" hidden={label === null} aria-label={name}>
      <span className="cart-pill__count">{label}</span>
      <span className="cart-pill__subtotal">{subtotal}</span>
    </a>
  );
}
