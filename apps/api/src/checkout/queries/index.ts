import { GetOrderHandler, ListOrdersHandler } from './get-order.handler';
import { GetCheckoutHandler, ListCheckoutsHandler } from './list-checkouts.handler';

export const QueryHandlers = [GetOrderHandler, ListOrdersHandler, ListCheckoutsHandler, GetCheckoutHandler];
