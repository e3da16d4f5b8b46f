import { GetOrderHandler, ListOrdersHandler } from './get-order.handler';

export const QueryHandlers = [GetOrderHandler, ListOrdersHandler];
