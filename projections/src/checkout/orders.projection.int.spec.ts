import { orderStreamId, type OrderEvent } from '@storefront/domain';
import { describeEachDriver, testCommandContext } from '@storefront/eventstore/testing';
import { useProjectionHarness } from '../../testing/projection-harness';
import { ordersProjection, readOwnerOrder } from './orders.projection';


const placed = (orderId: string, email: string, placedAt: string): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId, cartId: `cart-${orderId}`, websiteId: 'w', customerEmail: email, currency: 'USD',
    lines: [{ entryId: 'e', itemId: 'i', sku: 'S', productName: 'Mug', productType: 'PHYSICAL', attributes: {}, quantity: 1, unitPriceCents: 1500, lineTotalCents: 1500 }],
    subtotalCents: 1500, taxCents: 0, shippingCents: 0, discountCents: 0, grandTotalCents: 1500, testMode: true,
    payment: { provider: 'test', paymentId: `pay-${orderId}`, testMode: true }, placedAt,
  },
});

describeEachDriver('orders projection: order numbers', (driver) => {
  const h = useProjectionHarness(driver, () => [ordersProjection]);

  const place = (id: string, email: string, placedAt: string) =>
    h.store.append(orderStreamId(id), [placed(id, email, placedAt)], { streamType: 'order', expectedVersion: 'no_stream', command: testCommandContext() });
  const numbers = async () =>
    (await h.db.query<{ order_id: string; order_number: number; customer_email: string }>('SELECT order_id, order_number, customer_email FROM orders ORDER BY order_number')).rows;

  it('numbers orders from 1001 in the order the log holds them, across batches, and keeps a number once given', async () => {
    // 'b' is placed earlier by its clock but reaches the log later: the log's order decides.
    await place('a', 'Ada@Example.com', '2026-11-23T10:00:02.000Z');
    await place('b', 'bob@example.com', '2026-11-23T10:00:01.000Z');
    await h.runner.catchUp();
    await place('c', 'cy@example.com', '2026-11-23T10:00:03.000Z');
    await h.store.append(orderStreamId('a'), [{ type: 'OrderFulfilled', data: { orderId: 'a', fulfilledAt: '2026-11-23T11:00:00.000Z' } }], {
      streamType: 'order', expectedVersion: 1, command: testCommandContext(),
    });
    await h.runner.catchUp();
    expect(await numbers()).toEqual([
      { order_id: 'a', order_number: 1001, customer_email: 'ada@example.com' },
      { order_id: 'b', order_number: 1002, customer_email: 'bob@example.com' },
      { order_id: 'c', order_number: 1003, customer_email: 'cy@example.com' },
    ]);
    expect(await readOwnerOrder(h.db, h.store, 'a')).toMatchObject({ id: 'a', orderNumber: 1001, fulfillmentStatus: 'FULFILLED', cancelReason: null });
  });

  it('a rebuild from the log gives every order the same number (verify compares equal)', async () => {
    await h.runner.rebuild('orders');
    expect((await numbers()).map((r) => [r.order_id, r.order_number])).toEqual([['a', 1001], ['b', 1002], ['c', 1003]]);
    expect((await h.runner.verify(['orders']))[0]!.ok).toBe(true);
  });

  it('an order the read model has not reached yet reads from its stream, without a number', async () => {
    await place('d', 'dee@example.com', '2026-11-23T10:00:04.000Z');
    expect(await readOwnerOrder(h.db, h.store, 'd')).toMatchObject({ id: 'd', orderNumber: null, customerEmail: 'dee@example.com' });
    await h.runner.catchUp();
    expect(await readOwnerOrder(h.db, h.store, 'd')).toMatchObject({ id: 'd', orderNumber: 1004 });
  });
});
