import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  checkoutStreamId, domainError, isCheckoutEnded, orderView, stockClaims, subscriptionCheckoutProblem, subscriptionOrderFromCart,
  type CreatedSubscriptionCart, type OrderView,
} from '@storefront/domain';
import { ConcurrencyError, IdempotencyKeyReusedError, type CommandContext, type EventStore } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE } from '../../infrastructure/database/tokens';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { valueOrThrow } from '../../infrastructure/http/parse-body';
import { KeyedSerializer } from '../../infrastructure/keyed-serializer';
import { OrderStreams } from '../order-streams';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider';
import { CheckoutProcess } from '../process/checkout-process';
import { loadSubscriptionCart } from '../subscription-carts';
import { CheckOutSubscriptionCartCommand } from './check-out-subscription-cart.command';
import type { CheckoutResult } from './check-out-cart.handler';

/**
 * Turns a subscription cart into a subscription order through the same checkout process as a
 * shopping cart (`CheckoutProcess`: payment authorized, stock reserved, the cart closed, the
 * order placed, the payment captured; a failure before closing compensates). Its differences: the
 * cart closed is the subscription cart (`CheckOutSubscriptionCart`, once), and the order carries
 * the plan, its total being the first charge. A cart already checked out answers with its order
 * only a retry of the checkout that did it (the same Idempotency-Key: the checkout's stream was
 * caused by that command id); anything else is SUBSCRIPTION_CHECKED_OUT (409).
 */
@CommandHandler(CheckOutSubscriptionCartCommand)
export class CheckOutSubscriptionCartHandler implements ICommandHandler<CheckOutSubscriptionCartCommand, CheckoutResult> {
  /** Two submits of one cart from this process run one after the other, not interleaved. */
  private readonly perCart = new KeyedSerializer();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly orders: OrderStreams,
    private readonly checkouts: CheckoutProcess,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
  ) {}

  async execute({ context, cartToken, request }: CheckOutSubscriptionCartCommand): Promise<CheckoutResult> {
    try {
      return await this.perCart.run(cartToken, () => this.checkOut(context, cartToken, request));
    } catch (error) {
      if (error instanceof ConcurrencyError) throw new DomainException(domainError('CHECKOUT_BUSY'));
      throw error;
    }
  }

  private load(cartToken: string) {
    return loadSubscriptionCart(this.store, cartToken);
  }

  private async checkOut(context: CommandContext, cartToken: string, request: CheckOutSubscriptionCartCommand['request']): Promise<CheckoutResult> {
    const { state: cart, version } = await this.load(cartToken);
    if (cart.status === 'created' && cart.checkedOut) return { order: await this.orderOfCheckedOutCart(cart.checkedOut.orderId, context) };
    const problem = subscriptionCheckoutProblem(cart, request.email, { shippingAddress: request.shippingAddress });
    if (problem) throw new DomainException(problem);
    const created = cart as CreatedSubscriptionCart;
    const paymentToken = valueOrThrow(request.paymentToken);
    const now = new Date().toISOString();
    const checkoutId = randomUUID();
    const order = subscriptionOrderFromCart({
      cart: created, orderId: checkoutId, customerEmail: valueOrThrow(request.email), payment: { provider: this.payments.name, paymentId: '', testMode: true }, now,
      shippingAddress: request.shippingAddress,
    });
    const claims = stockClaims(order.lines);
    const soldOut = await this.orders.stockProblem(claims);
    if (soldOut) throw new DomainException(soldOut);

    const started = await this.checkouts.start(
      { checkoutId, orderId: checkoutId, cartId: cartToken, cartKind: 'subscription', cartVersion: version, order, claims, startedAt: now }, context,
    );
    const ended = await this.checkouts.run(started, context, 'request', paymentToken);
    if (ended.status === 'completed') return { order: orderView(await this.orders.justPlaced(checkoutId))! };
    const failure = ended.failure ?? domainError('CHECKOUT_EXPIRED');
    if (failure.code === 'SUBSCRIPTION_CHECKED_OUT') {
      // Another checkout of this cart (another process) closed it first: its order, if this request made it.
      const { state: closed } = await this.load(cartToken);
      if (closed.status === 'created' && closed.checkedOut) return { order: await this.orderOfCheckedOutCart(closed.checkedOut.orderId, context) };
    }
    throw new DomainException({ code: failure.code, message: failure.message, ...(failure.details ? { details: failure.details } : {}) });
  }

  /**
   * The order a checked-out cart became, for a retry of the checkout that made it (completed now
   * if a crash stopped it after the cart was closed); anyone else: SUBSCRIPTION_CHECKED_OUT.
   */
  private async orderOfCheckedOutCart(orderId: string, context: CommandContext): Promise<OrderView> {
    const origin = (await this.store.readStream(checkoutStreamId(orderId)))[0]?.metadata;
    if (origin?.causationId !== context.commandId) throw new DomainException(domainError('SUBSCRIPTION_CHECKED_OUT'));
    const stored = origin.requestHash;
    if (stored !== undefined && context.requestHash !== undefined && stored !== context.requestHash) throw new IdempotencyKeyReusedError(context.commandId);
    const checkout = await this.checkouts.load(orderId);
    if (checkout.status !== 'none' && !isCheckoutEnded(checkout)) await this.checkouts.run(checkout, context, 'request');
    const placed = orderView(await this.orders.load(orderId));
    if (placed) return placed;
    throw new DomainException(domainError('CHECKOUT_BUSY'));
  }
}
