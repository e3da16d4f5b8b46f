/** @jest-environment ./web/test/dom-environment.cjs */
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore, store } from '../../app/store';
import { fakeFetch } from '../../../test/fake-fetch';
import { cartApi } from './cart-api';
import { CartPill } from './cart-pill';
import type { ShoppingCart } from './shopping-cart';

/** jsdom's animation frame. */
const FRAME_MS = 16;

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

describe('the cart pill (SPEC 4 "Cart pill", 9 "100+")', () => {
  const cartOf = (totalQuantity: number) => ({ totalQuantity, subtotalCents: 2800 * totalQuantity, currency: 'USD', entries: [] }) as unknown as ShoppingCart;
  const GET = 'GET /api/commerce/shopping-cart';

  function pill(loadCart: boolean, copies = 1) {
    const fresh = makeStore();
    render(
      <Provider store={fresh}>
        {Array.from({ length: copies }, (_, i) => (
          <CartPill key={i} loadCart={loadCart} locale="en-US" />
        ))}
      </Provider>,
    );
    return fresh;
  }
  const link = () => document.querySelector<HTMLAnchorElement>('a.cart-pill')!;
  /**
   * Lets the fake answers land (a fetch, its body, the store's update), then a frame pass: the
   * store tells its subscribers of batched updates in the next animation frame. On the fake clock.
   */
  const settle = () =>
    act(async () => {
      await jest.advanceTimersByTimeAsync(0);
      await jest.advanceTimersByTimeAsync(FRAME_MS);
    });
  const status = () => document.querySelector('[role="status"]')!.textContent;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('without a cart cookie and not signed in: no request, hidden', async () => {
    const { calls } = fakeFetch({});
    pill(false);
    await settle();
    expect(calls).toEqual([]);
    expect(link().hidden).toBe(true);
  });

  it('loads the cart once, however many pills ask at once (never two loads at once)', async () => {
    const { calls } = fakeFetch({ [GET]: { body: cartOf(2) } });
    pill(true, 3);
    await settle();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: 'Cart, 2 items, subtotal $56.00' })).toHaveLength(3);
  });

  it.each([
    [0, null],
    [1, '1'],
    [100, '100'],
    [101, '100+'],
  ])('%p items read %p', async (count, label) => {
    fakeFetch({ [GET]: { body: cartOf(count) } });
    pill(true);
    await settle();
    expect(link().hidden).toBe(label === null);
    if (label !== null) expect(link().querySelector('.cart-pill__count')!.textContent).toBe(label);
  });

  it('announces a change of the count to screen readers, not the first sync', async () => {
    fakeFetch({ [GET]: { body: cartOf(2) } });
    const fresh = pill(true);
    await settle();
    expect(status()).toBe('');
    await act(async () => {
      await fresh.dispatch(cartApi.util.upsertQueryData('getCart', undefined, cartOf(3)));
    });
    await settle();
    expect(status()).toBe('Cart updated: Cart, 3 items, subtotal $84.00');
  });

  it('announces the first add when nothing was loaded', async () => {
    fakeFetch({});
    const fresh = pill(false);
    await settle();
    await act(async () => {
      await fresh.dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: undefined, value: cartOf(1) }]));
    });
    await settle();
    expect(link().hidden).toBe(false);
    expect(status()).toBe('Cart updated: Cart, 1 item, subtotal $28.00');
  });
});
