import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { ContentAccessModule } from '../security/content-access';
import { CheckoutController } from './checkout.controller';
import { CheckoutReceipts } from './checkout-receipt';
import { CheckoutsController } from './checkouts.controller';
import { CommandHandlers } from './commands';
import { OrderAccess } from './order-access';
import { CheckoutProcessModule } from './process/checkout-process.module';
import { QueryHandlers } from './queries';
import { StoreOrders } from './store-orders';
import { SubscriptionCheckoutController } from './subscription-checkout.controller';

/**
 * Checkout and orders over HTTP. The checkout process itself, its recovery worker and the payment
 * provider live in CheckoutProcessModule (shared with ROLE=worker); OrderAccess signs and checks
 * the per-order tokens of the public order view; StoreOrders is what the published site reads of orders.
 */
@Module({
  // Catalog: the website's store settings in force (the checkout minimum).
  imports: [CartModule, CatalogModule, CheckoutProcessModule, ContentAccessModule],
  controllers: [CheckoutController, CheckoutsController, SubscriptionCheckoutController],
  providers: [
    CheckoutReceipts,
    OrderAccess,
    StoreOrders,
    ...CommandHandlers,
    ...QueryHandlers,
  ],
  // The published site's order pages, 'Customers also bought' and the checkout page's receipt.
  exports: [StoreOrders, CheckoutReceipts],
})
export class CheckoutModule {}
