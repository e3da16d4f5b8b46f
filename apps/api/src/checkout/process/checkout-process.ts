import { Inject, Injectable } from '@nestjs/common';
import {
  cartDecider, CART_STREAM_TYPE, cartStreamId, CHECKOUT_STREAM_TYPE, checkoutProcessDecider, checkoutStreamId, domainError,
  expectedCartEntries, INVENTORY_STREAM_TYPE, inventoryDecider, inventoryStreamId, isCheckoutEnded, nextCheckoutStep, ORDER_STREAM_TYPE, orderDecider,
  orderStreamId, SUBSCRIPTION_CART_STREAM_TYPE, subscriptionCartDecider, subscriptionCartStreamId, type ActiveCheckout, type CheckoutFailure, type CheckoutProcessCommand, type CheckoutProcessEvent, type CheckoutProcessState,
  type CheckoutStarted, type CheckoutStep, type DomainError, type RecordPaymentAuthorized,
} from '@storefront/domain';
import { ConcurrencyError, foldEvents, type CommandBatch, type CommandContext, type EventStore } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { EVENT_STORE } from '../../infrastructure/database/tokens';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { checkoutStep, INVENTORY_CONFLICT_RETRIES } from '../order-streams';
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
    const { checkoutId, order } = state.checkout;
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
        // Recorded together with the steps that follow (see advance).
        return this.advance(state, { type: 'RecordPaymentAuthorized', data: { payment, amountMinor: order.grandTotalCents, now: now() } }, context, runner);
      }
      case 'reserve':
      case 'closeCart':
      case 'placeOrder':
        return this.advance(state, null, context, runner);
      case 'capture':
        await this.payments.capture(checkoutId);
        return record({ type: 'RecordPaymentCaptured', data: { now: now() } });
      case 'compensate':
        // Voided first: a request still paying meets the void's tombstone and is declined. Then
        // whatever stock the checkout holds goes back together with the record (no-ops for what it does not hold).
        await this.payments.void(checkoutId);
        return this.compensate(state, context, runner);
      default: {
        const unhandled: never = step;
        throw new Error(`Unhandled checkout step ${String(unhandled)}`);
      }
    }
  }

  /**
   * The steps that only touch event streams (reserving the stock, closing the cart, placing the
   * order), from wherever the checkout is, each with its record on the checkout's stream, and the
   * payment's authorization record before them when it is given: decided one after another in
   * memory and committed as ONE multi-stream append. So a step's work and its record are atomic
   * (a crash leaves either both or neither), a checkout given up meanwhile refuses the record and
   * with it the work, and a checkout takes one commit here instead of six in a row. A refused
   * step (no stock, the cart changed) records its failure instead, after whatever was done
   * before it; a refused reservation of one line reserves none. Contention that never settles
   * gives the checkout up (CHECKOUT_BUSY) if it still can be.
   */
  private async advance(state: ActiveCheckout, authorized: RecordPaymentAuthorized | null, context: CommandContext, runner: CheckoutRunner): Promise<ActiveCheckout> {
    const { checkoutId, orderId, cartId, claims, order, cartKind } = state.checkout;
    const checkout = { streamId: checkoutStreamId(checkoutId), streamType: CHECKOUT_STREAM_TYPE, decider: checkoutProcessDecider, context: checkoutStep(context) };
    // The cart the checkout closes: the visitor's shopping cart, or a subscription cart (checked out once).
    const subscription = cartKind === 'subscription'
      ? { streamId: subscriptionCartStreamId(cartId), streamType: SUBSCRIPTION_CART_STREAM_TYPE, decider: subscriptionCartDecider, context: checkoutStep(context) }
      : null;
    const shopping = { streamId: cartStreamId(cartId), streamType: CART_STREAM_TYPE, decider: cartDecider, context: checkoutStep(context) };
    const cart = subscription ?? shopping;
    const placed = { streamId: orderStreamId(orderId), streamType: ORDER_STREAM_TYPE, decider: orderDecider, context: checkoutStep(context), newStream: true };
    const stock = claims.map((claim) => ({
      claim,
      target: { streamId: inventoryStreamId(claim.productId, claim.sku), streamType: INVENTORY_STREAM_TYPE, decider: inventoryDecider, context: checkoutStep(context) },
    }));
    const targets = [checkout, cart, placed, ...stock.map((s) => s.target)];

    const plan = async (batch: CommandBatch): Promise<{ state: CheckoutProcessState; orderRefused: DomainError | null }> => {
      await batch.load(targets);
      let current = await batch.state(checkout);
      if (authorized) {
        const recorded = await batch.decide(checkout, authorized);
        if (!recorded.ok) return { state: recorded.state, orderRefused: null };
        current = recorded.state;
      }
      const at = new Date().toISOString();
      /** Records a step after its work (staged since `mark`); a refused record drops the work too. */
      const recordStep = async (mark: number, command: CheckoutProcessCommand) => {
        const recorded = await batch.decide(checkout, command);
        if (!recorded.ok) batch.rollback(mark);
        current = recorded.state;
        return recorded.ok;
      };
      for (;;) {
        const step = nextCheckoutStep(current);
        const mark = batch.mark();
        if (step === 'reserve') {
          let refused: CheckoutFailure | null = null;
          for (const { claim, target } of stock) {
            const reserved = await batch.decide(target, { type: 'ReserveStock', data: { ...claim, orderId, now: at } });
            if (reserved.ok) continue;
            refused = reserved.error.code === 'INSUFFICIENT_STOCK' ? { ...reserved.error, details: { ...reserved.error.details, itemId: claim.productId, sku: claim.sku } } : reserved.error;
            break;
          }
          if (refused) {
            batch.rollback(mark);
            await recordStep(mark, { type: 'RecordStockReservationFailed', data: { failure: refused, now: at } });
            break;
          }
          if (!(await recordStep(mark, { type: 'RecordStockReserved', data: { now: at } }))) break;
        } else if (step === 'closeCart') {
          const closed = subscription
            ? await batch.decide(subscription, { type: 'CheckOutSubscriptionCart', data: { cartToken: cartId, orderId, now: at } })
            : await batch.decide(shopping, { type: 'PurchaseCart', data: { cartId, orderId, expectedEntries: expectedCartEntries(order.lines), now: at } });
          if (!closed.ok) {
            await recordStep(mark, { type: 'RecordCartCloseFailed', data: { failure: closed.error, now: at } });
            break;
          }
          if (!(await recordStep(mark, { type: 'RecordCartClosed', data: { now: at } }))) break;
        } else if (step === 'placeOrder' && current.status !== 'none') {
          const payment = current.payment ?? order.payment;
          const result = await batch.decide(placed, { type: 'PlaceOrder', data: { ...order, testMode: payment.testMode, payment } });
          // Priced and checked at the start, so never expected: what was done so far is committed and the request fails.
          if (!result.ok) return { state: current, orderRefused: result.error };
          if (!(await recordStep(mark, { type: 'RecordOrderPlaced', data: { now: at } }))) break;
        } else {
          break;
        }
      }
      return { state: current, orderRefused: null };
    };

    let outcome: { state: CheckoutProcessState; orderRefused: DomainError | null };
    let recorded: CheckoutProcessEvent['type'][];
    try {
      const result = await this.executor.executeTogether(targets.map((t) => t.streamId), plan, { maxRetries: INVENTORY_CONFLICT_RETRIES });
      outcome = result.value;
      recorded = (result.streams.get(checkout.streamId)?.events ?? []).map((e) => e.type as CheckoutProcessEvent['type']);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      return this.giveUpBusy(checkoutId, authorized, context, runner, error);
    }
    const next = outcome.state as ActiveCheckout;
    if (recorded.length > 0) await this.hook.afterStep({ checkoutId, recorded, runner, state: next });
    if (outcome.orderRefused) throw new DomainException(outcome.orderRefused);
    return next;
  }

  /** Contention on the streams outlasted every retry: the checkout is given up if it still can be (else the error stands). */
  private async giveUpBusy(checkoutId: string, authorized: RecordPaymentAuthorized | null, context: CommandContext, runner: CheckoutRunner, error: ConcurrencyError) {
    if (authorized) {
      const recorded = await this.record(checkoutId, authorized, context, runner);
      if (!recorded.ok) return recorded.state;
    }
    const abandoned = await this.record(checkoutId, { type: 'AbandonCheckout', data: { failure: busy(), now: new Date().toISOString() } }, context, runner);
    if (!abandoned.ok) throw error;
    return abandoned.state;
  }

  /** Gives back the stock the checkout holds, recorded with its compensation in one multi-stream append. */
  private async compensate(state: ActiveCheckout, context: CommandContext, runner: CheckoutRunner): Promise<ActiveCheckout> {
    const { checkoutId, orderId, claims } = state.checkout;
    const checkout = { streamId: checkoutStreamId(checkoutId), streamType: CHECKOUT_STREAM_TYPE, decider: checkoutProcessDecider, context: checkoutStep(context) };
    const stock = claims.map((claim) => ({
      claim,
      target: { streamId: inventoryStreamId(claim.productId, claim.sku), streamType: INVENTORY_STREAM_TYPE, decider: inventoryDecider, context: checkoutStep(context) },
    }));
    const result = await this.executor.executeTogether(
      [checkout.streamId, ...stock.map((s) => s.target.streamId)],
      async (batch) => {
        await batch.load([checkout, ...stock.map((s) => s.target)]);
        const at = new Date().toISOString();
        for (const { claim, target } of stock) {
          const released = await batch.decide(target, { type: 'ReleaseStockReservation', data: { productId: claim.productId, sku: claim.sku, orderId, now: at } });
          if (!released.ok) throw new DomainException(released.error);
        }
        const recorded = await batch.decide(checkout, { type: 'RecordCheckoutCompensated', data: { stockReleased: claims.length > 0, paymentVoided: true, now: at } });
        if (!recorded.ok) batch.rollback(0);
        return recorded.state;
      },
      { maxRetries: INVENTORY_CONFLICT_RETRIES },
    );
    const next = result.value as ActiveCheckout;
    const recorded = (result.streams.get(checkout.streamId)?.events ?? []).map((e) => e.type as CheckoutProcessEvent['type']);
    if (recorded.length > 0) await this.hook.afterStep({ checkoutId, recorded, runner, state: next });
    return next;
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
