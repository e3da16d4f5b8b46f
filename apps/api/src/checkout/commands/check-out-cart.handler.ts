import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  checkoutProblem, domainError, expectedCartEntries, orderFromCart, orderView, stockClaims,
  type CartState, type CheckoutSettings, type OrderView,
} from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';
import { CartStreams } from '../../cart/commands/cart-streams';
import { KeyedSerializer } from '../../infrastructure/keyed-serializer';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { CHECKOUT_SETTINGS } from '../checkout-settings';
import { checkoutStep, OrderStreams } from '../order-streams';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider';
import { CheckOutCartCommand, type CheckoutPayload } from './check-out-cart.command';

export type CheckoutResult = { order: OrderView };

type ClosedCart = Extract<CartState, { status: 'purchased' }>;

/**
 * Turns the visitor's cart into an order:
 *   1. the cart passes the checkout rules (not empty, checkout minimum, buyer email);
 *   2. each variant's stock is reserved on its inventory stream (optimistic concurrency: nobody
 *      buys a unit twice);
 *   3. the payment provider takes the grand total;
 *   4. the cart is closed for the order, but only if it still holds what was priced;
 *   5. the order is placed.
 * A failure at 2-4 gives back what earlier steps took (stock, payment). The order id derives from
 * the cart and its version, so completing the same checkout twice meets the same order at every
 * step (reservation, charge, order and cart closing are idempotent by order id); a cart already
 * closed answers with its order, and one closed whose order a crash kept from being placed is
 * completed from the closed cart.
 */
@CommandHandler(CheckOutCartCommand)
export class CheckOutCartHandler implements ICommandHandler<CheckOutCartCommand, CheckoutResult> {
  /** Two submits of one cart from this process run one after the other, not interleaved. */
  private readonly perCart = new KeyedSerializer();

  constructor(
    private readonly carts: CartStreams,
    private readonly orders: OrderStreams,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    @Inject(CHECKOUT_SETTINGS) private readonly settings: CheckoutSettings,
  ) {}

  execute({ context, cartId, payload }: CheckOutCartCommand): Promise<CheckoutResult> {
    return this.perCart.run(cartId, () => this.checkOut(context, cartId, payload));
  }

  private async checkOut(context: CommandContext, cartId: string, payload: CheckoutPayload): Promise<CheckoutResult> {
    const { state: cart, version } = await this.carts.loadWithVersion(cartId);
    if (cart.status === 'purchased') return { order: await this.orderOfClosedCart(cart, payload, context) };
    const problem = checkoutProblem(cart, this.settings, payload.email);
    if (problem) throw new DomainException(problem);
    const paymentToken = this.paymentToken(payload);
    const open = cart as Extract<CartState, { status: 'open' }>;
    const email = String(payload.email).trim();
    const now = new Date().toISOString();
    const orderId = this.orders.orderIdFor(cartId, version);
    const priced = orderFromCart({ cart: open, orderId, customerEmail: email, payment: { provider: this.payments.name, paymentId: '', testMode: true }, now });
    const claims = stockClaims(priced.lines);

    await this.orders.reserve(orderId, claims, context, now);
    const charge = await this.payments.charge({ orderId, amountMinor: priced.grandTotalCents, currency: priced.currency, paymentToken, customerEmail: email });
    if (!charge.ok) {
      await this.orders.release(orderId, claims, context, now);
      throw new DomainException(domainError('PAYMENT_DECLINED', { declineCode: charge.declineCode }, charge.message));
    }
    try {
      await this.carts.run(cartId, { type: 'PurchaseCart', data: { cartId, orderId, expectedEntries: expectedCartEntries(priced.lines), now } }, checkoutStep(context));
    } catch (error) {
      await this.payments.refund(orderId);
      await this.orders.release(orderId, claims, context, now);
      throw error;
    }
    const payment = { provider: this.payments.name, paymentId: charge.paymentId, testMode: charge.testMode };
    const placed = await this.orders.run(orderId, { type: 'PlaceOrder', data: { ...priced, testMode: charge.testMode, payment } }, context);
    return { order: orderView(placed)! };
  }

  /** The order a closed cart became; placed now if a crash came between closing the cart and placing it. */
  private async orderOfClosedCart(cart: ClosedCart, payload: CheckoutPayload, context: CommandContext): Promise<OrderView> {
    const existing = orderView(await this.orders.load(cart.orderId));
    if (existing) return existing;
    const email = String(payload.email ?? '').trim();
    const now = new Date().toISOString();
    const priced = orderFromCart({ cart, orderId: cart.orderId, customerEmail: email, payment: { provider: this.payments.name, paymentId: '', testMode: true }, now });
    const charge = await this.payments.charge({
      orderId: cart.orderId, amountMinor: priced.grandTotalCents, currency: priced.currency, paymentToken: this.paymentToken(payload), customerEmail: email,
    });
    if (!charge.ok) throw new DomainException(domainError('PAYMENT_DECLINED', { declineCode: charge.declineCode }, charge.message));
    const payment = { provider: this.payments.name, paymentId: charge.paymentId, testMode: charge.testMode };
    return orderView(await this.orders.run(cart.orderId, { type: 'PlaceOrder', data: { ...priced, testMode: charge.testMode, payment } }, context))!;
  }

  private paymentToken(payload: CheckoutPayload): string {
    const token = payload.paymentToken;
    if (typeof token !== 'string' || token.trim() === '' || token.length > 200) throw new DomainException(domainError('PAYMENT_TOKEN_REQUIRED'));
    return token.trim();
  }
}
