/** Checkout and orders: the HTTP module, and the checkout process module the worker runs for recovery. */
export { CheckoutModule } from './checkout.module';
export { CheckoutProcessModule } from './process/checkout-process.module';
export { StoreOrders, type BuyerOrder } from './store-orders';
export type { PublicOrderView } from './order-access';
export { CheckoutReceipts, RECEIPT_COOKIE } from './checkout-receipt';
