import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ContentAccessModule } from '../security/content-access';
import { CHECKOUT_SETTINGS } from './checkout-settings';
import { CheckoutController } from './checkout.controller';
import { CheckoutsController } from './checkouts.controller';
import { CommandHandlers } from './commands';
import { OrderAccess } from './order-access';
import { CheckoutProcessModule } from './process/checkout-process.module';
import { QueryHandlers } from './queries';

/**
 * Checkout and orders over HTTP. The checkout process itself, its recovery worker and the payment
 * provider live in CheckoutProcessModule (shared with ROLE=worker); OrderAccess signs and checks
 * the per-order tokens of the public order view.
 */
@Module({
  imports: [CartModule, CheckoutProcessModule, ContentAccessModule],
  controllers: [CheckoutController, CheckoutsController],
  providers: [
    { provide: CHECKOUT_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.checkout },
    OrderAccess,
    ...CommandHandlers,
    ...QueryHandlers,
  ],
})
export class CheckoutModule {}
