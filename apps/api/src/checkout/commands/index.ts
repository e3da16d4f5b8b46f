import { ChangeOrderStatusHandler } from './change-order-status.handler';
import { CheckOutCartHandler } from './check-out-cart.handler';
import { CheckOutSubscriptionCartHandler } from './check-out-subscription-cart.handler';

export const CommandHandlers = [CheckOutCartHandler, CheckOutSubscriptionCartHandler, ChangeOrderStatusHandler];
