/** Checkout and orders: the HTTP module, and the checkout process module the worker runs for recovery. */
export { CheckoutModule } from './checkout.module';
export { CheckoutProcessModule } from './process/checkout-process.module';
