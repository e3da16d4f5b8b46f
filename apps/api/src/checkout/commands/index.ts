import { ChangeOrderStatusHandler } from './change-order-status.handler';
import { CheckOutCartHandler } from './check-out-cart.handler';

export const CommandHandlers = [CheckOutCartHandler, ChangeOrderStatusHandler];
