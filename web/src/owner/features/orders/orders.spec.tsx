/** @jest-environment ./web/test/dom-environment.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY, type FakeServer } from '../../../../test/owner-app';
import type { OwnerOrderView } from './orders-api';

const usd = (minor: number) => ({ value: String(minor), currency: 'USD', decimalValue: (minor / 100).toFixed(2) });
const ORDER_ID = '3f2a9c1b-0000-4000-8000-000000000001';

function order(over: Partial<OwnerOrderView> = {}): OwnerOrderView {
  return {
    id: ORDER_ID,
    orderNumber: 1001,
    purchasedCartId: 'cart-1',
    testMode: true,
    websiteId: 'w1',
    items: [
      { sku: 'MUG-SAND', productName: 'Stoneware Mug', quantity: 2, unitPrice: usd(2800), itemId: 'p-mug', attributes: { Glaze: 'Sand' }, lineTotal: usd(5600) },
      { sku: 'APRON-S', productName: 'Linen Apron', quantity: 1, unitPrice: usd(3600), itemId: 'p-apron', attributes: {}, lineTotal: usd(3600) },
    ],
    subtotal: usd(9200),
    discountTotal: usd(0),
    grandTotal: usd(9200),
    shippingTotal: usd(0),
    taxTotal: usd(0),
    currency: 'USD',
    customerEmail: 'ada@example.com',
    shippingAddress: null,
    fulfillmentStatus: 'PENDING',
    createdOn: '2026-11-23T15:04:00.000Z',
    fulfilledOn: null,
    cancelledOn: null,
    cancelReason: null,
    payment: { provider: 'test', paymentId: 'pay_test_123' },
    subscription: null,
    ...over,
  };
}

const SECOND = order({ id: '3f2a9c1b-0000-4000-8000-000000000002', orderNumber: 1002, customerEmail: 'bob@example.org', fulfillmentStatus: 'FULFILLED', testMode: false });
const SITE = { website: { ...SITE_SUMMARY.website, timeZone: 'America/New_York' } };
const page = (orders: OwnerOrderView[], next: string | null = null) => ({ body: { orders, hasNextPage: next !== null, nextPageCursor: next } });

function server(extra: FakeServer = {}): FakeServer {
  return {
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': { body: SITE },
    'GET /api/commerce/order-counts': { body: { counts: { PENDING: 1, FULFILLED: 1, CANCELED: 0 } } },
    'GET /api/commerce/orders?limit=25': page([order(), SECOND]),
    ...extra,
  };
}

afterEach(() => jest.restoreAllMocks());

describe('the order list', () => {
  it('lists the orders with their number, date in the site’s time zone, customer, status and total', async () => {
    fakeFetch(server());
    renderOwnerApp('/orders');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: '#1001' }).getAttribute('href')).toBe(`/orders/${ORDER_ID}`);
    expect(rows[0]!.textContent).toContain('Nov 23, 2026, 10:04 AM');
    expect(rows[0]!.textContent).toContain('ada@example.com');
    expect(rows[0]!.textContent).toContain('3 items');
    expect(rows[0]!.textContent).toContain('Pending');
    expect(rows[0]!.textContent).toContain('Test');
    expect(rows[0]!.textContent).toContain('$92.00');
    expect(rows[1]!.textContent).toContain('Fulfilled');
    expect(rows[1]!.textContent).not.toContain('Test');
  });

  it('shows the count of orders to fulfil beside Orders in the panel, and the counts on the filters', async () => {
    fakeFetch(server());
    renderOwnerApp('/orders');
    const panel = await screen.findByRole('navigation', { name: 'Editor' });
    const link = await within(panel).findByRole('link', { name: 'Orders (1 order to fulfil)' });
    expect(within(link).getByText('1')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pending 1' })).toBeTruthy();
  });

  it('filters by status and searches by email or number (the server answers), each from the first page', async () => {
    const { calls } = fakeFetch(server({
      'GET /api/commerce/orders?status=FULFILLED&limit=25': page([SECOND]),
      'GET /api/commerce/orders?status=FULFILLED&q=bob&limit=25': page([SECOND]),
      'GET /api/commerce/orders?status=FULFILLED&q=nobody&limit=25': page([]),
    }));
    const { router } = renderOwnerApp('/orders');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: /^Fulfilled/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=FULFILLED'));
    expect(screen.getByRole('button', { name: /^Fulfilled/ }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'bob');
    await waitFor(() => expect(router.state.location.search).toBe('?status=FULFILLED&q=bob'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/commerce/orders?status=FULFILLED&q=bob&limit=25')).toBe(true));

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search orders' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'nobody{Enter}');
    expect(await screen.findByRole('heading', { name: 'No orders match “nobody”' })).toBeTruthy();
  });

  it('shows more orders with the cursor of the page before', async () => {
    const third = order({ id: '3f2a9c1b-0000-4000-8000-000000000003', orderNumber: 1000, customerEmail: 'cy@example.com' });
    fakeFetch(server({
      'GET /api/commerce/orders?limit=25': page([order(), SECOND], 'CURSOR1'),
      'GET /api/commerce/orders?cursor=CURSOR1&limit=25': page([third]),
    }));
    renderOwnerApp('/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByRole('link', { name: '#1000' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^#/ }).map((a) => a.textContent)).toEqual(['#1001', '#1002', '#1000']);
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
  });

  it('says when there are no orders yet, and when the list cannot be read', async () => {
    fakeFetch(server({ 'GET /api/commerce/orders?limit=25': page([]) }));
    const first = renderOwnerApp('/orders');
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    first.unmount();
    jest.restoreAllMocks();
    fakeFetch(server({ 'GET /api/commerce/orders?limit=25': { status: 403, body: { error: 'FORBIDDEN', message: 'You do not have permission to do that.' } } }));
    renderOwnerApp('/orders');
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do that.');
  });
});

describe('an order', () => {
  it('shows its lines, totals, customer, payment reference, test mode and history', async () => {
    fakeFetch(server({ [`GET /api/commerce/orders/${ORDER_ID}`]: { body: order() } }));
    renderOwnerApp(`/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: /^Order #1001 Pending Test$/ })).toBeTruthy();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'ProductQuantityPriceTotal',
      'Stoneware MugGlaze: Sand · SKU MUG-SAND2$28.00$56.00',
      'Linen ApronSKU APRON-S1$36.00$36.00',
    ]);
    expect(items.textContent).toContain('Total$92.00');
    expect(screen.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('mailto:ada@example.com');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment.textContent).toContain('pay_test_123');
    expect(payment.textContent).toContain('in test mode: no real money moved');
    expect(screen.getByRole('region', { name: 'History' }).textContent).toContain('PlacedNov 23, 2026, 10:04 AM');
    expect(screen.getByRole('region', { name: 'Customer' }).textContent).toContain('Ship toNothing to ship');
  });

  it('marks a subscription order, in the list and on its page, with its plan', async () => {
    const notes = order({
      items: [{ sku: 'NOTES-MONTHLY', productName: 'Studio Notes Membership', quantity: 1, unitPrice: usd(800), itemId: 'p-studio-notes', attributes: {}, lineTotal: usd(800) }],
      subtotal: usd(800), grandTotal: usd(800),
      subscription: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0, subscriptionOptionId: null },
    });
    fakeFetch(server({ 'GET /api/commerce/orders?limit=25': page([notes, SECOND]), [`GET /api/commerce/orders/${ORDER_ID}`]: { body: notes } }));
    renderOwnerApp('/orders');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Subscription').getAttribute('title')).toBe('$8.00 every month · Until you cancel');
    expect(rows[0]!.textContent).toContain('1 item · $8.00 every month · Until you cancel');
    expect(rows[1]!.textContent).not.toContain('Subscription');
    await userEvent.click(within(rows[0]!).getByRole('link', { name: '#1001' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Order #1001 Pending Test Subscription$/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Payment' }).textContent).toContain('Subscription$8.00 every month · Until you cancel');
  });

  it('shows where a shipped order goes, in the lines the buyer wrote', async () => {
    const shippingAddress = { name: 'Ada Lovelace', line1: '12 Kiln Lane', line2: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' as const };
    fakeFetch(server({ [`GET /api/commerce/orders/${ORDER_ID}`]: { body: order({ shippingAddress }) } }));
    renderOwnerApp(`/orders/${ORDER_ID}`);
    const customer = await screen.findByRole('region', { name: 'Customer' });
    expect([...customer.querySelectorAll('address span')].map((line) => line.textContent)).toEqual(['Ada Lovelace', '12 Kiln Lane', 'Portland, OR 97201', 'United States']);
  });

  it('is fulfilled through the confirmation modal: the status, the notice and the panel’s count change', async () => {
    const fulfilled = order({ fulfillmentStatus: 'FULFILLED', fulfilledOn: '2026-11-24T09:00:00.000Z' });
    const { calls } = fakeFetch(server({
      [`GET /api/commerce/orders/${ORDER_ID}`]: { body: order() },
      [`POST /api/commerce/orders/${ORDER_ID}/fulfilment`]: { body: fulfilled },
    }));
    renderOwnerApp(`/orders/${ORDER_ID}`);
    const panel = await screen.findByRole('navigation', { name: 'Editor' });
    await within(panel).findByRole('link', { name: 'Orders (1 order to fulfil)' });

    await userEvent.click(await screen.findByRole('button', { name: 'Fulfil order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Fulfil order #1001?' });
    // Not yet: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Fulfil order' }));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Order #1001 is fulfilled.')).toBeTruthy();
    // The notice comes with the command's answer; the heading follows once the order is read again.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Fulfilled'));
    expect(screen.queryByRole('button', { name: 'Fulfil order' })).toBeNull();
    expect(screen.getByRole('region', { name: 'History' }).textContent).toContain('Fulfilled');
    await waitFor(() => expect(within(panel).getByRole('link', { name: 'Orders' })).toBeTruthy());
  });

  it('is cancelled with an optional reason the store keeps', async () => {
    // The order as the store holds it: cancelled once the cancellation went through, as read again after it.
    let stored = order();
    const { calls } = fakeFetch(server({
      [`GET /api/commerce/orders/${ORDER_ID}`]: () => ({ body: stored }),
      [`POST /api/commerce/orders/${ORDER_ID}/cancellation`]: (body) => {
        stored = order({ fulfillmentStatus: 'CANCELED', cancelledOn: '2026-11-24T09:00:00.000Z', cancelReason: (body as { reason?: string }).reason ?? '' });
        return { body: stored };
      },
    }));
    renderOwnerApp(`/orders/${ORDER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel order #1001?' });
    expect(dialog.textContent).toContain('Its payment of $92.00 is refunded and its items go back into stock.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Out of glaze');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order #1001 is cancelled. Its payment was refunded and its items are back in stock.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Out of glaze' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'History' }).textContent).toContain('Reason: Out of glaze'));
  });

  it('says in words why a change was refused', async () => {
    fakeFetch(server({
      [`GET /api/commerce/orders/${ORDER_ID}`]: { body: order() },
      [`POST /api/commerce/orders/${ORDER_ID}/fulfilment`]: { status: 409, body: { error: 'ORDER_CANCELLED', message: 'This order was cancelled.' } },
    }));
    renderOwnerApp(`/orders/${ORDER_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Fulfil order' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Fulfil order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This order was cancelled.');
  });

  it('answers an unknown order with its own message', async () => {
    fakeFetch(server({ [`GET /api/commerce/orders/${ORDER_ID}`]: { status: 404, body: { error: 'ORDER_NOT_FOUND', message: 'There is no order with this id.' } } }));
    renderOwnerApp(`/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All orders' })).toBeTruthy();
  });
});
