import { cartDecider } from '../cart/cart-decider';
import type { CartEvent } from '../cart/events';
import type { CartState } from '../cart/state';
import type { OrderCommand } from './commands';
import { orderDecider } from './decide';
import type { OrderEvent, OrderPlaced } from './events';
import { orderView } from './order-view';

const at = '2026-11-23T12:00:00.000Z';
const placed = (over: Partial<OrderPlaced['data']> = {}): OrderPlaced['data'] => ({
  orderId: 'o1',
  cartId: 'c1',
  websiteId: 'w1',
  customerEmail: 'ada@example.com',
  currency: 'USD',
  lines: [
    { entryId: 'e1', itemId: 'p1', sku: 'A', productName: 'Mug', productType: 'PHYSICAL', attributes: {}, quantity: 2, unitPriceCents: 10, lineTotalCents: 20 },
    { entryId: 'e2', itemId: 'p2', sku: 'B', productName: 'Bowl', productType: 'PHYSICAL', attributes: { Size: 'L' }, quantity: 1, unitPriceCents: 20, lineTotalCents: 20 },
  ],
  subtotalCents: 40,
  taxCents: 0,
  shippingCents: 0,
  discountCents: 0,
  grandTotalCents: 40,
  testMode: true,
  payment: { provider: 'test', paymentId: 'pay_1', testMode: true },
  placedAt: at,
  ...over,
});
const given = (events: OrderEvent[]) => events.reduce(orderDecider.evolve, orderDecider.initialState());
const decide = (events: OrderEvent[], command: OrderCommand) => orderDecider.decide(command, given(events));
const placedEvent = (over: Partial<OrderPlaced['data']> = {}): OrderEvent => ({ type: 'OrderPlaced', data: placed(over) });

describe('order decide: given events, when a command, then', () => {
  it.each<[string, OrderEvent[], OrderCommand, OrderEvent[] | string]>([
    ['places an order', [], { type: 'PlaceOrder', data: placed() }, [placedEvent()]],
    ['placing the same checkout again adds nothing', [placedEvent()], { type: 'PlaceOrder', data: placed({ placedAt: 'later' }) }, []],
    ['another cart cannot take an existing order id', [placedEvent()], { type: 'PlaceOrder', data: placed({ cartId: 'c2' }) }, 'ORDER_ALREADY_EXISTS'],
    ['refuses an order without lines', [], { type: 'PlaceOrder', data: placed({ lines: [], subtotalCents: 0, grandTotalCents: 0 }) }, 'CART_NOT_FOUND'],
    ['refuses a bad email', [], { type: 'PlaceOrder', data: placed({ customerEmail: 'nobody' }) }, 'INVALID_EMAIL'],
    ['refuses a subtotal that does not add up', [], { type: 'PlaceOrder', data: placed({ subtotalCents: 41, grandTotalCents: 41 }) }, 'INVALID_REQUEST'],
    ['refuses a grand total that does not add up', [], { type: 'PlaceOrder', data: placed({ grandTotalCents: 39 }) }, 'INVALID_REQUEST'],
    ['counts tax, shipping and discount in the grand total', [], { type: 'PlaceOrder', data: placed({ taxCents: 3, shippingCents: 500, discountCents: 10, grandTotalCents: 533 }) },
      [placedEvent({ taxCents: 3, shippingCents: 500, discountCents: 10, grandTotalCents: 533 })]],
    ['fulfils a pending order', [placedEvent()], { type: 'FulfilOrder', data: { orderId: 'o1', now: at } }, [{ type: 'OrderFulfilled', data: { orderId: 'o1', fulfilledAt: at } }]],
    ['fulfilling twice adds nothing', [placedEvent(), { type: 'OrderFulfilled', data: { orderId: 'o1', fulfilledAt: at } }], { type: 'FulfilOrder', data: { orderId: 'o1', now: at } }, []],
    ['cannot fulfil a cancelled order', [placedEvent(), { type: 'OrderCancelled', data: { orderId: 'o1', reason: 'r', cancelledAt: at } }], { type: 'FulfilOrder', data: { orderId: 'o1', now: at } }, 'ORDER_CANCELLED'],
    ['cancels a pending order', [placedEvent()], { type: 'CancelOrder', data: { orderId: 'o1', reason: 'r', now: at } }, [{ type: 'OrderCancelled', data: { orderId: 'o1', reason: 'r', cancelledAt: at } }]],
    ['cannot cancel a fulfilled order', [placedEvent(), { type: 'OrderFulfilled', data: { orderId: 'o1', fulfilledAt: at } }], { type: 'CancelOrder', data: { orderId: 'o1', reason: 'r', now: at } }, 'ORDER_ALREADY_FULFILLED'],
    ['an unknown order cannot be fulfilled', [], { type: 'FulfilOrder', data: { orderId: 'o1', now: at } }, 'ORDER_NOT_FOUND'],
  ])('%s', (_, events, command, expected) => {
    const decision = decide(events, command);
    if (typeof expected === 'string') expect(decision).toEqual({ ok: false, error: expect.objectContaining({ code: expected }) });
    else expect(decision).toEqual({ ok: true, events: expected });
  });

  it('shows the order in the SPEC Order shape with money as minor-unit strings', () => {
    const view = orderView(given([placedEvent()]))!;
    expect(view).toMatchObject({
      id: 'o1', purchasedCartId: 'c1', testMode: true, websiteId: 'w1', fulfillmentStatus: 'PENDING',
      items: [
        { sku: 'A', productName: 'Mug', quantity: 2, unitPrice: { value: '10', currency: 'USD', decimalValue: '0.10' } },
        { sku: 'B', productName: 'Bowl', quantity: 1, unitPrice: { value: '20', currency: 'USD', decimalValue: '0.20' } },
      ],
      // 0.1 * 2 + 0.2 in floating point is 0.4000000000000001; in minor units it is 40.
      grandTotal: { value: '40', decimalValue: '0.40' },
      shippingTotal: { value: '0' },
      taxTotal: { value: '0' },
    });
  });
});

describe('cart PurchaseCart', () => {
  const opened: CartEvent[] = [
    { type: 'ShoppingCartOpened', data: { cartId: 'c1', websiteId: 'w1', currency: 'USD', openedAt: at } },
    {
      type: 'CartEntryAdded',
      data: { cartId: 'c1', entryId: 'e1', itemId: 'p1', sku: 'A', attributes: {}, title: 'Mug', productType: 'PHYSICAL', quantity: 2, unitPriceCents: 10, currency: 'USD', additionalFields: null, addedAt: at },
    },
  ];
  const cart = (events: CartEvent[]): CartState => events.reduce(cartDecider.evolve, cartDecider.initialState());
  const purchase = (orderId: string, expectedEntries: Record<string, number>) =>
    ({ type: 'PurchaseCart', data: { cartId: 'c1', orderId, expectedEntries, now: at } }) as const;
  const bought: CartEvent = { type: 'ShoppingCartPurchased', data: { cartId: 'c1', orderId: 'o1', purchasedAt: at } };

  it('closes the cart it was priced from', () => {
    expect(cartDecider.decide(purchase('o1', { e1: 2 }), cart(opened))).toEqual({ ok: true, events: [bought] });
  });
  it('refuses a cart that changed since it was priced', () => {
    expect(cartDecider.decide(purchase('o1', { e1: 1 }), cart(opened))).toMatchObject({ ok: false, error: { code: 'CART_CHANGED' } });
    expect(cartDecider.decide(purchase('o1', {}), cart(opened))).toMatchObject({ ok: false, error: { code: 'CART_CHANGED' } });
  });
  it('is a no-op for the same order and refused for another', () => {
    expect(cartDecider.decide(purchase('o1', { e1: 2 }), cart([...opened, bought]))).toEqual({ ok: true, events: [] });
    expect(cartDecider.decide(purchase('o2', { e1: 2 }), cart([...opened, bought]))).toMatchObject({ ok: false, error: { code: 'CART_CLOSED' } });
  });
  it('refuses an empty cart', () => {
    expect(cartDecider.decide(purchase('o1', {}), cart([]))).toMatchObject({ ok: false, error: { code: 'CART_NOT_FOUND' } });
  });
});
