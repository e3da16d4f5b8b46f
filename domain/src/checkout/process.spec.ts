import type { OrderPlaced } from './events';
import {
  checkoutProcessDecider, checkoutView, nextCheckoutStep, type CheckoutProcessCommand, type CheckoutProcessState,
} from './process';
import type { CheckoutProcessEvent } from './process-events';

const t0 = '2026-11-23T12:00:00.000Z';
const t1 = '2026-11-23T12:00:01.000Z';
const later = '2026-11-23T12:10:00.000Z';
const order: OrderPlaced['data'] = {
  orderId: 'k1', cartId: 'c1', websiteId: 'w1', customerEmail: 'ada@example.com', currency: 'USD',
  lines: [{ entryId: 'e1', itemId: 'p1', sku: 'A', productName: 'Mug', productType: 'PHYSICAL', attributes: {}, quantity: 2, unitPriceCents: 10, lineTotalCents: 20 }],
  subtotalCents: 20, taxCents: 0, shippingCents: 0, discountCents: 0, grandTotalCents: 20, testMode: true,
  payment: { provider: 'test', paymentId: '', testMode: true }, placedAt: t0,
};
const payment = { provider: 'test', paymentId: 'pay_1', testMode: true };
const declined = { code: 'PAYMENT_DECLINED', message: 'Your card was declined.' };
const noStock = { code: 'INSUFFICIENT_STOCK', message: 'Sorry, we do not have enough of that item available.' };

const start: CheckoutProcessCommand = {
  type: 'StartCheckout',
  data: { checkoutId: 'k1', orderId: 'k1', cartId: 'c1', cartVersion: 3, order, claims: [{ productId: 'p1', sku: 'A', productType: 'PHYSICAL', quantity: 2 }], startedAt: t0 },
};
const cmd = {
  authorized: { type: 'RecordPaymentAuthorized', data: { payment, amountMinor: 20, now: t1 } },
  declined: { type: 'RecordPaymentDeclined', data: { failure: declined, now: t1 } },
  reserved: { type: 'RecordStockReserved', data: { now: t1 } },
  noStock: { type: 'RecordStockReservationFailed', data: { failure: noStock, now: t1 } },
  cartClosed: { type: 'RecordCartClosed', data: { now: t1 } },
  cartChanged: { type: 'RecordCartCloseFailed', data: { failure: { code: 'CART_CHANGED', message: 'x' }, now: t1 } },
  orderPlaced: { type: 'RecordOrderPlaced', data: { now: t1 } },
  captured: { type: 'RecordPaymentCaptured', data: { now: t1 } },
  busy: { type: 'AbandonCheckout', data: { failure: { code: 'CHECKOUT_BUSY', message: 'busy' }, now: t1 } },
  recover: { type: 'BeginCheckoutRecovery', data: { staleBefore: '2026-11-23T12:05:00.000Z', now: later } },
  recoverTooSoon: { type: 'BeginCheckoutRecovery', data: { staleBefore: t0, now: t1 } },
  compensated: { type: 'RecordCheckoutCompensated', data: { stockReleased: true, paymentVoided: true, now: t1 } },
} satisfies Record<string, CheckoutProcessCommand>;

/** Runs commands in turn (each must be accepted), returning the state and every event recorded. */
function run(...commands: CheckoutProcessCommand[]): { state: CheckoutProcessState; events: CheckoutProcessEvent[] } {
  let state = checkoutProcessDecider.initialState();
  const events: CheckoutProcessEvent[] = [];
  for (const command of commands) {
    const decision = checkoutProcessDecider.decide(command, state);
    if (!decision.ok) throw new Error(`${command.type} refused: ${decision.error.code}`);
    events.push(...decision.events);
    state = decision.events.reduce(checkoutProcessDecider.evolve, state);
  }
  return { state, events };
}
const decide = (command: CheckoutProcessCommand, ...before: CheckoutProcessCommand[]) => checkoutProcessDecider.decide(command, run(...before).state);
const types = (events: CheckoutProcessEvent[]) => events.map((e) => e.type);

describe('checkout process decider', () => {
  it('records the forward steps in order and ends completed', () => {
    const { state, events } = run(start, cmd.authorized, cmd.reserved, cmd.cartClosed, cmd.orderPlaced, cmd.captured);
    expect(types(events)).toEqual([
      'CheckoutStarted', 'CheckoutPaymentAuthorized', 'CheckoutStockReserved', 'CheckoutCartClosed', 'CheckoutOrderPlaced', 'CheckoutPaymentCaptured',
    ]);
    expect(state).toMatchObject({ status: 'completed', payment, failure: null, recovery: null });
    expect(nextCheckoutStep(state)).toBeNull();
    expect(checkoutView(state)).toMatchObject({ id: 'k1', status: 'COMPLETED', needsAttention: false, grandTotalCents: 20 });
  });

  it('names the next step at each point', () => {
    const steps = [start, cmd.authorized, cmd.reserved, cmd.cartClosed, cmd.orderPlaced];
    expect(steps.map((_, i) => nextCheckoutStep(run(...steps.slice(0, i + 1)).state))).toEqual(['authorize', 'reserve', 'closeCart', 'placeOrder', 'capture']);
    expect(nextCheckoutStep(run(start, cmd.authorized, cmd.noStock).state)).toBe('compensate');
  });

  it('a step reported twice (two runners racing) is recorded once', () => {
    expect(decide(cmd.authorized, start, cmd.authorized)).toEqual({ ok: true, events: [] });
    expect(decide(cmd.reserved, start, cmd.authorized, cmd.reserved, cmd.cartClosed)).toEqual({ ok: true, events: [] });
    expect(decide(cmd.compensated, start, cmd.authorized, cmd.noStock, cmd.compensated)).toEqual({ ok: true, events: [] });
    expect(decide(start, start)).toEqual({ ok: true, events: [] });
  });

  it('refuses a step out of order', () => {
    expect(decide(cmd.reserved, start)).toMatchObject({ ok: false, error: { code: 'CHECKOUT_ENDED' } });
    expect(decide(cmd.captured, start, cmd.authorized)).toMatchObject({ ok: false, error: { code: 'CHECKOUT_ENDED' } });
    expect(decide(cmd.authorized)).toMatchObject({ ok: false, error: { code: 'CHECKOUT_NOT_FOUND' } });
  });

  it('a declined card holds nothing: the checkout ends compensated at once', () => {
    const { state, events } = run(start, cmd.declined);
    expect(types(events).slice(1)).toEqual(['CheckoutPaymentDeclined', 'CheckoutCompensated']);
    expect(state).toMatchObject({ status: 'compensated', failure: declined, compensation: { stockReleased: false, paymentVoided: false } });
  });

  it('a failed reservation or a changed cart compensates: stock released and payment voided, then ended', () => {
    for (const failure of [[cmd.authorized, cmd.noStock], [cmd.authorized, cmd.reserved, cmd.cartChanged], [cmd.authorized, cmd.busy]]) {
      const { state } = run(start, ...failure);
      expect(state.status).toBe('compensating');
      expect(run(start, ...failure, cmd.compensated).state).toMatchObject({ status: 'compensated', compensation: { stockReleased: true, paymentVoided: true } });
    }
  });

  it('after the cart is closed a checkout can only be completed', () => {
    expect(decide(cmd.busy, start, cmd.authorized, cmd.reserved, cmd.cartClosed)).toMatchObject({ ok: false, error: { code: 'CHECKOUT_ENDED' } });
    expect(decide(cmd.compensated, start, cmd.authorized, cmd.reserved, cmd.cartClosed)).toMatchObject({ ok: false });
  });

  it('a step reported after the checkout was given up is refused, so its reporter compensates it', () => {
    expect(decide(cmd.reserved, start, cmd.authorized, cmd.recover)).toMatchObject({ ok: false, error: { code: 'CHECKOUT_ENDED' } });
    expect(decide(cmd.authorized, start, cmd.recover)).toMatchObject({ ok: false, error: { code: 'CHECKOUT_ENDED' } });
  });

  describe('recovery past the deadline', () => {
    it.each([
      ['started', [start], 'compensate'],
      ['authorized', [start, cmd.authorized], 'compensate'],
      ['compensating', [start, cmd.authorized, cmd.noStock], 'compensate'],
      ['reserved', [start, cmd.authorized, cmd.reserved], 'complete'],
      ['cartClosed', [start, cmd.authorized, cmd.reserved, cmd.cartClosed], 'complete'],
      ['orderPlaced', [start, cmd.authorized, cmd.reserved, cmd.cartClosed, cmd.orderPlaced], 'complete'],
    ] as const)('after %s: %s', (stuckAfter, before, action) => {
      const decision = decide(cmd.recover, ...before);
      expect(decision.ok && decision.events[0]).toEqual({ type: 'CheckoutRecoveryStarted', data: { checkoutId: 'k1', action, stuckAfter, at: later } });
      const { state } = run(...before, cmd.recover);
      expect(nextCheckoutStep(state)).toBe(action === 'compensate' ? 'compensate' : nextCheckoutStep(run(...before).state));
      expect(checkoutView(state)).toMatchObject({ needsAttention: true, recovery: { action, stuckAfter } });
      if (action === 'compensate' && stuckAfter !== 'compensating') expect(state).toMatchObject({ failure: { code: 'CHECKOUT_EXPIRED' } });
    });

    it('leaves alone a checkout that moved within the deadline, and one that has ended', () => {
      expect(decide(cmd.recoverTooSoon, start)).toMatchObject({ ok: false, error: { code: 'CHECKOUT_IN_PROGRESS' } });
      expect(decide(cmd.recover, start, cmd.declined)).toEqual({ ok: true, events: [] });
    });

    it('a recovery that stopped part-way is taken up again past the deadline, recording nothing new', () => {
      const again = { type: 'BeginCheckoutRecovery', data: { staleBefore: '2026-11-23T12:20:00.000Z', now: '2026-11-23T12:30:00.000Z' } } as const;
      expect(decide(again, start, cmd.authorized, cmd.recover)).toEqual({ ok: true, events: [] });
      expect(decide(cmd.recover, start, cmd.authorized, cmd.recover)).toMatchObject({ ok: false, error: { code: 'CHECKOUT_IN_PROGRESS' } });
    });
  });

  it('refuses to start an order that could not be placed', () => {
    const bad = { ...start, data: { ...start.data, order: { ...order, customerEmail: 'nobody' } } } as CheckoutProcessCommand;
    expect(decide(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_EMAIL' } });
  });

  it('replays unknown orders of events without failing', () => {
    const { events } = run(start, cmd.authorized, cmd.reserved);
    const state = [...events].reverse().reduce(checkoutProcessDecider.evolve, checkoutProcessDecider.initialState());
    expect(state.status).toBe('started');
  });
});
