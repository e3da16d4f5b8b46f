import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { orderView, releaseClaims, type OrderView } from '@storefront/domain';
import { valueOrThrow } from '../../infrastructure/http/parse-body';
import { OrderStreams } from '../order-streams';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider';
import { ChangeOrderStatusCommand } from './change-order-status.command';

@CommandHandler(ChangeOrderStatusCommand)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatusCommand, OrderView> {
  constructor(
    private readonly orders: OrderStreams,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
  ) {}

  async execute({ context, orderId, change }: ChangeOrderStatusCommand): Promise<OrderView> {
    const now = new Date().toISOString();
    if (change.type === 'fulfil') return orderView(await this.orders.run(orderId, { type: 'FulfilOrder', data: { orderId, now } }, context))!;
    const reason = valueOrThrow(change.reason);
    const state = await this.orders.run(orderId, { type: 'CancelOrder', data: { orderId, reason, now } }, context);
    if (state.status === 'CANCELED') {
      // Idempotent both: a repeated cancel releases nothing more and refunds once.
      await this.orders.release(orderId, releaseClaims(state.order.lines), context, now);
      await this.payments.refund(orderId);
    }
    return orderView(state)!;
  }
}
