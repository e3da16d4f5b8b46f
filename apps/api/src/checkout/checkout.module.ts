import { Module } from '@nestjs/common';
import { CartModule } from '../cart/cart.module';
import { CHECKOUT_SETTINGS, checkoutSettingsFromEnv } from './checkout-settings';
import { CheckoutController } from './checkout.controller';
import { CommandHandlers } from './commands';
import { OrderAccess } from './order-access';
import { OrderStreams } from './order-streams';
import { PAYMENT_PROVIDER } from './payments/payment-provider';
import { TestPaymentProvider } from './payments/test-payment-provider';
import { QueryHandlers } from './queries';

/**
 * Checkout and orders. Payments go through PAYMENT_PROVIDER; this build binds the test-mode
 * provider, since no real payment provider is reachable from our machines.
 */
@Module({
  imports: [CartModule],
  controllers: [CheckoutController],
  providers: [
    { provide: CHECKOUT_SETTINGS, useFactory: () => checkoutSettingsFromEnv(process.env) },
    { provide: PAYMENT_PROVIDER, useClass: TestPaymentProvider },
    OrderAccess,
    OrderStreams,
    ...CommandHandlers,
    ...QueryHandlers,
  ],
})
export class CheckoutModule {}
