/** @jest-environment ./web/test/dom-environment.cjs */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { fakeFetch, type FakeServer } from '../../../test/fake-fetch';
import { AddToCartButton, type AddToCartButtonProps, type AddToCartChoice } from './add-to-cart-button';
import { parseAddedItemImage } from './added-item-slice';
import type { ShoppingCart } from './shopping-cart';

/**
 * The add-to-cart button's states with the SPEC's timings (SPEC 4 and 9: 'Added!' about 1 s after
 * success, for 2 s; an error returns to idle after 1 s; 'Select Option' for 2000 ms; the added-item
 * popover for 3000 ms), on fake timers, against a fake cart API.
 */
const ADD = 'POST /api/commerce/shopping-cart/entries';
const cart = (totalQuantity: number): ShoppingCart => ({ totalQuantity, subtotalCents: 2800 * totalQuantity, currency: 'USD', entries: [] }) as unknown as ShoppingCart;
const added = (title = 'Stoneware Mug', quantity = 1) => ({ body: { shoppingCart: cart(quantity), newlyAdded: { title, quantity } } });

const mug = (choice: AddToCartChoice = { kind: 'add', sku: 'MUG-SAND', quantity: 1 }): AddToCartButtonProps => ({
  itemId: 'p-stoneware-mug',
  label: 'Add To Cart',
  title: 'Stoneware Mug',
  choose: () => choice,
});

function show(props: AddToCartButtonProps, server: FakeServer = { [ADD]: added() }) {
  const store = makeStore();
  const api = fakeFetch(server);
  const view = render(
    <Provider store={store}>
      <div className="add-to-cart">
        <AddToCartButton {...props} />
      </div>
    </Provider>,
  );
  return { ...view, store, api };
}

const button = () => screen.getByRole('button', { name: /: Stoneware Mug$/ });
const text = () => button().firstChild?.textContent;
const alert = () => screen.getByRole('alert');
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const click = async () => {
  fireEvent.click(button());
  await wait(0);
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('AddToCartButton', () => {
  it("keeps the product's title in its accessible name (every 'Add To Cart' on a grid differs)", () => {
    show(mug());
    expect(button().textContent).toBe('Add To Cart: Stoneware Mug');
    // jsdom's name computation spaces the span off ('Add To Cart : Stoneware Mug'); Chromium's does not (browser spec).
    expect(screen.getByRole('button', { name: /^Add To Cart ?: Stoneware Mug$/ })).toBeTruthy();
  });

  it("idle → adding → 'Added!' 1 s after success, for 2 s → idle", async () => {
    let answer: (value: ReturnType<typeof added>) => void = () => undefined;
    const { api } = show(mug(), { [ADD]: () => new Promise((resolve) => (answer = resolve)) });
    await click();
    expect(text()).toBe('Adding…');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(button().getAttribute('aria-busy')).toBe('true');
    // A click while adding sends nothing more.
    await click();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({ itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1, additionalFields: null });

    await act(async () => answer(added()));
    await wait(0);
    expect(text()).toBe('Adding…');
    await wait(999);
    expect(text()).toBe('Adding…');
    await wait(1);
    expect(text()).toBe('Added!');
    expect(button().dataset.status).toBe('added');
    await wait(1999);
    expect(text()).toBe('Added!');
    await wait(1);
    expect(text()).toBe('Add To Cart');
    expect(button().getAttribute('aria-disabled')).toBeNull();
  });

  it('a failed add shows the SPEC title and the message, and returns to idle after 1 s', async () => {
    show(mug(), { [ADD]: { status: 409, body: { error: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.' } } });
    await click();
    expect(alert().textContent).toBe('Unable to Add Item Sorry, we do not have enough of that item available.');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    await wait(999);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    await wait(1);
    expect(button().getAttribute('aria-disabled')).toBeNull();
    expect(text()).toBe('Add To Cart');
    // The message stays until the next add.
    expect(alert().textContent).toContain('Sorry, we do not have enough of that item available.');
  });

  it('refuses before any request with the SPEC message the choice gives, then idles after 1 s', async () => {
    const { api } = show(mug({ kind: 'refuse', message: 'Please select the Glaze option.' }));
    await click();
    expect(api.calls).toHaveLength(0);
    expect(alert().textContent).toBe('Unable to Add Item Please select the Glaze option.');
    await wait(1000);
    expect(button().getAttribute('aria-disabled')).toBeNull();
  });

  it("a grid's product with options: 'Select Option', disabled for 2000 ms, then restored, with no request", async () => {
    const { api } = show(mug({ kind: 'selectOption' }));
    await click();
    expect(text()).toBe('Select Option');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    await wait(1999);
    expect(text()).toBe('Select Option');
    await wait(1);
    expect(text()).toBe('Add To Cart');
    expect(api.calls).toHaveLength(0);
    expect(alert().textContent).toBe('');
  });

  it("sold out: a disabled 'Sold Out' button", async () => {
    const { api } = show({ ...mug(), soldOut: true });
    expect(button().textContent).toBe('Sold Out: Stoneware Mug');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    await click();
    expect(api.calls).toHaveLength(0);
  });

  it('express checkout: a successful add goes straight to checkout', async () => {
    const navigate = jest.fn();
    show({ ...mug(), express: true, navigate });
    await click();
    expect(navigate).toHaveBeenCalledWith('/checkout');
    expect(text()).toBe('Adding…');
    // The page is leaving: no 'Added!' comes.
    await wait(5000);
    expect(text()).toBe('Adding…');
  });

  it("express checkout: a failure is 'Unable to Purchase Item', and nothing navigates", async () => {
    const navigate = jest.fn();
    show({ ...mug(), express: true, navigate }, { [ADD]: { status: 500, body: { error: 'INTERNAL', message: 'Something went wrong' } } });
    await click();
    expect(alert().textContent).toBe('Unable to Purchase Item Something went wrong');
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('Subscribe (a subscribable product)', () => {
    const SUBSCRIBE = 'POST /api/3/commerce/cart/subscription';
    const CART_TOKEN = '0b8c2d1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d';
    const notes = (navigate: (url: string) => void): AddToCartButtonProps => ({
      ...mug({ kind: 'add', sku: 'NOTES-MONTHLY', quantity: 2 }), itemId: 'p-studio-notes', label: 'Subscribe', subscribe: true, navigate,
    });

    it('makes a subscription cart, never a cart entry, and goes to its subscription checkout', async () => {
      const navigate = jest.fn();
      const { api, store } = show(notes(navigate), { [SUBSCRIBE]: { body: { cartToken: CART_TOKEN } } });
      expect(text()).toBe('Subscribe');
      await click();
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([SUBSCRIBE]);
      expect(api.calls[0]!.body).toEqual({ itemId: 'p-studio-notes', sku: 'NOTES-MONTHLY', qty: 2, additionalFields: null });
      expect(navigate).toHaveBeenCalledWith(`/checkout/subscription?cartToken=${CART_TOKEN}`);
      // The page is leaving: the button stays busy, and the cart the pill shows was never touched.
      expect(text()).toBe('Adding…');
      expect(button().getAttribute('aria-busy')).toBe('true');
      expect(JSON.stringify(store.getState())).not.toContain('NOTES-MONTHLY');
      await wait(5000);
      expect(text()).toBe('Adding…');
    });

    it("says a failure as 'Unable to Purchase Item' with the API's message, then is idle again", async () => {
      const navigate = jest.fn();
      show(notes(navigate), { [SUBSCRIBE]: { status: 400, body: { error: 'NOT_SUBSCRIBABLE', message: 'This product is not available as a subscription.' } } });
      await click();
      expect(alert().textContent).toBe('Unable to Purchase Item This product is not available as a subscription.');
      expect(navigate).not.toHaveBeenCalled();
      await wait(1000);
      expect(text()).toBe('Subscribe');
    });

    it('sends one request for a double click', async () => {
      const navigate = jest.fn();
      let answer: (value: { body: unknown }) => void = () => undefined;
      const { api } = show(notes(navigate), { [SUBSCRIBE]: () => new Promise((resolve) => (answer = resolve)) });
      await click();
      await click();
      expect(api.calls).toHaveLength(1);
      await act(async () => answer({ body: { cartToken: CART_TOKEN } }));
      await wait(0);
      expect(navigate).toHaveBeenCalledTimes(1);
    });
  });

  it("a gift card's failure is 'Unable to purchase Gift Card'", async () => {
    show({ ...mug({ kind: 'refuse', message: 'Select a denomination for the Gift Card' }), giftCard: true });
    await click();
    expect(alert().textContent).toBe('Unable to purchase Gift Card Select a denomination for the Gift Card');
  });

  it.each([
    [true, 'Your session has expired. Please reload the page and try again.'],
    [false, 'Please enable cookies in your browser, reload the page, and try again.'],
  ])('an expired session (cookies enabled: %p) says %p', async (cookies, message) => {
    jest.spyOn(window.navigator, 'cookieEnabled', 'get').mockReturnValue(cookies);
    show(mug(), { [ADD]: { status: 401, body: { error: 'SESSION_EXPIRED', message: 'Your session has expired. Please reload the page and try again.' } } });
    await click();
    expect(alert().textContent).toBe(`Unable to Add Item ${message}`);
  });

  it('HTTP 429 says the SPEC text', async () => {
    show(mug(), { [ADD]: { status: 429, body: { error: 'RATE_LIMITED', message: 'Too many' } } });
    await click();
    expect(alert().textContent).toBe('Unable to Add Item Please try again in a few seconds.');
  });
});

describe('the added-item popover (SPEC 4)', () => {
  const grid = (title: string, key: string): AddToCartButtonProps => ({ itemId: key, label: 'Add To Cart', title, popoverKey: `plp-${key}`, choose: () => ({ kind: 'add', sku: key, quantity: 1 }) });
  const popovers = () => [...document.querySelectorAll('[role="status"] .added-item-popover')];

  function showGrid() {
    const store = makeStore();
    fakeFetch({ [ADD]: (body) => added((body as { sku: string }).sku === 'mug' ? 'Stoneware Mug' : 'Small Bud Vase') });
    render(
      <Provider store={store}>
        <div className="add-to-cart">
          <AddToCartButton {...grid('Stoneware Mug', 'mug')} />
        </div>
        <div className="add-to-cart">
          <AddToCartButton {...grid('Small Bud Vase', 'vase')} />
        </div>
      </Provider>,
    );
  }
  const addButton = (title: string) => screen.getByRole('button', { name: new RegExp(`^Add To Cart ?: ${title}$`) });

  it('appears after a grid add and is removed after 3000 ms', async () => {
    showGrid();
    fireEvent.click(addButton('Stoneware Mug'));
    await wait(0);
    expect(popovers().map((p) => p.textContent)).toEqual(['Added to cart Stoneware MugView Cart×']);
    expect(screen.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
    await wait(2999);
    expect(popovers()).toHaveLength(1);
    await wait(1);
    expect(popovers()).toHaveLength(0);
  });

  it("shows what was added as its thumbnail (the variant's own image the server printed), decorative beside the words", async () => {
    const store = makeStore();
    fakeFetch({ [ADD]: () => added('Stoneware Mug') });
    const image = parseAddedItemImage(JSON.stringify({ src: '/static/images/m/moss.jpg?format=100w', srcset: '/static/images/m/moss.jpg?format=100w 100w', sizes: '48px', alt: '' }));
    render(
      <Provider store={store}>
        <AddToCartButton {...grid('Stoneware Mug', 'mug')} popoverImage={image} />
        <AddToCartButton {...grid('Small Bud Vase', 'vase')} />
      </Provider>,
    );
    fireEvent.click(addButton('Stoneware Mug'));
    await wait(0);
    const img = popovers()[0]!.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('srcset'), img.getAttribute('sizes'), img.getAttribute('alt')]).toEqual([
      '/static/images/m/moss.jpg?format=100w', '/static/images/m/moss.jpg?format=100w 100w', '48px', '',
    ]);
    expect(popovers()[0]!.classList.contains('added-item-popover--with-image')).toBe(true);
    // Without a thumbnail: words only.
    fireEvent.click(addButton('Small Bud Vase'));
    await wait(0);
    expect(popovers()[0]!.querySelector('img')).toBeNull();
    expect(popovers()[0]!.textContent).toBe('Added to cart Small Bud VaseView Cart×');
  });

  it('reads the thumbnail from data-thumb only when it is an image', () => {
    for (const bad of [undefined, '', 'not json', 'null', '{}', '{"src":""}', '[1]']) expect(parseAddedItemImage(bad)).toBeNull();
    expect(parseAddedItemImage('{"src":"/a.jpg"}')).toEqual({ src: '/a.jpg', srcset: '', sizes: '', alt: '' });
  });

  it('is removed on close', async () => {
    showGrid();
    fireEvent.click(addButton('Stoneware Mug'));
    await wait(0);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(popovers()).toHaveLength(0);
  });

  it('is replaced when another appears, and the first timer does not remove the second', async () => {
    showGrid();
    fireEvent.click(addButton('Stoneware Mug'));
    await wait(2000);
    fireEvent.click(addButton('Small Bud Vase'));
    await wait(0);
    expect(popovers().map((p) => p.textContent)).toEqual(['Added to cart Small Bud VaseView Cart×']);
    await wait(1000);
    expect(popovers()).toHaveLength(1);
    await wait(2000);
    expect(popovers()).toHaveLength(0);
  });
});
