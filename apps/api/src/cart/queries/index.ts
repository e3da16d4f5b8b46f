import { GetInventoryStockHandler } from './get-inventory-stock.handler';
import { GetShoppingCartHandler } from './get-shopping-cart.handler';

export const QueryHandlers = [GetShoppingCartHandler, GetInventoryStockHandler];
