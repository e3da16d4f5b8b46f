import { orderStreamId, type OrderEvent } from '@storefront/domain';
import { START } from '@storefront/eventstore';
import { describeEachDriver, testCommandContext } from '@storefront/eventstore/testing';
import { useProjectionHarness } from '../../testing/projection-harness';
import { generationTable } from '../runner/read-model-tables';
import { ALSO_BOUGHT, alsoBoughtProjection, readAlsoBought } from './also-bought.projection';

const at = '2026-11-23T10:00:00.000Z';

const placed = (orderId: string, itemIds: string[]): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId, cartId: `cart-${orderId}`, websiteId: 'w', customerEmail: 'ada@example.com', currency: 'USD',
    lines: itemIds.map((itemId, i) => ({ entryId: `e${i}`, itemId, sku: `${itemId}-${i}`, productName: itemId, productType: 'PHYSICAL', attributes: {}, quantity: 1, unitPriceCents: 100, lineTotalCents: 100 })),
    subtotalCents: 100 * itemIds.length, taxCents: 0, shippingCents: 0, discountCents: 0, grandTotalCents: 100 * itemIds.length, testMode: true,
    payment: { provider: 'test', paymentId: `pay-${orderId}`, testMode: true }, placedAt: at,
  },
});

describeEachDriver('also-bought projection', (driver) => {
  const h = useProjectionHarness(driver, () => [alsoBoughtProjection]);

  const place = (id: string, itemIds: string[]) =>
    h.store.append(orderStreamId(id), [placed(id, itemIds)], { streamType: 'order', expectedVersion: 'no_stream', command: testCommandContext() });
  const follow = (id: string, version: number, event: OrderEvent) =>
    h.store.append(orderStreamId(id), [event], { streamType: 'order', expectedVersion: version, command: testCommandContext() });
  const rows = async () => (await h.db.query<{ order_id: string; item_id: string }>(`SELECT order_id, item_id FROM ${ALSO_BOUGHT} ORDER BY order_id, item_id`)).rows;

  it('counts, for a cart, the other products its products were bought with, in most orders first', async () => {
    await place('o1', ['mug', 'plate', 'plate']); // a product twice in one order counts once
    await place('o2', ['mug', 'apron']);
    await place('o3', ['mug', 'plate', 'vase']);
    await place('o4', ['bowl']);
    await h.runner.catchUp();
    expect(await readAlsoBought(h.db, ['mug'])).toEqual([{ itemId: 'plate', orders: 2 }, { itemId: 'apron', orders: 1 }, { itemId: 'vase', orders: 1 }]);
    // Never what the cart already holds; orders meeting several of the cart's products count once.
    expect(await readAlsoBought(h.db, ['mug', 'plate'])).toEqual([{ itemId: 'apron', orders: 1 }, { itemId: 'vase', orders: 1 }]);
    expect(await readAlsoBought(h.db, ['mug'], 1)).toEqual([{ itemId: 'plate', orders: 2 }]);
    expect(await readAlsoBought(h.db, ['bowl'])).toEqual([]);
    expect(await readAlsoBought(h.db, [])).toEqual([]);
  });

  it('forgets a cancelled order; fulfilment changes nothing', async () => {
    await follow('o3', 1, { type: 'OrderCancelled', data: { orderId: 'o3', reason: '', cancelledAt: at } });
    await follow('o2', 1, { type: 'OrderFulfilled', data: { orderId: 'o2', fulfilledAt: at } });
    await h.runner.catchUp();
    expect(await readAlsoBought(h.db, ['mug'])).toEqual([{ itemId: 'apron', orders: 1 }, { itemId: 'plate', orders: 1 }]);
  });

  it('is replay-safe: the same events again change nothing, and a rebuild gives the same rows (verify)', async () => {
    const before = await rows();
    expect(before).toEqual([
      { order_id: 'o1', item_id: 'mug' }, { order_id: 'o1', item_id: 'plate' },
      { order_id: 'o2', item_id: 'apron' }, { order_id: 'o2', item_id: 'mug' },
      { order_id: 'o4', item_id: 'bowl' },
    ]);
    // Every event of the log applied once more, to the active generation, in another batch shape.
    const { rows: [{ active_generation: generation }] } = await h.db.query<{ active_generation: number }>(`SELECT active_generation FROM projection_generations WHERE name = 'also-bought'`);
    const { events } = await h.store.readAll({ after: START, limit: 1000 });
    for (const event of events) {
      await alsoBoughtProjection.apply([event], { tx: h.db, table: (name) => generationTable(name, Number(generation)), replaying: true, memory: new Map() });
    }
    expect(await rows()).toEqual(before);
    await h.runner.rebuild('also-bought');
    expect(await rows()).toEqual(before);
    expect((await h.runner.verify(['also-bought']))[0]!.ok).toBe(true);
  });
});
