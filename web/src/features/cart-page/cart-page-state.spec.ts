import { editOf, evolveCartPage, hasPendingEdits, initialCartPageState, quantityOverrides, shownQuantity, type CartPageEvent, type CartPageState } from './cart-page-state';

const run = (...events: CartPageEvent[]): CartPageState => events.reduce(evolveCartPage, initialCartPageState);

describe('cart page edits', () => {
  it('shows an asked-for quantity until it is saved, and a newer one asked for while the first is on its way', () => {
    const sent = run({ type: 'quantityWanted', entryId: 'e', quantity: 3 }, { type: 'quantitySent', entryId: 'e', quantity: 3 });
    expect(editOf(sent, 'e')).toEqual({ wanted: null, sending: 3, removing: false, error: null });
    expect(shownQuantity(editOf(sent, 'e'), 2)).toBe(3);
    const newer = evolveCartPage(sent, { type: 'quantityWanted', entryId: 'e', quantity: 5 });
    expect(shownQuantity(editOf(newer, 'e'), 2)).toBe(5);
    const saved = evolveCartPage(newer, { type: 'quantitySaved', entryId: 'e', quantity: 3, announcement: 'updated' });
    expect(editOf(saved, 'e')).toMatchObject({ wanted: 5, sending: null });
    // Nothing announced while more is to come.
    expect(saved.announcement).toBe('');
    expect(hasPendingEdits(saved)).toBe(true);
    const done = run({ type: 'quantityWanted', entryId: 'e', quantity: 5 }, { type: 'quantitySent', entryId: 'e', quantity: 5 }, { type: 'quantitySaved', entryId: 'e', quantity: 5, announcement: 'updated' });
    expect(done).toEqual({ edits: {}, gone: [], announcement: 'updated' });
    expect(hasPendingEdits(done)).toBe(false);
  });

  it("a refused change goes back to the cart's quantity with the SPEC's title", () => {
    const failed = run({ type: 'quantityWanted', entryId: 'e', quantity: 9 }, { type: 'quantitySent', entryId: 'e', quantity: 9 }, { type: 'quantityFailed', entryId: 'e', message: 'No stock' });
    expect(shownQuantity(editOf(failed, 'e'), 2)).toBe(2);
    expect(editOf(failed, 'e').error).toEqual({ title: 'Unable to update quantity', message: 'No stock' });
    // The next change clears it.
    expect(editOf(evolveCartPage(failed, { type: 'quantityWanted', entryId: 'e', quantity: 1 }), 'e').error).toBeNull();
  });

  it("removing hides the entry once done, takes no quantity meanwhile, and says 'Unable to remove item' on failure", () => {
    const removing = run({ type: 'removeRequested', entryId: 'e' });
    expect(evolveCartPage(removing, { type: 'quantityWanted', entryId: 'e', quantity: 4 })).toBe(removing);
    expect(evolveCartPage(removing, { type: 'removeRequested', entryId: 'e' })).toBe(removing);
    const gone = evolveCartPage(removing, { type: 'removed', entryId: 'e', announcement: 'Mug was removed from your cart.' });
    expect(quantityOverrides(gone)).toEqual({ e: 0 });
    expect(hasPendingEdits(gone)).toBe(false);
    expect(gone.announcement).toBe('Mug was removed from your cart.');
    const failed = evolveCartPage(removing, { type: 'removeFailed', entryId: 'e', message: 'Network error' });
    expect(editOf(failed, 'e')).toEqual({ wanted: null, sending: null, removing: false, error: { title: 'Unable to remove item', message: 'Network error' } });
  });
});
