import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  checkoutProblem, domainError, isCheckoutEnded, orderFromCart, orderShippingAddress, orderView, stockClaims,
  type CartState, type CheckoutRequest, type OrderView,
} from '@storefront/domain';
import { ConcurrencyError, type CommandContext } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import { CartStreams } from '../../cart';
import { WebsiteDirectory } from '../../catalog';
import { KeyedSerializer } from '../../infrastructure/keyed-serializer';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { valueOrThrow } from '../../infrastructure/http/parse-body';
import { OrderStreams } from '../order-streams';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider';
import { CheckoutProcess } from '../process/checkout-process';
import { CheckOutCartCommand } from './check-out-cart.command';

export type CheckoutResult = { order: OrderView };

type ClosedCart = Extract<CartState, { status: 'purchased' }>;

/**
 * Turns the visitor's cart into an order through the checkout process (`CheckoutProcess`, its own
 * stream `checkout-<id>`; see docs/ARCHITECTURE.md):
 *   1. the cart passes the checkout rules (not empty, checkout minimum, buyer email) and its stock
 *      is there now (a look, from this process's last known stock when that covers the cart;
 *      nothing is recorded for a cart that is plainly sold out);
 *   2. the checkout starts with the order priced from the cart (a fresh checkout id, which is
 *      also the order id);
 *   3. the payment is authorized (a declined card ends the checkout before it touches stock);
 *   4. each variant's stock is reserved on its inventory stream;
 *   5. the cart is closed for the order, if it still holds what was priced (the point of no return);
 *   6. the order is placed and the payment captured.
 * Each step is recorded before the next; 3's record and the work and records of 4, 5 and the
 * order commit together (one multi-stream append, see CheckoutProcess.advance). A failure before
 * 5 compensates (stock released, payment voided) and answers why, leaving the cart open for
 * another try. A crash anywhere is finished or
 * compensated by the recovery worker. A cart already closed answers with its order, completing
 * the checkout first if a crash stopped it after closing the cart.
 */
@CommandHandler(CheckOutCartCommand)
export class CheckOutCartHandler implements ICommandHandler<CheckOutCartCommand, CheckoutResult> {
  /** Two submits of one cart from this process run one after the other, not interleaved. */
  private readonly perCart = new KeyedSerializer();

  constructor(
    private readonly carts: CartStreams,
    private readonly orders: OrderStreams,
    private readonly checkouts: CheckoutProcess,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly websites: WebsiteDirectory,
  ) {}

  async execute({ context, cartId, request }: CheckOutCartCommand): Promise<CheckoutResult> {
    try {
      return await this.perCart.run(cartId, () => this.checkOut(context, cartId, request));
    } catch (error) {
      // Contention that outlasted every retry: never a 500. Whatever was begun is compensated
      // (or, past closing the cart, completed) by the step that met it or by recovery.
      if (error instanceof ConcurrencyError) throw new DomainException(domainError('CHECKOUT_BUSY'));
      throw error;
    }
  }

  private async checkOut(context: CommandContext, cartId: string, request: CheckoutRequest): Promise<CheckoutResult> {
    // Both at once: one round trip's wait instead of two.
    const [{ state: cart, version }, settings] = await Promise.all([this.carts.loadWithVersion(cartId), this.websites.storeSettings()]);
    if (cart.status === 'purchased') return { order: await this.orderOfClosedCart(cart, request, context) };
    const { checkoutMinimumSubtotalCents } = settings;
    const problem = checkoutProblem(cart, { minimumSubtotalCents: checkoutMinimumSubtotalCents }, request.email, {
      shippingAddress: request.shippingAddress,
      expectedEntries: request.expectedEntries,
    });
    if (problem) throw new DomainException(problem);
    const paymentToken = valueOrThrow(request.paymentToken);
    const open = cart as Extract<CartState, { status: 'open' }>;
    const email = valueOrThrow(request.email);
    const now = new Date().toISOString();
    const checkoutId = randomUUID();
    const order = orderFromCart({
      cart: open, orderId: checkoutId, customerEmail: email, payment: { provider: this.payments.name, paymentId: '', testMode: true }, now,
      shippingAddress: orderShippingAddress(open, request.shippingAddress),
    });
    const claims = stockClaims(order.lines);
    const soldOut = await this.orders.stockProblem(claims);
    if (soldOut) throw new DomainException(soldOut);

    const started = await this.checkouts.start({ checkoutId, orderId: checkoutId, cartId, cartVersion: version, order, claims, startedAt: now }, context);
    const ended = await this.checkouts.run(started, context, 'request', paymentToken);
    if (ended.status === 'completed') return { order: orderView(await this.orders.justPlaced(checkoutId))! };
    const failure = ended.failure ?? domainError('CHECKOUT_EXPIRED');
    if (failure.code === 'CART_CLOSED') {
      // Another checkout of this cart (another tab, another process) closed it first: answer with its order.
      const { state: closed } = await this.carts.loadWithVersion(cartId);
      if (closed.status === 'purchased') return { order: await this.orderOfClosedCart(closed, request, context) };
    }
    throw new DomainException({ code: failure.code, message: failure.message, ...(failure.details ? { details: failure.details } : {}) });
  }

  /**
   * The order a closed cart became; its checkout is completed now (the order placed, the payment
   * captured) if a crash stopped it after closing the cart.
   */
  private async orderOfClosedCart(cart: ClosedCart, request: CheckoutRequest, context: CommandContext): Promise<OrderView> {
    const checkout = await this.checkouts.load(cart.orderId);
    if (checkout.status !== 'none') {
      if (!isCheckoutEnded(checkout)) await this.checkouts.run(checkout, context, 'request');
      const placed = orderView(await this.orders.load(cart.orderId));
      if (placed) return placed;
      throw new DomainException(domainError('CHECKOUT_BUSY'));
    }
    const existing = orderView(await this.orders.load(cart.orderId));
    if (existing) return existing;
    return this.legacyOrderOfClosedCart(cart, request, context);
  }

  /**
   * A cart closed before checkouts had their own stream, whose order a crash kept from being placed.
   * Only a retry of the checkout that closed it gets here, whose email was valid then; any other
   * email is recorded as none.
   */
  private async legacyOrderOfClosedCart(cart: ClosedCart, request: CheckoutRequest, context: CommandContext): Promise<OrderView> {
    const email = request.email.ok ? request.email.value : '';
    const now = new Date().toISOString();
    const priced = orderFromCart({ cart, orderId: cart.orderId, customerEmail: email, payment: { provider: this.payments.name, paymentId: '', testMode: true }, now });
    const paid = await this.payments.authorize({
      key: cart.orderId, amountMinor: priced.grandTotalCents, currency: priced.currency, paymentToken: valueOrThrow(request.paymentToken), customerEmail: email,
    });
    if (!paid.ok) throw new DomainException(domainError('PAYMENT_DECLINED', { declineCode: paid.declineCode }, paid.message));
    const payment = { provider: this.payments.name, paymentId: paid.paymentId, testMode: paid.testMode };
    const placed = orderView(await this.orders.run(cart.orderId, { type: 'PlaceOrder', data: { ...priced, testMode: paid.testMode, payment } }, context))!;
    await this.payments.capture(cart.orderId);
    return placed;
  }
}
