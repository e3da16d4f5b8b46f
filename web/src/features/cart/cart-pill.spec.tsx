/** @jest-environment ./web/test/dom-environment.cjs */
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { store } from '../../app/store';
import { cartApi } from './cart-api';
import { CartPill } from './cart-pill';
import type { ShoppingCart } from './shopping-cart';

/**
 * SPEC 2: 'The cart pill links to /cart. Inside the visual editor frame the frame URL is set
 * instead.' The pill is a plain link without a target: followed inside the owner app's preview
 * frame, it loads /cart in that frame and leaves the editor's window where it is (the page editor's
 * browser spec clicks it there). No script navigates `window.top`, so the islands bundle needs no
 * frame detection.
 */
describe('the cart pill', () => {
  it('is a same-frame link to /cart: in the editor frame it sets the frame URL, never the top window', async () => {
    await act(async () => {
      await store.dispatch(cartApi.util.upsertQueryData('getCart', undefined, { totalQuantity: 2, subtotalCents: 5600, currency: 'USD' } as ShoppingCart));
    });
    render(
      <Provider store={store}>
        <CartPill loadCart={false} locale="en-US" />
      </Provider>,
    );
    const pill = screen.getByRole('link', { name: 'Cart, 2 items, subtotal $56.00' });
    expect(pill.getAttribute('href')).toBe('/cart');
    // No target (_top, _parent, _blank): the link navigates the browsing context it is in.
    expect(pill.hasAttribute('target')).toBe(false);
    expect(pill.closest('[target]')).toBeNull();
    expect(document.querySelector('base')).toBeNull();
  });
});
