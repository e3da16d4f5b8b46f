import type { InventoryCommand } from './commands';
import { inventoryDecider } from './decide';
import type { InventoryEvent } from './events';

const at = 't';
const ids = { productId: 'p1', sku: 'MUG-MOSS' };
const set = (qtyInStock: number, unlimited = false): InventoryEvent => ({ type: 'StockSet', data: { ...ids, qtyInStock, unlimited, at } });
const reserved = (orderId: string, quantity: number, qtyInStock: number): InventoryEvent => ({ type: 'StockReserved', data: { ...ids, orderId, quantity, qtyInStock, at } });
const given = (events: InventoryEvent[]) => events.reduce(inventoryDecider.evolve, inventoryDecider.initialState());
const cmd = <T extends InventoryCommand['type']>(type: T, data: object) => ({ type, data: { ...ids, now: at, ...data } }) as InventoryCommand;
const decide = (events: InventoryEvent[], command: InventoryCommand) => inventoryDecider.decide(command, given(events));

describe('inventory decide: given events, when a command, then', () => {
  it.each<[string, InventoryEvent[], InventoryCommand, InventoryEvent[] | string]>([
    ['sets stock', [], cmd('SetStock', { qtyInStock: 3 }), [set(3)]],
    ['sets unlimited, keeping the count', [set(3)], cmd('SetStock', { unlimited: true }), [set(3, true)]],
    ['ignores an unchanged set', [set(3)], cmd('SetStock', { qtyInStock: 3 }), []],
    ['refuses negative stock', [], cmd('SetStock', { qtyInStock: -1 }), 'INVALID_STOCK'],
    ['refuses fractional stock', [], cmd('SetStock', { qtyInStock: 1.5 }), 'INVALID_STOCK'],
    ['adjusts up', [set(3)], cmd('AdjustStock', { by: 2 }), [{ type: 'StockAdjusted', data: { ...ids, by: 2, qtyInStock: 5, at } }]],
    ['adjusts down to zero', [set(3)], cmd('AdjustStock', { by: -3 }), [{ type: 'StockAdjusted', data: { ...ids, by: -3, qtyInStock: 0, at } }]],
    ['never adjusts below zero', [set(3)], cmd('AdjustStock', { by: -4 }), 'STOCK_BELOW_ZERO'],
    ['reserves stock for an order', [set(3)], cmd('ReserveStock', { productType: 'PHYSICAL', orderId: 'o1', quantity: 2 }), [reserved('o1', 2, 1)]],
    ['reserves the last unit', [set(1)], cmd('ReserveStock', { productType: 'PHYSICAL', orderId: 'o1', quantity: 1 }), [reserved('o1', 1, 0)]],
    ['never reserves more than the stock', [set(1)], cmd('ReserveStock', { productType: 'PHYSICAL', orderId: 'o1', quantity: 2 }), 'INSUFFICIENT_STOCK'],
    ['never reserves from a variant nobody stocked', [], cmd('ReserveStock', { productType: 'PHYSICAL', orderId: 'o1', quantity: 1 }), 'INSUFFICIENT_STOCK'],
    ['unlimited variants never run out', [set(0, true)], cmd('ReserveStock', { productType: 'PHYSICAL', orderId: 'o1', quantity: 500 }), [reserved('o1', 500, 0)]],
    ['a retried reservation reserves nothing more', [set(3), reserved('o1', 2, 1)], cmd('ReserveStock', { productType: 'PHYSICAL', orderId: 'o1', quantity: 2 }), []],
    ['a different quantity for the same order conflicts', [set(3), reserved('o1', 2, 1)], cmd('ReserveStock', { productType: 'PHYSICAL', orderId: 'o1', quantity: 1 }), 'RESERVATION_CONFLICT'],
    ['holds a service to its stock like a physical good', [set(1)], cmd('ReserveStock', { productType: 'SERVICE', orderId: 'o1', quantity: 2 }), 'INSUFFICIENT_STOCK'],
    ['never reserves a digital good, even one nobody stocked', [], cmd('ReserveStock', { productType: 'DIGITAL', orderId: 'o1', quantity: 1 }), []],
    ['never reserves a gift card, even at 0 stock', [set(0)], cmd('ReserveStock', { productType: 'GIFT_CARD', orderId: 'o1', quantity: 3 }), []],
    ['never reserves a paywall, even at 0 stock', [set(0)], cmd('ReserveStock', { productType: 'PAYWALL', orderId: 'o1', quantity: 1 }), []],
    ['never reserves from the stock an owner gave a gift card', [set(5)], cmd('ReserveStock', { productType: 'GIFT_CARD', orderId: 'o1', quantity: 2 }), []],
    ['still refuses a stockless zero quantity', [], cmd('ReserveStock', { productType: 'GIFT_CARD', orderId: 'o1', quantity: 0 }), 'INVALID_RESERVATION'],
    ['refuses a zero quantity', [set(3)], cmd('ReserveStock', { productType: 'PHYSICAL', orderId: 'o1', quantity: 0 }), 'INVALID_RESERVATION'],
    ['releases a reservation', [set(3), reserved('o1', 2, 1)], cmd('ReleaseStockReservation', { orderId: 'o1' }),
      [{ type: 'StockReservationReleased', data: { ...ids, orderId: 'o1', quantity: 2, qtyInStock: 3, at } }]],
    ['releasing an unknown order does nothing', [set(3)], cmd('ReleaseStockReservation', { orderId: 'o9' }), []],
  ])('%s', (_, events, command, expected) => {
    const decision = decide(events, command);
    if (typeof expected === 'string') expect(decision).toEqual({ ok: false, error: expect.objectContaining({ code: expected }) });
    else expect(decision).toEqual({ ok: true, events: expected });
  });

  it('folds reservations and releases into the stock', () => {
    const state = given([set(5), reserved('o1', 2, 3), reserved('o2', 3, 0)]);
    expect(state).toMatchObject({ qtyInStock: 0, reservations: { o1: 2, o2: 3 } });
    expect(decide([set(5), reserved('o1', 2, 3), reserved('o2', 3, 0)], cmd('ReserveStock', { productType: 'PHYSICAL', orderId: 'o3', quantity: 1 })).ok).toBe(false);
  });
});
