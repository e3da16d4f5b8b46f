/** @jest-environment ./web/test/dom-environment.cjs */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch } from '../../test/fake-fetch';
import { islands } from './islands';
import { mountIslands } from './mount-islands';
import { readSiteContext } from './site-context';
import { makeStore } from './store';

/** jsdom has no modal <dialog>: the browser spec runs the real one. */
beforeAll(() => {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
});

const FORM = { id: 'engraving', name: 'Engraving', submitButtonText: 'Add', fields: [{ id: 'text', type: 'text', title: 'Engraving text', required: true }] };
const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A list grid's card (product-card.jsont) for a one-variant product with an additional-fields form. */
function gridCard(extraFields: string) {
  document.body.innerHTML = `<div class="add-to-cart" data-island="add-to-cart" data-item-id="p-tumbler" data-product-type="1" data-sku="TUMBLER" data-label="Add To Cart" data-title="Tumbler" data-sold-out="false" data-needs-options="false" data-product-page="plp"${extraFields}><button class="button add-to-cart__button" type="button" disabled>Add To Cart</button></div>`;
}

describe('a grid card with an additional-fields form', () => {
  it('asks the form in the lightbox before the add, then adds with the answers', async () => {
    const api = fakeFetch({ 'POST /api/commerce/shopping-cart/entries': { body: { shoppingCart: { totalQuantity: 1, entries: [] }, newlyAdded: { title: 'Tumbler', quantity: 1 } } } });
    gridCard(` data-extra-fields="${attr(FORM)}"`);
    await act(async () => {
      mountIslands(document, islands, makeStore(), readSiteContext(document));
    });
    const button = screen.getByRole('button', { name: /Add To Cart/ });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);
    await waitFor(() => expect(document.querySelector('dialog[open]')).not.toBeNull());
    fireEvent.input(screen.getByLabelText(/^Engraving text/), { target: { value: 'For Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]!.body).toEqual({ itemId: 'p-tumbler', sku: 'TUMBLER', quantity: 1, additionalFields: { text: 'For Ana' } });
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('without a form (or with unreadable JSON) adds at once', async () => {
    const api = fakeFetch({ 'POST /api/commerce/shopping-cart/entries': { body: { shoppingCart: { totalQuantity: 1, entries: [] }, newlyAdded: { title: 'Tumbler', quantity: 1 } } } });
    gridCard(' data-extra-fields="{not json"');
    await act(async () => {
      mountIslands(document, islands, makeStore(), readSiteContext(document));
    });
    fireEvent.click(screen.getByRole('button', { name: /Add To Cart/ }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]!.body).toMatchObject({ additionalFields: null });
    expect(document.querySelector('dialog')).toBeNull();
  });
});
