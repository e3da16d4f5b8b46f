import { CountOrdersHandler, GetOrderHandler, GetOwnerOrderHandler, ListOrdersHandler } from './get-order.handler';
import { GetCheckoutHandler, ListCheckoutsHandler } from './list-checkouts.handler';

export const QueryHandlers = [GetOrderHandler, GetOwnerOrderHandler, ListOrdersHandler, CountOrdersHandler, ListCheckoutsHandler, GetCheckoutHandler];
