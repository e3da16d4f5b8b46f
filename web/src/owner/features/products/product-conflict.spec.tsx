/** @jest-environment ./web/test/dom-environment.cjs */
import type { ProductDetails } from '@storefront/domain/catalog/product-details';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY, type FakeServer } from '../../../../test/owner-app';

afterEach(() => jest.restoreAllMocks());

/**
 * Concurrent editing (issue 12 item 9) in the product editor: each step of a save (details,
 * variants, images, enabled, delete) carries the version it is based on; a refused one shows the
 * server's message with Reload and Apply my changes on top.
 */
const PRODUCTS = '/api/content-service/product/1.1/websites/w1/products';
const MUG_PATH = `${PRODUCTS}/p-mug`;

const MUG: ProductDetails = {
  id: 'p-mug', websiteId: 'w1', collectionId: 'shop', productType: 'PHYSICAL', title: 'Stoneware Mug', navigationTitle: 'Stoneware Mug',
  description: '<p>A 12 oz mug.</p>', urlId: 'stoneware-mug', currency: 'USD', variantOptionOrdering: ['Glaze'], subscriptionPlan: null,
  additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: '', tags: [], categories: [],
  merchandising: {
    scarcityEnabled: false, scarcityShownByDefault: false, scarcityText: '', customSoldOutText: null, restockNotificationsEnabled: false,
    mailingListSignUpEnabled: false, mailingListOptInByDefault: false,
  },
  enabled: true, createdAt: '2026-01-01T00:00:00.000Z', imageIds: [],
  variants: [
    { id: 'v1', sku: 'MUG-SAND', attributes: { Glaze: 'Sand' }, priceMinor: 2800, salePriceMinor: 0, onSale: false },
    { id: 'v2', sku: 'MUG-MOSS', attributes: { Glaze: 'Moss' }, priceMinor: 2800, salePriceMinor: 0, onSale: false },
  ],
};

/** A product as the owner API answers it, at `version`. */
function view(product: ProductDetails, version: number) {
  return {
    product,
    record: { id: product.id, title: product.title, urlId: product.urlId, fullUrl: `/shop/p/${product.urlId}`, collectionId: 'shop' },
    stock: Object.fromEntries(product.variants.map((v) => [v.sku, { qtyInStock: 5, unlimited: false, lastChange: null }])),
    version,
  };
}

const conflict = (expectedVersion: number, currentVersion: number) => ({
  status: 409,
  body: { error: 'EDIT_CONFLICT', message: ERROR_MESSAGES.EDIT_CONFLICT, expectedVersion, currentVersion },
});
const versionOf = (headers: Headers) => Number(headers.get('If-Match')?.replace(/"/g, ''));

/** What someone else saved meanwhile: a new description (version 8). */
const THEIRS = { ...MUG, description: '<p>Their words.</p>' };

/**
 * The mug read at version 7 (then, read again, as someone else saved it at version 8). Saves based
 * on 7 are refused; based on 8 or later they land, one version further, on top of their change.
 */
function server(extra: FakeServer = {}): FakeServer {
  let reads = 0;
  let current: ProductDetails = THEIRS;
  let version = 8;
  const land = (change: (p: ProductDetails) => ProductDetails) => (_body: unknown, headers: Headers) => {
    if (versionOf(headers) !== version) return conflict(versionOf(headers), version);
    current = change(current);
    version += 1;
    return { body: view(current, version) };
  };
  return {
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': { body: { ...SITE_SUMMARY, settings: { currency: 'USD' } } },
    'GET /api/site/collections': { body: { collections: [{ id: 'shop', type: 13, typeName: 'products', title: 'Shop', fullUrl: '/shop', storeCollectionId: 'shop' }] } },
    'GET /api/media/images': { body: { images: [] } },
    [`GET ${PRODUCTS}`]: { body: { products: [] } },
    [`GET ${MUG_PATH}`]: () => (++reads === 1 ? { body: view(MUG, 7) } : { body: view(current, version) }),
    [`PUT ${MUG_PATH}`]: (body, headers) => land((p) => ({ ...p, ...(body as Partial<ProductDetails>) }))(body, headers),
    [`PUT ${MUG_PATH}/variants`]: (body, headers) =>
      land((p) => ({
        ...p,
        variants: (body as { variants: { sku: string; priceCents: number }[] }).variants.map((v, i) => ({ ...p.variants[i]!, sku: v.sku, priceMinor: v.priceCents })),
      }))(body, headers),
    [`DELETE ${MUG_PATH}`]: (_body, headers) => (versionOf(headers) === version ? { status: 204 } : conflict(versionOf(headers), version)),
    ...extra,
  };
}

/** Changes the title and the Moss price, and saves. */
async function editAndSave() {
  const title = await screen.findByLabelText('Title');
  await userEvent.clear(title);
  await userEvent.type(title, 'Moss Mug');
  const price = screen.getByLabelText('Price of Moss');
  await userEvent.clear(price);
  await userEvent.type(price, '31.00');
  await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
  return screen.findByRole('alert');
}

describe('a product editor save refused because someone else saved first', () => {
  it('carries the version the product was read at, and shows the server’s message, focused, keeping the edits', async () => {
    const { calls } = fakeFetch(server());
    renderOwnerApp('/products/p-mug');
    const notice = await editAndSave();
    expect(notice.textContent).toContain(ERROR_MESSAGES.EDIT_CONFLICT);
    expect(document.activeElement).toBe(notice);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.ifMatch])).toEqual([[MUG_PATH, '"7"']]);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Moss Mug');
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeTruthy();
  });

  it('Apply my changes on top sends each step again, the first based on the current version and each next on the answer before it; their description stays', async () => {
    const { calls } = fakeFetch(server());
    renderOwnerApp('/products/p-mug');
    const notice = await editAndSave();
    await userEvent.click(within(notice).getByRole('button', { name: 'Apply my changes on top' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.ifMatch, c.body])).toEqual([
      [MUG_PATH, '"7"', { title: 'Moss Mug' }],
      [MUG_PATH, '"8"', { title: 'Moss Mug' }],
      [`${MUG_PATH}/variants`, '"9"', expect.objectContaining({ variants: [expect.objectContaining({ sku: 'MUG-SAND', priceCents: 2800 }), expect.objectContaining({ sku: 'MUG-MOSS', priceCents: 3100 })] })],
    ]);
    // The editor now shows the product as saved: their description with this owner's title and price.
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Moss Mug');
    expect(screen.getByText('Their words.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();

    // The next save is based on the last answer's version.
    await userEvent.click(screen.getByLabelText('Enabled'));
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(calls.some((c) => c.path === `${MUG_PATH}/enabled`)).toBe(true));
    expect(calls.find((c) => c.path === `${MUG_PATH}/enabled`)!.ifMatch).toBe('"10"');
  });

  it('Reload drops the edits and shows the product as someone else saved it', async () => {
    const { calls } = fakeFetch(server());
    const { router } = renderOwnerApp('/products/p-mug');
    const notice = await editAndSave();
    await userEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Stoneware Mug'));
    expect(screen.getByText('Their words.')).toBeTruthy();
    expect((screen.getByLabelText('Price of Moss') as HTMLInputElement).value).toBe('28.00');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    expect(calls.filter((c) => c.method === 'GET' && c.path === MUG_PATH).length).toBeGreaterThanOrEqual(2);

    // Nothing unsaved: leaving does not ask.
    await userEvent.click(screen.getByRole('link', { name: '← All products' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a delete based on an old version is refused too, and can be sent again on top ("Delete it anyway")', async () => {
    const { calls } = fakeFetch(server());
    const { router } = renderOwnerApp('/products/p-mug');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete product' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete product' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(ERROR_MESSAGES.EDIT_CONFLICT);
    await userEvent.click(within(notice).getByRole('button', { name: 'Delete it anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.ifMatch)).toEqual(['"7"', '"8"']);
  });
});
