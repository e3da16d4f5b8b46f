/** @jest-environment ./web/test/dom-environment.cjs */
import type { CartPageIslandData } from '@storefront/domain/cart/cart-page-view';
import type { ShoppingCartView } from '@storefront/domain/cart/shopping-cart-view';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { fakeApi, withStore, type Call } from '../../../test/storefront';
import { CartPage } from './cart-page';
import { QUANTITY_PAUSE_MS } from './cart-page-state';

/** A cart as the API answers it: entries (id, itemId, title, quantity, unit price in cents). */
function cartOf(entries: [string, string, string, number, number][]): ShoppingCartView {
  const list = entries.map(([id, itemId, title, quantity, price]) => ({
    id, itemId, title, quantity, productType: 'PHYSICAL', purchasePriceCents: price, subTotal: price * quantity,
    chosenVariant: { sku: `${itemId}-sku`, attributes: (itemId === 'mug' ? { Glaze: 'Moss' } : {}) as Record<string, string> }, additionalFields: null,
  }));
  const subtotalCents = list.reduce((n, e) => n + e.subTotal, 0);
  return {
    id: 'cart-1', websiteId: 'w', orderId: null, created: '2026-11-24T00:00:00.000Z', isPurchased: false, currency: 'USD', entries: list,
    shippingOptions: [], selectedShippingOption: null, shippingLocation: null, applicableTaxRules: [], coupons: [], validCoupons: [], invalidCoupons: [],
    subtotalCents, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: subtotalCents, totalQuantity: list.reduce((n, e) => n + e.quantity, 0),
    hasDigital: false, purelyDigital: false, requiresShipping: true,
    subtotal: { value: String(subtotalCents), currency: 'USD', decimalValue: '' }, grandTotal: { value: String(subtotalCents), currency: 'USD', decimalValue: '' },
  };
}

const TWO = cartOf([['e-mug', 'mug', 'Stoneware Mug', 2, 2800], ['e-apron', 'apron', 'Linen Apron', 1, 3600]]);

function islandData(cart: ShoppingCartView | null, minimumSubtotalCents = 0): CartPageIslandData {
  return {
    cart,
    meta: { mug: { url: '/shop/p/stoneware-mug', image: null }, apron: { url: '/shop/p/linen-apron', image: null } },
    settings: { minimumSubtotalCents, locale: 'en-US' },
    purchasedCartId: null,
    urls: { checkout: '/checkout', cart: '/cart', continue: '/shop' },
  };
}

/** The cart the server holds, changed the way the API would by each request. */
function fakeCartServer(start: ShoppingCartView, refuse: (call: Call) => { status: number; body: unknown } | null = () => null) {
  let cart = start;
  const api = fakeApi((call) => {
    if (call.method === 'GET') return { body: cart };
    const refused = refuse(call);
    if (refused) return refused;
    const entryId = decodeURIComponent(call.path.split('/')[5]!);
    const quantity = call.method === 'DELETE' ? 0 : (call.body as { quantity: number }).quantity;
    cart = cartOf(
      cart.entries.filter((e) => e.id !== entryId || quantity > 0).map((e) => [e.id, e.itemId, e.title, e.id === entryId ? quantity : e.quantity, e.purchasePriceCents]),
    );
    return { body: { shoppingCart: cart, updatedEntry: null } };
  });
  return { ...api, current: () => cart };
}

const line = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
const flush = () => act(async () => {
  await jest.advanceTimersByTimeAsync(0);
});

describe('the cart page island', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows each entry with its options, unit price and line total, the subtotal, Checkout and Continue Shopping, with the controls enabled', async () => {
    fakeCartServer(TWO);
    render(withStore(<CartPage data={islandData(TWO)} />));
    await flush();
    const mug = line('Stoneware Mug');
    expect(within(mug).getByRole('link', { name: 'Stoneware Mug' }).getAttribute('href')).toBe('/shop/p/stoneware-mug');
    expect(mug.textContent).toContain('Glaze: Moss');
    expect(mug.textContent).toContain('$28.00 each');
    expect(within(mug).getByText('$56.00')).toBeTruthy();
    expect((within(mug).getByRole('spinbutton', { name: 'Quantity of Stoneware Mug' }) as HTMLInputElement).value).toBe('2');
    expect(within(mug).getByRole('button', { name: 'One more Stoneware Mug' }).hasAttribute('disabled')).toBe(false);
    expect(within(line('Linen Apron')).getByRole('button', { name: 'One fewer Linen Apron' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('$92.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('shows a quantity change at once and sends one request after a pause for a run of clicks', async () => {
    const server = fakeCartServer(TWO);
    render(withStore(<CartPage data={islandData(TWO)} />));
    await flush();
    const more = screen.getByRole('button', { name: 'One more Stoneware Mug' });
    fireEvent.click(more);
    fireEvent.click(more);
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Stoneware Mug' }) as HTMLInputElement;
    expect(input.value).toBe('4');
    expect(within(line('Stoneware Mug')).getByText('$112.00')).toBeTruthy();
    expect(screen.getByText('$148.00')).toBeTruthy();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(QUANTITY_PAUSE_MS - 1);
    });
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    await flush();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([expect.objectContaining({ path: '/api/commerce/shopping-cart/entries/e-mug/quantity', body: { quantity: 4 } })]);
    expect(server.current().entries[0]!.quantity).toBe(4);
    expect(input.value).toBe('4');
    expect(screen.getByRole('status').textContent).toBe('Your cart was updated.');
  });

  it('a typed quantity is sent on Enter; a bad one says why and sends nothing', async () => {
    const server = fakeCartServer(TWO);
    render(withStore(<CartPage data={islandData(TWO)} />));
    await flush();
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Linen Apron' });
    fireEvent.change(input, { target: { value: '2.5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(line('Linen Apron')).getByRole('alert').textContent).toBe('Unable to update quantity Quantity must be a whole number');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(QUANTITY_PAUSE_MS);
    });
    await flush();
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ quantity: 3 }]);
    expect(within(line('Linen Apron')).getByRole('alert').textContent).toBe('');
  });

  it("puts the quantity back and says 'Unable to update quantity' with the server's reason when the change is refused", async () => {
    fakeCartServer(TWO, (call) =>
      call.method === 'PUT' ? { status: 409, body: { error: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.' } } : null,
    );
    render(withStore(<CartPage data={islandData(TWO)} />));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'One more Stoneware Mug' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(QUANTITY_PAUSE_MS);
    });
    await flush();
    const mug = line('Stoneware Mug');
    expect((within(mug).getByRole('spinbutton') as HTMLInputElement).value).toBe('2');
    expect(within(mug).getByRole('alert').textContent).toBe('Unable to update quantity Sorry, we do not have enough of that item available.');
    expect(screen.getByText('$92.00')).toBeTruthy();
  });

  it("says 'Unable to remove item' when a removal fails, in words for a network error", async () => {
    fakeCartServer(TWO, (call) => (call.method === 'DELETE' ? Promise.reject(new TypeError('Failed to fetch')) as never : null));
    render(withStore(<CartPage data={islandData(TWO)} />));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Linen Apron from your cart' }));
    await flush();
    expect(within(line('Linen Apron')).getByRole('alert').textContent).toBe('Unable to remove item Network error');
    expect(within(line('Linen Apron')).getByRole('button', { name: 'Remove Linen Apron from your cart' }).hasAttribute('disabled')).toBe(false);
  });

  it("removes entries until the cart is empty, then shows 'You have nothing in your shopping cart.' and moves the focus there", async () => {
    const server = fakeCartServer(TWO);
    render(withStore(<CartPage data={islandData(TWO)} />));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Stoneware Mug from your cart' }));
    await flush();
    expect(screen.queryByRole('heading', { name: 'Stoneware Mug' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Stoneware Mug was removed from your cart.');
    expect(screen.getByText('$36.00', { selector: 'dd' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Linen Apron from your cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Linen Apron from your cart' }));
    await flush();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(20);
    });
    expect(screen.getByText('You have nothing in your shopping cart.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Continue Shopping' }));
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/commerce/shopping-cart/entries/e-mug', '/api/commerce/shopping-cart/entries/e-apron',
    ]);
  });

  it("below the store's checkout minimum, says so and offers no checkout until the cart reaches it", async () => {
    fakeCartServer(TWO);
    render(withStore(<CartPage data={islandData(TWO, 10_000)} />));
    await flush();
    expect(screen.getByText('To check out, your order subtotal must be $100.00 or more.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checkout' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'One more Stoneware Mug' }));
    expect(screen.queryByText('To check out, your order subtotal must be $100.00 or more.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Checkout' })).toBeTruthy();
  });

  it('Checkout waits for a quantity change still to be saved, sends it at once, then goes to checkout', async () => {
    const server = fakeCartServer(TWO);
    const navigate = jest.fn();
    render(withStore(<CartPage data={islandData(TWO)} navigate={navigate} />));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'One more Linen Apron' }));
    fireEvent.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(navigate).not.toHaveBeenCalled();
    await flush();
    await flush();
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ quantity: 2 }]);
    expect(navigate).toHaveBeenCalledWith('/checkout');
  });
});
