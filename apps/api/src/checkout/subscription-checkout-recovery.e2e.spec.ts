import { checkoutStreamId, orderStreamId, subscriptionCartStreamId, type CheckoutProcessEvent } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { cookieFrom } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { PAYMENT_PROVIDER } from './payments/payment-provider';
import type { TestPaymentProvider } from './payments/test-payment-provider';
import { CheckoutRecovery } from './process/checkout-recovery';
import { CheckoutStepHook } from './process/checkout-step-hook';

/**
 * A subscription checkout is the checkout process with the subscription cart as the cart it
 * closes: killed part-way (a step hook throws right after a step is recorded), the recovery
 * worker gives it up before the point of no return (payment voided, the subscription cart still
 * open) and completes it after (one subscription order, captured once, the cart checked out).
 */
const SUBSCRIBE = '/api/3/commerce/cart/subscription';
const CHECKOUT = '/api/commerce/subscription-checkout';
const RETRY_KEY = '7c1d9e2f-8a3b-4d72-9f3e-2b9c4d5e6f70';
const afterDeadline = () => new Date(Date.now() + 15_000 + 60_000);

class SimulatedCrash extends Error {}

describeOnHttpDriver('subscription checkout: crash, then recovery', (driver) => {
  let t: TestApp;
  const saved = process.env.CHECKOUT_RECOVERY_INTERVAL_MS;
  const store = () => t.app.get<EventStore>(EVENT_STORE);
  const hook = () => t.app.get(CheckoutStepHook);
  const ledger = () => t.app.get<TestPaymentProvider>(PAYMENT_PROVIDER);
  const runner = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER);
  const eventTypes = async (streamId: string) => (await store().readStream(streamId)).map((e) => e.type);

  async function subscribe(): Promise<{ cartToken: string; cookie: string }> {
    const res = await request(t.server).post(SUBSCRIBE).send({ itemId: 'p-studio-notes', sku: 'NOTES-MONTHLY', qty: 1 });
    expect(res.status).toBe(200);
    return { cartToken: res.body.cartToken, cookie: cookieFrom(res, 'ss_subscription')! };
  }
  const checkOut = (cookie: string, cartToken: string) =>
    request(t.server).post(CHECKOUT).set('Cookie', cookie).set('Idempotency-Key', RETRY_KEY).send({ cartToken, email: 'ada@example.com', paymentToken: 'tok_visa' });

  async function crashAfter(step: CheckoutProcessEvent['type'], cookie: string, cartToken: string): Promise<string> {
    let crashed: string | null = null;
    hook().observer = ({ checkoutId, recorded, runner: who }) => {
      if (who === 'request' && recorded.includes(step) && !crashed) {
        crashed = checkoutId;
        throw new SimulatedCrash(`crash after ${step}`);
      }
    };
    try {
      expect((await checkOut(cookie, cartToken)).status).toBe(500);
    } finally {
      hook().observer = null;
    }
    expect(crashed).not.toBeNull();
    return crashed!;
  }

  beforeAll(async () => {
    process.env.CHECKOUT_RECOVERY_INTERVAL_MS = '0';
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.CHECKOUT_RECOVERY_INTERVAL_MS;
    else process.env.CHECKOUT_RECOVERY_INTERVAL_MS = saved;
    await t?.close();
  });

  it('crashed after it started: recovery voids the payment, and the subscription cart can be checked out again', async () => {
    const { cartToken, cookie } = await subscribe();
    const checkoutId = await crashAfter('CheckoutStarted', cookie, cartToken);
    await runner().catchUp();
    expect(await t.app.get(CheckoutRecovery).recoverOnce(afterDeadline())).toEqual({ completed: [], compensated: [checkoutId] });
    expect(await ledger().status(checkoutId)).toBe('voided');
    expect(await store().streamVersion(orderStreamId(checkoutId))).toBe(0);
    expect(await eventTypes(subscriptionCartStreamId(cartToken))).toEqual(['SubscriptionCartCreated']);
    const again = await request(t.server).post(CHECKOUT).set('Cookie', cookie).send({ cartToken, email: 'ada@example.com', paymentToken: 'tok_visa' });
    expect(again.status).toBe(200);
  });

  it('crashed after closing the cart: recovery completes one subscription order, captured once; the retry answers it', async () => {
    const { cartToken, cookie } = await subscribe();
    const checkoutId = await crashAfter('CheckoutCartClosed', cookie, cartToken);
    expect(await eventTypes(subscriptionCartStreamId(cartToken))).toEqual(['SubscriptionCartCreated', 'SubscriptionCartCheckedOut']);
    await runner().catchUp();
    expect(await t.app.get(CheckoutRecovery).recoverOnce(afterDeadline())).toEqual({ completed: [checkoutId], compensated: [] });
    expect(await eventTypes(orderStreamId(checkoutId))).toEqual(['OrderPlaced']);
    expect(await ledger().status(checkoutId)).toBe('captured');
    expect((await eventTypes(checkoutStreamId(checkoutId))).at(-1)).toBe('CheckoutPaymentCaptured');
    const retry = await checkOut(cookie, cartToken);
    expect(retry.status).toBe(200);
    expect(retry.body.order).toMatchObject({ id: checkoutId, subscription: { billingPeriod: { value: 1, unit: 'MONTH' } } });
    // Anyone else (another key) is told it was checked out.
    const other = await request(t.server).post(CHECKOUT).set('Cookie', cookie).send({ cartToken, email: 'ada@example.com', paymentToken: 'tok_visa' });
    expect(other.status).toBe(409);
  });

  it('a buyer who retries a checkout crashed after closing the cart gets the order at once, without waiting for recovery', async () => {
    const { cartToken, cookie } = await subscribe();
    const checkoutId = await crashAfter('CheckoutCartClosed', cookie, cartToken);
    const retry = await checkOut(cookie, cartToken);
    expect(retry.status).toBe(200);
    expect(retry.body.order.id).toBe(checkoutId);
    expect(await ledger().status(checkoutId)).toBe('captured');
  });
});
