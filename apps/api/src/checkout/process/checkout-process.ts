import { Inject, Injectable } from '@nestjs/common';
import {
  cartDecider, CART_STREAM_TYPE, cartStreamId, CHECKOUT_STREAM_TYPE, checkoutProcessDecider, checkoutStreamId, domainError,
  expectedCartEntries, isCheckoutEnded, nextCheckoutStep, type ActiveCheckout, type CheckoutFailure, type CheckoutProcessCommand,
  type CheckoutProcessEvent, type CheckoutProcessState, type CheckoutStarted, type CheckoutStep,
} from '@storefront/domain';
import { ConcurrencyError, foldEvents, type CommandContext, type EventStore } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { EVENT_STORE } from '../../infrastructure/database/tokens';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { checkoutStep, OrderStreams } from '../order-streams';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider';
import { CheckoutStepHook } from './checkout-step-hook';

export type CheckoutRunner = 'request' | 'recovery';

const busy = (): CheckoutFailure => domainError('CHECKOUT_BUSY');

/**
 * Drives a checkout (its stream `checkout-<id>`) step by step: does a step's work, records it,
 * and only then starts the next, so a crash anywhere leaves a stream that says exactly what was
 * done. Every step's work is idempotent by the checkout id (which is also the order id): the stock
 * reservation, the payment's authorization, capture and void, the cart's closing and the order.
 * So the request that began a checkout and the recovery worker (or two recovery workers) may
 * both drive it: each step's work happens once and its record is appended once (expected
 * versions), and whoever meets a checkout given up compensates what it had done.
 */
@Injectable()
export class CheckoutProcess {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly executor: CommandExecutor,
    private readonly orders: OrderStreams,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly hook: CheckoutStepHook,
  ) {}

  async load(checkoutId: string): Promise<CheckoutProcessState> {
    return foldEvents(checkoutProcessDecider, checkoutProcessDecider.initialState(), await this.store.readStream(checkoutStreamId(checkoutId)));
  }

  /** Records the start of a new checkout (its id is fresh, so its stream is new). */
  async start(data: CheckoutStarted['data'], context: CommandContext): Promise<ActiveCheckout> {
    const result = await this.executor.execute({
      streamId: checkoutStreamId(data.checkoutId), streamType: CHECKOUT_STREAM_TYPE, decider: checkoutProcessDecider,
      command: { type: 'StartCheckout', data }, context: checkoutStep(context), newStream: true,
    });
    if (!result.ok) throw new DomainException(result.error);
    const state = result.state as ActiveCheckout;
    await this.hook.afterStep({ checkoutId: data.checkoutId, recorded: result.events.map((e) => e.type as CheckoutProcessEvent['type']), runner: 'request', state });
    return state;
  }

  /**
   * Runs the checkout's remaining steps until it has ended (completed or compensated). Only the
   * request has the card token, so only it can authorize; anyone can do the rest.
   */
  async run(state: ActiveCheckout, context: CommandContext, runner: CheckoutRunner, paymentToken?: string): Promise<ActiveCheckout> {
    for (;;) {
      const step = nextCheckoutStep(state);
      if (!step) return state;
      state = await this.perform(step, state, context, runner, paymentToken);
    }
  }

  /**
   * The recovery worker's turn at a checkout left unfinished: past `staleBefore` it is taken over
   * (`CheckoutRecoveryStarted`) and completed or compensated; a checkout that moved since, or has
   * ended, is left alone (null).
   */
  async recover(checkoutId: string, now: Date, deadlineMs: number, context: CommandContext): Promise<ActiveCheckout | null> {
    const loaded = await this.load(checkoutId);
    if (loaded.status === 'none' || isCheckoutEnded(loaded)) return null;
    const staleBefore = new Date(now.getTime() - deadlineMs).toISOString();
    const taken = await this.record(checkoutId, { type: 'BeginCheckoutRecovery', data: { staleBefore, now: now.toISOString() } }, context, 'recovery');
    if (!taken.ok) return null;
    return this.run(taken.state, context, 'recovery');
  }

  private async perform(step: CheckoutStep, state: ActiveCheckout, context: CommandContext, runner: CheckoutRunner, paymentToken?: string): Promise<ActiveCheckout> {
    const { checkoutId, orderId, claims, order } = state.checkout;
    const now = () => new Date().toISOString();
    const record = async (command: CheckoutProcessCommand) => (await this.record(checkoutId, command, context, runner)).state;
    switch (step) {
      case 'authorize': {
        if (paymentToken === undefined) return record({ type: 'AbandonCheckout', data: { failure: domainError('CHECKOUT_EXPIRED'), now: now() } });
        const result = await this.payments.authorize({ key: checkoutId, amountMinor: order.grandTotalCents, currency: order.currency, paymentToken, customerEmail: order.customerEmail });
        if (!result.ok) {
          return record({ type: 'RecordPaymentDeclined', data: { failure: domainError('PAYMENT_DECLINED', { declineCode: result.declineCode }, result.message), now: now() } });
        }
        const payment = { provider: this.payments.name, paymentId: result.paymentId, testMode: result.testMode };
        return record({ type: 'RecordPaymentAuthorized', data: { payment, amountMinor: order.grandTotalCents, now: now() } });
      }
      case 'reserve':
        try {
          await this.orders.reserve(orderId, claims, context, now());
        } catch (error) {
          const failure = this.failureOf(error);
          if (failure.code === 'CHECKOUT_BUSY') return record({ type: 'AbandonCheckout', data: { failure, now: now() } });
          return record({ type: 'RecordStockReservationFailed', data: { failure, now: now() } });
        }
        return record({ type: 'RecordStockReserved', data: { now: now() } });
      case 'closeCart':
        try {
          const result = await this.executor.execute({
            streamId: cartStreamId(state.checkout.cartId), streamType: CART_STREAM_TYPE, decider: cartDecider, context: checkoutStep(context),
            command: { type: 'PurchaseCart', data: { cartId: state.checkout.cartId, orderId, expectedEntries: expectedCartEntries(order.lines), now: now() } },
          });
          if (!result.ok) return record({ type: 'RecordCartCloseFailed', data: { failure: result.error, now: now() } });
        } catch (error) {
          return record({ type: 'AbandonCheckout', data: { failure: this.failureOf(error), now: now() } });
        }
        return record({ type: 'RecordCartClosed', data: { now: now() } });
      case 'placeOrder': {
        const payment = state.payment ?? order.payment;
        await this.orders.run(orderId, { type: 'PlaceOrder', data: { ...order, testMode: payment.testMode, payment } }, context);
        return record({ type: 'RecordOrderPlaced', data: { now: now() } });
      }
      case 'capture':
        await this.payments.capture(checkoutId);
        return record({ type: 'RecordPaymentCaptured', data: { now: now() } });
      case 'compensate':
        // Whatever was held, or may be in flight from a request still running: both are no-ops otherwise.
        await this.orders.release(orderId, claims, context, now());
        await this.payments.void(checkoutId);
        return record({ type: 'RecordCheckoutCompensated', data: { stockReleased: claims.length > 0, paymentVoided: true, now: now() } });
      default: {
        const unhandled: never = step;
        throw new Error(`Unhandled checkout step ${String(unhandled)}`);
      }
    }
  }

  /**
   * Appends a step's record. Refused (the checkout was given up meanwhile, or another runner
   * recorded it first) it answers the checkout's current state, and the caller goes on from there.
   */
  private async record(checkoutId: string, command: CheckoutProcessCommand, context: CommandContext, runner: CheckoutRunner) {
    const result = await this.executor.execute({
      streamId: checkoutStreamId(checkoutId), streamType: CHECKOUT_STREAM_TYPE, decider: checkoutProcessDecider, command,
      context: { ...checkoutStep(context), commandId: randomUUID() }, maxRetries: 20,
    });
    const state = result.state as ActiveCheckout;
    if (result.ok && result.events.length > 0) {
      await this.hook.afterStep({ checkoutId, recorded: result.events.map((e) => e.type as CheckoutProcessEvent['type']), runner, state });
    }
    return { ok: result.ok, state };
  }

  /** A step's error as the reason the checkout is given up; contention that never settled is CHECKOUT_BUSY. */
  private failureOf(error: unknown): CheckoutFailure {
    if (error instanceof DomainException) return error.error;
    if (error instanceof ConcurrencyError) return busy();
    throw error;
  }
}
