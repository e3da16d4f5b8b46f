/** @jest-environment ./web/test/dom-environment.cjs */
import { DEFAULT_RESTOCK_SITE_SETTINGS } from '@storefront/domain/restock/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY } from '../../../../test/owner-app';
import type { RestockGroup } from './restock-api';
import { settingsChanges, stockText } from './restock-screen';

afterEach(() => jest.restoreAllMocks());

const BASE = '/api/site-users/account/notifications/restock';
const PRODUCTS = '/api/content-service/product/1.1/websites/w1/products';
const group = (variantId: string, overrides: Partial<RestockGroup> = {}): RestockGroup => ({
  productId: 'p-bowl', variantId, waiting: 3, queued: 0, notified: 1, productName: 'Large Serving Bowl', variantLabel: '', stock: { unlimited: false, qtyInStock: 0 }, ...overrides,
});
const MERCH = { scarcityEnabled: false, scarcityShownByDefault: false, scarcityText: 'Only {qtyInStock} left in stock!', customSoldOutText: null, restockNotificationsEnabled: true, mailingListSignUpEnabled: false, mailingListOptInByDefault: false };

function open(options: { roles?: string[]; sendAll?: (body: unknown) => { status?: number; body: unknown } } = {}) {
  const session = { ...ADMIN_SESSION, owner: { ...ADMIN_SESSION.owner, roles: options.roles ?? ['admin'] } };
  let settings = { settings: DEFAULT_RESTOCK_SITE_SETTINGS, version: 0 };
  const fake = fakeFetch({
    'GET /api/config/session': { body: session },
    'GET /api/site/settings': { body: SITE_SUMMARY },
    'GET /api/site/collections': { body: { collections: [] } },
    // The Orders badge in the panel.
    'GET /api/commerce/order-counts': { body: { counts: { PENDING: 0, FULFILLED: 0, CANCELED: 0 } } },
    [`GET ${BASE}/groups`]: { body: { signUpGroups: [group('v-bowl'), group('v-mug-moss', { productId: 'p-mug', productName: 'Stoneware Mug', variantLabel: 'Moss', stock: { unlimited: false, qtyInStock: 4 }, waiting: 0, queued: 2 })], hasNextPage: true, nextPageCursor: '["p-mug","v-mug-moss"]' } },
    [`GET ${BASE}/groups?cursor=%5B%22p-mug%22%2C%22v-mug-moss%22%5D`]: { body: { signUpGroups: [group('v-vase', { productId: 'p-vase', productName: 'Vase <b>', stock: null, waiting: 1 })], hasNextPage: false, nextPageCursor: null } },
    [`POST ${BASE}/send`]: { status: 202, body: { requestId: 'r1' } },
    [`POST ${BASE}/send/all`]: (body) => options.sendAll?.(body) ?? { status: 202, body: { requestIds: ['a', 'b'] } },
    [`POST ${BASE}/erase`]: { body: { erased: 2 } },
    [`GET ${BASE}/settings`]: () => ({ body: settings }),
    [`PATCH ${BASE}/settings`]: (body) => {
      settings = { settings: { ...settings.settings, ...(body as object) }, version: settings.version + 1 };
      return { body: settings };
    },
    [`GET ${PRODUCTS}`]: { body: { products: [{ id: 'p-bowl', title: 'Large Serving Bowl', name: 'Large Serving Bowl', enabled: true }] } },
    [`GET ${PRODUCTS}/p-bowl`]: { body: { product: { merchandising: MERCH }, record: {}, stock: {}, version: 7 } },
    [`PUT ${PRODUCTS}/p-bowl`]: { body: { product: { merchandising: { ...MERCH, customSoldOutText: 'Back in spring' } }, record: {}, stock: {}, version: 8 } },
  });
  renderOwnerApp('/restock');
  return fake;
}

describe('the restock panel', () => {
  it('lists the waiting sign-ups by product and variant with the stock beside each, and pages by cursor', async () => {
    const { unknown } = open();
    const table = await screen.findByRole('table');
    const rows = () => within(table).getAllByRole('row').slice(1);
    // Two groups and the row with 'Show more'.
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]!.textContent).toContain('Large Serving Bowl');
    expect(within(rows()[0]!).getByText('Sold out')).toBeTruthy();
    expect(within(rows()[1]!).getByText('4 in stock')).toBeTruthy();
    // Nobody waiting: nothing to send.
    expect((within(rows()[1]!).getByRole('button', { name: /Send to those waiting/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(rows()[0]!).getByRole('link', { name: /Export the sign-ups for Large Serving Bowl/ }).getAttribute('href')).toBe(`${BASE}/export.csv?productId=p-bowl&variantId=v-bowl`);
    await userEvent.click(within(table).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(table).getByText('Vase <b>')).toBeTruthy());
    expect(rows()).toHaveLength(3);
    expect(within(table).getByText('Vase <b>')).toBeTruthy();
    expect(within(table).getByText('Unknown')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(unknown).toEqual([]);
  });

  it('sends for one variant after a confirmation', async () => {
    const { calls } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Send to those waiting for Large Serving Bowl' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('still sold out');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sending to 3 shoppers waiting for Large Serving Bowl.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ path: `${BASE}/send`, body: { productId: 'p-bowl', variantId: 'v-bowl' } })]);
  });

  it('sends all: every page of groups with someone waiting, in one request', async () => {
    const { calls } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Send all' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send all' }));
    expect(await screen.findByText('Sending to everyone waiting for 2 variants.')).toBeTruthy();
    expect(calls.find((c) => c.path === `${BASE}/send/all`)!.body).toEqual({ sendRequests: [{ productId: 'p-bowl', variantId: 'v-bowl' }, { productId: 'p-vase', variantId: 'v-vase' }] });
  });

  it("shows the server's message when a send is refused", async () => {
    open({ sendAll: () => ({ status: 400, body: { code: 'INVALID_REQUEST', message: 'sendRequests must list 1 to 500 sends of { productId, variantId }.' } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send all' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send all' }));
    expect((await screen.findByRole('alert')).textContent).toBe('sendRequests must list 1 to 500 sends of { productId, variantId }.');
  });

  it("saves only the store settings that changed, and says a blank one can't be", async () => {
    const { calls } = open();
    const success = await screen.findByLabelText('Success text');
    await userEvent.clear(success);
    expect(await screen.findByText('Success text cannot be blank.')).toBeTruthy();
    await userEvent.type(success, 'Thanks!');
    await userEvent.click(screen.getByLabelText('Send automatically when a sold-out variant is back in stock'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ restockNotificationsSuccessText: 'Thanks!', automaticSendOnRestock: true });
  });

  it("saves a product's merchandising based on its version", async () => {
    const { calls } = open();
    await userEvent.selectOptions(await screen.findByLabelText('Product'), 'p-bowl');
    const soldOut = await screen.findByLabelText('Sold-out text');
    expect((screen.getByLabelText('Offer back-in-stock sign-ups when sold out') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Tick the mailing-list box by default') as HTMLInputElement).disabled).toBe(true);
    await userEvent.type(soldOut, 'Back in spring');
    await userEvent.click(screen.getByRole('button', { name: 'Save product settings' }));
    expect(await screen.findByText('Product settings saved.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.ifMatch).toBe('"7"');
    expect(put.body).toEqual({ merchandising: { ...MERCH, customSoldOutText: 'Back in spring' } });
  });

  it("erases a person's sign-ups after a confirmation", async () => {
    const { calls } = open();
    await userEvent.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Erase sign-ups' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('Erased 2 sign-ups of ada@example.com.')).toBeTruthy();
    expect(calls.find((c) => c.path === `${BASE}/erase`)!.body).toEqual({ email: 'ada@example.com' });
  });

  it('is not in the panel for an owner without restock.manage', async () => {
    open({ roles: ['editor'] });
    await screen.findByRole('navigation');
    expect(screen.queryByRole('link', { name: 'Restock' })).toBeNull();
  });
});

describe('restock panel helpers', () => {
  it('words the stock', () => {
    expect(stockText(null)).toBe('Unknown');
    expect(stockText({ unlimited: true, qtyInStock: 0 })).toBe('Unlimited');
    expect(stockText({ unlimited: false, qtyInStock: 0 })).toBe('Sold out');
    expect(stockText({ unlimited: false, qtyInStock: 2 })).toBe('2 in stock');
  });
  it('keeps only the changed settings', () => {
    const draft = { ...DEFAULT_RESTOCK_SITE_SETTINGS, restockNotificationMessages: { ...DEFAULT_RESTOCK_SITE_SETTINGS.restockNotificationMessages, buttonText: 'Notify me' } };
    expect(settingsChanges(DEFAULT_RESTOCK_SITE_SETTINGS, draft)).toEqual({ restockNotificationMessages: { buttonText: 'Notify me' } });
    expect(settingsChanges(DEFAULT_RESTOCK_SITE_SETTINGS, DEFAULT_RESTOCK_SITE_SETTINGS)).toEqual({});
  });
});
