/** @jest-environment ./web/test/dom-environment.cjs */
import { resolve } from 'node:path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fakeFetch } from '../../test/fake-fetch';
import { ERROR_RESET_MS } from '../features/cart/add-to-cart-state';
import { islands } from './islands';
import { mountIslands } from './mount-islands';
import { readSiteContext } from './site-context';
import { makeStore } from './store';

/**
 * The islands taking over the theme's own server-rendered product pages (the sample pages of the
 * theme's tests, rendered by the real templates): they start from what the server printed (so
 * nothing moves when they mount), then follow the visitor's choice (SPEC 4 and 5).
 */
let samplePageBody: (name: string) => string;

beforeAll(async () => {
  // The theme renders the pages (apps/api/test/theme/sample-page-html.ts). Loaded at run time: a
  // static import would make web/tsconfig.spec.json type-check the API's Nest sources too.
  const helper = resolve(__dirname, '../../../apps/api/test/theme/sample-page-html');
  ({ samplePageBody } = (await import(helper)) as { samplePageBody: (name: string) => string });
});

/** The page's body as the server sends it, islands mounted on a fresh store. */
async function open(name: string) {
  document.documentElement.lang = 'en-US';
  document.body.innerHTML = samplePageBody(name);
  const server = new Map([...document.querySelectorAll<HTMLElement>('[data-island]')].map((el) => [el, letters(el.textContent)]));
  const store = makeStore();
  let mounted: string[] = [];
  await act(async () => {
    mounted = mountIslands(document, islands, store, readSiteContext(document));
  });
  return { server, mounted, store };
}

const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
/** Text without the whitespace between block elements (which renders as nothing). */
const letters = (text: string | null) => (text ?? '').replace(/\s+/g, '');
const price = () => words(document.querySelector('.product__price')!.textContent);
const scarcity = () => document.querySelector<HTMLElement>('[data-island="product-scarcity"]')!;
const choose = (name: string, value: string) =>
  act(async () => {
    fireEvent.change(document.querySelector(`select[data-variant-option-name="${name}"]`)!, { target: { value } });
  });
const addButton = () => document.querySelector<HTMLButtonElement>('[data-island="add-to-cart"] .add-to-cart__button')!;

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('a product page taken over by its islands', () => {
  it('mounts the same words the server printed: nothing moves', async () => {
    const { server, mounted } = await open('product-ridged-dinner-plate');
    expect(mounted).toEqual(expect.arrayContaining(['product-price', 'installment-pill', 'product-options', 'product-quantity', 'product-scarcity', 'add-to-cart']));
    for (const [element, text] of server) {
      if (element.dataset.island === 'add-to-cart' || element.dataset.island === 'installment-pill' || element.dataset.island === 'cart-pill') continue;
      expect({ island: element.dataset.island, text: letters(element.textContent) }).toEqual({ island: element.dataset.island, text });
    }
    expect(addButton().textContent).toBe('Add To Cart');
  });

  it('the price follows the chosen variant: from $29.00, then $38.00, then a sale struck through', async () => {
    await open('product-ridged-dinner-plate');
    expect(price()).toBe('from $29.00');
    await choose('Glaze', 'Sand');
    await choose('Size', '10 in');
    expect(price()).toBe('from $29.00');
    await choose('Finish', 'Matte');
    expect(price()).toBe('$38.00');
    await choose('Glaze', 'Moss');
    await choose('Size', '8 in');
    await choose('Finish', 'Gloss');
    expect(price()).toBe('Reduced price $29.00 Regular price $34.00');
    expect(document.querySelector('.product__price del')!.textContent).toBe('Regular price $34.00');
  });

  it('scarcity: the owner text for the chosen variant, hidden while none is chosen or it is unlimited', async () => {
    await open('product-ridged-dinner-plate');
    expect(scarcity().hidden).toBe(true);
    await choose('Glaze', 'Sand');
    await choose('Size', '10 in');
    await choose('Finish', 'Matte');
    expect(scarcity().hidden).toBe(false);
    expect(scarcity().textContent).toBe('Only 2 left in this combination');
    await choose('Glaze', 'Moss');
    await choose('Finish', 'Gloss');
    expect(scarcity().hidden).toBe(true);
  });

  it("the SPEC's messages before any request: options not chosen, a combination that does not exist", async () => {
    // The button takes the next click once an error has shown for ERROR_RESET_MS: a fake clock moves it on.
    jest.useFakeTimers();
    const { calls } = fakeFetch({});
    await open('product-ridged-dinner-plate');
    await act(async () => fireEvent.click(addButton()));
    expect(screen.getByRole('alert').textContent).toBe('Unable to Add Item Please select the Glaze, Size and Finish options.');
    await choose('Glaze', 'Sand');
    await act(() => jest.advanceTimersByTimeAsync(ERROR_RESET_MS));
    await act(async () => fireEvent.click(addButton()));
    expect(screen.getByRole('alert').textContent).toBe('Unable to Add Item Please select the Size and Finish options.');
    await choose('Size', '8 in');
    await choose('Finish', 'Gloss');
    await act(() => jest.advanceTimersByTimeAsync(ERROR_RESET_MS));
    await act(async () => fireEvent.click(addButton()));
    expect(screen.getByRole('alert').textContent).toBe('Unable to Add Item Sorry, that item variant is unavailable. Please select another variant.');
    expect(calls).toEqual([]);
  });

  it('a quantity that is not a whole number is refused with the SPEC message', async () => {
    fakeFetch({});
    await open('product-ridged-dinner-plate');
    await choose('Glaze', 'Sand');
    await choose('Size', '8 in');
    await choose('Finish', 'Matte');
    await act(async () => {
      fireEvent.change(document.querySelector('input[name="quantity"]')!, { target: { value: '1.5' } });
    });
    await act(async () => fireEvent.click(addButton()));
    expect(screen.getByRole('alert').textContent).toBe('Unable to Add Item Quantity must be a whole number');
  });

  it('adds the chosen variant and quantity', async () => {
    const { calls } = fakeFetch({
      'POST /api/commerce/shopping-cart/entries': { body: { shoppingCart: { totalQuantity: 2, subtotalCents: 7600, currency: 'USD', entries: [] }, newlyAdded: { title: 'Ridged Dinner Plate', quantity: 2 } } },
    });
    await open('product-ridged-dinner-plate');
    await choose('Glaze', 'Sand');
    await choose('Size', '10 in');
    await choose('Finish', 'Matte');
    await act(async () => {
      fireEvent.change(document.querySelector('input[name="quantity"]')!, { target: { value: '2' } });
    });
    await act(async () => fireEvent.click(addButton()));
    expect(calls.map((c) => c.body)).toEqual([{ itemId: 'p-ridged-dinner-plate', sku: 'PLATE-SAND-10-MATTE', quantity: 2, additionalFields: null }]);
    expect(addButton().textContent).toBe('Adding…');
  });

  it("the image follows the variant: the mug's moss glaze shows its own image; a thumbnail picks another", async () => {
    await open('product-stoneware-mug');
    const main = () => document.querySelector<HTMLImageElement>('.product-gallery__main img')!;
    const thumbs = () => [...document.querySelectorAll<HTMLAnchorElement>('.product-gallery__thumb')];
    expect(main().getAttribute('src')).toContain('mug-sand');
    await choose('Glaze', 'Moss');
    expect(main().getAttribute('src')).toContain('mug-moss');
    expect(thumbs().map((t) => t.getAttribute('aria-current'))).toEqual([null, 'true']);
    await act(async () => fireEvent.click(within(document.querySelector('.product-gallery__thumbs')!).getByRole('link', { name: 'Show image 1 of 2' })));
    expect(main().getAttribute('src')).toContain('mug-sand');
    await choose('Glaze', 'Sand');
    expect(main().getAttribute('src')).toContain('mug-sand');
    await choose('Glaze', 'Moss');
    expect(main().getAttribute('src')).toContain('mug-moss');
  });

  it('starts from options chosen before the islands took over (a quick hand, a restored form)', async () => {
    document.body.innerHTML = samplePageBody('product-stoneware-mug');
    document.querySelector<HTMLSelectElement>('select[data-variant-option-name="Glaze"]')!.value = 'Moss';
    await act(async () => {
      mountIslands(document, islands, makeStore(), readSiteContext(document));
    });
    expect(document.querySelector<HTMLSelectElement>('select[data-variant-option-name="Glaze"]')!.value).toBe('Moss');
    expect(document.querySelector('.product-gallery__main img')!.getAttribute('src')).toContain('mug-moss');
  });

  it('a sold-out variant: the button says Sold Out, disabled', async () => {
    await open('product-linen-apron');
    await choose('Color', 'Indigo');
    await choose('Size', 'L');
    expect(addButton().textContent).toBe('Sold Out');
    expect(addButton().disabled).toBe(true);
    await choose('Size', 'S');
    expect(addButton().textContent).toBe('Add To Cart');
  });
});
