import { checkoutStreamId, INVENTORY_STREAM_TYPE, inventoryDecider, inventoryStreamId, orderStreamId, type CheckoutProcessEvent, type CheckoutStarted } from '@storefront/domain';
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { ADD_TO_CART, createStockedProduct, newCart, signIn, variantStock, type OwnerSession } from '../../test/store-fixtures';
import { startAnotherApp, startTestApp, type TestApp } from '../../test/test-app';
import { CommandExecutor } from '../infrastructure/command-executor';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { PAYMENT_PROVIDER } from './payments/payment-provider';
import type { TestPaymentProvider } from './payments/test-payment-provider';
import { CheckoutRecovery } from './process/checkout-recovery';
import { CheckoutStepHook } from './process/checkout-step-hook';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

/**
 * Crash recovery of the checkout process (issue 10, finding 2). A step hook throws right after a
 * chosen step is recorded: nothing after it runs and nothing is compensated, as when the process
 * is killed there. The recovery worker (run by hand here, "after the deadline") must then end
 * every checkout as exactly one order or fully compensated: stock back, payment voided, the cart
 * open for another try. The process-level version (a real kill -9 of the built server) is
 * checkout-crash.process.spec.ts.
 */
const CHECKOUT = '/api/commerce/checkout';
/** The buyer's page sends one Idempotency-Key per checkout attempt and the same key when it retries it. */
const RETRY_KEY = '5b0c8d2e-7f3a-4c61-9e2d-1a8b3c4d5e6f';
const DEADLINE_MS = 15_000;
const afterDeadline = () => new Date(Date.now() + DEADLINE_MS + 60_000);

class SimulatedCrash extends Error {}

type Step = CheckoutProcessEvent['type'];
/**
 * Crashed after these, recovery gives the checkout up; after the others it completes it. The
 * payment's authorization, the stock reservation, the cart's closing and the order are recorded in
 * one commit (with the work on the inventory, cart and order streams), so a crash "after" any of
 * them is a crash after all of them.
 */
const COMPENSATED_AFTER: Step[] = ['CheckoutStarted'];
const COMPLETED_AFTER: Step[] = ['CheckoutPaymentAuthorized', 'CheckoutStockReserved', 'CheckoutCartClosed', 'CheckoutOrderPlaced'];

describeOnHttpDriver('checkout process: crash at each step, then recovery', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;
  const saved = process.env.CHECKOUT_RECOVERY_INTERVAL_MS;

  const store = () => t.app.get<EventStore>(EVENT_STORE);
  const hook = () => t.app.get(CheckoutStepHook);
  const ledger = () => t.app.get<TestPaymentProvider>(PAYMENT_PROVIDER);
  const runner = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER);
  const owner = (path: string) => request(t.server).get(path).set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf);

  const product = (title: string, sku: string, qtyInStock: number) => createStockedProduct(t, admin, title, sku, qtyInStock);
  const stockOf = (productId: string, sku: string) => variantStock(t, productId, sku);
  const eventTypes = async (streamId: string) => (await store().readStream(streamId)).map((e) => e.type);
  /** Checks out, crashing right after `step` is recorded; answers the checkout id the crash left behind. */
  async function crashAfter(step: Step, cookie: string): Promise<string> {
    let crashed: string | null = null;
    hook().observer = ({ checkoutId, recorded, runner: who }) => {
      if (who === 'request' && recorded.includes(step) && !crashed) {
        crashed = checkoutId;
        throw new SimulatedCrash(`crash after ${step}`);
      }
    };
    try {
      const res = await request(t.server).post(CHECKOUT).set('Cookie', cookie).set('Idempotency-Key', RETRY_KEY).send({ email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS });
      expect(res.status).toBe(500);
    } finally {
      hook().observer = null;
    }
    expect(crashed).not.toBeNull();
    return crashed!;
  }

  beforeAll(async () => {
    process.env.CHECKOUT_RECOVERY_INTERVAL_MS = '0';
    t = await startTestApp(driver);
    admin = await signIn(t.server);
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.CHECKOUT_RECOVERY_INTERVAL_MS;
    else process.env.CHECKOUT_RECOVERY_INTERVAL_MS = saved;
    await t?.close();
  });

  it.each(COMPENSATED_AFTER)('crashed after %s: recovery compensates it (stock back, payment voided) and the buyer can check out again', async (step) => {
    const productId = await product(`Crash ${step}`, `C-${step}`, 5);
    const cookie = await newCart(t.server, productId, `C-${step}`, 2);
    const checkoutId = await crashAfter(step, cookie);
    await runner().catchUp();

    // Before the deadline nothing is touched (its request might still be working on it).
    expect((await t.app.get(CheckoutRecovery).recoverOnce(new Date())).compensated).toEqual([]);
    const round = await t.app.get(CheckoutRecovery).recoverOnce(afterDeadline());
    expect(round).toEqual({ completed: [], compensated: [checkoutId] });

    expect(await stockOf(productId, `C-${step}`)).toBe(5);
    expect(await ledger().status(checkoutId)).toBe('voided');
    expect(await store().streamVersion(orderStreamId(checkoutId))).toBe(0);
    expect((await eventTypes(checkoutStreamId(checkoutId))).slice(-3)).toEqual(['CheckoutRecoveryStarted', 'CheckoutCompensationStarted', 'CheckoutCompensated']);
    // Exactly once: another round (or another worker) finds nothing to do.
    const events = await store().readAll({ after: { transactionId: '0', globalPosition: 0 }, limit: 1_000_000 });
    expect(await t.app.get(CheckoutRecovery).recoverOnce(afterDeadline())).toEqual({ completed: [], compensated: [] });
    expect((await store().readAll({ after: { transactionId: '0', globalPosition: 0 }, limit: 1_000_000 })).events.length).toBe(events.events.length);

    // The owner sees it; the cart stayed open, and the buyer's retry goes through.
    await runner().catchUp();
    const listed = await owner('/api/commerce/checkouts?needsAttention=true');
    expect(listed.status).toBe(200);
    expect(listed.body.checkouts.find((c: { id: string }) => c.id === checkoutId)).toMatchObject({
      status: 'COMPENSATED', needsAttention: true, recovery: { action: 'compensate', stuckAfter: step === 'CheckoutStarted' ? 'started' : 'authorized' },
      failure: { code: 'CHECKOUT_EXPIRED' }, compensation: { stockReleased: true, paymentVoided: true },
    });
    const open = await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cookie);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ isPurchased: false, totalQuantity: 2 });
    const retry = await request(t.server).post(CHECKOUT).set('Cookie', cookie).send({ email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(retry.status).toBe(200);
    expect(await stockOf(productId, `C-${step}`)).toBe(3);
  });

  it.each(COMPLETED_AFTER)('crashed after %s: recovery completes it as exactly one order, captured once', async (step) => {
    const productId = await product(`Crash ${step}`, `C-${step}`, 5);
    const cookie = await newCart(t.server, productId, `C-${step}`, 2);
    const checkoutId = await crashAfter(step, cookie);
    await runner().catchUp();

    const round = await t.app.get(CheckoutRecovery).recoverOnce(afterDeadline());
    expect(round).toEqual({ completed: [checkoutId], compensated: [] });
    expect(await eventTypes(orderStreamId(checkoutId))).toEqual(['OrderPlaced']);
    expect(await ledger().status(checkoutId)).toBe('captured');
    expect(await stockOf(productId, `C-${step}`)).toBe(3);
    expect((await eventTypes(inventoryStreamId(productId, `C-${step}`))).filter((e) => e === 'StockReserved')).toHaveLength(1);
    expect(await t.app.get(CheckoutRecovery).recoverOnce(afterDeadline())).toEqual({ completed: [], compensated: [] });

    // The buyer's retry of that checkout (its Idempotency-Key) answers with that same order.
    const again = await request(t.server).post(CHECKOUT).set('Cookie', cookie).set('Idempotency-Key', RETRY_KEY).send({ email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(checkoutId);
    await runner().catchUp();
    const listed = await owner('/api/commerce/checkouts?needsAttention=true&status=COMPLETED');
    expect(listed.body.checkouts.find((c: { id: string }) => c.id === checkoutId)).toMatchObject({ status: 'COMPLETED', recovery: { action: 'complete' } });
    expect((await owner(`/api/commerce/checkouts/${checkoutId}`)).body).toMatchObject({ id: checkoutId, orderId: checkoutId, status: 'COMPLETED' });
  });

  it('a buyer who retries a checkout crashed after closing the cart gets the order at once, without waiting for recovery', async () => {
    const productId = await product('Crash retry', 'C-RETRY', 5);
    const cookie = await newCart(t.server, productId, 'C-RETRY', 1);
    const checkoutId = await crashAfter('CheckoutCartClosed', cookie);
    const again = await request(t.server).post(CHECKOUT).set('Cookie', cookie).set('Idempotency-Key', RETRY_KEY).send({ email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(checkoutId);
    expect(await ledger().status(checkoutId)).toBe('captured');
  });

  it('a checkout commits three times: its start, then the payment record with the stock, the cart and the order (one transaction), then the capture', async () => {
    const productId = await product('One commit', 'ONE-COMMIT', 5);
    const other = await product('One commit too', 'ONE-COMMIT-2', 5);
    const cookie = await newCart(t.server, productId, 'ONE-COMMIT', 2);
    expect((await request(t.server).post(ADD_TO_CART).set('Cookie', cookie).send({ itemId: other, sku: 'ONE-COMMIT-2', quantity: 1 })).status).toBe(200);
    const res = await request(t.server).post(CHECKOUT).set('Cookie', cookie).send({ email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(res.status).toBe(200);
    const checkoutId = res.body.order.id as string;
    const steps = await store().readStream(checkoutStreamId(checkoutId));
    expect(steps.map((e) => e.type)).toEqual([
      'CheckoutStarted', 'CheckoutPaymentAuthorized', 'CheckoutStockReserved', 'CheckoutCartClosed', 'CheckoutOrderPlaced', 'CheckoutPaymentCaptured',
    ]);
    expect(new Set(steps.map((e) => e.transactionId)).size).toBe(3);
    const together = steps[1]!.transactionId;
    expect(steps.slice(1, 5).every((e) => e.transactionId === together)).toBe(true);
    const workOf = async (streamId: string) => (await store().readStream(streamId)).filter((e) => e.transactionId === together).map((e) => e.type);
    expect(await workOf(inventoryStreamId(productId, 'ONE-COMMIT'))).toEqual(['StockReserved']);
    expect(await workOf(inventoryStreamId(other, 'ONE-COMMIT-2'))).toEqual(['StockReserved']);
    expect(await workOf(orderStreamId(checkoutId))).toEqual(['OrderPlaced']);
    expect(await workOf(`cart-${cookie.slice('ss_cart='.length).split('.')[0]}`)).toEqual(['ShoppingCartPurchased']);
    expect(await stockOf(productId, 'ONE-COMMIT')).toBe(3);
    expect(await ledger().status(checkoutId)).toBe('captured');
  });

  it('a checkout left mid-way by the step-by-step process of before (stock reserved, cart open) is completed by recovery in one commit', async () => {
    const productId = await product('Legacy reserved', 'LEGACY-R', 5);
    const cookie = await newCart(t.server, productId, 'LEGACY-R', 2);
    const checkoutId = await crashAfter('CheckoutStarted', cookie);
    // What the former process recorded before a crash after its reservation step: each in its own commit.
    const started = (await store().readStream(checkoutStreamId(checkoutId)))[0]!.data as CheckoutStarted['data'];
    const paid = await ledger().authorize({ key: checkoutId, amountMinor: started.order.grandTotalCents, currency: started.order.currency, paymentToken: 'tok_visa', customerEmail: 'ada@example.com' });
    if (!paid.ok) throw new Error('authorization failed');
    const at = new Date().toISOString();
    const system = { commandId: randomUUID(), correlationId: checkoutId, causationId: null, actor: { kind: 'system' as const, id: 'test' } };
    await store().append(checkoutStreamId(checkoutId), [{ type: 'CheckoutPaymentAuthorized', data: { checkoutId, payment: { provider: 'test', paymentId: paid.paymentId, testMode: true }, amountMinor: started.order.grandTotalCents, at } }], { streamType: 'checkout', expectedVersion: 1, command: system });
    const inventory = inventoryStreamId(productId, 'LEGACY-R');
    const reserved = await t.app.get(CommandExecutor).execute({
      streamId: inventory, streamType: INVENTORY_STREAM_TYPE, decider: inventoryDecider, context: { ...system, commandId: randomUUID() },
      command: { type: 'ReserveStock', data: { ...started.claims[0]!, orderId: checkoutId, now: at } },
    });
    expect(reserved.ok).toBe(true);
    await store().append(checkoutStreamId(checkoutId), [{ type: 'CheckoutStockReserved', data: { checkoutId, at } }], { streamType: 'checkout', expectedVersion: 2, command: { ...system, commandId: randomUUID() } });
    await runner().catchUp();

    expect(await t.app.get(CheckoutRecovery).recoverOnce(afterDeadline())).toEqual({ completed: [checkoutId], compensated: [] });
    const steps = await store().readStream(checkoutStreamId(checkoutId));
    expect(steps.map((e) => e.type).slice(3)).toEqual(['CheckoutRecoveryStarted', 'CheckoutCartClosed', 'CheckoutOrderPlaced', 'CheckoutPaymentCaptured']);
    expect(steps[4]!.transactionId).toBe(steps[5]!.transactionId);
    expect(await eventTypes(orderStreamId(checkoutId))).toEqual(['OrderPlaced']);
    expect((await eventTypes(inventory)).filter((e) => e === 'StockReserved')).toHaveLength(1);
    expect(await stockOf(productId, 'LEGACY-R')).toBe(3);
    expect(await ledger().status(checkoutId)).toBe('captured');
  });

  it('a refused reservation of one line reserves none of the others; the payment is voided and the cart stays open', async () => {
    const plenty = await product('Plenty', 'PLENTY', 10);
    const scarce = await product('Scarce', 'SCARCE', 1);
    const cookie = await newCart(t.server, plenty, 'PLENTY', 2);
    expect((await request(t.server).post(ADD_TO_CART).set('Cookie', cookie).send({ itemId: scarce, sku: 'SCARCE', quantity: 1 })).status).toBe(200);
    // Someone else takes the last scarce unit after this cart's stock look (between its start and its reservation).
    let checkoutId = '';
    hook().observer = async ({ checkoutId: id, recorded }) => {
      if (!recorded.includes('CheckoutStarted')) return;
      checkoutId = id;
      hook().observer = null;
      const rival = await newCart(t.server, scarce, 'SCARCE', 1);
      expect((await request(t.server).post(CHECKOUT).set('Cookie', rival).send({ email: 'bo@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS })).status).toBe(200);
    };
    const res = await request(t.server).post(CHECKOUT).set('Cookie', cookie).send({ email: 'ada@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS });
    hook().observer = null;
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'INSUFFICIENT_STOCK' });
    expect(await eventTypes(inventoryStreamId(plenty, 'PLENTY'))).not.toContain('StockReserved');
    expect(await stockOf(plenty, 'PLENTY')).toBe(10);
    expect(await ledger().status(checkoutId)).toBe('voided');
    expect((await eventTypes(checkoutStreamId(checkoutId))).slice(1)).toEqual([
      'CheckoutPaymentAuthorized', 'CheckoutStockReservationFailed', 'CheckoutCompensated',
    ]);
    const open = await request(t.server).get('/api/commerce/shopping-cart').set('Cookie', cookie);
    expect(open.body).toMatchObject({ isPurchased: false, totalQuantity: 3 });
  });

  it('two recovery workers racing over crashed checkouts do every step exactly once', async () => {
    const productId = await product('Race', 'RACE', 50);
    const steps: Step[] = [...COMPENSATED_AFTER, ...COMPLETED_AFTER, ...COMPENSATED_AFTER, ...COMPLETED_AFTER];
    const crashed: { id: string; step: Step }[] = [];
    for (const step of steps) crashed.push({ id: await crashAfter(step, await newCart(t.server, productId, 'RACE', 2)), step });
    await runner().catchUp();

    // A second app instance on the same database: its own caches, as another process would have.
    const other = await startAnotherApp(t);
    try {
      const when = afterDeadline();
      const rounds = await Promise.all([
        t.app.get(CheckoutRecovery).recoverOnce(when), other.get(CheckoutRecovery).recoverOnce(when),
        t.app.get(CheckoutRecovery).recoverOnce(when), other.get(CheckoutRecovery).recoverOnce(when),
      ]);
      const completed = new Set(rounds.flatMap((r) => r.completed));
      const compensated = new Set(rounds.flatMap((r) => r.compensated));
      for (const { id, step } of crashed) {
        const types = await eventTypes(checkoutStreamId(id));
        expect(new Set(types).size).toBe(types.length); // no step recorded twice
        if (COMPLETED_AFTER.includes(step)) {
          expect(types[types.length - 1]).toBe('CheckoutPaymentCaptured');
          expect(await eventTypes(orderStreamId(id))).toEqual(['OrderPlaced']);
          expect(await ledger().status(id)).toBe('captured');
          expect(compensated.has(id)).toBe(false);
        } else {
          expect(types[types.length - 1]).toBe('CheckoutCompensated');
          expect(await store().streamVersion(orderStreamId(id))).toBe(0);
          expect(await ledger().status(id)).toBe('voided');
          expect(completed.has(id)).toBe(false);
        }
      }
      const inventory = await store().readStream(inventoryStreamId(productId, 'RACE'));
      const reserved = inventory.filter((e) => e.type === 'StockReserved').map((e) => (e.data as { orderId: string }).orderId);
      const released = inventory.filter((e) => e.type === 'StockReservationReleased').map((e) => (e.data as { orderId: string }).orderId);
      expect(new Set(reserved).size).toBe(reserved.length);
      expect(new Set(released).size).toBe(released.length);
      const orders = crashed.filter((c) => COMPLETED_AFTER.includes(c.step)).length;
      expect(await stockOf(productId, 'RACE')).toBe(50 - 2 * orders);
    } finally {
      await other.close();
    }
  });
});
