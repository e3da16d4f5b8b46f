/** @jest-environment ./web/test/dom-environment.cjs */
import type { ProductDetails } from '@storefront/domain/catalog/product-details';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY, type FakeServer } from '../../../../test/owner-app';
import type { ProductListing, ProductView } from './products-api';

afterEach(() => jest.restoreAllMocks());

const PRODUCTS = '/api/content-service/product/1.1/websites/w1/products';
const MANAGER = { email: 'manager@example.com', id: 'o2' };

const SHOP = { id: 'shop', type: 13, typeName: 'products', title: 'Shop', fullUrl: '/shop', storeCollectionId: 'shop' };
const OUTLET = { id: 'outlet', type: 13, typeName: 'products', title: 'Outlet', fullUrl: '/outlet', storeCollectionId: 'outlet' };
const ABOUT = { id: 'about', type: 10, typeName: 'page', title: 'About', fullUrl: '/about' };

const MUG: ProductDetails = {
  id: 'p-mug', websiteId: 'w1', collectionId: 'shop', productType: 'PHYSICAL', title: 'Stoneware Mug', navigationTitle: 'Stoneware Mug',
  description: '<p>A 12 oz mug.</p>', urlId: 'stoneware-mug', currency: 'USD', variantOptionOrdering: ['Glaze'], subscriptionPlan: null,
  additionalFieldsFormId: null, useCustomAddButtonText: false, customAddButtonText: '', tags: [], categories: [],
  merchandising: {
    scarcityEnabled: false, scarcityShownByDefault: false, scarcityText: '', customSoldOutText: null, restockNotificationsEnabled: false,
    mailingListSignUpEnabled: false, mailingListOptInByDefault: false,
  },
  enabled: true, createdAt: '2026-01-01T00:00:00.000Z', imageIds: ['img-mug'],
  variants: [
    { id: 'v1', sku: 'MUG-SAND', attributes: { Glaze: 'Sand' }, priceMinor: 2800, salePriceMinor: 0, onSale: false },
    { id: 'v2', sku: 'MUG-MOSS', attributes: { Glaze: 'Moss' }, priceMinor: 2800, salePriceMinor: 0, onSale: false },
  ],
};

function record(p: ProductDetails, stock: Record<string, number>, enabled = true): ProductListing {
  const money = (n: number) => ({ value: String(n), currency: p.currency });
  return {
    id: p.id, name: p.title, title: p.title, urlId: p.urlId, fullUrl: `/shop/p/${p.urlId}`, collectionId: p.collectionId, recordType: 11, enabled,
    imageIds: p.imageIds, mainImageId: p.imageIds?.[0],
    structuredContent: {
      productType: { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 }[p.productType] as 1,
      variants: p.variants.map((v) => ({
        id: v.id, sku: v.sku, attributes: v.attributes, optionValues: [], priceMoney: money(v.priceMinor), salePriceMoney: money(v.salePriceMinor),
        price: v.priceMinor, salePrice: v.salePriceMinor, onSale: v.onSale, qtyInStock: stock[v.sku] ?? 0, unlimited: false,
      })),
      isSubscribable: false, subscriptionPlan: null, priceMoney: money(p.variants[0]!.priceMinor), salePriceMoney: money(0), onSale: false,
      variantOptionOrdering: p.variantOptionOrdering, additionalFieldsFormId: null, additionalFieldsForm: null, useCustomAddButtonText: false,
      customAddButtonText: '', audioAssetUrl: null,
    },
  };
}

function view(p: ProductDetails, stock: Record<string, number>): ProductView {
  return {
    product: p,
    record: record(p, stock),
    stock: Object.fromEntries(
      p.variants.map((v) => [v.sku, {
        qtyInStock: stock[v.sku] ?? 0, unlimited: false,
        lastChange: { kind: 'set', at: '2026-11-20T15:04:00.000Z', by: { kind: 'owner', id: MANAGER.id, email: MANAGER.email } },
      }]),
    ),
  } as ProductView;
}

const VASE = { ...MUG, id: 'p-vase', title: 'Bud Vase', urlId: 'bud-vase', imageIds: [], variantOptionOrdering: [], variants: [{ ...MUG.variants[0]!, sku: 'VASE', attributes: {}, priceMinor: 1800 }] };
const BOOK = { ...MUG, id: 'p-book', title: 'Glaze Recipe Book', productType: 'DIGITAL' as const, urlId: 'book', imageIds: [], variantOptionOrdering: [], variants: [{ ...MUG.variants[0]!, sku: 'BOOK', attributes: {}, priceMinor: 1200 }] };

function server(extra: FakeServer = {}, products: ProductListing[] = [record(MUG, { 'MUG-SAND': 40, 'MUG-MOSS': 3 }), record(VASE, { VASE: 0 }, false), record(BOOK, {})]): FakeServer {
  return {
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': { body: { ...SITE_SUMMARY, settings: { currency: 'USD' } } },
    'GET /api/site/collections': { body: { collections: [ABOUT, SHOP] } },
    'GET /api/media/images': { body: { images: [{ id: 'img-mug', assetUrl: '/static/images/img-mug/mug.jpg', filename: 'mug.jpg', title: 'Mug' }, { id: 'img-kiln', assetUrl: '/static/images/img-kiln/kiln.jpg', filename: 'kiln.jpg', title: 'Kiln' }] } },
    [`GET ${PRODUCTS}`]: { body: { products } },
    ...extra,
  };
}

describe('the products list', () => {
  it("shows the store's products with image, title, type, price, stock and status", async () => {
    fakeFetch(server());
    renderOwnerApp('/products');
    const table = await screen.findByRole('table', { name: 'Products in Shop' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(1, 6).map((c) => c.textContent))).toEqual([
      ['Bud VaseVASE', 'Physical', '$18.00', 'Sold out', 'Disabled'],
      ['Glaze Recipe BookBOOK', 'Digital', '$12.00', 'Not tracked', 'Enabled'],
      ['Stoneware Mug2 variants', 'Physical', '$28.00', '43 in stock', 'Enabled'],
    ]);
    expect(within(rows[2]!).getByRole('link', { name: 'View Stoneware Mug on your site (opens in a new tab)' }).getAttribute('href')).toBe('/shop/p/stoneware-mug');
    expect(screen.getByText('Shop · 3 of 200 products')).toBeTruthy();
  });

  it('searches and filters, keeps them in the address, and offers to clear them when nothing matches', async () => {
    fakeFetch(server());
    const { router } = renderOwnerApp('/products');
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Search'), 'mug');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?q=mug');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'disabled');
    expect(await screen.findByRole('heading', { name: 'No products match' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    await userEvent.selectOptions(screen.getByLabelText('Stock'), 'sold-out');
    await waitFor(() => expect(screen.getAllByRole('row').map((r) => r.textContent)).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Bud Vase' })).toBeTruthy();
  });

  it('has an empty state for a store without products, and a switcher between store pages', async () => {
    fakeFetch({ ...server(), 'GET /api/site/collections': { body: { collections: [SHOP, OUTLET] } } });
    renderOwnerApp('/products?store=outlet');
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first product' }).getAttribute('href')).toBe('/products/new?store=outlet');
    await userEvent.selectOptions(screen.getByLabelText('Store page'), 'shop');
    expect(await screen.findByRole('table', { name: 'Products in Shop' })).toBeTruthy();
  });

  it('stops adding at 200 products per store (SPEC 9) and says why', async () => {
    const many = Array.from({ length: 200 }, (_, i) => record({ ...VASE, id: `p${i}`, title: `Vase ${i}` }, { VASE: 1 }));
    fakeFetch(server({}, many));
    renderOwnerApp('/products');
    expect(await screen.findByText(/A store can hold at most 200 products\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add product' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says in words when the products cannot be read', async () => {
    fakeFetch(server({ [`GET ${PRODUCTS}`]: { status: 403, body: { error: 'FORBIDDEN', message: 'You do not have permission to do that.' } } }));
    renderOwnerApp('/products');
    expect(await screen.findByText('You do not have permission to do that.')).toBeTruthy();
  });
});

describe('the product editor', () => {
  const MUG_VIEW = view(MUG, { 'MUG-SAND': 40, 'MUG-MOSS': 3 });

  it('shows the stock with who changed it last, and saves a price as exact minor units and stock as an adjustment', async () => {
    const saved = view({ ...MUG, variants: [{ ...MUG.variants[0]!, priceMinor: 3010 }, MUG.variants[1]!] }, { 'MUG-SAND': 35, 'MUG-MOSS': 3 });
    const { calls } = fakeFetch(server({
      [`GET ${PRODUCTS}/p-mug`]: { body: MUG_VIEW },
      [`PUT ${PRODUCTS}/p-mug/variants`]: { body: saved },
      [`PUT ${PRODUCTS}/p-mug/variants/MUG-SAND/stock`]: { body: saved },
    }));
    renderOwnerApp('/products/p-mug');
    const price = await screen.findByLabelText('Price of Sand');
    expect(screen.getByText(/^Sand: 40 in stock\. Last change: set by manager@example\.com, /).id).toBe(price.closest('tr')!.nextElementSibling!.querySelector('span')!.id);
    expect(screen.getAllByText(/Last change: set by manager@example\.com/)).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();

    await userEvent.clear(price);
    await userEvent.type(price, '30.1');
    await userEvent.clear(screen.getByLabelText('Stock of Sand'));
    await userEvent.type(screen.getByLabelText('Stock of Sand'), '35');
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);

    expect(await screen.findByText('Saved.')).toBeTruthy();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([`PUT ${PRODUCTS}/p-mug/variants`, `PUT ${PRODUCTS}/p-mug/variants/MUG-SAND/stock`]);
    expect((writes[0]!.body as { variants: { priceCents: number }[] }).variants.map((v) => v.priceCents)).toEqual([3010, 2800]);
    expect(writes[1]!.body).toEqual({ adjustBy: -5 });
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  });

  it("shows the server's message when a save is refused, and keeps the edit", async () => {
    fakeFetch(server({
      [`GET ${PRODUCTS}/p-mug`]: { body: MUG_VIEW },
      [`PUT ${PRODUCTS}/p-mug`]: { status: 400, body: { error: 'INVALID_TITLE', message: 'Please enter a title of at most 200 characters.' } },
    }));
    renderOwnerApp('/products/p-mug');
    await userEvent.type(await screen.findByLabelText('Title'), ' XL');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please enter a title of at most 200 characters.');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Stoneware Mug XL');
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeTruthy();
  });

  it("chooses the additional-fields form among the site's forms (not newsletters), saves it as a detail, and says when the saved one no longer exists", async () => {
    const forms = { forms: [
      { id: 'form-class-signup', name: 'Class sign-up', kind: 'form', version: 1, updatedAt: 't', submissions: 0 },
      { id: 'newsletter', name: 'Kiln days newsletter', kind: 'newsletter', version: 1, updatedAt: 't', submissions: 0 },
    ] };
    const gone = view({ ...MUG, additionalFieldsFormId: 'deleted-form' }, { 'MUG-SAND': 40, 'MUG-MOSS': 3 });
    const { calls } = fakeFetch(server({
      'GET /api/config/forms': { body: forms },
      [`GET ${PRODUCTS}/p-mug`]: { body: gone },
      [`PUT ${PRODUCTS}/p-mug`]: { body: view({ ...MUG, additionalFieldsFormId: 'form-class-signup' }, { 'MUG-SAND': 40, 'MUG-MOSS': 3 }) },
    }));
    renderOwnerApp('/products/p-mug');
    const select = (await screen.findByLabelText('Additional fields form')) as HTMLSelectElement;
    expect(await screen.findByText(/This form no longer exists/)).toBeTruthy();
    expect(select.value).toBe('deleted-form');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect([...select.options].map((o) => o.textContent)).toEqual(['None', 'Class sign-up', 'Missing form (deleted-form)']);
    await userEvent.selectOptions(select, 'form-class-signup');
    expect(screen.queryByText(/This form no longer exists/)).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => [`${c.method} ${c.path}`, c.body])).toEqual([[`PUT ${PRODUCTS}/p-mug`, { additionalFieldsFormId: 'form-class-signup' }]]);
  });

  it('checks fields before sending: a price with too many decimals, a URL with nothing usable', async () => {
    const { calls } = fakeFetch(server({ [`GET ${PRODUCTS}/p-mug`]: { body: MUG_VIEW } }));
    renderOwnerApp('/products/p-mug');
    const price = await screen.findByLabelText('Price of Moss');
    await userEvent.clear(price);
    await userEvent.type(price, '12.345');
    await userEvent.clear(screen.getByLabelText('URL'));
    await userEvent.type(screen.getByLabelText('URL'), '%%%');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('USD prices have at most 2 decimals.')).toBeTruthy();
    expect(screen.getByText('%%% is not a valid page URL')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('adds an option value: the new variants appear, and the save sends options and variants together', async () => {
    const { calls } = fakeFetch(server({
      [`GET ${PRODUCTS}/p-mug`]: { body: MUG_VIEW },
      [`PUT ${PRODUCTS}/p-mug/variants`]: { body: MUG_VIEW },
    }));
    renderOwnerApp('/products/p-mug');
    await userEvent.type(await screen.findByLabelText('New option name'), 'Size');
    await userEvent.click(screen.getByRole('button', { name: 'Add option' }));
    await userEvent.type(screen.getByLabelText('New value of Size'), 'S{Enter}');
    await userEvent.type(screen.getByLabelText('New value of Size'), 'L{Enter}');
    expect(screen.getByLabelText('SKU of Sand / L')).toHaveProperty('value', 'STONEWARE-MUG-SAND-L');
    // A saved SKU is shown, not editable.
    expect(screen.queryByLabelText('SKU of Sand / S')).toBeNull();
    expect(screen.getByText('MUG-SAND')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      variantOptionOrdering: ['Glaze', 'Size'],
      variants: [
        { sku: 'MUG-SAND', attributes: { Glaze: 'Sand', Size: 'S' } },
        { sku: 'STONEWARE-MUG-SAND-L', attributes: { Glaze: 'Sand', Size: 'L' }, priceCents: 2800, qtyInStock: 0 },
        { sku: 'MUG-MOSS', attributes: { Glaze: 'Moss', Size: 'S' } },
        { sku: 'STONEWARE-MUG-MOSS-L', attributes: { Glaze: 'Moss', Size: 'L' } },
      ],
    });
  });

  it('reorders images and makes one the main image', async () => {
    const withTwo = view({ ...MUG, imageIds: ['img-mug', 'img-kiln'] }, { 'MUG-SAND': 40, 'MUG-MOSS': 3 });
    const { calls } = fakeFetch(server({
      [`GET ${PRODUCTS}/p-mug`]: { body: withTwo },
      [`PUT ${PRODUCTS}/p-mug/images`]: { body: view({ ...MUG, imageIds: ['img-kiln', 'img-mug'] }, { 'MUG-SAND': 40, 'MUG-MOSS': 3 }) },
    }));
    renderOwnerApp('/products/p-mug');
    await userEvent.click(await screen.findByRole('button', { name: 'Make Kiln the main image' }));
    const images = screen.getByRole('list', { name: 'Images of Stoneware Mug' });
    expect(within(images).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Kiln', 'Mug']);
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ imageIds: ['img-kiln', 'img-mug'] }));
  });

  it("picks a variant's own image among the product's images with the keyboard, and saves it with the variants", async () => {
    const withTwo = view({ ...MUG, imageIds: ['img-mug', 'img-kiln'] }, { 'MUG-SAND': 40, 'MUG-MOSS': 3 });
    const saved = view({ ...MUG, imageIds: ['img-mug', 'img-kiln'], variants: [MUG.variants[0]!, { ...MUG.variants[1]!, imageId: 'img-kiln' }] }, { 'MUG-SAND': 40, 'MUG-MOSS': 3 });
    const { calls } = fakeFetch(server({
      [`GET ${PRODUCTS}/p-mug`]: { body: withTwo },
      [`PUT ${PRODUCTS}/p-mug/variants`]: { body: saved },
    }));
    renderOwnerApp('/products/p-mug');
    const moss = (await screen.findByLabelText('Image of Moss')) as HTMLSelectElement;
    // Named after the library's images once it has answered.
    await waitFor(() => expect(within(moss).getAllByRole('option').map((o) => o.textContent)).toEqual(['Same as main image', 'Main image: Mug', 'Image 2: Kiln']));
    expect(moss.value).toBe('');
    moss.focus();
    await userEvent.selectOptions(moss, 'Image 2: Kiln');
    expect(moss.value).toBe('img-kiln');
    // The preview beside it shows the chosen image.
    await waitFor(() => expect(moss.parentElement!.querySelector('img')!.getAttribute('src')).toBe('/static/images/img-kiln/kiln.jpg?format=100w'));
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`${PRODUCTS}/p-mug/variants`);
    expect((put.body as { variants: { sku: string; imageId?: string }[] }).variants.map((v) => [v.sku, v.imageId ?? null])).toEqual([['MUG-SAND', null], ['MUG-MOSS', 'img-kiln']]);
    expect((screen.getByLabelText('Image of Moss') as HTMLSelectElement).value).toBe('img-kiln');
  });

  it("names an image just uploaded in the variants' image choice while the library list still lags behind the upload", async () => {
    const GLAZE = { id: 'img-glaze', assetUrl: '/static/images/img-glaze/glaze.png', filename: 'glaze.png', title: '' };
    // The library list is a read model: here it never catches up with the upload, which answers with what it stored.
    fakeFetch(server({
      [`GET ${PRODUCTS}/p-mug`]: { body: MUG_VIEW },
      'POST /api/media/images?filename=glaze.png': { status: 201, body: GLAZE },
    }));
    renderOwnerApp('/products/p-mug');
    await userEvent.click(await screen.findByRole('button', { name: 'Add images' }));
    const dialog = screen.getByRole('dialog', { name: 'Add images' });
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [new File(['{}'], 'glaze.png', { type: 'image/png' })] } });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add 1 image' }));
    const moss = (await screen.findByLabelText('Image of Moss')) as HTMLSelectElement;
    await waitFor(() => expect(within(moss).getAllByRole('option').map((o) => o.textContent)).toEqual(['Same as main image', 'Main image: Mug', 'Image 2: glaze.png']));
    expect(within(screen.getByRole('list', { name: 'Images of Stoneware Mug' })).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Mug', 'glaze.png']);
  });

  it('offers no image choice with a single product image', async () => {
    fakeFetch(server({ [`GET ${PRODUCTS}/p-mug`]: { body: MUG_VIEW } }));
    renderOwnerApp('/products/p-mug');
    await screen.findByLabelText('Price of Moss');
    expect(screen.queryByLabelText('Image of Moss')).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    fakeFetch(server({ [`GET ${PRODUCTS}/p-mug`]: { body: MUG_VIEW } }));
    const { router } = renderOwnerApp('/products/p-mug');
    await userEvent.type(await screen.findByLabelText('Title'), '!');
    await userEvent.click(screen.getByRole('link', { name: '← All products' }));
    expect(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/products/p-mug');
  });

  it('disables the product and deletes it after the confirmation modal', async () => {
    const disabled = view({ ...MUG, enabled: false }, { 'MUG-SAND': 40, 'MUG-MOSS': 3 });
    const { calls } = fakeFetch(server({
      [`GET ${PRODUCTS}/p-mug`]: { body: MUG_VIEW },
      [`PUT ${PRODUCTS}/p-mug/enabled`]: { body: disabled },
      [`DELETE ${PRODUCTS}/p-mug`]: { status: 204 },
    }));
    const { router } = renderOwnerApp('/products/p-mug');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Enabled' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Physical · Shop · Disabled')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: false });

    await userEvent.click(screen.getByRole('button', { name: 'Delete product' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Stoneware Mug?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${PRODUCTS}/p-mug`)).toBe(true);
  });
});

describe('a new product', () => {
  it('creates a digital product from the type, title and price, then opens its editor', async () => {
    const created = view({ ...BOOK, id: 'p-new', title: 'Firing Notes', urlId: 'firing-notes' }, {});
    const { calls } = fakeFetch(server({ [`POST ${PRODUCTS}`]: { status: 201, body: created } }));
    const { router } = renderOwnerApp('/products/new?store=shop');
    await userEvent.click(await screen.findByRole('radio', { name: /Digital/ }));
    expect(screen.queryByRole('heading', { name: 'Options' })).toBeNull();
    expect(screen.queryByLabelText('Stock')).toBeNull();
    await userEvent.type(screen.getByLabelText('Title'), 'Firing Notes');
    expect(screen.getByText(/Made from the title: \/shop\/p\/firing-notes\./)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Price'), '9.99');
    await userEvent.click(screen.getAllByRole('button', { name: 'Create product' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/p-new'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      collectionId: 'shop', productType: 'DIGITAL', title: 'Firing Notes', description: '', enabled: true, variantOptionOrdering: [],
      variants: [{ sku: 'FIRING-NOTES', attributes: {}, priceCents: 999, salePriceCents: 0, onSale: false }], imageIds: [], subscriptionPlan: null,
    });
    expect(await screen.findByRole('heading', { name: 'Firing Notes' })).toBeTruthy();
  });

  it('offers each product type of the SPEC', async () => {
    fakeFetch(server());
    renderOwnerApp('/products/new');
    const types = await screen.findByRole('group', { name: 'Product type' });
    expect(within(types).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['PHYSICAL', 'DIGITAL', 'SERVICE', 'GIFT_CARD', 'PAYWALL']);
  });

  it("shows the server's refusal of a full store", async () => {
    fakeFetch(server({ [`POST ${PRODUCTS}`]: { status: 409, body: { error: 'STORE_PRODUCT_LIMIT', message: 'A store can hold at most 200 products.' } } }));
    renderOwnerApp('/products/new?store=shop&type=SERVICE');
    await userEvent.type(await screen.findByLabelText('Title'), 'Glaze Workshop');
    await userEvent.type(screen.getByLabelText('Price'), '45');
    await userEvent.click(screen.getAllByRole('button', { name: 'Create product' })[0]!);
    expect(await screen.findByText('A store can hold at most 200 products.')).toBeTruthy();
  });
});
