import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { domainError } from '@storefront/domain';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { CartProductLookup } from '../cart-product-lookup';
import { GetInventoryStockQuery } from './get-inventory-stock.query';

export type StockResult = { sku: string; qtyInStock: number; unlimited: boolean };
export type InventoryStock = { results: StockResult[] };

/**
 * SPEC 7 inventory check: per variant of the item, its stock (digital goods, gift cards and
 * paywalls are unlimited). An unknown, disabled or deleted item has no results, so the SPEC 5
 * form stock check reads it as not in stock.
 */
@QueryHandler(GetInventoryStockQuery)
export class GetInventoryStockHandler implements IQueryHandler<GetInventoryStockQuery, InventoryStock> {
  constructor(private readonly products: CartProductLookup) {}

  async execute({ itemId }: GetInventoryStockQuery): Promise<InventoryStock> {
    if (typeof itemId !== 'string' || itemId === '') {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'itemId' }, 'itemId is required.'));
    }
    const product = await this.products.find(itemId);
    return {
      results: (product?.variants ?? []).map((v) => ({ sku: v.sku, qtyInStock: v.stock.qtyInStock, unlimited: v.stock.unlimited })),
    };
  }
}
