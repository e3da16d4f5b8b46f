import { buildProductRecord, cartStreamId, catalogStreamId, type CartEvent } from '@storefront/domain';
import { describeEachDriver, testCommandContext } from '@storefront/eventstore/testing';
import { allProjections } from '../registry';
import { useProjectionHarness } from '../../testing/projection-harness';
import { generationTable } from '../runner/read-model-tables';


const opened = (cartId: string): CartEvent => ({ type: 'ShoppingCartOpened', data: { cartId, websiteId: 'w', currency: 'USD', openedAt: '2026-11-23T10:00:00.000Z' } });
const added = (cartId: string, entryId: string, quantity: number, unitPriceCents: number): CartEvent => ({
  type: 'CartEntryAdded',
  data: {
    cartId, entryId, itemId: 'item', sku: `SKU-${entryId}`, attributes: {}, title: 'Mug', productType: 'PHYSICAL',
    quantity, unitPriceCents, currency: 'USD', additionalFields: null, addedAt: '2026-11-23T10:00:00.000Z',
  },
});

describeEachDriver('cart and catalog projections', (driver) => {
  const h = useProjectionHarness(driver, () => allProjections());

  it('given cart events, then one cart_details row per cart with the SPEC cart document', async () => {
    await h.store.append(cartStreamId('a'), [opened('a'), added('a', 'e1', 2, 1999)], { streamType: 'cart', expectedVersion: 'no_stream', command: testCommandContext() });
    await h.store.append(cartStreamId('b'), [opened('b'), added('b', 'e2', 1, 500)], { streamType: 'cart', expectedVersion: 'no_stream', command: testCommandContext() });
    await h.store.append(cartStreamId('a'), [{ type: 'CartEntryQuantityIncreased', data: { cartId: 'a', entryId: 'e1', quantity: 3, addedAt: 't' } }], {
      streamType: 'cart', expectedVersion: 2, command: testCommandContext(),
    });
    await h.runner.catchUp();
    const { rows } = await h.db.query<{ cart_id: string; version: number; view: { totalQuantity: number; subtotalCents: number } }>(
      'SELECT cart_id, version, view FROM cart_details ORDER BY cart_id',
    );
    expect(rows.map((r) => [r.cart_id, r.version, r.view.totalQuantity, r.view.subtotalCents])).toEqual([
      ['a', 3, 5, 5 * 1999],
      ['b', 2, 1, 500],
    ]);
  });

  it('given quantity changes, removals, field updates and a purchase, then the row follows the stream', async () => {
    const c = 'c';
    await h.store.append(cartStreamId(c), [opened(c), added(c, 'e1', 1, 1999), added(c, 'e2', 1, 10), added(c, 'e3', 1, 20)], {
      streamType: 'cart', expectedVersion: 'no_stream', command: testCommandContext(),
    });
    const later: CartEvent[] = [
      { type: 'CartEntryQuantityChanged', data: { cartId: c, entryId: 'e1', quantity: 3, changedAt: 't' } },
      { type: 'CartEntryRemoved', data: { cartId: c, entryId: 'e2', removedAt: 't' } },
      { type: 'CartEntryAdditionalFieldsUpdated', data: { cartId: c, entryId: 'e3', additionalFields: { note: 'hi' }, updatedAt: 't' } },
      { type: 'ShoppingCartPurchased', data: { cartId: c, orderId: 'o-1', purchasedAt: 't' } },
    ];
    await h.store.append(cartStreamId(c), later, { streamType: 'cart', expectedVersion: 4, command: testCommandContext() });
    await h.runner.catchUp();
    const { rows } = await h.db.query<{ version: number; view: { totalQuantity: number; subtotalCents: number; isPurchased: boolean; orderId: string; entries: { id: string; additionalFields: unknown }[] } }>(
      'SELECT version, view FROM cart_details WHERE cart_id = $1',
      [c],
    );
    expect(rows[0].version).toBe(8);
    expect(rows[0].view).toMatchObject({ totalQuantity: 4, subtotalCents: 3 * 1999 + 20, isPurchased: true, orderId: 'o-1' });
    expect(rows[0].view.entries.map((e) => [e.id, e.additionalFields])).toEqual([['e1', null], ['e3', { note: 'hi' }]]);
  });

  it('given a product, then its record is readable as the SPEC Product record', async () => {
    const product = buildProductRecord({
      id: 'p1', title: 'Bowl', urlId: 'bowl', collectionId: 'shop', productType: 'PHYSICAL', currency: 'JPY',
      variants: [{ id: 'v1', sku: 'B', priceCents: 1500, qtyInStock: 2 }],
    });
    await h.store.append(catalogStreamId('p1'), [{ type: 'ProductCreated', data: { product } }], { streamType: 'product', expectedVersion: 'no_stream', command: testCommandContext() });
    await h.runner.catchUp();
    const { rows } = await h.db.query<{ record: typeof product }>('SELECT record FROM catalog_products WHERE id = $1', ['p1']);
    expect(rows[0].record.structuredContent.variants[0].priceMoney).toEqual({ value: '1500', currency: 'JPY', decimalValue: '1500' });
  });

  it('replaying the log rebuilds identical rows (verify), and verify catches a tampered row', async () => {
    let results = await h.runner.verify();
    expect(results.map((r) => [r.name, r.ok])).toEqual([['catalog', true], ['cart', true], ['orders', true], ['checkouts', true], ['media', true], ['site', true], ['also-bought', true], ['forms', true], ['restock', true], ['analytics', true]]);

    await h.runner.rebuild('cart');
    results = await h.runner.verify(['cart']);
    expect(results[0].ok).toBe(true);

    const status = (await h.runner.status()).find((s) => s.name === 'cart')!;
    const physical = generationTable('cart_details', status.generation);
    await h.db.query(`UPDATE ${physical} SET version = version + 100 WHERE cart_id = 'a'`);
    results = await h.runner.verify(['cart']);
    expect(results[0].ok).toBe(false);
    expect(results[0].mismatches).toBe(1);
  });
});
