import { GetOwnerProductHandler } from './get-owner-product.handler';
import { GetProductHistoryHandler } from './get-product-history.handler';
import { GetPublicProductHandler } from './get-public-product.handler';
import { ListOwnerProductsHandler } from './list-owner-products.handler';

export const QueryHandlers = [GetPublicProductHandler, GetOwnerProductHandler, ListOwnerProductsHandler, GetProductHistoryHandler];
